//! Flags override the `--input` file (README.md), for every key the file
//! may hold: the fingerprint under its name or an alias, `hand`, `seat`,
//! every field; for `verify` of every scheme and `play`/`roll` of every
//! game (issue 22, item 4).

use fairdeal::core::cards::{Card, codes};
use fairdeal::core::info::Player;
use serde_json::{Map, Value, json};

use crate::util::{Scratch, fairdeal, stderr, stdout};

/// Each registered scheme's id and the cards its sample receipt's player
/// was dealt (deal 1's, as the verdict checks a `hand`), from the library:
/// a new scheme is tested without an edit here.
fn samples() -> Vec<(&'static str, String)> {
    fairdeal::SCHEMES
        .iter()
        .map(|scheme| {
            let (input, _) = fairdeal::receipt::split(*scheme, &sample(scheme.id()))
                .expect("the sample receipt splits into its input");
            let computed = scheme.compute(&input).expect("the sample receipt deals");
            let (table, deck) = &computed.view.deals[0];
            let cards: Vec<Card> = match scheme.info().player {
                Player::Seat { default, .. } => table.hands[usize::from(default)].clone(),
                Player::Positions(at) => at.iter().map(|&p| deck[p]).collect(),
            };
            (scheme.id(), codes(&cards))
        })
        .collect()
}

/// Returns the sample receipt of `scheme` as a JSON object.
fn sample(scheme: &str) -> Map<String, Value> {
    let path = crate::util::root().join(format!("docs/receipts/{scheme}.json"));
    let text = std::fs::read_to_string(path).expect("a sample receipt");
    match serde_json::from_str(&text) {
        Ok(Value::Object(map)) => map,
        _ => panic!("{scheme}: a JSON object"),
    }
}

/// Returns the fingerprint of a receipt, under its name or an alias, and
/// the name it has.
fn fingerprint_of(receipt: &Map<String, Value>) -> (String, String) {
    receipt
        .iter()
        .find(|(k, _)| *k == "fingerprint" || *k == "lock")
        .map(|(k, v)| (k.clone(), v.as_str().expect("a text").to_owned()))
        .expect("a fingerprint")
}

/// Runs `fairdeal ARGS` and asserts that it verified.
fn verified(args: &[&str]) {
    let o = fairdeal(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert!(
        stdout(&o).starts_with("VERIFIED"),
        "{args:?}: {}",
        stdout(&o)
    );
}

#[test]
fn the_fingerprint_flag_overrides_the_files_under_any_of_its_names() {
    for (scheme, _) in samples() {
        let receipt = sample(scheme);
        let (name, fingerprint) = fingerprint_of(&receipt);
        let file = Scratch::new(
            "overrides",
            &format!("{scheme}.json"),
            &serde_json::to_vec(&receipt).unwrap(),
        );
        // The same fingerprint, and the flag's other names.
        let mut flags = vec!["--fingerprint".to_owned()];
        let aliases = fairdeal::scheme(scheme).unwrap().info().commitment.aliases;
        flags.extend(aliases.iter().map(|a| format!("--{a}")));
        for flag in &flags {
            verified(&["verify", scheme, "--input", file.path(), flag, &fingerprint]);
        }
        // A fingerprint in the file that does not match is replaced by the
        // flag's, and the flag's is the one checked.
        let mut wrong = receipt.clone();
        wrong.insert(name.clone(), json!("0".repeat(64)));
        let file = Scratch::new(
            "overrides",
            &format!("{scheme}-wrong.json"),
            &serde_json::to_vec(&wrong).unwrap(),
        );
        verified(&[
            "verify",
            scheme,
            "--input",
            file.path(),
            "--fingerprint",
            &fingerprint,
        ]);
        let o = fairdeal(&["verify", scheme, "--input", file.path()]);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{scheme}: the file's own is checked without the flag"
        );
    }
}

#[test]
fn the_hand_and_seat_flags_override_the_files() {
    for (scheme, hand) in samples() {
        let mut receipt = sample(scheme);
        receipt.insert("hand".to_owned(), json!("Jk"));
        let file = Scratch::new(
            "overrides",
            &format!("{scheme}-hand.json"),
            &serde_json::to_vec(&receipt).unwrap(),
        );
        verified(&["verify", scheme, "--input", file.path(), "--hand", &hand]);
        let o = fairdeal(&["verify", scheme, "--input", file.path()]);
        assert_ne!(
            o.status.code(),
            Some(0),
            "{scheme}: the file's own hand is checked without the flag"
        );
    }
    // A scheme whose receipt may name the seat: the sample's seat 1.
    let mut receipt = sample("atout-v1");
    receipt.insert("seat".to_owned(), json!(3));
    receipt.insert("hand".to_owned(), json!("Kh 7c Qc 7s 7d Qh Ac 8d"));
    let file = Scratch::new(
        "overrides",
        "atout-seat.json",
        &serde_json::to_vec(&receipt).unwrap(),
    );
    verified(&["verify", "atout-v1", "--input", file.path(), "--seat", "1"]);
    let o = fairdeal(&["verify", "atout-v1", "--input", file.path()]);
    assert_eq!(o.status.code(), Some(1), "seat 3 has other cards");
}

