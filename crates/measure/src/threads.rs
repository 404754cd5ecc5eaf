//! Deals on several threads at once, for `fairdeal bench --threads N`: each
//! thread measures as [`measure`](crate::measure::measure) does, and none
//! starts its windows before all have started, nor waits for one that
//! never could.

use std::io;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

use crate::measure::{MeasureError, measure};
use crate::samples::Samples;
use crate::workload::Runner;

/// Runs a work made by `make` on each of `threads` new threads at once
/// (each thread its own, with its own buffers), each as [`measure`](crate::measure::measure) does,
/// their windows started together; returns each thread's samples.
///
/// The threads start their windows only once every one of them is running:
/// when a thread cannot be started (the system's limit on threads), those
/// already started are told to stop instead, so that none waits for a
/// thread that never came.
///
/// # Errors
///
/// [`MeasureError::Spawn`] when a thread could not be started.
///
/// # Panics
///
/// When a work panics on a thread (the panic is passed on).
pub fn on_threads(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
) -> Result<Vec<Samples>, MeasureError> {
    on_threads_spawned_by(duration, threads, make, &|scope, body| {
        thread::Builder::new().spawn_scoped(scope, body)
    })
}

/// A worker thread's body, as [`on_threads`] starts it.
type Body<'scope> = Box<dyn FnOnce() -> Option<Samples> + Send + 'scope>;

/// Starts one thread in a scope: `std::thread::Builder::spawn_scoped`, or
/// in the tests a stand-in that fails.
type Spawn =
    dyn for<'scope, 'env> Fn(
        &'scope thread::Scope<'scope, 'env>,
        Body<'scope>,
    ) -> io::Result<thread::ScopedJoinHandle<'scope, Option<Samples>>>;

fn on_threads_spawned_by(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
    spawn: &Spawn,
) -> Result<Vec<Samples>, MeasureError> {
    let gate = Gate::default();
    thread::scope(|scope| {
        let mut running = Vec::with_capacity(threads);
        for started in 0..threads {
            let gate = &gate;
            let body: Body<'_> = Box::new(move || {
                let arrival = Arrival {
                    gate,
                    waited: false,
                };
                let mut work = make();
                work();
                arrival.wait().then(|| measure(duration, &mut *work))
            });
            match spawn(scope, body) {
                Ok(handle) => running.push(handle),
                Err(source) => {
                    // The threads started are told to stop; the scope joins
                    // them as it ends.
                    gate.set(false);
                    return Err(MeasureError::Spawn {
                        started,
                        wanted: threads,
                        source,
                    });
                }
            }
        }
        gate.open_when(threads);
        Ok(running
            .into_iter()
            // Every thread measured (None only when the gate closed).
            .filter_map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect())
    })
}

/// Where the threads of [`on_threads`] wait until all of them have arrived
/// (opened: they measure) or one could not be started (closed: they stop).
#[derive(Default)]
struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

#[derive(Default)]
struct GateState {
    arrived: usize,
    open: Option<bool>,
}

impl Gate {
    fn lock(&self) -> MutexGuard<'_, GateState> {
        // The state is two numbers, whole even after a panic.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, state: MutexGuard<'a, GateState>) -> MutexGuard<'a, GateState> {
        self.changed
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn arrive(&self) -> MutexGuard<'_, GateState> {
        let mut state = self.lock();
        state.arrived += 1;
        self.changed.notify_all();
        state
    }

    fn set(&self, open: bool) {
        self.lock().open = Some(open);
        self.changed.notify_all();
    }

    /// Opens the gate once `threads` threads have arrived.
    fn open_when(&self, threads: usize) {
        let mut state = self.lock();
        while state.arrived < threads {
            state = self.wait(state);
        }
        state.open = Some(true);
        self.changed.notify_all();
    }
}

/// A thread's place at the [`Gate`]: a thread that panics before it gets
/// there still counts as arrived, so that the others are not kept waiting.
struct Arrival<'a> {
    gate: &'a Gate,
    waited: bool,
}

impl Arrival<'_> {
    /// Arrives and waits for the gate; returns whether it opened.
    fn wait(mut self) -> bool {
        self.waited = true;
        let mut state = self.gate.arrive();
        loop {
            match state.open {
                Some(open) => return open,
                None => state = self.gate.wait(state),
            }
        }
    }
}

impl Drop for Arrival<'_> {
    fn drop(&mut self) {
        if !self.waited {
            drop(self.gate.arrive());
        }
    }
}

/// Returns the deals per second of `threads` threads at once: the sum of
/// each thread's median rate.
///
/// # Errors
///
/// [`MeasureError::Spawn`] when a thread could not be started.
pub fn rate_on_threads(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
) -> Result<f64, MeasureError> {
    Ok(on_threads(duration, threads, make)?
        .iter()
        .map(|s| s.median().per_second())
        .sum())
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;

    /// Runs `f` on a thread of its own and fails if it takes over 30
    /// seconds: a deadlock fails the test instead of hanging it.
    fn within_30_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || tx.send(f()));
        rx.recv_timeout(Duration::from_secs(30))
            .expect("finished, not deadlocked")
    }

    #[test]
    fn a_thread_that_cannot_start_stops_the_others_instead_of_deadlocking() {
        for fail_at in [0, 1, 3] {
            let result = within_30_seconds(move || {
                let started = std::sync::atomic::AtomicUsize::new(0);
                let spawn: &Spawn = &move |scope, body| {
                    if started.fetch_add(1, Ordering::Relaxed) == fail_at {
                        Err(io::Error::new(
                            io::ErrorKind::WouldBlock,
                            "Resource temporarily unavailable",
                        ))
                    } else {
                        thread::Builder::new().spawn_scoped(scope, body)
                    }
                };
                on_threads_spawned_by(Duration::from_millis(5), 4, &|| Box::new(|| ()), spawn)
                    .map(|s| s.len())
            });
            let Err(e) = result else {
                panic!("thread {fail_at} could not start: {result:?}");
            };
            assert!(
                matches!(e, MeasureError::Spawn { started, wanted: 4, .. } if started == fail_at),
                "{e:?}"
            );
            assert_eq!(
                e.to_string(),
                format!(
                    "thread {} of 4 could not be started (Resource temporarily unavailable), expected no more threads than the system allows",
                    fail_at + 1
                )
            );
        }
    }

    #[test]
    fn a_work_that_panics_before_the_windows_does_not_keep_the_others_waiting() {
        let result = within_30_seconds(|| {
            std::panic::catch_unwind(|| {
                let made = AtomicU64::new(0);
                on_threads(Duration::from_millis(5), 3, &|| -> Runner {
                    assert!(made.fetch_add(1, Ordering::Relaxed) != 1, "no work");
                    Box::new(|| ())
                })
            })
        });
        assert!(result.is_err(), "the panic is passed on");
    }
}
