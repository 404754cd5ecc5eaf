//! Forgiving input, strict verdict (issue 22, item 3): cards and blackjack
//! actions read in every form a person writes them; whitespace copied
//! around a hex value named beside its refusal, never trimmed; a phrase or
//! a nonce slip named with the value that verifies; the card that differs
//! marked.

use fairdeal::receipt::check;
use fairdeal::verdict::{Claim, Failure, Verdict, verify};
use serde_json::{Value, json};

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
const FINGERPRINT: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";
const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
const HOUSE_FINGERPRINT: &str = "ebd913807f693cca350eedfb1fb5711ee56e2237d7ffcdf35e1f1a8dacb45232";
const SFC32_SEED: &str = "340cbd92ae497b96429e4f63942c9dfa";
/// The lock of `SFC32_SEED` and the nonce `hand-12`.
const LOCK: &str = "565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c";
const REPLAY_SEED: &str = "0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333";

fn scheme(id: &str) -> &'static dyn fairdeal::DynScheme {
    fairdeal::scheme(id).expect("a registered scheme")
}

/// README.md's sample EuchreMaster receipt (seat 0 holds Tc 9s 9d Jd Ad).
fn sample() -> Value {
    json!({"seed": SEED, "cut": "K7 cut", "dealer": 1})
}

fn with_hand(hand: &Value) -> Result<Verdict, fairdeal::Error> {
    let claim = Claim {
        fingerprint: Some(FINGERPRINT),
        hand: Some(hand),
        ..Claim::default()
    };
    verify(scheme("euchremaster"), &sample(), &claim)
}

fn hints(verdict: &Verdict) -> Vec<String> {
    match verdict {
        Verdict::NotVerified(n) => n.hints.clone(),
        Verdict::Verified(v) => panic!("verified: {v:?}"),
    }
}

/// Returns the receipt as a batch line reads it, with `fields` put over it.
fn receipt(base: &Value, fields: &Value) -> Value {
    let mut out = base.clone();
    for (k, v) in fields.as_object().expect("an object") {
        out[k] = v.clone();
    }
    out
}

#[test]
fn your_hand_is_read_in_every_form_a_person_writes_it() {
    // Before, each of these was refused: `hand[0]: "10♣" is not accepted`.
    for hand in [
        json!("10♣ 9♠ 9♦ J♦ A♦"),
        json!("10c 9s 9d jd ad"),
        json!("TC,9S,9D,JD,AD"),
        json!("tc, 9s, 9d, jd, ad"),
        json!("♣10 ♠9 ♦9 ♦J ♦A"),
        json!("10♧ 9♤ 9♢ J♢ A♢"),
        json!("10♣, 9♠ 9♦,J♦ A♦\n"),
        json!(["10♣", "9s", "9D", "j♦", "♦A"]),
    ] {
        assert!(
            matches!(with_hand(&hand), Ok(Verdict::Verified(_))),
            "{hand}: {:?}",
            with_hand(&hand)
        );
    }
}

#[test]
fn a_card_that_is_none_of_the_forms_is_refused_naming_its_position() {
    for (hand, field) in [
        (json!("10♣ 9♠ 1♦ J♦ A♦"), "hand[2]"),
        (json!("10♣ 9♠ 9♦ J♦ A♦♦"), "hand[4]"),
        (json!(["10♣", "9♠", "9♦", "J♦", "Ax"]), "hand[4]"),
    ] {
        let e = with_hand(&hand).expect_err("refused");
        assert_eq!((e.field(), e.kind().code()), (field, "value"), "{hand}");
        assert!(
            e.to_string()
                .contains("expected a card: rank 2-10, J, Q, K or A (T for 10)"),
            "{e}"
        );
    }
    let e = with_hand(&json!("10♣ 9♠ 9♦ J♦")).expect_err("four cards");
    assert_eq!((e.field(), e.kind().code()), ("hand", "length"));
}

#[test]
fn a_blackjack_hand_and_a_record_hand_take_the_same_forms() {
    let input = json!({"server_seed": "s", "client_seed": "c", "nonce": 5});
    let blackjack = scheme("hmac-blackjack");
    let trace = blackjack.trace_json(&input).expect("a shoe");
    let symbols = |code: &Value| {
        let code = code.as_str().expect("a code");
        let rank = code[..1].replace('T', "10").to_lowercase();
        let suit = match &code[1..] {
            "c" => "♣",
            "d" => "♦",
            "h" => "♥",
            _ => "♠",
        };
        format!("{suit}{rank}")
    };
    let hand = json!(format!(
        "{}, {}",
        symbols(&trace["deck"][2]),
        symbols(&trace["deck"][0])
    ));
    let claim = Claim {
        fingerprint: trace["fingerprint"].as_str(),
        hand: Some(&hand),
        ..Claim::default()
    };
    assert!(
        matches!(verify(blackjack, &input, &claim), Ok(Verdict::Verified(_))),
        "{hand}"
    );
    // A record's own hands.
    let mut record: Value =
        serde_json::from_str(include_str!("../../../docs/receipts/showdown.json")).unwrap();
    let fingerprint = record
        .as_object_mut()
        .unwrap()
        .remove("fingerprint")
        .unwrap();
    let showdown = scheme("showdown");
    let dealt = showdown.trace_json(&record).unwrap()["deals"][1]["hands"][0].clone();
    let written: Vec<String> = dealt
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_lowercase())
        .collect();
    record["hands"][1]["hand"] = json!(written.join(","));
    let claim = Claim {
        fingerprint: fingerprint.as_str(),
        ..Claim::default()
    };
    assert!(matches!(
        verify(showdown, &record, &claim),
        Ok(Verdict::Verified(_))
    ));
}

