//! `verify` and `deal` with euchremaster: the table, the JSON fields, exit codes and bad inputs.

use serde_json::Value;

use crate::util::{fairdeal, hand, keys_of, stderr, stdout};

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
// `printf '%s' a3db...c09a | sha256sum`
const FINGERPRINT: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";

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
        "--ascii",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "VERIFIED: the fingerprint matches SHA-256(seed).\n\
             The revealed seed is the one committed to before play.\n\
             Not covered by the fingerprint: cut \"K7 cut\", dealer 1."
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!("partner (2)  {}\n", hand("Kh Kd Jc Ah Ks"))),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "left (1)     {}  (dealer)\n",
            hand("Kc Qd 9h Th Ts")
        )),
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
    let keys = keys_of(&v);
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
    // A receipt file deals too; its fingerprint is said to be unchecked
    // (issue 13).
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!("given        {FINGERPRINT}  (not checked)\n")),
        "{}",
        stdout(&o)
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
            "dealer: x is not an integer, expected a seat from 0 to 3",
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
        stderr(&o).contains(
            "fingerprint: missing, expected the fingerprint shown before play: 64 hexadecimal digits \
             (give --fingerprint HEX, or \"fingerprint\" in the --input file"
        ),
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
