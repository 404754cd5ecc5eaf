//! The measuring loop: deals per second on one thread, then on N threads at
//! once, beside the cost of one block of each hash function the deals
//! compress, measured in the same run.
//!
//! Each measurement is [`SAMPLES`] windows in a row, after a warm-up; the
//! median window is the result, so that a moment of noise on a shared
//! machine moves it little, and the fastest and slowest windows are kept to
//! show the spread. On N threads the measurement is one window shared by
//! all of them ([`crate::threads`]): medians of windows each thread took at
//! its own time do not add up.

use std::fmt;
use std::hint::black_box;
use std::io;
use std::thread;
use std::time::{Duration, Instant};

use fairdeal::core::hash::{Algorithm, Sha2, Sha256, Sha512};
use sha2::Digest;

use crate::cpu::Cpu;
use crate::report::{Baseline, Report, Row, Threads, baseline, hashes_needed};
use crate::samples::{Rate, Samples};
use crate::threads::rate_on_threads;
use crate::workload::Workload;

/// The message the SHA-256 block baseline hashes: 55 bytes, the longest
/// that SHA-256 pads into a single 64-byte block.
pub const BLOCK_MESSAGE: [u8; Sha256::ONE_BLOCK_MESSAGE] = [b'a'; Sha256::ONE_BLOCK_MESSAGE];
/// The message the SHA-512 block baseline hashes: 111 bytes, the longest
/// that SHA-512 pads into a single 128-byte block.
pub const BLOCK_MESSAGE_512: [u8; Sha512::ONE_BLOCK_MESSAGE] = [b'a'; Sha512::ONE_BLOCK_MESSAGE];

/// Windows per measurement.
pub const SAMPLES: u32 = 10;
/// Warm-up before each measurement: a tenth of it, at most this long.
pub(crate) const WARM_UP: Duration = Duration::from_millis(200);
/// Batches grow until one takes this fraction of a window, so the clock is
/// read rarely and a window ends soon after its time.
const BATCH_FRACTION: u32 = 100;

/// The most seconds a measurement may run: an hour (longer says nothing
/// more, and a typo such as `1e20` must not make a run that never ends).
pub const MAX_SECONDS: f64 = 3600.0;
/// The most threads a run may start at once: far above any machine's cores
/// the scaling says nothing, and each thread holds its own buffers.
pub const MAX_THREADS: usize = 256;

/// What to measure and for how long.
#[derive(Clone, Debug)]
pub struct Options {
    /// Seconds each measurement runs (the baseline, each workload on one
    /// thread, and with `threads` each workload on one spawned thread and
    /// on `threads` threads): above 0, at most [`MAX_SECONDS`].
    pub seconds: f64,
    /// Also run each workload on this many threads at once: 1 to
    /// [`MAX_THREADS`].
    pub threads: Option<usize>,
}

/// Why a run could not measure.
#[derive(Debug)]
#[non_exhaustive]
pub enum MeasureError {
    /// [`Options::seconds`] is not above 0 and at most [`MAX_SECONDS`].
    Seconds(f64),
    /// [`Options::threads`] is not 1 to [`MAX_THREADS`].
    Threads(usize),
    /// A thread could not be started (the system's limit on threads or
    /// memory); the threads already started were stopped.
    Spawn {
        /// How many had started.
        started: usize,
        /// How many were asked for.
        wanted: usize,
        /// The system's reason.
        source: io::Error,
    },
}

impl fmt::Display for MeasureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Seconds(s) => write!(
                f,
                "{s} seconds, expected more than 0 and at most {MAX_SECONDS}"
            ),
            Self::Threads(n) => write!(f, "{n} threads, expected 1 to {MAX_THREADS}"),
            Self::Spawn {
                started,
                wanted,
                source,
            } => write!(
                f,
                "thread {} of {wanted} could not be started ({source}), expected no more threads than the system allows",
                started + 1
            ),
        }
    }
}

