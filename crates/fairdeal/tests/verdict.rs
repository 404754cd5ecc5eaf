//! The verdict on receipts: what a matched fingerprint vouches for, the
//! player's hand, and the slips a mismatch is explained by (issue 13).

use fairdeal::core::Fingerprint;
use fairdeal::verdict::{Claim, Failure, Verdict, verify};
use serde_json::{Value, json};

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
const FINGERPRINT: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";
/// Seat 0's cards of README.md's sample receipt (dealer 1).
const YOURS: &str = "Tc 9s 9d Jd Ad";

fn euchremaster(dealer: u64) -> Value {
    json!({"seed": SEED, "cut": "K7 cut", "dealer": dealer})
}

fn scheme(id: &str) -> &'static dyn fairdeal::DynScheme {
    fairdeal::scheme(id).expect("a registered scheme")
}

fn check(id: &str, input: &Value, claim: &Claim) -> Verdict {
    verify(scheme(id), input, claim).expect("a valid receipt")
}

fn refusal(id: &str, input: &Value, claim: &Claim) -> (String, &'static str) {
    let Err(e) = verify(scheme(id), input, claim) else {
        panic!("{id} {input} is refused");
    };
    (e.field().to_owned(), e.kind().code())
}

fn hints(verdict: &Verdict) -> &[String] {
    match verdict {
        Verdict::NotVerified(n) => &n.hints,
        Verdict::Verified(v) => panic!("verified: {v:?}"),
    }
}

#[test]
fn a_matched_fingerprint_vouches_for_the_seed_alone() {
    let claim = Claim {
        fingerprint: Some(FINGERPRINT),
        ..Claim::default()
    };
    let Verdict::Verified(v) = check("euchremaster", &euchremaster(1), &claim) else {
        panic!("the sample receipt verifies");
    };
    assert_eq!(v.commitment, "SHA-256(seed)");
    assert_eq!(v.covered, [("seed", json!(SEED))]);
    assert_eq!(
        v.not_covered,
        [("cut", json!("K7 cut")), ("dealer", json!(1))]
    );
    assert!(v.hands.is_empty());
}

#[test]
fn no_fingerprint_is_no_verdict() {
    let (field, kind) = refusal("euchremaster", &euchremaster(1), &Claim::default());
    assert_eq!((field.as_str(), kind), ("fingerprint", "missing"));
    let claim = Claim {
        fingerprint: Some("616b"),
        ..Claim::default()
    };
    assert_eq!(
        refusal("euchremaster", &euchremaster(1), &claim).0,
        "fingerprint"
    );
}

#[test]
fn your_hand_is_checked_in_any_order() {
    let hand = json!("Ad Jd 9d 9s Tc");
    let claim = Claim {
        fingerprint: Some(FINGERPRINT),
        hand: Some(&hand),
        ..Claim::default()
    };
    let Verdict::Verified(v) = check("euchremaster", &euchremaster(1), &claim) else {
        panic!("seat 0's cards, reordered");
    };
    assert_eq!(v.hands.len(), 1);
    assert_eq!(v.hands[0].deal, 1);
}

#[test]
fn a_wrong_dealer_deals_you_other_cards_and_is_named() {
    let hand = json!(YOURS);
    let claim = Claim {
        fingerprint: Some(FINGERPRINT),
        hand: Some(&hand),
        ..Claim::default()
    };
    let verdict = check("euchremaster", &euchremaster(2), &claim);
    let Verdict::NotVerified(n) = &verdict else {
        panic!("dealer 2 deals seat 0 other cards");
    };
    assert!(matches!(n.failure, Failure::Hand { deal: 1, .. }));
    assert_eq!(
        n.hints,
        ["with dealer 1 instead of 2, these inputs deal you exactly the cards you recorded"]
    );
}

#[test]
fn a_hand_must_be_cards_and_as_many_as_dealt() {
    let fingerprint = Some(FINGERPRINT);
    for (hand, field, kind) in [
        (json!("Tc 9s 9d Jd"), "hand", "length"),
        (json!("Tc 9s 9d Jd Ad As"), "hand", "length"),
        (json!("Tc 9s Xx Jd Ad"), "hand[2]", "value"),
        (json!(["Tc", 9]), "hand[1]", "type"),
        (json!(5), "hand", "type"),
    ] {
        let claim = Claim {
            fingerprint,
            hand: Some(&hand),
            ..Claim::default()
        };
        assert_eq!(
            refusal("euchremaster", &euchremaster(1), &claim),
            (field.to_owned(), kind),
            "{hand}"
        );
    }
}

#[test]
fn a_space_copied_with_a_server_seed_is_the_hint() {
    let seed = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
    let input = json!({"server_seed": format!("{seed} "), "client_seed": "lucky", "nonce": 0});
    let claim = Claim {
        fingerprint: Some("62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225"),
        ..Claim::default()
    };
    let verdict = check("hmac-blackjack", &input, &claim);
    assert_eq!(
        hints(&verdict),
        [format!(
            "the fingerprint matches SHA-256(server_seed) with the server_seed \"{seed}\" \
                 (without its trailing space): it was probably copied by mistake"
        )]
    );
}

#[test]
fn a_seed_hashed_as_bytes_is_the_hint() {
    let seed = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
    let as_bytes = Fingerprint::of(&hex::decode(seed).unwrap()).to_string();
    let input = json!({"server_seed": seed, "client_seed": "lucky", "nonce": 0});
    let claim = Claim {
        fingerprint: Some(&as_bytes),
        ..Claim::default()
    };
    let verdict = check("hmac-blackjack", &input, &claim);
    assert!(
        hints(&verdict)[0].contains("hex digits decoded"),
        "{verdict:?}"
    );
}

