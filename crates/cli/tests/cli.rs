//! The built `fairdeal` binary: exit codes, output and messages.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
// `printf '%s' a3db...c09a | sha256sum`
const FINGERPRINT: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn fairdeal(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairdeal"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the fairdeal binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn sample(extra: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec!["--seed", SEED, "--cut", "K7 cut", "--dealer", "1"];
    args.extend_from_slice(extra);
    args
}

#[test]
fn verify_sample_receipt_exits_0_and_shows_the_table() {
    let o = fairdeal(&[
        "verify",
        "euchremaster",
        "--input",
        "docs/receipts/euchremaster.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("VERIFIED: the fingerprint matches SHA-256(seed)"),
        "{out}"
    );
    assert!(out.contains("partner (2)  Kh Kd Jc Ah Ks\n"), "{out}");
    assert!(
        out.contains("left (1)     Kc Qd 9h Th Ts  (dealer)\n"),
        "{out}"
    );
    assert!(
        out.contains("up-card      Qc\nkitty        9c Td Jh\n"),
        "{out}"
    );
}

#[test]
fn verify_with_flags_and_upper_case_fingerprint() {
    let upper = FINGERPRINT.to_uppercase();
    let mut args = vec!["verify", "euchremaster"];
    args.extend(sample(&[]));
    args.extend(["--fingerprint", upper.as_str()]);
    assert_eq!(fairdeal(&args).status.code(), Some(0));
}

#[test]
fn a_fingerprint_that_does_not_match_exits_1_and_shows_no_deal() {
    let wrong = format!("{}0", &FINGERPRINT[..63]);
    let mut args = vec!["verify", "euchremaster"];
    args.extend(sample(&[]));
    args.extend(["--fingerprint", wrong.as_str()]);
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with("NOT VERIFIED: the fingerprint does not match SHA-256(seed)."),
        "{out}"
    );
    assert!(out.contains(&wrong) && out.contains(FINGERPRINT), "{out}");
    assert!(
        !out.contains("up-card"),
        "a failed check must not print the deal: {out}"
    );

    args.push("--json");
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["verified"], false);
    assert_eq!(v["fingerprint"], FINGERPRINT);
    assert!(v.get("hands").is_none());
}

#[test]
fn deal_json_has_exactly_the_fields_of_schemes_md() {
    let mut args = vec!["deal", "euchremaster", "--json"];
    args.extend(sample(&[]));
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "fingerprint",
            "randoms",
            "positions",
            "deck",
            "hands",
            "upcard",
            "kitty"
        ]
    );
    assert_eq!(v["fingerprint"], FINGERPRINT);
    assert_eq!(v["randoms"].as_array().unwrap().len(), 23);
    assert_eq!(v["upcard"], "Qc");
}

#[test]
fn flags_override_the_input_file() {
    let o = fairdeal(&[
        "deal",
        "euchremaster",
        "--input",
        "docs/receipts/euchremaster.json",
        "--dealer",
        "0",
    ]);
    // `fingerprint` belongs to verify: in deal's input it is an unknown field.
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("fingerprint: not a field of this scheme"),
        "{}",
        stderr(&o)
    );
    let o = fairdeal(&[
        "verify",
        "euchremaster",
        "--input",
        "docs/receipts/euchremaster.json",
        "--dealer",
        "0",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["hands"][1][0], "Kh", "dealer 0 deals seat 1 first");
}

/// Each bad input gets its own message naming the field, and exit 2.
#[test]
fn bad_inputs_exit_2_with_their_own_message() {
    let s63 = &SEED[..63];
    let s65 = format!("{SEED}0");
    let nonhex = format!("{}g", &SEED[..63]);
    let long = "x".repeat(1025);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--seed", s63, "--cut", "c", "--dealer", "0"],
            "seed: 63 characters, expected 64 hexadecimal digits",
        ),
        (
            vec!["--seed", &s65, "--cut", "c", "--dealer", "0"],
            "seed: 65 characters, expected 64 hexadecimal digits",
        ),
        (
            vec!["--seed", &nonhex, "--cut", "c", "--dealer", "0"],
            "seed: character 64 is 'g', expected a hexadecimal digit",
        ),
        (
            vec!["--seed", SEED, "--cut", "café", "--dealer", "0"],
            "cut: character 4 is 0xE9, expected printable ASCII (0x20 to 0x7E)",
        ),
        (
            vec!["--seed", SEED, "--cut", "", "--dealer", "0"],
            "cut: 0 characters, expected 1 to 1024 printable ASCII characters",
        ),
        (
            vec!["--seed", SEED, "--cut", &long, "--dealer", "0"],
            "cut: 1025 characters, expected 1 to 1024",
        ),
        (
            vec!["--seed", SEED, "--cut", "c", "--dealer", "4"],
            "dealer: 4 is out of range, expected a seat from 0 to 3",
        ),
        (
            vec!["--seed", SEED, "--cut", "c"],
            "dealer: missing, expected a seat from 0 to 3 (give --dealer",
        ),
        (
            vec!["--seed", SEED, "--cut", "c", "--dealer", "x"],
            "invalid value 'x' for '--dealer <N>'",
        ),
    ];
    for (flags, message) in cases {
        let mut args = vec!["deal", "euchremaster"];
        args.extend(flags);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(
            stdout(&o).is_empty(),
            "no partial result on stdout: {args:?}"
        );
    }
}

#[test]
fn verify_needs_a_well_formed_fingerprint() {
    let mut args = vec!["verify", "euchremaster"];
    args.extend(sample(&[]));
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("verify needs the fingerprint shown before play"),
        "{}",
        stderr(&o)
    );
    args.extend(["--fingerprint", "abc"]);
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("fingerprint: 3 characters, expected 64 hexadecimal digits"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_input_files_exit_2() {
    let o = fairdeal(&["deal", "euchremaster", "--input", "no/such/file.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.json"), "{}", stderr(&o));
    let o = fairdeal(&["deal", "euchremaster", "--input", "Cargo.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("Cargo.toml: not valid JSON"),
        "{}",
        stderr(&o)
    );
    let o = fairdeal(&["deal", "nope"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn schemes_lists_every_registered_scheme() {
    let o = fairdeal(&["schemes"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("euchremaster  SHA-256(seed:cut:k)"),
        "{}",
        stdout(&o)
    );
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&["schemes", "--json"]))).unwrap();
    assert_eq!(v[0]["fields"][0]["name"], "seed");
}

#[test]
fn vectors_check_and_generate_check_pass_on_the_committed_files() {
    let o = fairdeal(&["vectors", "check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o)
            .lines()
            .last()
            .unwrap()
            .ends_with(" failed, 0 skipped")
            && stdout(&o).contains(" 0 failed")
    );
    let o = fairdeal(&["vectors", "generate", "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

// Euchre Showdown: the verifier-shaped command line and game records.
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
        out.contains("hand 1's pattern (dealt by right (3)) is 3323 as drawn"),
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
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "fingerprint",
            "game_seed",
            "randoms",
            "first_dealer",
            "patterns",
            "deals"
        ]
    );
    let deal: Vec<&str> = v["deals"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
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
