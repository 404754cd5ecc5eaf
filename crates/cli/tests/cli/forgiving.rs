//! Forgiving input, strict verdict (issue 22, item 3): `--hand` and
//! `--actions` in every form a person writes them; whitespace around a hex
//! value named in a hint beside the refusal (exit 2, and `--batch`); a
//! phrase or nonce slip named; the card that differs marked, in English.

use serde_json::Value;

use crate::util::{fairdeal, stderr, stdout, with_stdin};

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
const FINGERPRINT: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";
const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
const HOUSE_FINGERPRINT: &str = "ebd913807f693cca350eedfb1fb5711ee56e2237d7ffcdf35e1f1a8dacb45232";
const LOCK: &str = "565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c";
const REPLAY_SEED: &str = "0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333";

fn euchremaster(seed: &str, fingerprint: &str, more: &[&str]) -> std::process::Output {
    let mut args = vec![
        "verify",
        "euchremaster",
        "--seed",
        seed,
        "--cut",
        "K7 cut",
        "--dealer",
        "1",
        "--fingerprint",
        fingerprint,
    ];
    args.extend_from_slice(more);
    fairdeal(&args)
}

#[test]
fn hand_takes_cards_as_displayed_and_as_typed() {
    for hand in [
        "10♣ 9♠ 9♦ J♦ A♦",
        "10c 9s 9d jd ad",
        "tc,9s,9d,jd,ad",
        "TC, 9S, 9D, JD, AD",
        "♣10 ♠9 ♦9 ♦J ♦A",
    ] {
        let o = euchremaster(SEED, FINGERPRINT, &["--hand", hand]);
        assert_eq!(o.status.code(), Some(0), "{hand}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("Your cards are the ones you recorded: 9♠ 10♣ A♦ J♦ 9♦.\n"),
            "{hand}: {}",
            stdout(&o)
        );
    }
    let o = euchremaster(SEED, FINGERPRINT, &["--hand", "10♣ 9♠ 9♦ J♦ 1♦"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "error: hand[4]: \"1♦\" is not accepted, expected a card: rank 2-10, J, Q, K or A \
             (T for 10) and suit c d h s or ♣ ♦ ♥ ♠"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn play_blackjack_takes_actions_in_any_case_and_separator() {
    // Vector case `dealer-soft-17-after-draw`: hit, then stand.
    for actions in ["HS", "h s", "H,S", "hit stand", "hit, stand"] {
        for fingerprint in [
            None,
            Some("7a7f7f9e6773ac54ad5c543ea103b9fd7308abe702a9d41d200fe441b3e00428"),
        ] {
            let mut args = vec![
                "play",
                "blackjack",
                "--server-seed",
                REPLAY_SEED,
                "--client-seed",
                "replay",
                "--nonce",
                "164",
                "--actions",
                actions,
            ];
            args.extend(fingerprint.iter().flat_map(|f| ["--fingerprint", f]));
            let o = fairdeal(&args);
            assert_eq!(o.status.code(), Some(0), "{actions}: {}", stderr(&o));
            assert!(
                stdout(&o).contains("hands        2s 6d As  total 19  soft  bet 1  outcome win"),
                "{actions}: {}",
                stdout(&o)
            );
        }
    }
    let o = fairdeal(&[
        "play",
        "blackjack",
        "--server-seed",
        REPLAY_SEED,
        "--client-seed",
        "replay",
        "--nonce",
        "164",
        "--actions",
        "hit, stnd",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("error: actions[2]: \"t\" is not accepted, expected H (hit), S (stand)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn whitespace_around_a_hex_value_is_named_in_a_hint_beside_the_refusal() {
    let seed_space = format!("{SEED} ");
    let fingerprint_tab = format!("\t{FINGERPRINT}");
    for (seed, fingerprint, refusal, hint) in [
        (
            seed_space.as_str(),
            FINGERPRINT,
            "error: seed: character 65 is 0x20, expected a hexadecimal digit (0-9, a-f, A-F)\n",
            "hint: the seed ends with a space (0x20): remove it; nothing is trimmed, since the \
             fingerprint is over the exact text\n",
        ),
        (
            SEED,
            fingerprint_tab.as_str(),
            "error: fingerprint: character 1 is 0x09, expected a hexadecimal digit (0-9, a-f, A-F)\n",
            "hint: the fingerprint starts with a tab (0x09): remove it; nothing is trimmed: a \
             fingerprint is exactly its 64 digits\n",
        ),
    ] {
        let o = euchremaster(seed, fingerprint, &[]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(stderr(&o), format!("{refusal}{hint}"));
    }
    let house_newline = format!("{HOUSE}\n");
    let o = fairdeal(&[
        "verify",
        "showdown",
        &house_newline,
        "the quick brown fox",
        "--hands",
        "1",
        "--patterns",
        "3323",
        "--fingerprint",
        HOUSE_FINGERPRINT,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).ends_with(
            "\nhint: the house seed ends with a newline (0x0A): remove it; nothing is trimmed, \
             since the fingerprint is over the exact text\n"
        ),
        "{}",
        stderr(&o)
    );
    // A batch line's verdict carries the hint beside the refusal.
    let lines = [
        format!(
            r#"{{"scheme": "euchremaster", "seed": "{SEED} ", "cut": "K7 cut", "dealer": 1, "fingerprint": "{FINGERPRINT}"}}"#
        ),
        format!(
            r#"{{"scheme": "euchremaster", "seed": "{SEED}", "cut": "K7 cut", "dealer": 1, "fingerprint": "{FINGERPRINT}\n"}}"#
        ),
    ];
    let o = with_stdin(&["verify", "--batch", "-"], lines.join("\n").as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let verdicts: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(verdicts[0]["error"]["field"], "seed");
    assert_eq!(
        verdicts[0]["hints"][0],
        "the seed ends with a space (0x20): remove it; nothing is trimmed, since the \
         fingerprint is over the exact text"
    );
    assert_eq!(verdicts[1]["error"]["kind"], "character");
    assert_eq!(
        verdicts[1]["hints"][0],
        "the fingerprint ends with a newline (0x0A): remove it; nothing is trimmed: a \
         fingerprint is exactly its 64 digits"
    );
}

#[test]
fn a_phrase_slip_is_the_hint_when_the_house_seed_matched() {
    for (phrase, what) in [
        ("\"the quick brown fox\"", "without its quotes"),
        ("the quick brown fox ", "without its trailing space"),
        ("The quick brown fox", "in lower case"),
    ] {
        let o = fairdeal(&[
            "verify",
            "showdown",
            HOUSE,
            phrase,
            "--hands",
            "3",
            "--patterns",
            "3323,3232,2323",
            "--fingerprint",
            HOUSE_FINGERPRINT,
        ]);
        assert_eq!(o.status.code(), Some(1), "{phrase}");
        let out = stdout(&o);
        assert!(
            out.contains(&format!(
                "Hint: with the phrase \"the quick brown fox\" ({what}), the record holds: every \
                 value it gives is the one the method draws.\n\
                 The fingerprint matches, so the difference is in the inputs it does not cover, \
                 or in the record.\n"
            )),
            "{phrase}: {out}"
        );
        // The house seed matched: the words say so, not that it did not.
        assert!(!out.contains("do not match what was committed"), "{out}");
    }
}

#[test]
fn a_nonce_slip_is_the_hint_when_the_lock_does_not_match() {
    for (nonce, what) in [
        ("hand-13", "one less): check which hand the receipt is of"),
        ("hand-11", "one more): check which hand the receipt is of"),
        (
            "12",
            "with the prefix \"hand-\"): the site writes the value with its prefix",
        ),
    ] {
        let o = fairdeal(&[
            "verify",
            "sfc32-lock",
            "--seed",
            "340cbd92ae497b96429e4f63942c9dfa",
            "--nonce",
            nonce,
            "--lock",
            LOCK,
        ]);
        assert_eq!(o.status.code(), Some(1), "{nonce}");
        assert!(
            stdout(&o).contains(&format!(
                "Hint: the fingerprint matches SHA-256(seed:nonce) with the nonce \"hand-12\" \
                 ({what}.\n"
            )),
            "{nonce}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn the_card_that_differs_is_marked_in_english() {
    let o = euchremaster(SEED, FINGERPRINT, &["--hand", "Tc 9s 9d Jd Kd", "--ascii"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "NOT VERIFIED: these inputs deal you 9s Tc [Ad] Jd 9d; you recorded 9s Tc [Kd] Jd 9d.\n\
         One card differs, in brackets: these inputs deal you Ad where you recorded Kd.\n\
         The fingerprint matches, so the difference is in the inputs it does not cover, or in \
         the cards recorded.\n"
    );
    let o = euchremaster(SEED, FINGERPRINT, &["--hand", "Tc 9s Qd Jd Kd"]);
    assert!(
        stdout(&o).starts_with(
            "NOT VERIFIED: these inputs deal you 9♠ 10♣ [A♦] [9♦] J♦; you recorded 9♠ 10♣ [K♦] \
             [Q♦] J♦.\n2 of the 5 cards differ, in brackets.\n"
        ),
        "{}",
        stdout(&o)
    );
    let o = euchremaster(SEED, FINGERPRINT, &["--hand", "Tc 9s 9d Jd Kd", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        v["failure"]["recorded_differs"],
        serde_json::json!([false, false, false, false, true])
    );
}
