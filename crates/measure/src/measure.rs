//! The measuring loop: deals per second on one thread, then on N threads at
//! once, beside the cost of one SHA-256 block measured in the same run.
//!
//! Each measurement is [`SAMPLES`] windows in a row, after a warm-up; the
//! median window is the result, so that a moment of noise on a shared
//! machine moves it little, and the fastest and slowest windows are kept to
//! show the spread.

use std::hint::black_box;
use std::sync::Barrier;
use std::thread;
use std::time::{Duration, Instant};

use sha2::compress256;
use sha2::digest::generic_array::GenericArray;
use sha2::{Digest, Sha256};

use crate::report::{Baseline, Report, Row, Threads};
use crate::samples::{Rate, Samples};
use crate::workload::{Runner, Workload};

/// The message the block baseline hashes: 55 bytes, the longest that
/// SHA-256 pads into a single 64-byte block.
pub const BLOCK_MESSAGE: [u8; 55] = [b'a'; 55];

/// Windows per measurement.
pub const SAMPLES: u32 = 10;
/// Warm-up before each measurement: a tenth of it, at most this long.
const WARM_UP: Duration = Duration::from_millis(200);
/// Batches grow until one takes this fraction of a window, so the clock is
/// read rarely and a window ends soon after its time.
const BATCH_FRACTION: u32 = 100;

/// What to measure and for how long.
#[derive(Clone, Debug)]
pub struct Options {
    /// Seconds each measurement runs (the baseline, each workload on one
    /// thread, and with `threads` each workload on one spawned thread and
    /// on `threads` threads).
    pub seconds: f64,
    /// Also run each workload on this many threads at once.
    pub threads: Option<usize>,
}

/// Runs `work` for a warm-up, then for [`SAMPLES`] windows of `duration /
/// SAMPLES` each, in batches that double in size until one takes a
/// hundredth of a window.
pub fn measure(duration: Duration, work: &mut dyn FnMut()) -> Samples {
    let window = duration / SAMPLES;
    let mut batch = 1;
    let mut run_for = |length: Duration| {
        let start = Instant::now();
        let mut runs = 0;
        loop {
            for _ in 0..batch {
                work();
            }
            runs += batch;
            let elapsed = start.elapsed();
            if elapsed >= length {
                return Rate { runs, elapsed };
            }
            if elapsed < length / BATCH_FRACTION {
                batch *= 2;
            }
        }
    };
    run_for((duration / 10).min(WARM_UP));
    Samples::new((0..SAMPLES).map(|_| run_for(window)).collect())
}

