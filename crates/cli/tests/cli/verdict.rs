//! What a verdict means (issue 13): a fingerprint always required, the
//! inputs it does not cover named, the player's own cards checked, slips
//! diagnosed, games verified, receipts in batches, and the player's table.

use serde_json::Value;

use crate::util::{fairdeal, root, stderr, stdout, with_stdin};

const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
const SERVER_SEED: &str = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
const HASHED_SERVER_SEED: &str = "62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225";

fn code(args: &[&str]) -> Option<i32> {
    fairdeal(args).status.code()
}

#[test]
fn no_verify_passes_without_the_fingerprint() {
    // The drawn patterns alone once printed VERIFIED.
    let o = fairdeal(&[
        "verify",
        "showdown",
        HOUSE,
        "the quick brown fox",
        "--hands",
        "3",
        "--patterns",
        "3323,3232,2323",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("fingerprint: missing"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
    // A record without its fingerprint, on stdin.
    let mut record: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("docs/receipts/showdown.json")).expect("receipt"),
    )
    .expect("JSON");
    record
        .as_object_mut()
        .expect("an object")
        .remove("fingerprint");
    let o = with_stdin(
        &["verify", "showdown", "--record", "-"],
        record.to_string().as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("fingerprint: missing"),
        "{}",
        stderr(&o)
    );
    // And a game.
    let o = fairdeal(&[
        "roll",
        "case",
        "--server-seed",
        "s",
        "--client-seed",
        "c",
        "--nonce",
        "0",
        "--rolls",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).contains("fingerprint: not checked"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn verified_names_what_the_fingerprint_does_not_cover() {
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--input",
        "docs/receipts/hmac-blackjack.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "VERIFIED: the fingerprint matches SHA-256(server_seed).\n\
             The revealed server seed is the one committed to before play.\n\
             Not covered by the fingerprint: client_seed \"lucky\", nonce 0. The cards below follow"
        ),
        "{out}"
    );
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--input",
        "docs/receipts/hmac-blackjack.json",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["covered"]["server_seed"], SERVER_SEED);
    assert_eq!(v["not_covered"]["client_seed"], "lucky");
    assert_eq!(v["not_covered"]["nonce"], 0);
}

#[test]
fn your_hand_is_checked_and_a_wrong_dealer_is_the_hint() {
    let receipt = [
        "verify",
        "euchremaster",
        "--input",
        "docs/receipts/euchremaster.json",
    ];
    let with =
        |more: &[&'static str]| -> Vec<&str> { receipt.iter().chain(more).copied().collect() };
    let o = fairdeal(&with(&["--hand", "Ad Jd 9d 9s Tc"]));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Your cards are the ones you recorded: 9♠ 10♣ A♦ J♦ 9♦.\n"),
        "{}",
        stdout(&o)
    );
    let o = fairdeal(&with(&[
        "--hand",
        "Tc 9s 9d Jd Ad",
        "--dealer",
        "2",
        "--ascii",
    ]));
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "NOT VERIFIED: these inputs deal you As Qs Js Qh Ac; you recorded 9s Tc Ad Jd 9d.\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Hint: with dealer 1 instead of 2, these inputs deal you exactly the cards you recorded.\n"),
        "{out}"
    );
    assert!(!out.contains("up-card"), "no deal shown: {out}");
    for (hand, message) in [
        (
            "Tc 9s 9d Jd",
            "hand: 4 given, expected the 5 cards you were dealt",
        ),
        ("Tc 9s 9d Jd Zz", "hand[4]"),
    ] {
        let o = fairdeal(&with(&["--hand", hand]));
        assert_eq!(o.status.code(), Some(2), "{hand}");
        assert!(stderr(&o).contains(message), "{hand}: {}", stderr(&o));
    }
}

