//! hmac-blackjack's games: `play blackjack` and `roll`, their input files and bad inputs.

use std::process::Output;

use serde_json::Value;

use crate::util::{fairdeal, keys_of, stderr, stdout};

/// The seeds of the blackjack replay vectors.
const REPLAY_SEED: &str = "0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333";

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
    assert_eq!(
        keys,
        [
            "fingerprint",
            "hands",
            "dealer",
            "net",
            "fingerprint_checked"
        ]
    );
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
    assert_eq!(
        keys,
        [
            "fingerprint",
            "randoms",
            "slot",
            "outcome",
            "fingerprint_checked"
        ]
    );

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