/// Runs a work made by `make` on each of `threads` new threads at once
/// (each thread its own, with its own buffers), each as [`measure`] does,
/// their windows started together; returns each thread's samples.
///
/// # Panics
///
/// When a work panics on a thread (the panic is passed on).
pub fn on_threads(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
) -> Vec<Samples> {
    let start = Barrier::new(threads);
    thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut work = make();
                    work();
                    start.wait();
                    measure(duration, &mut *work)
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Returns the deals per second of `threads` threads at once: the sum of
/// each thread's median rate.
pub fn rate_on_threads(
    duration: Duration,
    threads: usize,
    make: &(dyn Fn() -> Runner + Sync),
) -> f64 {
    on_threads(duration, threads, make)
        .iter()
        .map(|s| s.median().per_second())
        .sum()
}

/// Returns the time of one SHA-256 block: a one-block message
/// ([`BLOCK_MESSAGE`]) hashed from a new hasher to its digest with sha2's
/// own API (a little quicker for a fresh message than the deals'
/// `fairdeal_core::Midstate`, so the limit is the stricter for it).
pub fn sha256_block(duration: Duration) -> Samples {
    measure(duration, &mut || {
        black_box(Sha256::digest(black_box(&BLOCK_MESSAGE)));
    })
}

/// Returns the time of SHA-256's compression function on one block alone:
/// the floor under [`sha256_block`], which adds the padding and the digest.
pub fn sha256_compression(duration: Duration) -> Samples {
    let mut state = [0; 8];
    measure(duration, &mut || compress_one_block(black_box(&mut state)))
}

/// Compresses one fixed block into `state`.
pub fn compress_one_block(state: &mut [u32; 8]) {
    compress256(state, &[GenericArray::from([b'a'; 64])]);
}

/// Measures every workload in `workloads` as `options` says, reporting each
/// step to `progress` (a line of text) as it starts and ends.
///
/// The baseline and every one-thread measurement run first, on the calling
/// thread, before any thread is started: a process that has started a
/// thread stays in the allocator's multi-threaded mode (glibc then locks
/// its arenas), which slows allocation for the rest of the run. Then, with
/// `threads`, each workload runs on one new thread and on `threads` new
/// threads at once; the scaling is reported against both one-thread rates.
pub fn run(workloads: &[Workload], options: &Options, progress: &mut dyn FnMut(&str)) -> Report {
    let duration = Duration::from_secs_f64(options.seconds);
    let seconds = options.seconds;
    progress(&format!("sha256: one 64-byte block ({seconds} s)"));
    let block = sha256_block(duration).median().ns_each();
    progress(&format!("sha256: {block:.1} ns per block"));
    progress(&format!("sha256: the compression alone ({seconds} s)"));
    let compression = sha256_compression(duration).median().ns_each();
    progress(&format!("sha256: {compression:.1} ns per compression"));
    let sha256 = Baseline {
        message_bytes: BLOCK_MESSAGE.len(),
        ns_per_block: block,
        ns_per_compression: compression,
    };
    let ones: Vec<Samples> = workloads
        .iter()
        .map(|w| {
            progress(&format!("{}: {}, 1 thread ({seconds} s)", w.scheme, w.deal));
            let one = measure(duration, &mut *w.runner());
            progress(&format!(
                "{}: {:.0} deals/s, {:.1} ns per deal",
                w.scheme,
                one.median().per_second(),
                one.median().ns_each()
            ));
            one
        })
        .collect();
    let rows = workloads
        .iter()
        .zip(&ones)
        .map(|(w, one)| {
            let threads = options.threads.map(|count| {
                progress(&format!(
                    "{}: {}, 1 new thread then {count} threads ({seconds} s each)",
                    w.scheme, w.deal
                ));
                let spawned = rate_on_threads(duration, 1, &|| w.runner());
                let all = rate_on_threads(duration, count, &|| w.runner());
                let threads = Threads {
                    count,
                    deals_per_second: all,
                    scaling: all / one.median().per_second(),
                    one_new_thread_deals_per_second: spawned,
                    scaling_to_one_new_thread: all / spawned,
                };
                progress(&format!(
                    "{}: {all:.0} deals/s on {count} threads: {:.2}x one thread, {:.2}x one new thread",
                    w.scheme, threads.scaling, threads.scaling_to_one_new_thread
                ));
                threads
            });
            Row::new(w, one, &sha256, threads)
        })
        .collect();
    Report {
        optimized: !cfg!(debug_assertions),
        available_parallelism: thread::available_parallelism().map_or(1, usize::from),
        seconds,
        samples: SAMPLES,
        sha256,
        results: rows,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;

    #[test]
    fn windows_count_every_run_and_sort_fastest_first() {
        let count = AtomicU64::new(0);
        let samples = measure(Duration::from_millis(20), &mut || {
            count.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(samples.windows().len(), SAMPLES as usize);
        assert!(samples.windows().iter().map(|r| r.runs).sum::<u64>() < count.into_inner());
        let [fastest, slowest] = samples.range_ns();
        assert!(fastest <= samples.median().ns_each() && samples.median().ns_each() <= slowest);
        assert!(
            rate_on_threads(Duration::from_millis(5), 2, &|| -> Runner {
                Box::new(|| ())
            }) > 0.0
        );
    }
}