impl std::error::Error for MeasureError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Spawn { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl Options {
    /// Returns how long each measurement runs.
    ///
    /// # Errors
    ///
    /// [`MeasureError::Seconds`] or [`MeasureError::Threads`] for a value
    /// outside its range.
    pub fn duration(&self) -> Result<Duration, MeasureError> {
        if let Some(n) = self.threads.filter(|n| !(1..=MAX_THREADS).contains(n)) {
            return Err(MeasureError::Threads(n));
        }
        if !(self.seconds > 0.0 && self.seconds <= MAX_SECONDS) {
            return Err(MeasureError::Seconds(self.seconds));
        }
        Duration::try_from_secs_f64(self.seconds).map_err(|_| MeasureError::Seconds(self.seconds))
    }
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

/// Returns the time of one block of `hash`: its longest one-block message
/// ([`BLOCK_MESSAGE`], [`BLOCK_MESSAGE_512`]) hashed from a new hasher to
/// its digest with sha2's own API (a little quicker for a fresh message
/// than the deals' `fairdeal_core::hash::Midstate`, so the limit is the
/// stricter for it).
pub fn one_block(hash: Algorithm, duration: Duration) -> Samples {
    fn digest<D: Digest>(message: &[u8], duration: Duration) -> Samples {
        measure(duration, &mut || {
            black_box(D::digest(black_box(message)));
        })
    }
    match hash {
        Algorithm::Sha256 => digest::<sha2::Sha256>(&BLOCK_MESSAGE, duration),
        Algorithm::Sha512 => digest::<sha2::Sha512>(&BLOCK_MESSAGE_512, duration),
    }
}

/// Returns the time of `hash`'s compression function on one block alone:
/// the floor under [`one_block`], which adds the padding and the digest.
pub fn compression(hash: Algorithm, duration: Duration) -> Samples {
    fn compress<H: Sha2>(duration: Duration) -> Samples {
        let mut state = H::IV;
        measure(duration, &mut || {
            compress_one_block::<H>(black_box(&mut state));
        })
    }
    match hash {
        Algorithm::Sha256 => compress::<Sha256>(duration),
        Algorithm::Sha512 => compress::<Sha512>(duration),
    }
}

/// Compresses one fixed block (all `a`) into `state`.
pub fn compress_one_block<H: Sha2>(state: &mut H::State) {
    let mut block = H::ZERO_BLOCK;
    block.as_mut().fill(b'a');
    H::compress(state, block.as_ref());
}

/// Measures the baseline of `hash` for `duration`, each step reported to
/// `progress`.
fn measure_baseline(
    hash: Algorithm,
    duration: Duration,
    progress: &mut dyn FnMut(&str),
) -> Baseline {
    let (name, bytes, seconds) = (hash.name(), hash.block_bytes(), duration.as_secs_f64());
    progress(&format!("{name}: one {bytes}-byte block ({seconds} s)"));
    let block = one_block(hash, duration).median().ns_each();
    progress(&format!("{name}: {block:.1} ns per block"));
    progress(&format!("{name}: the compression alone ({seconds} s)"));
    let compression = compression(hash, duration).median().ns_each();
    progress(&format!("{name}: {compression:.1} ns per compression"));
    Baseline {
        hash,
        block_bytes: bytes,
        message_bytes: hash.one_block_message(),
        ns_per_block: block,
        ns_per_compression: compression,
    }
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
///
/// # Errors
///
/// Options outside their ranges (checked before anything runs), or a
/// thread that could not be started.
pub fn run(
    workloads: &[Workload],
    options: &Options,
    progress: &mut dyn FnMut(&str),
) -> Result<Report, MeasureError> {
    let duration = options.duration()?;
    let seconds = options.seconds;
    let baselines: Vec<Baseline> = hashes_needed(workloads.iter().map(|w| w.blocks))
        .into_iter()
        .map(|hash| measure_baseline(hash, duration, progress))
        .collect();
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
                let spawned = rate_on_threads(duration, 1, &|| w.runner())?;
                let all = rate_on_threads(duration, count, &|| w.runner())?;
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
                Ok(threads)
            });
            Ok(Row::new(w, one, &baselines, threads.transpose()?))
        })
        .collect::<Result<_, MeasureError>>()?;
    Ok(Report {
        optimized: !cfg!(debug_assertions),
        cpu: Cpu::detect(),
        available_parallelism: thread::available_parallelism().map_or(1, usize::from),
        seconds,
        samples: SAMPLES,
        sha256: baseline(&baselines, Algorithm::Sha256).clone(),
        baselines,
        results: rows,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;
    use crate::workload::Runner;

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
            })
            .unwrap()
                > 0.0
        );
    }

    #[test]
    fn options_outside_their_ranges_are_refused_before_anything_runs() {
        for seconds in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e20, 3600.5] {
            let options = Options {
                seconds,
                threads: None,
            };
            assert!(
                matches!(options.duration(), Err(MeasureError::Seconds(_))),
                "{seconds}"
            );
            assert!(run(&[], &options, &mut |_| ()).is_err(), "{seconds}");
        }
        for threads in [0, 257, 5000, usize::MAX] {
            let options = Options {
                seconds: 1.0,
                threads: Some(threads),
            };
            assert!(
                matches!(options.duration(), Err(MeasureError::Threads(_))),
                "{threads}"
            );
        }
        let options = Options {
            seconds: 3600.0,
            threads: Some(256),
        };
        assert_eq!(options.duration().unwrap(), Duration::from_secs(3600));
    }
}
