//! Deals on several threads at once, for `fairdeal bench --threads N`: all
//! the threads measured over one shared window, started together at a
//! gate and stopped together, so that the rate is every deal done over the
//! wall time they shared. (Adding up each thread's own best windows, taken
//! at different times, gave 11.5x one thread from 128 threads on 2 cores.)
//! None starts before all have started, nor waits for one that never could.

use std::io;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::measure::{MeasureError, WARM_UP};
use crate::samples::Rate;
use crate::workload::Runner;

/// Returns the rate of threads that made `counts` deals over one shared
/// `window`: their sum over it, the only sum that cannot claim more than
/// the machine's cores did.
pub fn over_one_window(counts: &[u64], window: Duration) -> Rate {
    Rate {
        runs: counts.iter().sum(),
        elapsed: window,
    }
}

/// Runs a work made by `make` on each of `threads` new threads at once
/// (each thread its own, with its own buffers) and returns their rate over
/// one shared window ([`over_one_window`]).
///
/// Once every thread is running, all warm up for a tenth of `duration` (at
/// most [`WARM_UP`]), then count their deals for `duration` (and until each
/// has counted one), then stop. A deal is counted when it starts inside
/// the window, which ends once every thread has stopped: each counted deal
/// lies wholly inside it. When a thread cannot be started (the system's
/// limit on threads), those already started are told to stop instead, so
/// that none waits for a thread that never came.
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
) -> Result<Rate, MeasureError> {
    on_threads_spawned_by(duration, threads, make, &|scope, body| {
        thread::Builder::new().spawn_scoped(scope, body)
    })
}

/// A worker thread's body, as [`on_threads`] starts it: its count of
/// deals, none when the gate closed.
type Body<'scope> = Box<dyn FnOnce() -> Option<u64> + Send + 'scope>;

/// Starts one thread in a scope: `std::thread::Builder::spawn_scoped`, or
/// in the tests a stand-in that fails.
type Spawn = dyn for<'scope, 'env> Fn(
    &'scope thread::Scope<'scope, 'env>,
    Body<'scope>,
) -> io::Result<thread::ScopedJoinHandle<'scope, Option<u64>>>;

/// The phases of the shared window, as the threads read them before each
/// deal.
const WARMING: u8 = 0;
const COUNTING: u8 = 1;
const STOPPED: u8 = 2;

fn on_threads_spawned_by(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
    spawn: &Spawn,
) -> Result<Rate, MeasureError> {
    let gate = Gate::default();
    let phase = AtomicU8::new(WARMING);
    thread::scope(|scope| {
        let mut running = Vec::with_capacity(threads);
        for started in 0..threads {
            let (gate, phase) = (&gate, &phase);
            let body: Body<'_> = Box::new(move || {
                let mut first = FirstDeal { gate, done: false };
                let arrival = Arrival {
                    gate,
                    waited: false,
                };
                let mut work = make();
                work();
                if !arrival.wait() {
                    return None;
                }
                let mut count = 0;
                loop {
                    match phase.load(Ordering::Acquire) {
                        STOPPED => return Some(count),
                        COUNTING => {
                            work();
                            count += 1;
                            first.counted();
                        }
                        _ => work(),
                    }
                }
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
        thread::sleep((duration / 10).min(WARM_UP));
        // Before the phase changes: every counted deal starts after it.
        let start = Instant::now();
        phase.store(COUNTING, Ordering::Release);
        thread::sleep(duration);
        gate.wait_until_each_counted();
        phase.store(STOPPED, Ordering::Release);
        let counts: Vec<u64> = running
            .into_iter()
            // Every thread measured (None only when the gate closed).
            .filter_map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect();
        // After the joins: every counted deal ended before it.
        Ok(over_one_window(&counts, start.elapsed()))
    })
}

/// Where the threads of [`on_threads`] wait until all of them have arrived
/// (opened: they measure) or one could not be started (closed: they stop),
/// and where the window waits until each has counted a deal.
#[derive(Default)]
struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

#[derive(Default)]
struct GateState {
    arrived: usize,
    open: Option<bool>,
    /// Threads that have counted a deal, or ended without one.
    counted: usize,
}

impl Gate {
    fn lock(&self) -> MutexGuard<'_, GateState> {
        // The state is numbers, whole even after a panic.
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

    /// Waits until every thread that arrived has counted a deal (or
    /// ended): a window no thread got a turn in would be a rate of 0.
    fn wait_until_each_counted(&self) {
        let mut state = self.lock();
        while state.counted < state.arrived {
            state = self.wait(state);
        }
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

/// A thread's first counted deal, told to the [`Gate`] once: a thread that
/// ends without one (a panic) is told as well, so that the window does not
/// wait for it.
struct FirstDeal<'a> {
    gate: &'a Gate,
    done: bool,
}

impl FirstDeal<'_> {
    fn counted(&mut self) {
        if !self.done {
            self.done = true;
            self.tell();
        }
    }

    fn tell(&self) {
        self.gate.lock().counted += 1;
        self.gate.changed.notify_all();
    }
}

impl Drop for FirstDeal<'_> {
    fn drop(&mut self) {
        if !self.done {
            self.tell();
        }
    }
}