#[test]
fn a_field_flag_overrides_the_files_field() {
    let mut receipt = sample("euchremaster");
    receipt.insert("dealer".to_owned(), json!(2));
    receipt.insert("hand".to_owned(), json!("Tc 9s 9d Jd Ad"));
    let file = Scratch::new(
        "overrides",
        "dealer.json",
        &serde_json::to_vec(&receipt).unwrap(),
    );
    verified(&[
        "verify",
        "euchremaster",
        "--input",
        file.path(),
        "--dealer",
        "1",
    ]);
    let mut receipt = sample("atout-v1");
    receipt.insert("numbers".to_owned(), json!(["x", "y", "z", "w"]));
    let file = Scratch::new(
        "overrides",
        "numbers.json",
        &serde_json::to_vec(&receipt).unwrap(),
    );
    verified(&[
        "verify",
        "atout-v1",
        "--input",
        file.path(),
        "--number",
        "0=12",
        "--number",
        "1=",
        "--number",
        "2=7",
        "--number",
        "3=",
        "--seat",
        "1",
        "--hand",
        "Kh 7c Qc 7s 7d Qh Ac 8d",
    ]);
}

/// Each game's flags, with seeds of the sample receipt.
fn game_flags(name: &str) -> Vec<&'static str> {
    let mut flags = vec![
        "--server-seed",
        "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59",
        "--client-seed",
        "lucky",
    ];
    flags.extend_from_slice(match name {
        "blackjack" => &["--nonce", "0", "--actions", "S"][..],
        "roulette" => &[],
        "mines" => &["--nonce", "0", "--mines", "3"],
        "case" => &["--nonce", "0", "--rolls", "2"],
        "battle" => &["--players", "2", "--rounds", "3"],
        "plinko" => &["--nonce", "0", "--rows", "8", "--balls", "2"],
        other => panic!("no flags for the game {other}: add them here"),
    });
    flags
}

/// Returns flags as the input file's object (`--server-seed S` as
/// `"server_seed": "S"`; a count as a number).
fn as_object(flags: &[&str]) -> Map<String, Value> {
    flags
        .chunks(2)
        .map(|pair| {
            let value = pair[1]
                .parse::<u64>()
                .map_or_else(|_| json!(pair[1]), |n| json!(n));
            (pair[0].trim_start_matches("--").replace('-', "_"), value)
        })
        .collect()
}

#[test]
fn every_games_fingerprint_flag_overrides_the_files() {
    for (scheme, game) in fairdeal::games() {
        let verb = game.verb.name();
        let flags = game_flags(game.name);
        let mut args = vec![verb, game.name, "--json"];
        args.extend(&flags);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out: Value = serde_json::from_str(&stdout(&o)).unwrap();
        let fingerprint = out["fingerprint"].as_str().unwrap().to_owned();

        let mut receipt = as_object(&flags);
        receipt.insert("fingerprint".to_owned(), json!("0".repeat(64)));
        let file = Scratch::new(
            "overrides",
            &format!("game-{}.json", game.name),
            &serde_json::to_vec(&receipt).unwrap(),
        );
        let mut names = vec!["--fingerprint".to_owned()];
        names.extend(
            scheme
                .info()
                .commitment
                .aliases
                .iter()
                .map(|a| format!("--{a}")),
        );
        for flag in &names {
            let o = fairdeal(&[verb, game.name, "--input", file.path(), flag, &fingerprint]);
            assert_eq!(o.status.code(), Some(0), "{}: {}", game.name, stderr(&o));
            assert!(stdout(&o).starts_with("VERIFIED"), "{}", stdout(&o));
        }
        let o = fairdeal(&[verb, game.name, "--input", file.path()]);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{}: the file's own is checked",
            game.name
        );

        // A field flag over the file's: the file's server seed is wrong.
        receipt.insert("fingerprint".to_owned(), json!(fingerprint));
        receipt.insert("server_seed".to_owned(), json!("not it"));
        let file = Scratch::new(
            "overrides",
            &format!("game-{}-seed.json", game.name),
            &serde_json::to_vec(&receipt).unwrap(),
        );
        let o = fairdeal(&[
            verb,
            game.name,
            "--input",
            file.path(),
            "--server-seed",
            flags[1],
        ]);
        assert_eq!(o.status.code(), Some(0), "{}: {}", game.name, stderr(&o));
    }
}
