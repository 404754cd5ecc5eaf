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

/// Returns the field names of a JSON object, in order.
fn keys_of(v: &Value) -> Vec<&str> {
    v.as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect()
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
    let out = stdout(&o);
    assert!(out.starts_with("euchremaster "), "{out}");
    assert!(out.contains("  SHA-256(seed:cut:k)"), "{out}");
    assert!(out.contains("\nhmac-blackjack  HMAC-SHA256"), "{out}");
    assert!(
        out.contains("fairdeal play blackjack\n")
            && out.contains("fairdeal roll roulette|mines|case|battle|plinko\n"),
        "{out}"
    );
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&["schemes", "--json"]))).unwrap();
    assert_eq!(v[0]["fields"][0]["name"], "seed");
    let hmac = v
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "hmac-blackjack")
        .unwrap();
    assert_eq!(hmac["games"][0]["name"], "blackjack");
    assert_eq!(hmac["games"][0]["verb"], "play");
    assert_eq!(hmac["games"][0]["fields"][3]["name"], "actions");
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
    let keys = keys_of(&v);
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

// atout-v1 ------------------------------------------------------------------

const ATOUT_SECRET: &str = "n8Fq2VxL7cTz4Rw9";
// `printf '%s' n8Fq2VxL7cTz4Rw9 | sha256sum`
const ATOUT_FINGERPRINT: &str = "762affaa7cbc2c9362bce8b1c112eb6bd16e78b4a8907abfba45d68588dbe6e1";

/// `VERB atout-v1` with the sample secret and the given flags, and for
/// `verify` the secret's fingerprint.
fn atout(verb: &'static str, flags: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec![verb, "atout-v1", "--secret", ATOUT_SECRET];
    args.extend_from_slice(flags);
    if verb == "verify" {
        args.extend(["--fingerprint", ATOUT_FINGERPRINT]);
    }
    args
}

const FOUR: &[&str] = &[
    "--number", "0=4821", "--number", "1=1337", "--number", "2=90210", "--number", "3=77",
];

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

#[test]
fn atout_sample_receipt_verifies_and_names_seats_dealer_and_taker() {
    let o = fairdeal(&[
        "verify",
        "atout-v1",
        "--input",
        "docs/receipts/atout-v1.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("VERIFIED: the fingerprint matches SHA-256(secret)"),
        "{out}"
    );
    // The worked example of docs/schemes/atout-v1.md.
    assert!(
        out.contains("dealer       seat 3\ntaker        seat 1\n"),
        "{out}"
    );
    assert!(
        out.contains("seat 1       Kh 7c Qc 7s 7d Qh Ac 8d  (taker)\n"),
        "{out}"
    );
    assert!(
        out.contains("seat 3       9s Td Th 9c 8s Tc Jh Ah  (dealer)\n"),
        "{out}"
    );
    assert!(out.contains("up-card      Qh\n"), "{out}");
}

#[test]
fn atout_each_variant_verifies_with_flags() {
    let coinche = with(&["--variant", "coinche"], FOUR);
    let o = fairdeal(&atout("verify", &coinche));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("seat 0       ") && out.contains("seat 3       "),
        "{out}"
    );
    assert!(!out.contains("dealer"), "coinche has no dealer: {out}");

    let passed = with(&["--variant", "belote", "--dealer", "2"], FOUR);
    let o = fairdeal(&atout("verify", &passed));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // The turned card and what is left when every seat passed.
    assert!(out.contains("\nup-card      Ah\n"), "{out}");
    assert!(
        out.contains("\nundealt      9s Jh Th 8h Qc Qs 8d 8c As 9d Ad\n"),
        "{out}"
    );
    assert!(
        out.contains("seat 2       Jc Ts 7s 9c Kd  (dealer)\n"),
        "{out}"
    );

    let taken = with(
        &["--variant", "belote", "--dealer", "1", "--taker", "1"],
        FOUR,
    );
    let o = fairdeal(&atout("verify", &taken));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("seat 1       Jc Ts 7s 9c Kd Ah 9d Ad  (dealer, taker)\n"),
        "{out}"
    );
    assert!(!out.contains("undealt"), "{out}");

    let duo = [
        "--variant",
        "duo",
        "--number",
        "0=",
        "--number",
        "1=1337",
        "--dealer",
        "1",
    ];
    let o = fairdeal(&atout("verify", &duo));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "hidden (face down)\nseat 0       Js 8c Jd Tc Qd Qs 9d As\nseat 1       Qc 9c Kc Ac Ad Th 7c 7s  (dealer)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("visible (face up)\nseat 0       8h Jc 9h Qh 8s Kd Kh Ks\n"),
        "{out}"
    );
}

