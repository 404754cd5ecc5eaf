//! `fairdeal conformance --random N --seed S`: differential mode against the
//! independent Python port, every category of random case (valid inputs,
//! games, limits, refusals, rejections).

use std::collections::BTreeSet;

use serde_json::Value;

use crate::util::{command, root, stdout};

const PORT: &str = "python3 conformance/ports/python/port.py";

/// 200 random cases of each scheme: the Python port agrees with every one,
/// and they run as trace, game and shuffle cases.
#[test]
fn differential_mode_finds_no_difference_with_the_python_port() {
    let report = root().join("target/differential-random-200-seed-7.json");
    let o = command()
        .args([
            "conformance",
            "--port",
            PORT,
            "--random",
            "200",
            "--seed",
            "7",
        ])
        .arg("--report")
        .arg(&report)
        .output()
        .expect("the fairdeal binary runs");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    // 200 of each registered scheme.
    let total = 200 * fairdeal::SCHEMES.len();
    assert!(
        out.ends_with(&format!("{total} passed, 0 failed, 0 skipped\n")),
        "{out}"
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("the report")).unwrap();
    let cases = report["cases"].as_array().unwrap();
    let kinds: BTreeSet<&str> = cases.iter().filter_map(|c| c["kind"].as_str()).collect();
    assert_eq!(kinds, BTreeSet::from(["game", "shuffle", "trace"]));
    for scheme in fairdeal::SCHEMES.iter().map(|s| s.id()) {
        let n = cases.iter().filter(|c| c["scheme"] == scheme).count();
        assert_eq!(n, 200, "{scheme}");
    }
}

/// A port that takes every number (no rejection sampling) passes every
/// vector-like input whose stream never rejects, but differential mode
/// feeds it rejected numbers: it fails, and the differing case is printed
/// for a shuffle group.
#[test]
fn differential_mode_feeds_numbers_the_shuffle_must_reject() {
    let run = || {
        command()
            .args(["conformance", "--port", PORT, "--scheme", "atout-v1"])
            .args(["--random", "30", "--seed", "7"])
            .env("FAIRDEAL_MUTANT", "atout-no-rejection")
            .output()
            .expect("the fairdeal binary runs")
    };
    let o = run();
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("(shuffle)"), "{out}");
    let printed: Vec<Value> = out
        .lines()
        .filter(|l| l.starts_with("{\"id\":\"random-7-"))
        .map(|l| serde_json::from_str(l.trim_end_matches(',')).unwrap())
        .collect();
    assert!(
        printed.iter().any(|c| c["randoms"].is_array()
            && c["comment"]
                .as_str()
                .unwrap_or_default()
                .contains("rejection")),
        "{out}"
    );
    // The same seed, the same cases and the same report.
    assert_eq!(stdout(&run()), out);
}
