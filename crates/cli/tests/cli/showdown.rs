//! Euchre Showdown: the verifier-shaped command line and game records.

use serde_json::Value;

use crate::util::{fairdeal, keys_of, stderr, stdout};

// Values from vectors/showdown.json, case computer-patterns-given (confirmed
// by the independent Python port): seat 3 deals first; the drawn patterns
// are left 2323, partner 2323, right 3323.
const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
const HOUSE_FINGERPRINT: &str = "ebd913807f693cca350eedfb1fb5711ee56e2237d7ffcdf35e1f1a8dacb45232";

#[test]
fn showdown_verify_checks_fingerprint_and_computer_patterns() {
    let args = [
        "verify",
        "showdown",
        HOUSE,
        "the quick brown fox",
        "--hands",
        "3",
        "--patterns",
        "3323,3232,2323",
        "--fingerprint",
        HOUSE_FINGERPRINT,
    ];
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Also checked: hand 1's pattern (dealt by right (3)) is 3323, as drawn."),
        "{out}"
    );
    assert!(out.contains("first dealer right (3)\n"), "{out}");
    assert_eq!(out.matches("\nhand ").count(), 3, "{out}");
}

#[test]
fn showdown_a_pattern_that_differs_is_a_failed_check_naming_the_hand() {
    let o = fairdeal(&[
        "verify",
        "showdown",
        HOUSE,
        "the quick brown fox",
        "--hands",
        "3",
        "--patterns",
        "3333,3232,2323",
        "--fingerprint",
        HOUSE_FINGERPRINT,
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("NOT VERIFIED: hand 1's pattern (dealt by right (3)) does not match."),
        "{out}"
    );
    assert!(
        out.contains("given               3333") && out.contains("drawn by the method 3323"),
        "{out}"
    );
    assert!(!out.contains("up-card"), "{out}");
}

#[test]
fn showdown_record_verifies_and_deal_prints_the_json_names() {
    let o = fairdeal(&[
        "verify",
        "showdown",
        "--record",
        "docs/receipts/showdown.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = fairdeal(&[
        "deal",
        "showdown",
        "--input",
        "docs/receipts/showdown.json",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let keys = keys_of(&v);
    assert_eq!(
        keys,
        [
            "fingerprint",
            "game_seed",
            "randoms",
            "first_dealer",
            "patterns",
            "deals",
            "fingerprint_given",
            "fingerprint_checked"
        ]
    );
    assert_eq!(v["fingerprint_checked"], false);
    let deal = keys_of(&v["deals"][0]);
    assert_eq!(
        deal,
        [
            "dealer",
            "pattern",
            "randoms",
            "positions",
            "deck",
            "hands",
            "upcard",
            "kitty"
        ]
    );
    assert_eq!(
        v["deals"][0]["randoms"][0].as_str().unwrap().len(),
        16,
        "u64 draws as 16 hex digits"
    );
}

#[test]
fn showdown_bad_arguments_and_records_exit_2() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![HOUSE, "p", "--hands", "3", "--patterns", "3323,3232"],
            "patterns: 2 given, expected one pattern per hand: 3",
        ),
        (vec![HOUSE, "--hands", "2"], "phrase: missing"),
        (
            vec![&HOUSE[..63], "p", "--hands", "1", "--patterns", "3232"],
            "house_seed: 63 characters",
        ),
        (
            vec![
                HOUSE,
                "the quick brown fox",
                "--hands",
                "3",
                "--patterns",
                "3323,32,2323",
            ],
            "hands[1].pattern: 2 characters",
        ),
        (
            vec![
                HOUSE,
                "the quick brown fox",
                "--hands",
                "3",
                "--patterns",
                "3323,,2323",
            ],
            "hands[1].pattern: missing",
        ),
        (
            vec![
                HOUSE,
                "x",
                "--hands",
                "3",
                "--kitchen-table",
                "--patterns",
                "3323,3232,2323",
            ],
            "hands[0].gathered: missing",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["verify", "showdown"];
        args.extend(extra);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}
