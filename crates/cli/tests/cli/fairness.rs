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

#[test]
fn audit_reports_every_field_and_exits_by_its_verdict() {
    let report = json_of(&[
        "audit",
        "sfc32-lock",
        "--deals",
        "5000",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(report["scheme"], "sfc32-lock");
    assert_eq!(report["deals"], 5000);
    assert_eq!(report["seed"], 3);
    assert_eq!(report["threads"], 2);
    assert!(report["deals_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(report["uniformity"]["df"], 529);
    assert!(report["uniformity"]["p_value"].as_f64().unwrap() > 1e-6);
    assert!(report["rising_sequences"]["p_value"].as_f64().is_some());
    assert_eq!(report["odds"].as_array().unwrap().len(), 7);
    for field in ["id", "observed", "exact", "z"] {
        assert!(report["odds"][0].get(field).is_some(), "{field}");
    }
    assert_eq!(report["draw_bias"][0]["method"], "multiply-shift");
    assert_eq!(report["flagged"], false);
    // The kitchen-table hand is not random: exit 1.
    let o = fairdeal(&[
        "audit",
        "showdown",
        "--shuffle",
        "kitchen-table",
        "--deals",
        "2000",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("NOT RANDOM"), "{}", stdout(&o));
}

#[test]
fn audit_refuses_unknown_schemes_and_shuffles() {
    for args in [
        vec!["audit", "nope", "--deals", "10"],
        vec!["audit", "sfc32-lock", "--deals", "0"],
        vec!["audit", "sfc32-lock", "--deals", "10", "--threads", "0"],
        vec![
            "audit",
            "sfc32-lock",
            "--deals",
            "10",
            "--shuffle",
            "kitchen-table",
        ],
        vec![
            "audit",
            "sfc32-lock",
            "--deals",
            "10",
            "--shuffle",
            "overhand",
        ],
    ] {
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn audit_plot_writes_svg_files_into_a_new_folder() {
    let dir = std::env::temp_dir().join(format!("fairdeal-cli-plots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("made");
    let o = fairdeal(&[
        "audit",
        "showdown",
        "--deals",
        "1200",
        "--plot",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for name in [
        "showdown-positions.svg",
        "showdown-odds.svg",
        "showdown-rising.svg",
        "riffles-24.svg",
    ] {
        let svg = std::fs::read_to_string(folder.join(name)).unwrap();
        assert!(svg.starts_with("<svg"), "{name}");
        assert!(stderr(&o).contains(name), "{}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