#[test]
fn atout_json_has_exactly_each_variants_fields() {
    let keys = |flags: Vec<&'static str>| {
        let mut args = atout("deal", &flags);
        args.push("--json");
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["fingerprint"], ATOUT_FINGERPRINT);
        v.as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<String>>()
            .join(" ")
    };
    let stages = "fingerprint randoms positions deck";
    assert_eq!(
        keys(with(&["--variant", "coinche"], FOUR)),
        format!("{stages} hands")
    );
    assert_eq!(
        keys(with(
            &["--variant", "belote", "--dealer", "0", "--taker", "3"],
            FOUR
        )),
        format!("{stages} hands upcard")
    );
    assert_eq!(
        keys(with(&["--variant", "belote", "--dealer", "0"], FOUR)),
        format!("{stages} hands upcard undealt")
    );
    assert_eq!(
        keys(vec![
            "--variant",
            "duo",
            "--number",
            "0=1",
            "--number",
            "1=2",
            "--dealer",
            "0"
        ]),
        format!("{stages} hidden visible")
    );
}

#[test]
fn atout_wrong_fingerprint_exits_1_and_shows_no_deal() {
    let wrong = format!("{}0", &ATOUT_FINGERPRINT[..63]);
    let mut args = vec![
        "verify",
        "atout-v1",
        "--secret",
        ATOUT_SECRET,
        "--variant",
        "coinche",
    ];
    args.extend_from_slice(FOUR);
    args.extend(["--fingerprint", wrong.as_str()]);
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with("NOT VERIFIED: the fingerprint does not match SHA-256(secret)."),
        "{out}"
    );
    assert!(
        out.contains(&wrong) && out.contains(ATOUT_FINGERPRINT),
        "{out}"
    );
    assert!(
        !out.contains("seat 0"),
        "a failed check must not print the deal: {out}"
    );
}

