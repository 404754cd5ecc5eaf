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

const SFC32_SEED: &str = "340cbd92ae497b96429e4f63942c9dfa";
// `printf '%s' 340cbd92ae497b96429e4f63942c9dfa:hand-12 | sha256sum`
const SFC32_LOCK: &str = "565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c";

#[test]
fn sfc32_lock_verifies_with_lock_flag_and_input_file() {
    let o = fairdeal(&[
        "verify",
        "sfc32-lock",
        "--seed",
        SFC32_SEED,
        "--nonce",
        "hand-12",
        "--lock",
        SFC32_LOCK,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("VERIFIED: the fingerprint matches SHA-256(seed:nonce)"),
        "{out}"
    );
    // Seats are only numbered in this method (docs/schemes/sfc32-lock.md).
    assert!(out.contains("\nseat 0       9d Ad Js Qs Qh\n"), "{out}");
    assert!(
        out.contains("up-card      Ks\nkitty        Td Kd Kh\n"),
        "{out}"
    );

    // `"lock"` in the --input file is the fingerprint too.
    let o = fairdeal(&[
        "verify",
        "sfc32-lock",
        "--input",
        "docs/receipts/sfc32-lock.json",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["verified"], true);
    assert_eq!(v["fingerprint"], SFC32_LOCK);
    assert_eq!(v["hands"][3][0], "Qc");
}

#[test]
fn sfc32_lock_that_does_not_match_exits_1_and_shows_no_deal() {
    // The next hand's nonce: the same seed deals the same cards, but the
    // lock is another.
    let args = [
        "verify",
        "sfc32-lock",
        "--seed",
        SFC32_SEED,
        "--nonce",
        "hand-13",
        "--lock",
        SFC32_LOCK,
    ];
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with("NOT VERIFIED: the fingerprint does not match SHA-256(seed:nonce).\n"),
        "{out}"
    );
    // `printf '%s' 340cbd92ae497b96429e4f63942c9dfa:hand-13 | sha256sum`
    assert!(
        out.contains(
            "  fingerprint given    565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c\n  \
             SHA-256(seed:nonce)  50f5ff2894ca628e460ee95cd390dc9cdf81da0f2de9eaef6f2f4d4f86aeb74a\n"
        ),
        "{out}"
    );
    assert!(
        !out.contains("seat 0") && !out.contains("up-card"),
        "a failed check must not print the deal: {out}"
    );
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn sfc32_lock_deal_json_has_exactly_the_fields_of_schemes_md() {
    let o = fairdeal(&[
        "deal",
        "sfc32-lock",
        "--seed",
        SFC32_SEED,
        "--nonce",
        "hand-12",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
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
    assert_eq!(v["fingerprint"], SFC32_LOCK);
    assert_eq!(v["randoms"].as_array().unwrap().len(), 23);
    assert_eq!(v["upcard"], "Ks");
}

/// Each bad input gets its own message naming the field, and exit 2, from
/// `deal` and from `verify` alike.
#[test]
fn sfc32_lock_bad_inputs_exit_2_with_their_own_message() {
    let s31 = &SFC32_SEED[..31];
    let s33 = format!("{SFC32_SEED}0");
    let nonhex = format!("{}g", &SFC32_SEED[..31]);
    let long = "x".repeat(1025);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--seed", s31, "--nonce", "n"],
            "seed: 31 characters, expected 32 hexadecimal digits",
        ),
        (
            vec!["--seed", &s33, "--nonce", "n"],
            "seed: 33 characters, expected 32 hexadecimal digits",
        ),
        (
            vec!["--seed", &nonhex, "--nonce", "n"],
            "seed: character 32 is 'g', expected a hexadecimal digit",
        ),
        (
            vec!["--seed", SFC32_SEED, "--nonce", ""],
            "nonce: 0 characters, expected 1 to 1024 printable ASCII characters",
        ),
        (
            vec!["--seed", SFC32_SEED, "--nonce", "hand-12é"],
            "nonce: character 8 is 0xE9, expected printable ASCII (0x20 to 0x7E)",
        ),
        (
            vec!["--seed", SFC32_SEED, "--nonce", &long],
            "nonce: 1025 characters, expected 1 to 1024",
        ),
        (
            vec!["--seed", SFC32_SEED],
            "nonce: missing, expected 1 to 1024 printable ASCII characters (give --nonce",
        ),
    ];
    for (flags, message) in cases {
        for command in ["deal", "verify"] {
            let mut args = vec![command, "sfc32-lock"];
            args.extend(&flags);
            if command == "verify" {
                args.extend(["--lock", SFC32_LOCK]);
            }
            let o = fairdeal(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
            assert!(
                stdout(&o).is_empty(),
                "no partial result on stdout: {args:?}"
            );
        }
    }
}
