//! `fairdeal bench`: the report's fields as JSON and text, and bad arguments.

use serde_json::Value;

use crate::util::{fairdeal, stderr, stdout};

/// Runs `fairdeal bench ARGS --json` and returns its report.
fn bench_json(args: &[&str]) -> (Value, String) {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = fairdeal(&all);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    let report = serde_json::from_str(&stdout(&o)).expect("--json prints JSON");
    (report, stderr(&o))
}

// Performance is never asserted: only the fields, the counts and the codes.
#[test]
fn bench_reports_every_field_as_json_and_progress_on_stderr() {
    let (report, progress) = bench_json(&["euchremaster", "--seconds", "0.05"]);
    assert!(report["sha256"]["ns_per_block"].as_f64().unwrap() > 0.0);
    assert!(report["sha256"]["ns_per_compression"].as_f64().unwrap() > 0.0);
    assert_eq!(report["sha256"]["message_bytes"], 55);
    // The CPU the figures belong to: a model name, never empty.
    assert!(
        !report["cpu"]["model"].as_str().unwrap().is_empty(),
        "{report}"
    );
    // One baseline per hash function the deals compress: SHA-256 alone
    // here (no registered scheme hashes with SHA-512 yet).
    let baselines = report["baselines"].as_array().unwrap();
    assert_eq!(baselines.len(), 1, "{report}");
    assert_eq!(baselines[0]["hash"], "sha256");
    assert_eq!(baselines[0]["block_bytes"], 64);
    assert_eq!(
        baselines[0]["ns_per_block"],
        report["sha256"]["ns_per_block"]
    );
    assert_eq!(report["seconds"], 0.05);
    let results = report["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{report}");
    assert_eq!(results[1]["deal"], "dealer-1 into a table");
    assert_eq!(results[1]["sha256_blocks_per_deal"], 5);
    let row = &results[0];
    assert_eq!(row["scheme"], "euchremaster");
    assert_eq!(row["deal"], "trace of dealer-1");
    // 1 (the seed's block) + 1 (the fingerprint's padding) + 3 counter hashes.
    assert_eq!(row["sha256_blocks_per_deal"], 5);
    let hashes = row["hashes"].as_array().unwrap();
    assert_eq!(hashes.len(), 1, "{row}");
    assert_eq!(hashes[0]["hash"], "sha256");
    assert_eq!(hashes[0]["blocks_per_deal"], 5);
    assert_eq!(hashes[0]["ns_per_block"], row["ns_per_sha256_block"]);
    for field in [
        "deals_per_second",
        "ns_per_deal",
        "ns_per_sha256_block",
        "hash_bound_ns",
        "ratio_to_hash_bound",
        "ratio_to_compression_bound",
    ] {
        assert!(row[field].as_f64().unwrap() > 0.0, "{field}: {row}");
    }
    assert_eq!(row["ns_per_deal_range"].as_array().unwrap().len(), 2);
    assert!(row["threads"].is_null(), "{row}");
    assert!(
        progress.contains("bench: euchremaster: trace of dealer-1"),
        "{progress}"
    );
    assert!(
        progress.contains("bench: sha256: one 64-byte block") && !progress.contains("sha512"),
        "{progress}"
    );
}

#[test]
fn bench_threads_and_a_deal_without_hashing() {
    let (report, _) = bench_json(&["showdown", "--seconds", "0.05", "--threads", "2"]);
    let results = report["results"].as_array().unwrap();
    let deals: Vec<&str> = results
        .iter()
        .map(|r| r["deal"].as_str().unwrap())
        .collect();
    assert_eq!(
        deals,
        [
            "trace of fisher-yates-1-hands",
            "fisher-yates-1-hands into a table",
            "hand 1 of fisher-yates-1-hands",
            "hand 1 of fisher-yates-1-hands into a table",
            "hand 2 of kitchen-table-2-hands",
            "hand 2 of kitchen-table-2-hands into a table"
        ]
    );
    // A hand alone hashes nothing: no limit, no ratio.
    for hand in &results[2..] {
        assert_eq!(hand["sha256_blocks_per_deal"], 0);
        assert_eq!(hand["hashes"], serde_json::json!([]));
        assert!(hand["ratio_to_hash_bound"].is_null());
        assert!(hand["ratio_to_compression_bound"].is_null());
    }
    for row in results {
        assert_eq!(row["threads"]["count"], 2);
        for field in [
            "deals_per_second",
            "scaling",
            "one_new_thread_deals_per_second",
            "scaling_to_one_new_thread",
        ] {
            assert!(
                row["threads"][field].as_f64().unwrap() > 0.0,
                "{field}: {row}"
            );
        }
    }
}

#[test]
fn bench_prints_a_table() {
    let o = fairdeal(&["bench", "sfc32-lock", "atout-v1", "--seconds", "0.05"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("hash-bound ns"), "{out}");
    // The CPU first, then the baselines' lines (after a debug build's
    // note).
    let mut head = out.lines().filter(|l| !l.starts_with("NOTE: "));
    assert!(head.next().is_some_and(|l| l.starts_with("CPU: ")), "{out}");
    assert!(
        head.next().is_some_and(|l| l.starts_with("SHA-256: ")),
        "{out}"
    );
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("sfc32-lock") || l.starts_with("atout-v1"))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    // The hash column, then the blocks: sfc32-lock's lock is one block.
    for row in &rows[..2] {
        let cells: Vec<&str> = row
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(cells[4..6], ["sha256", "1"], "{out}");
    }
}

#[test]
fn bench_refuses_bad_arguments_with_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["bench", "nope"],
            "no scheme \"nope\", expected one of euchremaster",
        ),
        (
            &["bench", "--seconds", "0"],
            "--seconds: 0 is not a positive number of seconds",
        ),
        (
            &["bench", "--seconds=-1"],
            "--seconds: -1 is not a positive number of seconds",
        ),
        (
            &["bench", "--seconds", "inf"],
            "--seconds: inf is not a positive number of seconds",
        ),
        (
            &["bench", "--threads", "0"],
            "--threads: 0 threads, expected 1 to 256",
        ),
        (
            &["bench", "--threads", "257"],
            "--threads: 257 threads, expected 1 to 256",
        ),
        (
            &["bench", "--threads", "two"],
            "--threads: two is not a whole number of threads, expected 1 to 256",
        ),
    ];
    for (args, message) in cases {
        let o = fairdeal(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}