/// Each invalid input of issue 4, given as flags: exit 2 and its own message
/// naming the field.
#[test]
fn atout_bad_inputs_exit_2_with_their_own_message() {
    let long = "x".repeat(1025);
    let long_number = format!("3={long}");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            with(&["--secret", "ab|cd", "--variant", "coinche"], FOUR),
            "secret: character 3 is '|', expected printable ASCII other than '|', which separates the hashed texts",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "coinche",
                "--number",
                "0=1",
                "--number",
                "1=2",
                "--number",
                "2=9|0",
                "--number",
                "3=4",
            ],
            "numbers[2]: character 2 is '|', expected printable ASCII other than '|'",
        ),
        (
            with(&["--secret", "café", "--variant", "coinche"], FOUR),
            "secret: character 4 is 0xE9, expected printable ASCII (0x20 to 0x7E)",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "coinche",
                "--number",
                "0=né",
                "--number",
                "1=",
                "--number",
                "2=",
                "--number",
                "3=",
            ],
            "numbers[0]: character 2 is 0xE9, expected printable ASCII",
        ),
        (
            with(&["--secret", &long, "--variant", "coinche"], FOUR),
            "secret: 1025 characters, expected 1 to 1024 printable ASCII characters, without '|'",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "coinche",
                "--number",
                "0=",
                "--number",
                "1=",
                "--number",
                "2=",
                "--number",
                &long_number,
            ],
            "numbers[3]: 1025 characters, expected 0 to 1024 printable ASCII characters",
        ),
        (
            with(&["--secret", "", "--variant", "coinche"], FOUR),
            "secret: 0 characters, expected 1 to 1024",
        ),
        (
            with(&["--secret", "s", "--variant", "tarot"], FOUR),
            "variant: \"tarot\" is not accepted, expected coinche, belote or duo",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "coinche",
                "--number",
                "0=1",
                "--number",
                "1=2",
            ],
            "numbers: 2 given, expected 4 numbers for coinche, one per seat",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "belote",
                "--dealer",
                "0",
                "--number",
                "0=1",
                "--number",
                "1=2",
                "--number",
                "2=3",
            ],
            "numbers: 3 given, expected 4 numbers for belote, one per seat",
        ),
        (
            with(
                &["--secret", "s", "--variant", "duo", "--dealer", "0"],
                FOUR,
            ),
            "numbers: 4 given, expected 2 numbers for duo, one per seat",
        ),
        (
            with(
                &["--secret", "s", "--variant", "coinche", "--taker", "1"],
                FOUR,
            ),
            "taker: \"1\" is not accepted, expected no taker: only belote has one, not coinche",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "duo",
                "--dealer",
                "0",
                "--taker",
                "1",
                "--number",
                "0=",
                "--number",
                "1=",
            ],
            "taker: \"1\" is not accepted, expected no taker: only belote has one, not duo",
        ),
        (
            with(
                &["--secret", "s", "--variant", "coinche", "--dealer", "0"],
                FOUR,
            ),
            "dealer: \"0\" is not accepted, expected no dealer: coinche has none, leave it out",
        ),
        (
            with(
                &["--secret", "s", "--variant", "belote", "--dealer", "4"],
                FOUR,
            ),
            "dealer: 4 is out of range, expected a seat from 0 to 3",
        ),
        (
            with(
                &[
                    "--secret",
                    "s",
                    "--variant",
                    "belote",
                    "--dealer",
                    "0",
                    "--taker",
                    "4",
                ],
                FOUR,
            ),
            "taker: 4 is out of range, expected a seat from 0 to 3",
        ),
        (
            vec![
                "--secret",
                "s",
                "--variant",
                "duo",
                "--dealer",
                "2",
                "--number",
                "0=",
                "--number",
                "1=",
            ],
            "dealer: 2 is out of range, expected a seat, 0 or 1",
        ),
        (
            with(&["--secret", "s", "--variant", "belote"], FOUR),
            "dealer: missing, expected a seat from 0 to 3 (give --dealer, or \"dealer\" in the --input file)",
        ),
        (
            vec!["--secret", "s", "--variant", "coinche"],
            "numbers: missing, expected a list of texts, one per seat, seat 0 first (give --number SEAT=TEXT for each seat from 0",
        ),
    ];
    for (flags, message) in cases {
        let mut args = vec!["deal", "atout-v1"];
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

/// `--number SEAT=TEXT`: a seat given twice, a seat missing in the middle
/// and a malformed value are usage errors, exit 2.
#[test]
fn atout_number_flag_errors_exit_2() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "--number", "0=1", "--number", "1=2", "--number", "1=3", "--number", "2=",
                "--number", "3=",
            ],
            "--number: seat 1 is given twice, expected each seat once",
        ),
        (
            vec!["--number", "0=1", "--number", "1=2", "--number", "3="],
            "--number: seat 2 is missing, expected every seat from 0 (give --number 2=TEXT, or 2= for an empty one)",
        ),
        (
            vec![
                "--number", "1=2", "--number", "2=", "--number", "3=", "--number", "4=",
            ],
            "--number: seat 0 is missing",
        ),
        (
            vec!["--number", "4821"],
            "invalid value '4821' for '--number <SEAT=TEXT>': expected SEAT=TEXT",
        ),
        (
            vec!["--number", "one=4821"],
            "invalid value 'one=4821' for '--number <SEAT=TEXT>'",
        ),
        (
            vec!["--number", "=4821"],
            "invalid value '=4821' for '--number <SEAT=TEXT>'",
        ),
    ];
    for (numbers, message) in cases {
        let mut args = vec![
            "verify",
            "atout-v1",
            "--secret",
            "s",
            "--variant",
            "coinche",
        ];
        args.extend(numbers);
        args.extend(["--fingerprint", ATOUT_FINGERPRINT]);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    // A text may hold `=`; flags override the --input file's whole list.
    let o = fairdeal(&[
        "deal",
        "atout-v1",
        "--input",
        "docs/receipts/atout-v1.json",
        "--json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "fingerprint is verify's: {}",
        stderr(&o)
    );
    let o = fairdeal(&[
        "verify",
        "atout-v1",
        "--input",
        "docs/receipts/atout-v1.json",
        "--number",
        "0=a=b",
        "--number",
        "1=",
        "--number",
        "2=",
        "--number",
        "3=",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["verified"], true);
    // `printf '%s' 'atout-v1|s|a=b|||' | sha256sum` keys a different stream.
    assert_ne!(v["deck"][0], "8c");
}

#[test]
fn schemes_json_describes_the_number_flag() {
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&["schemes", "--json"]))).unwrap();
    let atout = v
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "atout-v1")
        .expect("atout-v1 is registered");
    assert_eq!(atout["commitment"], "SHA-256(secret)");
    let names: Vec<&str> = atout["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["secret", "variant", "numbers", "dealer", "taker"]);
    let numbers = &atout["fields"][2];
    assert_eq!(numbers["kind"], "text-per-seat");
    assert_eq!(numbers["flag"], "--number");
    assert_eq!(v[0]["fields"][0]["flag"], "--seed");
}

// sfc32-lock ----------------------------------------------------------------

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

// The conformance runner -----------------------------------------------------
// Driven against crates/cli/tests/ports/broken_port.py, which answers through
// the independent Python port but misbehaves on one request.