#[test]
fn blackjack_actions_are_read_in_any_case_and_separator() {
    // Vector case `dealer-soft-17-after-draw`: hit, then stand.
    let round = json!({
        "scheme": "hmac-blackjack",
        "game": "blackjack",
        "server_seed": REPLAY_SEED,
        "client_seed": "replay",
        "nonce": 164,
        "fingerprint": "7a7f7f9e6773ac54ad5c543ea103b9fd7308abe702a9d41d200fe441b3e00428",
    });
    // Before, all but `HS` were refused (`actions[0]: "h" is not accepted`).
    for actions in [
        "HS",
        "hs",
        "h s",
        "H,S",
        "H, S",
        "hit stand",
        "hit, stand",
        "Hit,STAND",
    ] {
        let outcome = check(&receipt(&round, &json!({ "actions": actions })));
        assert_eq!(outcome.verdict, "verified", "{actions}: {outcome:?}");
    }
    let outcome = check(&receipt(&round, &json!({"actions": "hit, x"})));
    assert_eq!(outcome.verdict, "invalid");
    let error = outcome.error.expect("the refusal");
    assert_eq!(
        (&error["field"], &error["kind"]),
        (&json!("actions[1]"), &json!("value"))
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("as letters (HS) or words (hit stand)"),
        "{error}"
    );
    // The game itself, as a vector runs it, takes the letters alone.
    let (_, game) = fairdeal::game("blackjack").unwrap();
    let input = json!({"server_seed": REPLAY_SEED, "client_seed": "replay", "nonce": 164, "actions": "h s"});
    assert_eq!((game.run)(&input, None).unwrap_err().field(), "actions[0]");
}

#[test]
fn whitespace_around_a_hex_value_is_named_beside_the_refusal() {
    let base = receipt(
        &sample(),
        &json!({"scheme": "euchremaster", "fingerprint": FINGERPRINT}),
    );
    let showdown: Value = {
        let mut r: Value =
            serde_json::from_str(include_str!("../../../docs/receipts/showdown.json")).unwrap();
        r["scheme"] = json!("showdown");
        r
    };
    for (receipt, field, message, hint) in [
        (
            receipt(&base, &json!({"seed": format!("{SEED} ")})),
            "seed",
            "seed: character 65 is 0x20, expected a hexadecimal digit (0-9, a-f, A-F)",
            "the seed ends with a space (0x20): remove it; nothing is trimmed, since the \
             fingerprint is over the exact text",
        ),
        (
            receipt(&base, &json!({"seed": format!("\t{SEED}")})),
            "seed",
            "seed: character 1 is 0x09, expected a hexadecimal digit (0-9, a-f, A-F)",
            "the seed starts with a tab (0x09): remove it; nothing is trimmed, since the \
             fingerprint is over the exact text",
        ),
        (
            receipt(&showdown, &json!({"house_seed": format!("{HOUSE}\n")})),
            "house_seed",
            "house_seed: character 65 is 0x0A, expected a hexadecimal digit (0-9, a-f, A-F)",
            "the house seed ends with a newline (0x0A): remove it; nothing is trimmed, since \
             the fingerprint is over the exact text",
        ),
        (
            receipt(&base, &json!({"fingerprint": format!(" {FINGERPRINT}")})),
            "fingerprint",
            "fingerprint: character 1 is 0x20, expected a hexadecimal digit (0-9, a-f, A-F)",
            "the fingerprint starts with a space (0x20): remove it; nothing is trimmed: a \
             fingerprint is exactly its 64 digits",
        ),
        (
            receipt(&base, &json!({"fingerprint": format!("{FINGERPRINT}\r\n")})),
            "fingerprint",
            "fingerprint: character 65 is 0x0D, expected a hexadecimal digit (0-9, a-f, A-F)",
            "the fingerprint ends with a carriage return and a newline (0x0D 0x0A): remove \
             them; nothing is trimmed: a fingerprint is exactly its 64 digits",
        ),
    ] {
        let outcome = check(&receipt);
        assert_eq!(outcome.verdict, "invalid", "{receipt}");
        let error = outcome.error.expect("the refusal");
        // The refusal is as before; the hint is beside it.
        assert_eq!(
            (&error["field"], &error["kind"], &error["message"]),
            (&json!(field), &json!("character"), &json!(message))
        );
        assert_eq!(outcome.hints, [hint]);
    }
}

