//! What `fairdeal bench` prints: one row per workload, as a table or JSON.

use std::fmt::Write;

use fairdeal::core::hash::Algorithm;
use serde::Serialize;

use crate::samples::Samples;
use crate::workload::Workload;

/// Every measurement of one run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// False for a debug build, whose numbers say little.
    pub optimized: bool,
    /// Threads the machine offers (`std::thread::available_parallelism`).
    pub available_parallelism: usize,
    /// Seconds each measurement ran.
    pub seconds: f64,
    /// Windows per measurement on one thread; each result is the median
    /// window. The threads' rates are of one window shared by all.
    pub samples: u32,
    /// The SHA-256 baseline, measured in the same run.
    pub sha256: Baseline,
    /// One row per workload.
    pub results: Vec<Row>,
}

/// The cost of one SHA-256 block.
#[derive(Clone, Debug, Serialize)]
pub struct Baseline {
    /// The one-block message hashed (55 bytes: one block with its padding).
    pub message_bytes: usize,
    /// Nanoseconds per block: that message hashed from a new state to its
    /// digest, as the deals hash. The hash-bound limit's unit.
    pub ns_per_block: f64,
    /// Nanoseconds of the compression function on one block alone: the
    /// floor under `ns_per_block`, shown to say how much of a block is the
    /// padding and the digest.
    pub ns_per_compression: f64,
}

/// One workload's measurements.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The scheme id.
    pub scheme: &'static str,
    /// What one deal is.
    pub deal: String,
    /// Deals per second on one thread.
    pub deals_per_second: f64,
    /// Nanoseconds per deal on one thread.
    pub ns_per_deal: f64,
    /// The fastest and the slowest window's nanoseconds per deal.
    pub ns_per_deal_range: [f64; 2],
    /// SHA-256 blocks one deal needs (docs/performance.md).
    pub sha256_blocks_per_deal: u64,
    /// The baseline's nanoseconds per block, repeated for each row.
    pub ns_per_sha256_block: f64,
    /// The hash-bound limit: blocks per deal x ns per block.
    pub hash_bound_ns: f64,
    /// The deal's time over the hash-bound limit; none for a deal that
    /// hashes nothing.
    pub ratio_to_hash_bound: Option<f64>,
    /// The deal's time over blocks per deal x the compression alone: the
    /// strictest reading of the limit, with no hash's padding or digest.
    pub ratio_to_compression_bound: Option<f64>,
    /// The deals on several threads, with `--threads`.
    pub threads: Option<Threads>,
}

/// A workload run on several threads at once.
#[derive(Clone, Debug, Serialize)]
pub struct Threads {
    /// Threads.
    pub count: usize,
    /// Deals per second, all threads together: every deal they did over
    /// the one window they shared.
    pub deals_per_second: f64,
    /// Over the deals per second of one thread (measured before any
    /// thread was started).
    pub scaling: f64,
    /// Deals per second of one new thread alone: the same code as the
    /// threads, in the allocator's multi-threaded mode.
    pub one_new_thread_deals_per_second: f64,
    /// Over one new thread's deals per second.
    pub scaling_to_one_new_thread: f64,
}

impl Row {
    pub(crate) fn new(
        w: &Workload,
        one: &Samples,
        sha256: &Baseline,
        threads: Option<Threads>,
    ) -> Self {
        let ns_per_deal = one.median().ns_each();
        let ns_per_block = sha256.ns_per_block;
        let blocks = w.blocks.get(Algorithm::Sha256);
        let hash_bound_ns = blocks as f64 * ns_per_block;
        let compression_bound_ns = blocks as f64 * sha256.ns_per_compression;
        Self {
            scheme: w.scheme,
            deal: w.deal.clone(),
            deals_per_second: one.median().per_second(),
            ns_per_deal,
            ns_per_deal_range: one.range_ns(),
            sha256_blocks_per_deal: blocks,
            ns_per_sha256_block: ns_per_block,
            hash_bound_ns,
            ratio_to_hash_bound: (blocks > 0).then(|| ns_per_deal / hash_bound_ns),
            ratio_to_compression_bound: (blocks > 0).then(|| ns_per_deal / compression_bound_ns),
            threads,
        }
    }
}

impl Report {
    /// Returns the table a person reads: one row per workload.
    pub fn table(&self) -> String {
        let mut out = String::new();
        if !self.optimized {
            out.push_str("NOTE: a debug build; measure with `cargo run --release -- bench`\n");
        }
        let threads = self
            .results
            .iter()
            .find_map(|r| r.threads.as_ref())
            .map(|t| t.count);
        let shared = if threads.is_some() {
            format!(
                " (on threads, one window of {} s shared by all)",
                self.seconds
            )
        } else {
            String::new()
        };
        // OK because writing to a String cannot fail.
        let _ = writeln!(
            out,
            "SHA-256: {:.1} ns per 64-byte block (a {}-byte message; the compression alone {:.1} ns); each result the median of {} windows of {} s{shared}; {} threads available\n",
            self.sha256.ns_per_block,
            self.sha256.message_bytes,
            self.sha256.ns_per_compression,
            self.samples,
            self.seconds / f64::from(self.samples),
            self.available_parallelism,
        );
        let mut rows = vec![{
            let mut head = vec![
                "scheme".to_owned(),
                "deal".to_owned(),
                "deals/s".to_owned(),
                "ns/deal".to_owned(),
                "blocks".to_owned(),
                "hash-bound ns".to_owned(),
                "ratio".to_owned(),
                "vs compression".to_owned(),
            ];
            if let Some(n) = threads {
                head.push(format!("deals/s x{n}"));
                head.push("scaling".to_owned());
                head.push("vs 1 new thread".to_owned());
            }
            head
        }];
        for r in &self.results {
            let mut row = vec![
                r.scheme.to_owned(),
                r.deal.clone(),
                format!("{:.0}", r.deals_per_second),
                format!("{:.1}", r.ns_per_deal),
                r.sha256_blocks_per_deal.to_string(),
                format!("{:.1}", r.hash_bound_ns),
                r.ratio_to_hash_bound
                    .map_or_else(|| "-".to_owned(), |x| format!("{x:.2}")),
                r.ratio_to_compression_bound
                    .map_or_else(|| "-".to_owned(), |x| format!("{x:.2}")),
            ];
            if let Some(t) = &r.threads {
                row.push(format!("{:.0}", t.deals_per_second));
                row.push(format!("{:.2}x", t.scaling));
                row.push(format!("{:.2}x", t.scaling_to_one_new_thread));
            }
            rows.push(row);
        }
        // OK because `rows` starts with the header.
        let columns = rows[0].len();
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                rows.iter()
                    .map(|r| r.get(c).map_or(0, |s| s.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in &rows {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (cell, &w))| {
                    // Names to the left, numbers to the right.
                    if c < 2 {
                        format!("{cell:<w$}")
                    } else {
                        format!("{cell:>w$}")
                    }
                })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        out
    }
}
