//! What `fairdeal bench` prints: one row per workload, as a table or JSON.

use std::fmt::Write;

use fairdeal::core::hash::{Algorithm, Blocks};
use serde::Serialize;

use crate::cpu::Cpu;
use crate::samples::Samples;
use crate::workload::Workload;

/// Every measurement of one run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// False for a debug build, whose numbers say little.
    pub optimized: bool,
    /// The processor measured on.
    pub cpu: Cpu,
    /// Threads the machine offers (`std::thread::available_parallelism`).
    pub available_parallelism: usize,
    /// Seconds each measurement ran.
    pub seconds: f64,
    /// Windows per measurement on one thread; each result is the median
    /// window. The threads' rates are of one window shared by all.
    pub samples: u32,
    /// The SHA-256 baseline, measured in the same run (also first in
    /// `baselines`; kept under its own key for the readers of earlier
    /// reports).
    pub sha256: Baseline,
    /// One baseline per hash function: SHA-256 always, and each other one
    /// that a measured deal compresses blocks of.
    pub baselines: Vec<Baseline>,
    /// One row per workload.
    pub results: Vec<Row>,
}

/// The cost of one block of a hash function.
#[derive(Clone, Debug, Serialize)]
pub struct Baseline {
    /// The function (`sha256`, `sha512`).
    pub hash: Algorithm,
    /// Bytes in one of its blocks (64, 128).
    pub block_bytes: usize,
    /// The one-block message hashed: the longest that pads into a single
    /// block (55 bytes for SHA-256, 111 for SHA-512).
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
    /// The blocks one deal compresses, one entry per hash function it uses
    /// (docs/performance.md, "Counting blocks"); none for a deal that
    /// hashes nothing.
    pub hashes: Vec<HashBlocks>,
    /// The SHA-256 blocks of `hashes` (0 when there are none).
    pub sha256_blocks_per_deal: u64,
    /// The SHA-256 baseline's nanoseconds per block, repeated for each row.
    pub ns_per_sha256_block: f64,
    /// The hash-bound limit: for each hash function, blocks per deal x its
    /// ns per block, summed.
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

/// The blocks of one hash function in one deal, and their cost.
#[derive(Clone, Debug, Serialize)]
pub struct HashBlocks {
    /// The function (`sha256`, `sha512`).
    pub hash: Algorithm,
    /// Its blocks in one deal.
    pub blocks_per_deal: u64,
    /// Its baseline's nanoseconds per block, from the same run.
    pub ns_per_block: f64,
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

/// Returns the hash functions whose baselines a run of deals compressing
/// `blocks` needs: SHA-256 always (the fingerprints' function, and the
/// report's `sha256`), then each other one some deal compresses blocks of.
pub fn hashes_needed(blocks: impl IntoIterator<Item = Blocks>) -> Vec<Algorithm> {
    let all = blocks.into_iter().fold(Blocks::NONE, |all, b| all + b);
    Algorithm::ALL
        .into_iter()
        .filter(|&a| a == Algorithm::Sha256 || all.get(a) > 0)
        .collect()
}

/// Returns `baselines`' entry for `hash`.
///
/// # Panics
///
/// When there is none: [`crate::run`] measures every function
/// [`hashes_needed`] names before it makes a row.
pub(crate) fn baseline(baselines: &[Baseline], hash: Algorithm) -> &Baseline {
    baselines
        .iter()
        .find(|b| b.hash == hash)
        .unwrap_or_else(|| panic!("no {hash} baseline was measured"))
}

/// Returns a deal's hash-bound limit and its compression-bound one: each
/// function's blocks priced at that function's own baseline, summed.
pub fn bounds(blocks: Blocks, baselines: &[Baseline]) -> [f64; 2] {
    blocks
        .iter()
        .fold([0.0, 0.0], |[hash, compression], (a, n)| {
            let b = baseline(baselines, a);
            [
                hash + n as f64 * b.ns_per_block,
                compression + n as f64 * b.ns_per_compression,
            ]
        })
}

impl Row {
    pub(crate) fn new(
        w: &Workload,
        one: &Samples,
        baselines: &[Baseline],
        threads: Option<Threads>,
    ) -> Self {
        let ns_per_deal = one.median().ns_each();
        let [hash_bound_ns, compression_bound_ns] = bounds(w.blocks, baselines);
        let hashes = w
            .blocks
            .iter()
            .map(|(hash, blocks_per_deal)| HashBlocks {
                hash,
                blocks_per_deal,
                ns_per_block: baseline(baselines, hash).ns_per_block,
            })
            .collect();
        let some = !w.blocks.is_empty();
        Self {
            scheme: w.scheme,
            deal: w.deal.clone(),
            deals_per_second: one.median().per_second(),
            ns_per_deal,
            ns_per_deal_range: one.range_ns(),
            hashes,
            sha256_blocks_per_deal: w.blocks.get(Algorithm::Sha256),
            ns_per_sha256_block: baseline(baselines, Algorithm::Sha256).ns_per_block,
            hash_bound_ns,
            ratio_to_hash_bound: some.then(|| ns_per_deal / hash_bound_ns),
            ratio_to_compression_bound: some.then(|| ns_per_deal / compression_bound_ns),
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
        out.push_str(&self.cpu.describe());
        out.push('\n');
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
        for (i, b) in self.baselines.iter().enumerate() {
            // OK because writing to a String cannot fail.
            let _ = write!(
                out,
                "{}: {:.1} ns per {}-byte block (a {}-byte message; the compression alone {:.1} ns)",
                b.hash.title(),
                b.ns_per_block,
                b.block_bytes,
                b.message_bytes,
                b.ns_per_compression,
            );
            if i == 0 {
                let _ = write!(
                    out,
                    "; each result the median of {} windows of {} s{shared}; {} threads available",
                    self.samples,
                    self.seconds / f64::from(self.samples),
                    self.available_parallelism,
                );
            }
            out.push('\n');
        }
        out.push('\n');
        let mut rows = vec![{
            let mut head = vec![
                "scheme".to_owned(),
                "deal".to_owned(),
                "deals/s".to_owned(),
                "ns/deal".to_owned(),
                "hash".to_owned(),
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
                joined(&r.hashes, |h| h.hash.name().to_owned()),
                if r.hashes.is_empty() {
                    "0".to_owned()
                } else {
                    joined(&r.hashes, |h| h.blocks_per_deal.to_string())
                },
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
                    if c < 2 || c == HASH_COLUMN {
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

/// The table's column of the hash functions, a name.
const HASH_COLUMN: usize = 4;

/// Returns each entry of `hashes` as `cell` writes it, joined by `+` (`-`
/// for none).
fn joined(hashes: &[HashBlocks], cell: impl Fn(&HashBlocks) -> String) -> String {
    if hashes.is_empty() {
        return "-".to_owned();
    }
    hashes.iter().map(cell).collect::<Vec<_>>().join("+")
}

#[cfg(test)]
mod tests {
    use fairdeal::core::hash::{Sha256, Sha512};

    use super::*;

    fn baselines() -> Vec<Baseline> {
        [
            (Algorithm::Sha256, 50.0, 40.0),
            (Algorithm::Sha512, 120.0, 100.0),
        ]
        .into_iter()
        .map(|(hash, ns_per_block, ns_per_compression)| Baseline {
            hash,
            block_bytes: hash.block_bytes(),
            message_bytes: hash.one_block_message(),
            ns_per_block,
            ns_per_compression,
        })
        .collect()
    }

    // The fault of issue 21: a SHA-512 deal's blocks were counted and
    // priced as SHA-256 ones.
    #[test]
    fn each_function_s_blocks_are_priced_at_its_own_cost() {
        let baselines = baselines();
        assert_eq!(bounds(Blocks::of::<Sha256>(5), &baselines), [250.0, 200.0]);
        assert_eq!(bounds(Blocks::of::<Sha512>(5), &baselines), [600.0, 500.0]);
        let mixed = Blocks::of::<Sha256>(2) + Blocks::of::<Sha512>(30);
        assert_eq!(
            bounds(mixed, &baselines),
            [2.0 * 50.0 + 30.0 * 120.0, 2.0 * 40.0 + 30.0 * 100.0]
        );
        assert_eq!(bounds(Blocks::NONE, &baselines), [0.0, 0.0]);
    }

    #[test]
    fn sha256_is_always_measured_and_the_others_when_a_deal_needs_them() {
        assert_eq!(hashes_needed([]), [Algorithm::Sha256]);
        assert_eq!(
            hashes_needed([Blocks::NONE, Blocks::of::<Sha256>(3)]),
            [Algorithm::Sha256]
        );
        assert_eq!(
            hashes_needed([Blocks::of::<Sha256>(3), Blocks::of::<Sha512>(1)]),
            [Algorithm::Sha256, Algorithm::Sha512]
        );
        assert_eq!(
            hashes_needed([Blocks::of::<Sha512>(1)]),
            [Algorithm::Sha256, Algorithm::Sha512]
        );
    }

    #[test]
    fn the_table_names_each_function_and_its_blocks() {
        let baselines = baselines();
        let row = |deal: &str, hashes: Vec<HashBlocks>| Row {
            scheme: "example",
            deal: deal.to_owned(),
            deals_per_second: 1000.0,
            ns_per_deal: 1e6,
            ns_per_deal_range: [1e6, 1e6],
            sha256_blocks_per_deal: 0,
            ns_per_sha256_block: 50.0,
            hash_bound_ns: 0.0,
            ratio_to_hash_bound: None,
            ratio_to_compression_bound: None,
            threads: None,
            hashes,
        };
        let blocks = |hash, blocks_per_deal| HashBlocks {
            hash,
            blocks_per_deal,
            ns_per_block: 1.0,
        };
        let report = Report {
            optimized: true,
            cpu: Cpu::from_cpuinfo("model name\t: Test CPU\ncpu family\t: 6\n"),
            available_parallelism: 2,
            seconds: 1.0,
            samples: 10,
            sha256: baselines[0].clone(),
            baselines,
            results: vec![
                row(
                    "mixed",
                    vec![blocks(Algorithm::Sha256, 2), blocks(Algorithm::Sha512, 30)],
                ),
                row("none", vec![]),
            ],
        };
        let table = report.table();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "CPU: Test CPU (family 6)");
        assert!(lines[1].starts_with("SHA-256: 50.0 ns per 64-byte block (a 55-byte message; the compression alone 40.0 ns); each result"), "{table}");
        assert_eq!(
            lines[2],
            "SHA-512: 120.0 ns per 128-byte block (a 111-byte message; the compression alone 100.0 ns)"
        );
        let cells = |line: &str| {
            line.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(cells(lines[4])[4..6], ["hash", "blocks"], "{table}");
        assert_eq!(cells(lines[5])[4..6], ["sha256+sha512", "2+30"], "{table}");
        assert_eq!(cells(lines[6])[4..6], ["-", "0"], "{table}");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["cpu"]["model"], "Test CPU");
        assert_eq!(json["cpu"]["family"], 6);
        assert_eq!(json["cpu"]["model_number"], serde_json::Value::Null);
        assert_eq!(
            json["results"][0]["hashes"][1],
            serde_json::json!({"hash": "sha512", "blocks_per_deal": 30, "ns_per_block": 1.0})
        );
        assert_eq!(json["baselines"][1]["hash"], "sha512");
        assert_eq!(json["baselines"][1]["block_bytes"], 128);
    }
}