/// The site's command line for Euchre Showdown as a record: three hands,
/// each pattern given (README.md, vector case computer-patterns-given).
fn three_hands(phrase: &str) -> Value {
    json!({
        "house_seed": HOUSE,
        "phrase": phrase,
        "rules": {"shuffle": "fisher-yates", "cut": false},
        "hands": [{"pattern": "3323"}, {"pattern": "3232"}, {"pattern": "2323"}],
    })
}

fn showdown(input: &Value) -> Result<Verdict, fairdeal::Error> {
    let claim = Claim {
        fingerprint: Some(HOUSE_FINGERPRINT),
        ..Claim::default()
    };
    verify(scheme("showdown"), input, &claim)
}

#[test]
fn a_phrase_slip_is_named_with_the_phrase_that_verifies() {
    assert!(matches!(
        showdown(&three_hands("the quick brown fox")),
        Ok(Verdict::Verified(_))
    ));
    // Before, a pattern that did not match, and no hint.
    for (given, what) in [
        ("\"the quick brown fox\"", "without its quotes"),
        ("'the quick brown fox'", "without its quotes"),
        ("the quick brown fox ", "without its trailing space"),
        ("The quick brown fox", "in lower case"),
        ("THE QUICK BROWN FOX", "in lower case"),
        (
            "\"the quick brown fox\"\n",
            "without its quotes and the whitespace around them",
        ),
    ] {
        let verdict = showdown(&three_hands(given)).expect("a verdict");
        let Verdict::NotVerified(n) = &verdict else {
            panic!("{given:?} verified");
        };
        assert!(matches!(n.failure, Failure::Record(_)), "{given:?}");
        assert_eq!(
            hints(&verdict),
            [format!(
                "with the phrase \"the quick brown fox\" ({what}), the record holds: every \
                 value it gives is the one the method draws"
            )],
            "{given:?}"
        );
    }
    // A phrase that the hands' patterns then refuse: the hint is beside
    // the refusal (the sample record gives only your own hands' patterns).
    let mut record: Value =
        serde_json::from_str(include_str!("../../../docs/receipts/showdown.json")).unwrap();
    record.as_object_mut().unwrap().remove("fingerprint");
    record["phrase"] = json!("cut please ");
    let e = showdown(&record).expect_err("another dealer's hand lacks its pattern");
    assert_eq!(
        (e.field(), e.kind().code()),
        ("hands[2].pattern", "missing")
    );
    assert_eq!(
        e.hints(),
        [
            "with the phrase \"cut please\" (without its trailing space), these inputs are \
          accepted and verified"
        ]
    );
}

#[test]
fn a_nonce_one_off_or_without_its_prefix_is_named_with_the_nonce_that_verifies() {
    let sfc32 = |nonce: &str| {
        let claim = Claim {
            fingerprint: Some(LOCK),
            ..Claim::default()
        };
        let input = json!({"seed": SFC32_SEED, "nonce": nonce});
        verify(scheme("sfc32-lock"), &input, &claim).expect("a verdict")
    };
    assert!(matches!(sfc32("hand-12"), Verdict::Verified(_)));
    // Before, a lock that did not match, and no hint.
    for (given, what, why) in [
        ("hand-13", "one less", "check which hand the receipt is of"),
        ("hand-11", "one more", "check which hand the receipt is of"),
        (
            "12",
            "with the prefix \"hand-\"",
            "the site writes the value with its prefix",
        ),
        (
            "Hand-12",
            "in lower case",
            "the site hashes the text exactly as it shows it",
        ),
        (
            "\"hand-12\"",
            "without its quotes",
            "it was probably copied by mistake",
        ),
    ] {
        assert_eq!(
            hints(&sfc32(given)),
            [format!(
                "the fingerprint matches SHA-256(seed:nonce) with the nonce \"hand-12\" \
                 ({what}): {why}"
            )],
            "{given}"
        );
    }
    assert!(hints(&sfc32("hand-15")).is_empty());
}

#[test]
fn the_card_that_differs_is_marked() {
    let verdict = with_hand(&json!("9d Jd Kd Tc 9s")).expect("a verdict");
    let Verdict::NotVerified(n) = &verdict else {
        panic!("a hand that differs");
    };
    let Failure::Hand {
        dealt,
        recorded,
        dealt_differs,
        recorded_differs,
        ..
    } = &n.failure
    else {
        panic!("{:?}", n.failure);
    };
    // Seat 0 is dealt Tc 9s 9d Jd Ad, in that order; a card recorded in
    // any order is marked only if it was not dealt.
    assert_eq!(fairdeal::core::cards::codes(dealt), "Tc 9s 9d Jd Ad");
    assert_eq!(dealt_differs, &[false, false, false, false, true]);
    assert_eq!(fairdeal::core::cards::codes(recorded), "9d Jd Kd Tc 9s");
    assert_eq!(recorded_differs, &[false, false, true, false, false]);
    // The page reads the flags from the verdict's JSON.
    let json = serde_json::to_value(&verdict).unwrap();
    assert_eq!(
        json["failure"]["dealt_differs"],
        json!([false, false, false, false, true])
    );
    assert_eq!(
        json["failure"]["recorded_differs"],
        json!([false, false, true, false, false])
    );
}
