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
    assert_eq!(v[1]["id"], "hmac-blackjack");
    assert_eq!(v[1]["games"][0]["name"], "blackjack");
    assert_eq!(v[1]["games"][0]["verb"], "play");
    assert_eq!(v[1]["games"][0]["fields"][3]["name"], "actions");
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
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
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
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["fingerprint", "hands", "dealer", "net"]);
    let hand: Vec<&str> = v["hands"][1]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
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
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["fingerprint", "randoms", "slot", "outcome"]);

    let (out, v) = roll("mines", &["--nonce", "3", "--mines", "24"]);
    assert_eq!(out.matches("MINE").count(), 24, "{out}");
    assert_eq!(v["mines"].as_array().unwrap().len(), 24);
    assert_eq!(v["board"].as_array().unwrap().len(), 5);

    let (out, v) = roll("case", &["--nonce", "3", "--rolls", "4"]);
    assert_eq!(out.matches("roll ").count(), 4, "{out}");
    let ticket: Vec<&str> = v["tickets"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
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
