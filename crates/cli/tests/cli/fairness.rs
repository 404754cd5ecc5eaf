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

#[test]
fn odds_prints_every_line_exactly_beside_the_site() {
    let report = json_of(&["odds", "--json"]);
    let odds = report["odds"].as_array().unwrap();
    let ids: Vec<&str> = odds.iter().map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "one-trump-or-none",
            "three-weak-in-a-row",
            "no-bower-of-named-suit",
            "five-without-bower",
            "ten-without-right-bower",
            "farmers-hand",
            "farmers-in-100"
        ]
    );
    assert_eq!(odds[0]["exact"], "136/253");
    assert_eq!(odds[0]["site"], "53.8%");
    assert_eq!(odds[5]["exact"], "1/759");
    assert!((odds[5]["one_in"].as_f64().unwrap() - 759.0).abs() < 1e-9);
    assert!((odds[2]["percent"].as_f64().unwrap() - 61.956_521).abs() < 1e-4);
    let o = fairdeal(&["odds"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains("53.75%") && text.contains("1 in 759"),
        "{text}"
    );
}
