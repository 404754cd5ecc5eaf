//! What a measurement gives: runs and the time they took, per window.

use std::time::Duration;

/// How many times a piece of work ran, and for how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Runs completed.
    pub runs: u64,
    /// Time they took.
    pub elapsed: Duration,
}

impl Rate {
    /// Returns runs per second.
    pub fn per_second(self) -> f64 {
        self.runs as f64 / self.elapsed.as_secs_f64()
    }

    /// Returns nanoseconds per run.
    pub fn ns_each(self) -> f64 {
        self.elapsed.as_secs_f64() * 1e9 / self.runs as f64
    }
}

/// The windows of one measurement, fastest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Samples(Vec<Rate>);

impl Samples {
    /// Returns the median window.
    // OK (here and in `range_ns`) because samples are made only by this
    // crate's `measure`, of `SAMPLES` windows: never empty.
    pub fn median(&self) -> Rate {
        self.0[self.0.len() / 2]
    }

    /// Returns the fastest and the slowest window's nanoseconds per run.
    pub fn range_ns(&self) -> [f64; 2] {
        [self.0[0].ns_each(), self.0[self.0.len() - 1].ns_each()]
    }
}

impl Samples {
    /// Returns each window, fastest first.
    pub fn windows(&self) -> &[Rate] {
        &self.0
    }

    /// Returns the windows sorted fastest first.
    pub(crate) fn new(mut windows: Vec<Rate>) -> Self {
        windows.sort_by(|a, b| a.ns_each().total_cmp(&b.ns_each()));
        Self(windows)
    }
}