#[test]
fn another_seat_is_the_hint_where_the_player_names_a_seat() {
    let o = fairdeal(&[
        "deal",
        "atout-v1",
        "--input",
        "docs/receipts/atout-v1.json",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let seat_2: Vec<&str> = v["hands"][2]
        .as_array()
        .expect("seat 2's cards")
        .iter()
        .map(|c| c.as_str().unwrap_or_default())
        .collect();
    let hand = seat_2.join(" ");
    let args = |seat: &'static str| {
        vec![
            "verify",
            "atout-v1",
            "--input",
            "docs/receipts/atout-v1.json",
            "--hand",
            hand.as_str(),
            "--seat",
            seat,
        ]
    };
    assert_eq!(code(&args("2")), Some(0));
    let o = fairdeal(&args("0"));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("Hint: seat 2 was dealt exactly the cards you recorded"),
        "{}",
        stdout(&o)
    );
    // A scheme whose hand is always the same player's takes no --seat.
    let o = fairdeal(&[
        "verify",
        "euchremaster",
        "--input",
        "docs/receipts/euchremaster.json",
        "--seat",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_space_copied_with_the_server_seed_is_named() {
    let seed = format!("{SERVER_SEED} ");
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--server-seed",
        &seed,
        "--client-seed",
        "lucky",
        "--nonce",
        "0",
        "--fingerprint",
        HASHED_SERVER_SEED,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(&format!(
            "Hint: the fingerprint matches SHA-256(server_seed) with the server_seed \
             \"{SERVER_SEED}\" (without its trailing space): it was probably copied by mistake.\n"
        )),
        "{}",
        stdout(&o)
    );
}

#[test]
fn games_show_their_outcome_only_with_a_matched_fingerprint() {
    let base = [
        "roll",
        "case",
        "--server-seed",
        SERVER_SEED,
        "--client-seed",
        "lucky",
        "--nonce",
        "0",
        "--rolls",
        "2",
        "--fingerprint",
    ];
    let with = |f: &'static str, json: bool| -> Vec<&'static str> {
        let mut args: Vec<&str> = base.to_vec();
        args.push(f);
        if json {
            args.push("--json");
        }
        args
    };
    let o = fairdeal(&with(HASHED_SERVER_SEED, false));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("VERIFIED: the fingerprint matches SHA-256(server_seed)."),
        "{out}"
    );
    // The ticket as the site's JavaScript prints f * 100000.
    assert!(out.contains("tickets      roll 0  u32 "), "{out}");
    let wrong = "043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89";
    let o = fairdeal(&with(wrong, false));
    assert_eq!(o.status.code(), Some(1));
    assert!(!stdout(&o).contains("tickets"), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("NOT VERIFIED"), "{}", stdout(&o));
    let o = fairdeal(&with(wrong, true));
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["verified"], false);
    assert!(v.get("tickets").is_none(), "{v}");
}

#[test]
fn deal_takes_every_sample_receipt_and_says_the_fingerprint_is_unchecked() {
    for scheme in [
        "euchremaster",
        "sfc32-lock",
        "atout-v1",
        "hmac-blackjack",
        "showdown",
    ] {
        let file = format!("docs/receipts/{scheme}.json");
        let o = fairdeal(&["deal", scheme, "--input", &file]);
        assert_eq!(o.status.code(), Some(0), "{scheme}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("fingerprint: not checked."), "{scheme}: {out}");
        assert!(out.contains("(not checked)\n"), "{scheme}: {out}");
        // The player's table fits 100 columns and draws suits.
        assert!(
            out.lines().all(|l| l.chars().count() <= 100),
            "{scheme}: {out}"
        );
        assert!(out.contains('♠') || out.contains('♥'), "{scheme}: {out}");
        assert!(!out.contains('\x1b'), "no colour into a pipe: {out}");
        // --ascii: the method's codes (a site's own labels stay as it
        // prints them).
        let o = fairdeal(&["deal", scheme, "--input", &file, "--ascii"]);
        let deck = stdout(&o)
            .lines()
            .find(|l| l.starts_with("deck "))
            .map(str::to_owned)
            .unwrap_or_default();
        assert!(
            deck.contains('s') && !deck.contains('♠'),
            "{scheme}: {deck}"
        );
    }
}

#[test]
fn a_batch_gives_one_verdict_a_line_and_the_worst_exit_code() {
    let o = fairdeal(&["verify", "--batch", "docs/receipts/batch.jsonl"]);
    assert_eq!(o.status.code(), Some(2), "an invalid line: {}", stderr(&o));
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    let verdicts: Vec<(u64, &str)> = lines
        .iter()
        .map(|v| {
            (
                v["line"].as_u64().unwrap_or(0),
                v["verdict"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(verdicts.len(), 12);
    assert_eq!(verdicts[0], (1, "verified"));
    assert_eq!(verdicts[7], (8, "not-verified"));
    assert_eq!(verdicts[10], (11, "invalid"), "a line that is not JSON");
    assert_eq!(lines[9]["error"]["field"], "fingerprint");
    assert_eq!(lines[7]["check"], "hand 1");
    assert!(
        stderr(&o).contains("12 receipts: 7 verified, 2 not verified, 3 invalid"),
        "{}",
        stderr(&o)
    );
    // Only verified and not-verified lines: exit 1; only verified: exit 0.
    let text = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("batch");
    let first: Vec<&str> = text.lines().collect();
    let o = with_stdin(
        &["verify", "--batch", "-"],
        first[..9].join("\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = with_stdin(
        &["verify", "--batch", "-"],
        first[..7].join("\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 7);
}