fn conformance(mode: &str, extra: &[&str]) -> Output {
    let port = "python3 crates/cli/tests/ports/broken_port.py";
    let mut args = vec![
        "conformance",
        "--port",
        port,
        "--scheme",
        "euchremaster",
        "--case",
        "dealer-1,-joker,-deal-",
    ];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_fairdeal"))
        .args(&args)
        .env("BROKEN_PORT", mode)
        .current_dir(root())
        .output()
        .expect("the fairdeal binary runs")
}

#[test]
fn conformance_a_good_port_passes_every_case_and_its_derived_stages() {
    let o = conformance("", &[]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    // dealer-1, dealer-1/shuffle, dealer-1/deal, the unsupported rest skipped.
    assert!(
        out.contains("euchremaster: 3 passed, 0 failed, 0 unsupported"),
        "{out}"
    );
    assert!(out.ends_with("3 passed, 0 failed, 0 skipped\n"), "{out}");
}

#[test]
fn conformance_records_each_kind_of_misbehaviour_against_its_case_and_goes_on() {
    let cases = [
        ("hang", "no answer within 0.5 s"),
        ("crash", "the port exited"),
        ("garbage", "a line that is not JSON: this is not JSON"),
        ("wrong-seq", "an answer with seq Some(3), expected 2"),
        ("stray", "a line that is not an answer"),
    ];
    for (mode, reason) in cases {
        let started = std::time::Instant::now();
        let o = conformance(mode, &["--timeout", "0.5"]);
        assert!(
            started.elapsed().as_secs() < 20,
            "{mode}: the runner must not hang"
        );
        assert_eq!(
            o.status.code(),
            Some(1),
            "{mode}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        let out = stdout(&o);
        assert!(
            out.contains("FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: "),
            "{mode}: {out}"
        );
        assert!(out.contains(reason), "{mode}: {out}");
        // The port was started again and the next case still ran.
        assert!(out.contains("2 passed, 1 failed"), "{mode}: {out}");
        assert!(
            out.contains("the port was started again 1 times"),
            "{mode}: {out}"
        );
        if mode == "crash" {
            assert!(out.contains("stderr: boom: the port fell over"), "{out}");
        }
    }
}

#[test]
fn conformance_names_the_first_differing_stage_and_value() {
    let o = conformance(
        "wrong",
        &[
            "--report",
            "target/conformance-report.json",
            "--junit",
            "target/conformance.xml",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("FAIL euchremaster/dealer-1/shuffle (shuffle): first differing stage: deck, at /deck/0: expected \"Kh\", got \"Jh\""),
        "{out}"
    );
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("target/conformance-report.json")).unwrap(),
    )
    .unwrap();
    let failed = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["status"] == "fail")
        .unwrap();
    assert_eq!(
        (
            failed["id"].as_str(),
            failed["stage"].as_str(),
            failed["pointer"].as_str()
        ),
        (Some("dealer-1/shuffle"), Some("deck"), Some("/deck/0"))
    );
    let junit = std::fs::read_to_string(root().join("target/conformance.xml")).unwrap();
    assert!(
        junit
            .contains("<testsuite name=\"euchremaster\" tests=\"3\" failures=\"1\" skipped=\"0\">"),
        "{junit}"
    );
    assert!(
        junit.contains("<failure message=\"first differing stage: deck"),
        "{junit}"
    );
}