/// Returns the deals per second of `threads` threads at once, over one
/// shared window ([`on_threads`]).
///
/// # Errors
///
/// [`MeasureError::Spawn`] when a thread could not be started.
pub fn rate_on_threads(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
) -> Result<f64, MeasureError> {
    Ok(on_threads(duration, threads, make)?.per_second())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
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
    fn threads_add_up_over_one_window_only() {
        // 128 threads on 2 cores, one deal a microsecond on a core: over a
        // shared second each thread gets 1/64 of a core.
        let counts = vec![15_625; 128];
        let rate = over_one_window(&counts, Duration::from_secs(1));
        assert_eq!(rate.runs, 2_000_000);
        assert!((rate.per_second() - 2e6).abs() < 1e-6);
        // Before, each thread's best windows were added up: each taken
        // while that thread had a core, at a million deals a second, so
        // 128 threads seemed 128x faster than one.
        let own: f64 = counts.iter().map(|&c| c as f64 / 0.015_625).sum();
        assert!((own - 128e6).abs() < 1e-3, "{own}");
        assert_eq!(over_one_window(&[], Duration::from_secs(1)).runs, 0);
    }

    #[test]
    fn every_deal_counted_is_in_the_window_and_each_thread_counts() {
        let (threads, duration) = (3, Duration::from_millis(5));
        let calls = Arc::new(AtomicU64::new(0));
        let made = Arc::clone(&calls);
        let rate = within_30_seconds(move || {
            on_threads(duration, threads, &move || -> Runner {
                let calls = Arc::clone(&made);
                Box::new(move || {
                    calls.fetch_add(1, Ordering::Relaxed);
                })
            })
            .unwrap()
        });
        let calls = calls.load(Ordering::Relaxed);
        // Each thread's first call (before the gate) and its warm-up are
        // not counted; each thread counted at least one.
        assert!(rate.runs >= threads as u64, "{rate:?}");
        assert!(rate.runs <= calls - threads as u64, "{rate:?} of {calls}");
        assert!(rate.elapsed >= duration, "{rate:?}");
    }

    #[test]
    fn a_work_that_panics_in_the_window_stops_the_others() {
        let result = within_30_seconds(|| {
            std::panic::catch_unwind(|| {
                let made = AtomicU64::new(0);
                on_threads(Duration::from_millis(5), 3, &|| -> Runner {
                    let mut calls = 0;
                    let doomed = made.fetch_add(1, Ordering::Relaxed) == 1;
                    Box::new(move || {
                        calls += 1;
                        assert!(!(doomed && calls > 2), "a work that fails");
                    })
                })
            })
        });
        assert!(result.is_err(), "the panic is passed on");
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
                    .map(|r| r.runs)
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
