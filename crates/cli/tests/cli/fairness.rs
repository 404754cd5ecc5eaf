//! `fairdeal riffles`, `odds` and `audit`: the output's fields and figures,
//! and refused flags. The figures themselves are tested in fairdeal-audit.

use serde_json::Value;

use crate::util::{fairdeal, stderr, stdout};

/// Runs `fairdeal ARGS` and returns its JSON output.
fn json_of(args: &[&str]) -> Value {
    let o = fairdeal(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("--json prints JSON")
}

#[test]
fn riffles_prints_the_exact_distances() {
    let report = json_of(&["riffles", "--cards", "52", "--up-to", "10", "--json"]);
    assert_eq!(report["cards"], 52);
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[6]["riffles"], 7);
    assert_eq!(rows[6]["total_variation_4"], "0.3341");
    let tv = rows[6]["total_variation"].as_f64().unwrap();
    assert!((tv - 0.3341).abs() < 1e-4, "{tv}");
    let o = fairdeal(&["riffles", "--cards", "24", "--up-to", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("0.9979"), "{}", stdout(&o));
}

#[test]
fn riffles_refuses_decks_and_counts_out_of_range() {
    for args in [
        ["riffles", "--cards", "1", "--up-to", "3"],
        ["riffles", "--cards", "417", "--up-to", "3"],
        ["riffles", "--cards", "52", "--up-to", "0"],
        ["riffles", "--cards", "52", "--up-to", "65"],
    ] {
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("--"), "{}", stderr(&o));
    }
}