#[test]
fn conformance_known_failures_must_match_exactly() {
    let dir = root().join("target");
    let known = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let ok = known(
        "known-ok.txt",
        "# listed\neuchremaster/dealer-1/shuffle  todo  deck\n",
    );
    let o = conformance("wrong", &["--known-failures", &ok]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("KNOWN euchremaster/dealer-1/shuffle"),
        "{}",
        stdout(&o)
    );

    let stale = known(
        "known-stale.txt",
        "euchremaster/dealer-1/shuffle todo positions\neuchremaster/dealer-1 wontfix deck\neuchremaster/no-such-case todo deck\n",
    );
    let o = conformance("wrong", &["--known-failures", &stale]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("euchremaster/dealer-1/shuffle: fails at stage deck, not positions"),
        "{out}"
    );
    assert!(
        out.contains("euchremaster/dealer-1: now passes; remove the line"),
        "{out}"
    );
    assert!(
        out.contains("euchremaster/no-such-case: names no case"),
        "{out}"
    );
    assert!(
        out.contains("these lines would bring it up to date:\neuchremaster/dealer-1/shuffle"),
        "{out}"
    );

    let bad = known("known-bad.txt", "euchremaster/dealer-1 later deck\n");
    let o = conformance("", &["--known-failures", &bad]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 1: status \"later\", expected todo or wontfix"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn conformance_a_port_that_cannot_say_hello_is_a_protocol_error() {
    let o = conformance("no-hello", &["--timeout", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("protocol error:"), "{}", stderr(&o));
    let o = fairdeal(&["conformance", "--port", "no-such-program-xyz"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot start"), "{}", stderr(&o));
}

/// Every mutant of the catalogue (conformance/ports/python/mutants.json: a
/// mistake real ports make, switched on in the Python port) is caught by the
/// runner, at the case and stage the catalogue says.
#[test]
fn conformance_catches_every_mutant_at_its_stage() {
    let catalogue: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("conformance/ports/python/mutants.json")).unwrap(),
    )
    .unwrap();
    let mutants = catalogue.as_array().unwrap();
    assert!(
        mutants.len() >= 10,
        "the catalogue holds {} mutants",
        mutants.len()
    );
    let mut missed = Vec::new();
    for m in mutants {
        let [name, scheme, case, stage] =
            ["name", "scheme", "case", "stage"].map(|k| m[k].as_str().unwrap());
        let report = root().join(format!("target/mutant-{name}.json"));
        let o = Command::new(env!("CARGO_BIN_EXE_fairdeal"))
            .args([
                "conformance",
                "--port",
                "python3 conformance/ports/python/port.py",
                "--scheme",
                scheme,
            ])
            .args(["--case", case, "--report", &report.display().to_string()])
            .env("FAIRDEAL_MUTANT", name)
            .current_dir(root())
            .output()
            .unwrap();
        let caught = o.status.code() == Some(1);
        let report: Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap_or_default())
                .unwrap_or_default();
        let at = report["cases"]
            .as_array()
            .and_then(|cases| cases.iter().find(|c| c["id"] == case))
            .map(|c| c["stage"].clone());
        if !caught || at != Some(Value::from(stage)) {
            missed.push(format!(
                "{name}: exit {:?}, {case} at {at:?}, expected {stage}\n{}",
                o.status.code(),
                stdout(&o)
            ));
        }
    }
    assert!(
        missed.is_empty(),
        "mutants not caught as the catalogue says:\n{}",
        missed.join("\n")
    );
}

/// docs/porting.md lists every mutant as a pitfall to check first.
#[test]
fn porting_guide_lists_every_mutant() {
    let catalogue: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("conformance/ports/python/mutants.json")).unwrap(),
    )
    .unwrap();
    let guide = std::fs::read_to_string(root().join("docs/porting.md")).unwrap();
    for m in catalogue.as_array().unwrap() {
        let name = m["name"].as_str().unwrap();
        assert!(
            guide.contains(&format!("`{name}`")),
            "docs/porting.md does not list mutant {name}"
        );
    }
}

// hmac-blackjack: the shoe (`deal`, `verify`) and its games (`play`, `roll`).

/// The worked example of docs/schemes/hmac-blackjack.md (vector case
/// `key-is-text-not-hex`), also docs/receipts/hmac-blackjack.json.
const HMAC_SEED: &str = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
// `printf '%s' c377...1a59 | sha256sum`
const HMAC_FINGERPRINT: &str = "62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225";
/// The seeds of the blackjack replay vectors.
const REPLAY_SEED: &str = "0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333";

fn shoe_args(extra: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec![
        "--server-seed",
        HMAC_SEED,
        "--client-seed",
        "lucky",
        "--nonce",
        "0",
    ];
    args.extend_from_slice(extra);
    args
}

fn blackjack(nonce: &'static str, actions: &'static str, extra: &[&'static str]) -> Output {
    let mut args = vec![
        "play",
        "blackjack",
        "--server-seed",
        REPLAY_SEED,
        "--client-seed",
        "replay",
        "--nonce",
        nonce,
        "--actions",
        actions,
    ];
    args.extend_from_slice(extra);
    fairdeal(&args)
}

#[test]
fn verify_hmac_blackjack_exits_0_or_1() {
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--input",
        "docs/receipts/hmac-blackjack.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("VERIFIED: the fingerprint matches SHA-256(server_seed)"),
        "{}",
        stdout(&o)
    );
    // The same seed hex-decoded would be another key; here the check itself
    // fails when the seed differs by its case.
    let upper = HMAC_SEED.to_uppercase();
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--server-seed",
        &upper,
        "--client-seed",
        "lucky",
        "--nonce",
        "0",
        "--fingerprint",
        HMAC_FINGERPRINT,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o)
            .starts_with("NOT VERIFIED: the fingerprint does not match SHA-256(server_seed)."),
        "{}",
        stdout(&o)
    );
    assert!(
        !stdout(&o).contains("labels"),
        "no shoe after a failed check"
    );
}

