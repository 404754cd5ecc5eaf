//! atout-v1: each variant's deal and check, its JSON fields, and the `--number` flag.

use serde_json::Value;

use crate::util::{fairdeal, hand, stderr, stdout};

const ATOUT_SECRET: &str = "n8Fq2VxL7cTz4Rw9";
// `printf '%s' n8Fq2VxL7cTz4Rw9 | sha256sum`
const ATOUT_FINGERPRINT: &str = "762affaa7cbc2c9362bce8b1c112eb6bd16e78b4a8907abfba45d68588dbe6e1";

/// `VERB atout-v1` with the sample secret and the given flags, and for
/// `verify` the secret's fingerprint.
fn atout(verb: &'static str, flags: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec![verb, "atout-v1", "--ascii", "--secret", ATOUT_SECRET];
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
        "--ascii",
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
        out.contains(&format!(
            "seat 1       {}  (taker)\n",
            hand("Kh 7c Qc 7s 7d Qh Ac 8d")
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "seat 3       {}  (dealer)\n",
            hand("9s Td Th 9c 8s Tc Jh Ah")
        )),
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
        out.contains(&format!(
            "seat 2       {}  (dealer)\n",
            hand("Jc Ts 7s 9c Kd")
        )),
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
        out.contains(&format!(
            "seat 1       {}  (dealer, taker)\n",
            hand("Jc Ts 7s 9c Kd Ah 9d Ad")
        )),
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
        out.contains(&format!(
            "hidden (face down)\nseat 0       {}  (you)\nseat 1       {}  (dealer)\n",
            hand("Js 8c Jd Tc Qd Qs 9d As"),
            hand("Qc 9c Kc Ac Ad Th 7c 7s")
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "visible (face up)\nseat 0       {}  (you)\n",
            hand("8h Jc 9h Qh 8s Kd Kh Ks")
        )),
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
    // A receipt file deals too (issue 13): its fingerprint is shown as not
    // checked, never silently dropped.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        v["fingerprint_given"],
        "043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89"
    );
    assert_eq!(v["fingerprint_checked"], false);
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

/// Duo seats two: a receipt's seat is one of the deal's table, and a seat
/// beyond it is refused as not at this table, naming the seats there (not
/// as a hand the record does not hold, and not verified without a hand).
#[test]
fn a_seat_beyond_the_duo_table_is_not_at_this_table() {
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
    let seat_0 = "Js 8c Jd Tc Qd Qs 9d As 8h Jc 9h Qh 8s Kd Kh Ks";
    let mut mine = duo.to_vec();
    mine.extend(["--hand", seat_0, "--seat", "0"]);
    let o = fairdeal(&atout("verify", &mine));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for more in [&["--hand", seat_0, "--seat", "3"][..], &["--seat", "2"][..]] {
        let o = fairdeal(&atout("verify", &with(&duo, more)));
        assert_eq!(o.status.code(), Some(2), "{more:?}: {}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains(&format!(
                "seat: \"seat {}, not at this table\" is not accepted, \
                 expected a seat at this table of 2: seat 0 or seat 1",
                more[more.len() - 1]
            )),
            "{more:?}: {err}"
        );
        assert!(!err.contains("hand 1"), "{err}");
    }
}