#[test]
fn a_nonce_one_off_is_the_hint_for_a_blackjack_hand() {
    let input = |nonce: u64| json!({"server_seed": "s", "client_seed": "c", "nonce": nonce});
    let scheme = fairdeal::scheme("hmac-blackjack").unwrap();
    let trace = scheme.trace_json(&input(5)).unwrap();
    let deck = trace["deck"].as_array().unwrap();
    let first_two = json!([deck[0], deck[2]]);
    let fingerprint = trace["fingerprint"].as_str().unwrap();
    let claim = Claim {
        fingerprint: Some(fingerprint),
        hand: Some(&first_two),
        ..Claim::default()
    };
    assert!(matches!(
        check("hmac-blackjack", &input(5), &claim),
        Verdict::Verified(_)
    ));
    let verdict = check("hmac-blackjack", &input(6), &claim);
    assert!(
        hints(&verdict)
            .iter()
            .any(|h| h.starts_with("with nonce 5 instead of 6")),
        "{verdict:?}"
    );
}

#[test]
fn atout_players_name_their_seat_and_others_cannot() {
    let receipt: Value =
        serde_json::from_str(include_str!("../../../docs/receipts/atout-v1.json")).unwrap();
    let mut input = receipt.clone();
    input.as_object_mut().unwrap().remove("fingerprint");
    let scheme = fairdeal::scheme("atout-v1").unwrap();
    let seat_2 = scheme.trace_json(&input).unwrap()["hands"][2].clone();
    let fingerprint = receipt["fingerprint"].as_str();
    let (two, zero) = (json!(2), json!(0));
    let claim = |seat| Claim {
        fingerprint,
        hand: Some(&seat_2),
        seat,
    };
    assert!(matches!(
        check("atout-v1", &input, &claim(Some(&two))),
        Verdict::Verified(_)
    ));
    let verdict = check("atout-v1", &input, &claim(Some(&zero)));
    assert!(
        hints(&verdict)
            .iter()
            .any(|h| h.starts_with("seat 2 was dealt")),
        "{verdict:?}"
    );
    let sfc32 = json!({"seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12"});
    let lock = Some("565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c");
    let claim = Claim {
        fingerprint: lock,
        seat: Some(&two),
        ..Claim::default()
    };
    assert_eq!(refusal("sfc32-lock", &sfc32, &claim).0, "seat");
}

#[test]
fn a_record_checks_each_hand_it_holds() {
    let receipt: Value =
        serde_json::from_str(include_str!("../../../docs/receipts/showdown.json")).unwrap();
    let scheme = fairdeal::scheme("showdown").unwrap();
    let mut input = receipt.clone();
    input.as_object_mut().unwrap().remove("fingerprint");
    let trace = scheme.trace_json(&input).unwrap();
    let second = trace["deals"][1]["hands"][0].clone();
    input["hands"][1]["hand"] = second;
    let claim = Claim {
        fingerprint: receipt["fingerprint"].as_str(),
        ..Claim::default()
    };
    let Verdict::Verified(v) = check("showdown", &input, &claim) else {
        panic!("hand 2's own cards");
    };
    assert_eq!(v.hands[0].deal, 2);
    input["hands"][1]["hand"] = trace["deals"][0]["hands"][0].clone();
    assert!(matches!(
        check("showdown", &input, &claim),
        Verdict::NotVerified(_)
    ));
}

/// The sample batch of docs/receipts/: each line's verdict, as the batch
/// verifier writes it (a line that is not JSON is the CLI's to refuse).
#[test]
fn the_sample_batch_has_each_verdict() {
    let verdicts: Vec<(&str, Option<String>)> = include_str!("../../../docs/receipts/batch.jsonl")
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .map(|receipt| {
            let outcome = fairdeal::receipt::check(&receipt);
            let error = outcome
                .error
                .map(|e| format!("{} {}", e["field"], e["kind"]));
            (outcome.verdict, outcome.check.or(error))
        })
        .collect();
    let check = |verdict, what: &str| (verdict, Some(what.to_owned()));
    assert_eq!(
        verdicts,
        [
            check("verified", "fingerprint"),
            check("verified", "fingerprint, hand 1"),
            check("verified", "fingerprint"),
            check("verified", "fingerprint"),
            check("verified", "fingerprint"),
            check("verified", "fingerprint"),
            check("verified", "fingerprint"),
            check("not-verified", "hand 1"),
            check("not-verified", "fingerprint"),
            check("invalid", "\"fingerprint\" \"missing\""),
            check("invalid", "\"scheme\" \"value\""),
        ]
    );
}

#[test]
fn a_duo_hand_is_the_seat_s_face_down_and_face_up_cards() {
    let input = json!({"secret": "s", "variant": "duo", "numbers": ["1", "2"], "dealer": 0});
    let scheme = scheme("atout-v1");
    let trace = scheme.trace_json(&input).expect("a duo deal");
    let mut yours: Vec<Value> = trace["hidden"][1].as_array().expect("cards").clone();
    yours.extend(
        trace["visible"][1]
            .as_array()
            .expect("cards")
            .iter()
            .cloned(),
    );
    let (hand, seat) = (Value::Array(yours), json!(1));
    let claim = Claim {
        fingerprint: trace["fingerprint"].as_str(),
        hand: Some(&hand),
        seat: Some(&seat),
    };
    assert!(matches!(
        check("atout-v1", &input, &claim),
        Verdict::Verified(_)
    ));
}