#[test]
fn deal_hmac_blackjack_shows_the_first_cards_and_the_fingerprint_check() {
    let mut args = vec!["deal", "hmac-blackjack"];
    args.extend(shoe_args(&[]));
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("fingerprint  {HMAC_FINGERPRINT}\n")),
        "{out}"
    );
    assert!(
        out.contains("deck         3d 9s 5s Ks 3c As 2s Kc 9c 7d 5s Qc Qs 3s 4d Td Ac 3d 6h Td ...  (the first 20 of 416; --json lists every one)\n"),
        "{out}"
    );
    assert!(out.contains("labels       3♦ 9♠ 5♠ K♠ 3♣ A♠ "), "{out}");
    assert!(
        out.contains(
            "The fingerprint is SHA-256(server_seed): it must be the one shown before play"
        ),
        "{out}"
    );
    assert!(out.lines().count() < 10, "not 416 cards: {out}");

    args.push("--json");
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&args))).unwrap();
    let keys = keys_of(&v);
    assert_eq!(
        keys,
        ["fingerprint", "randoms", "positions", "deck", "labels"]
    );
    for stage in ["randoms", "positions", "deck", "labels"] {
        assert_eq!(v[stage].as_array().unwrap().len(), 416, "{stage}");
    }
    assert_eq!(v["randoms"][0], 2_439_912_924_u32);
    assert_eq!(v["labels"][0], "3♦");
}

#[test]
fn play_blackjack_replays_a_round() {
    // Vector case `double-soft-17`.
    let o = blackjack("0", "D", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("hands        As 6h 7d  total 14  bet 2  doubled  outcome win  net 2\n"),
        "{out}"
    );
    assert!(
        out.contains("dealer       3h 3d Jh Ts  total 26  bust\nnet          2\n"),
        "{out}"
    );

    // Vector case `split-threes-double-wins`, as JSON.
    let o = blackjack("4", "PHSD", &["--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let keys = keys_of(&v);
    assert_eq!(keys, ["fingerprint", "hands", "dealer", "net"]);
    let hand = keys_of(&v["hands"][1]);
    assert_eq!(
        hand,
        [
            "cards", "total", "soft", "bet", "doubled", "bust", "outcome", "net"
        ]
    );
    assert_eq!(v["hands"][1]["bet"], 2);
    assert_eq!(v["net"], "3", "an exact decimal string");

    // A blackjack needs no action (vector case `blackjack-paid`).
    let o = blackjack("23", "", &["--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["hands"][0]["outcome"].as_str(), v["net"].as_str()),
        (Some("blackjack"), Some("1.5"))
    );
}

/// Every illegal action exits 2, naming the action's position.
#[test]
fn play_blackjack_refuses_each_illegal_action_by_position() {
    let cases: [(&str, &str, &str); 11] = [
        (
            "0",
            "P",
            "actions[0]: \"P\" is not accepted, expected H, S or D for hand 1 (As 6h, soft 17) (a split takes two cards of the same value; As and 6h are not)",
        ),
        (
            "8",
            "PP",
            "actions[1]: \"P\" is not accepted, expected H, S or D for hand 1 (Ks Jd, 20) (the round was split once already; one split per round)",
        ),
        (
            "0",
            "HP",
            "actions[1]: \"P\" is not accepted, expected H or S for hand 1 (As 6h 7d, 14) (a split takes the round's first two cards only",
        ),
        (
            "0",
            "HD",
            "actions[1]: \"D\" is not accepted, expected H or S for hand 1 (As 6h 7d, 14) (a double takes the hand's first two cards only)",
        ),
        (
            "1",
            "PSHD",
            "actions[3]: \"D\" is not accepted, expected H or S for hand 2 (2s 3s 8c, 13)",
        ),
        (
            "124",
            "PH",
            "actions[1]: \"H\" is not accepted, expected no more actions: the round ended after every hand was played",
        ),
        (
            "0",
            "SH",
            "actions[1]: \"H\" is not accepted, expected no more actions",
        ),
        (
            "10",
            "S",
            "actions[0]: \"S\" is not accepted, expected no more actions: the round ended at the deal: the dealer has blackjack",
        ),
        (
            "0",
            "",
            "actions: \"\" is not accepted, expected an action for hand 1 (As 6h, soft 17): H, S or D; the round is not over",
        ),
        (
            "1",
            "PS",
            "actions: \"PS\" is not accepted, expected an action for hand 2 (2s 3s, 5): H, S or D",
        ),
        (
            "0",
            "PX",
            "actions[1]: \"X\" is not accepted, expected H (hit), S (stand), D (double) or P (split)",
        ),
    ];
    for (nonce, actions, message) in cases {
        let o = blackjack(nonce, actions, &[]);
        assert_eq!(o.status.code(), Some(2), "{nonce} {actions}");
        assert!(
            stderr(&o).contains(message),
            "{nonce} {actions}: {}",
            stderr(&o)
        );
        assert!(
            stdout(&o).is_empty(),
            "no partial result: {nonce} {actions}"
        );
    }
    let o = fairdeal(&[
        "play",
        "blackjack",
        "--server-seed",
        REPLAY_SEED,
        "--client-seed",
        "replay",
        "--nonce",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "actions: missing, expected a text of the letters H, S, D and P (give --actions"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn roll_each_game() {
    let roll = |game: &'static str, extra: &[&'static str]| {
        let mut args = vec![
            "roll",
            game,
            "--server-seed",
            REPLAY_SEED,
            "--client-seed",
            "entropy",
        ];
        args.extend_from_slice(extra);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        args.push("--json");
        let v: Value = serde_json::from_str(&stdout(&fairdeal(&args))).unwrap();
        (stdout(&o), v)
    };
    let (out, v) = roll("roulette", &[]);
    assert!(
        out.contains("\nslot         ") && out.contains("\noutcome      "),
        "{out}"
    );
    let keys = keys_of(&v);
    assert_eq!(keys, ["fingerprint", "randoms", "slot", "outcome"]);

    let (out, v) = roll("mines", &["--nonce", "3", "--mines", "24"]);
    assert_eq!(out.matches("MINE").count(), 24, "{out}");
    assert_eq!(v["mines"].as_array().unwrap().len(), 24);
    assert_eq!(v["board"].as_array().unwrap().len(), 5);

    let (out, v) = roll("case", &["--nonce", "3", "--rolls", "4"]);
    assert_eq!(out.matches("roll ").count(), 4, "{out}");
    let ticket = keys_of(&v["tickets"][0]);
    assert_eq!(ticket, ["roll", "u32", "ticket"]);
    assert!(v["tickets"][0]["ticket"].is_string());

    let (_, v) = roll("battle", &["--players", "4", "--rounds", "2"]);
    assert_eq!(v["tickets"].as_array().unwrap().len(), 8);
    assert_eq!(
        (
            v["tickets"][3]["round"].as_u64(),
            v["tickets"][3]["player"].as_u64()
        ),
        (Some(1), Some(4))
    );

    let (out, v) = roll("plinko", &["--nonce", "3", "--rows", "16", "--balls", "3"]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["moves"][0].as_str().unwrap().len(), 16);
    assert!(out.contains("\nslots        "), "{out}");
}

#[test]
fn games_take_input_files_and_flags_over_them() {
    let path = std::env::temp_dir().join(format!("fairdeal-cli-game-{}.json", std::process::id()));
    let json = format!(
        r#"{{"server_seed": "{REPLAY_SEED}", "client_seed": "replay", "nonce": 41, "actions": "PSD"}}"#
    );
    std::fs::write(&path, json).unwrap();
    let file = path.to_str().unwrap();
    let o = fairdeal(&["play", "blackjack", "--input", file, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v["net"], "3",
        "vector case split-eights-double-after-split-wins"
    );
    // A flag overrides the file: nonce 0 with PSD splits a non-pair.
    let o = fairdeal(&["play", "blackjack", "--input", file, "--nonce", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("actions[0]: \"P\""), "{}", stderr(&o));
    // A game's input file holds that game's fields only.
    let o = fairdeal(&["roll", "mines", "--input", file, "--mines", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("actions: not a field of this scheme"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_game_inputs_exit_2_with_their_own_message() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["roll", "mines", "--nonce", "0", "--mines", "25"],
            "mines: 25 is out of range, expected 1 to 24 mines",
        ),
        (
            vec!["roll", "mines", "--nonce", "0"],
            "mines: missing, expected 1 to 24 mines (give --mines",
        ),
        (
            vec!["roll", "case", "--nonce", "0", "--rolls", "5"],
            "rolls: 5 is out of range, expected 1 to 4 rolls",
        ),
        (
            vec!["roll", "battle", "--players", "1", "--rounds", "1"],
            "players: 1 is out of range, expected 2 to 4 players",
        ),
        (
            vec!["roll", "battle", "--players", "2", "--rounds", "101"],
            "rounds: 101 is out of range, expected 1 to 100 rounds",
        ),
        (
            vec![
                "roll",
                "battle",
                "--players",
                "2",
                "--rounds",
                "1",
                "--nonce",
                "1",
            ],
            "unexpected argument '--nonce'",
        ),
        (
            vec![
                "roll", "plinko", "--nonce", "0", "--rows", "33", "--balls", "1",
            ],
            "rows: 33 is out of range, expected 1 to 32 rows",
        ),
        (
            vec![
                "roll", "plinko", "--nonce", "0", "--rows", "8", "--balls", "0",
            ],
            "balls: 0 is out of range, expected 1 to 100 balls",
        ),
        (
            vec!["roll", "roulette", "--nonce", "2"],
            "nonce: \"2\" is not accepted, expected 1: roulette always uses nonce 1",
        ),
        (
            vec![
                "roll",
                "mines",
                "--nonce",
                "9007199254740992",
                "--mines",
                "1",
            ],
            "nonce: 9007199254740992 is out of range",
        ),
        (
            vec!["play", "roulette"],
            "unrecognized subcommand 'roulette'",
        ),
        (
            vec!["roll", "blackjack"],
            "unrecognized subcommand 'blackjack'",
        ),
    ];
    for (mut args, message) in cases {
        args.extend(["--server-seed", REPLAY_SEED, "--client-seed", "entropy"]);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    let long = "é".repeat(1025);
    let o = fairdeal(&[
        "deal",
        "hmac-blackjack",
        "--server-seed",
        "s\tt",
        "--client-seed",
        "c",
        "--nonce",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("server_seed: character 2 is 0x09, expected printable ASCII (0x20 to 0x7E)"),
        "{}",
        stderr(&o)
    );
    let o = fairdeal(&[
        "deal",
        "hmac-blackjack",
        "--server-seed",
        "s",
        "--client-seed",
        &long,
        "--nonce",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("client_seed: 1025 characters, expected 0 to 1024 characters of text"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn conformance_differential_mode_prints_differing_inputs_as_vector_cases() {
    let run = |mutant: &str| {
        Command::new(env!("CARGO_BIN_EXE_fairdeal"))
            .args([
                "conformance",
                "--port",
                "python3 conformance/ports/python/port.py",
                "--scheme",
                "euchremaster",
            ])
            .args(["--random", "6", "--seed", "11"])
            .env("FAIRDEAL_MUTANT", mutant)
            .current_dir(root())
            .output()
            .unwrap()
    };
    let good = run("");
    assert_eq!(good.status.code(), Some(0), "{}", stdout(&good));
    assert!(
        stdout(&good).ends_with("6 passed, 0 failed, 0 skipped\n"),
        "{}",
        stdout(&good)
    );
    let bad = run("packets-from-dealer");
    assert_eq!(bad.status.code(), Some(1));
    let out = stdout(&bad);
    let cases: Vec<Value> = out
        .lines()
        .filter(|l| l.starts_with("{\"id\":\"random-11-"))
        .map(|l| serde_json::from_str(l.trim_end_matches(',')).unwrap())
        .collect();
    assert!(!cases.is_empty(), "{out}");
    // Each printed case is a valid input of the scheme, ready for a trace group.
    for case in &cases {
        let file = std::env::temp_dir().join("fairdeal-random-case.json");
        std::fs::write(&file, case["input"].to_string()).unwrap();
        let o = fairdeal(&[
            "deal",
            "euchremaster",
            "--input",
            &file.display().to_string(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{case}: {}", stderr(&o));
        assert!(case["number"].as_u64().unwrap() > 57, "{case}");
    }
    // The same seed gives the same inputs.
    assert_eq!(stdout(&run("packets-from-dealer")), out);
}

#[test]
fn conformance_cases_a_port_does_not_support_are_skipped_not_failed() {
    // The broken port (in its good mode) supports only euchremaster, and no
    // generator or game cases: sfc32-lock's `sample` cases and their derived stages
    // (every case whose id holds "sample") are reported as unsupported.
    let o = Command::new(env!("CARGO_BIN_EXE_fairdeal"))
        .args([
            "conformance",
            "--port",
            "python3 crates/cli/tests/ports/broken_port.py",
            "--case",
            "sample",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("sfc32-lock: 0 passed, 0 failed, 6 unsupported"),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 0 failed, 6 skipped\n"), "{out}");
}

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
            "hand 1 of fisher-yates-1-hands into a table",
            "hand 2 of kitchen-table-2-hands",
            "hand 2 of kitchen-table-2-hands into a table"
        ]
    );
    // A hand alone hashes nothing: no limit, no ratio.
    for hand in &results[2..] {
        assert_eq!(hand["sha256_blocks_per_deal"], 0);
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
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("sfc32-lock") || l.starts_with("atout-v1"))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
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
            "--threads: 0 threads, expected 1 or more",
        ),
        (&["bench", "--threads", "two"], "invalid value 'two'"),
    ];
    for (args, message) in cases {
        let o = fairdeal(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}
