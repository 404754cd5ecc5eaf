//! Generated histories: fair ones of every scheme are consistent; planted
//! reused seeds, repeated deals, nonce gaps and repeats and a broken chain
//! are each found on their lines; CSV and JSONL give the same report.

use fairdeal_history::{Report, Verdict, history_text};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

/// `digits` hex digits of SHA-256 of `label` and `i`: a fresh seed each.
fn hex(label: &str, i: u64, digits: usize) -> String {
    let hash = Sha256::digest(format!("{label} {i}"));
    let text: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    text[..digits].to_owned()
}

/// The receipt of `input` of `scheme`, with its true fingerprint.
fn receipt(scheme: &str, input: Value) -> Value {
    let s = fairdeal::scheme(scheme).expect("a scheme");
    let fingerprint = s
        .compute(&input)
        .expect("accepted")
        .view
        .fingerprint
        .to_string();
    let Value::Object(mut object) = input else {
        panic!("an object");
    };
    object.insert("scheme".to_owned(), json!(scheme));
    object.insert("fingerprint".to_owned(), json!(fingerprint));
    Value::Object(object)
}

/// Receipt `i` of a fair history of `scheme`: a fresh seed each (a fresh
/// server seed every 50 nonces for hmac-blackjack).
fn fair(scheme: &str, i: u64) -> Value {
    let input = match scheme {
        "euchremaster" => json!({"seed": hex(scheme, i, 64), "cut": "K7 cut", "dealer": i % 4}),
        "sfc32-lock" => json!({"seed": hex(scheme, i, 32), "nonce": format!("hand-{i}")}),
        // Coinche: belote's hands are chosen by the bidding, not tested.
        "atout-v1" => json!({"secret": hex(scheme, i, 16), "variant": "coinche",
                             "numbers": ["12", "", "7", ""]}),
        "hmac-blackjack" => json!({"server_seed": hex(scheme, i / 50, 64),
                                   "client_seed": "lucky", "nonce": i % 50}),
        "showdown" => {
            // A hand the player deals needs the pattern chosen; another's
            // may give none.
            let s = fairdeal::scheme(scheme).expect("a scheme");
            [json!({}), json!({"pattern": "3232"})]
                .into_iter()
                .map(|hand| {
                    json!({"house_seed": hex(scheme, i, 64), "phrase": "cut please",
                           "rules": {"shuffle": "fisher-yates", "cut": false},
                           "hands": [hand]})
                })
                .find(|input| {
                    s.compute(input)
                        .is_ok_and(|c| c.checks.iter().all(|c| c.ok))
                })
                .expect("a pattern drawn")
        }
        other => panic!("no generator for {other}"),
    };
    receipt(scheme, input)
}

/// The receipts as JSONL, after one blank line: their lines are those of
/// the same receipts as CSV under a header.
fn jsonl(receipts: &[Value]) -> String {
    let mut text = String::from("\n");
    for r in receipts {
        text.push_str(&r.to_string());
        text.push('\n');
    }
    text
}

/// The receipts as CSV: a header naming every key, a JSON value as its
/// JSON text, a text as it is.
fn csv(receipts: &[Value]) -> String {
    let mut names: Vec<String> = Vec::new();
    for r in receipts {
        for k in r.as_object().expect("an object").keys() {
            if !names.contains(k) {
                names.push(k.clone());
            }
        }
    }
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(&names).expect("header");
    for r in receipts {
        let row: Vec<String> = names
            .iter()
            .map(|n| match r.get(n) {
                None => String::new(),
                Some(Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
            })
            .collect();
        out.write_record(&row).expect("row");
    }
    String::from_utf8(out.into_inner().expect("written")).expect("UTF-8")
}

fn report(receipts: &[Value]) -> Report {
    history_text(&jsonl(receipts)).expect("a history")
}

/// Each finding's kind and lines.
fn found(report: &Report) -> Vec<(&'static str, Vec<u64>)> {
    report
        .findings
        .iter()
        .map(|f| (f.kind, f.lines.clone()))
        .collect()
}

const SCHEMES: [&str; 5] = [
    "euchremaster",
    "sfc32-lock",
    "atout-v1",
    "hmac-blackjack",
    "showdown",
];

/// Receipts of each scheme's fair history: enough for every test of the
/// cards to be made (a chi-squared test waits for 5 of each class).
const FAIR: u64 = 2000;

#[test]
fn a_fair_history_of_every_scheme_is_consistent() {
    for scheme in SCHEMES {
        let receipts: Vec<Value> = (0..FAIR).map(|i| fair(scheme, i)).collect();
        let r = report(&receipts);
        assert_eq!((r.receipts, r.verified), (FAIR, FAIR), "{scheme}");
        assert_eq!(found(&r), [], "{scheme}");
        // Its cards were tested, each test over every hand.
        assert!(r.tests.len() >= 2, "{scheme}: {}", r.text());
        assert!(
            r.tests
                .iter()
                .all(|t| t.scheme == scheme && t.hands == FAIR)
        );
        assert_eq!(r.verdict, Verdict::Consistent, "{scheme}: {}", r.text());
        assert!(r.text().contains("Verdict: consistent with a fair deal"));
    }
    let all: Vec<Value> = SCHEMES
        .iter()
        .flat_map(|s| (0..40).map(move |i| fair(s, i)))
        .collect();
    assert_eq!(report(&all).verdict, Verdict::Consistent);
}

#[test]
fn a_reused_seed_and_a_repeated_deal_are_found_on_their_lines() {
    let mut receipts: Vec<Value> = (0..6).map(|i| fair("euchremaster", i)).collect();
    // Line 8 (the blank first line, then receipts from line 2): receipt
    // 2's seed again, another seat dealing.
    let mut reused = fair("euchremaster", 2);
    let o = reused.as_object_mut().expect("an object");
    o.remove("scheme");
    o.remove("fingerprint");
    o.insert("dealer".to_owned(), json!(3));
    receipts.push(receipt("euchremaster", reused));
    // Line 9: receipt 4 again.
    receipts.push(fair("euchremaster", 4));
    let r = report(&receipts);
    assert_eq!(
        found(&r),
        [("seed-reused", vec![4, 8]), ("deal-repeated", vec![6, 9])]
    );
    assert_eq!(r.verdict, Verdict::Suspicious);
    assert!(
        r.text()
            .contains("suspicious: seed-reused (1), deal-repeated (1)"),
        "{}",
        r.text()
    );
}

#[test]
fn nonce_gaps_and_repeats_are_found_per_pair_of_seeds() {
    // Nonces 0, 1, 2, 5, 1 of one pair (lines 2 to 6), 0 and 2 of another
    // (lines 7 and 8).
    let mut receipts: Vec<Value> = [0, 1, 2, 5, 1]
        .iter()
        .map(|&n| fair("hmac-blackjack", n))
        .collect();
    receipts.extend([50, 52].iter().map(|&n| fair("hmac-blackjack", n)));
    let r = report(&receipts);
    assert_eq!(
        found(&r),
        [
            ("deal-repeated", vec![3, 6]),
            ("nonce-repeated", vec![3, 6]),
            ("nonce-gap", vec![4, 5]),
            ("nonce-gap", vec![7, 8]),
        ]
    );
    let gaps: Vec<&str> = r.findings[2..].iter().map(|f| f.message.as_str()).collect();
    assert!(
        gaps[0].starts_with("nonces 3 to 4 are missing between lines 4 and 5"),
        "{gaps:?}"
    );
    assert!(
        gaps[1].starts_with("nonce 1 is missing between lines 7 and 8"),
        "{gaps:?}"
    );
    // The same receipts in another order: the same findings, on their new
    // lines.
    let mut shuffled = receipts.clone();
    shuffled.reverse();
    let kinds: Vec<&str> = report(&shuffled).findings.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        ["deal-repeated", "nonce-repeated", "nonce-gap", "nonce-gap"]
    );
}

#[test]
fn a_chain_with_a_period_missing_is_broken_in_any_order() {
    // Periods 0 to 4, each announcing the next; period 2 left out.
    let period = |p: u64| {
        let mut r = fair("hmac-blackjack", p * 50);
        let next = fair("hmac-blackjack", (p + 1) * 50);
        r["next_fingerprint"] = next["fingerprint"].clone();
        r
    };
    let whole: Vec<Value> = (0..5).map(period).collect();
    assert_eq!(found(&report(&whole)), []);
    let mut reversed = whole.clone();
    reversed.reverse();
    assert_eq!(found(&report(&reversed)), []);
    let broken: Vec<Value> = [0, 1, 3, 4].into_iter().map(period).collect();
    let r = report(&broken);
    assert_eq!(found(&r), [("chain-broken", vec![2, 3, 4, 5])]);
    assert!(
        r.findings[0]
            .message
            .starts_with("the announced periods form 2 pieces"),
        "{}",
        r.text()
    );
    let mut reversed = broken.clone();
    reversed.reverse();
    assert_eq!(
        found(&report(&reversed)),
        [("chain-broken", vec![2, 3, 4, 5])]
    );
}

#[test]
fn csv_and_jsonl_give_the_same_report() {
    let mut receipts: Vec<Value> = SCHEMES
        .iter()
        .flat_map(|s| (0..10).map(move |i| fair(s, i)))
        .collect();
    receipts.push(fair("euchremaster", 3));
    let from_jsonl = serde_json::to_value(report(&receipts)).expect("JSON");
    let from_csv =
        serde_json::to_value(history_text(&csv(&receipts)).expect("a history")).expect("JSON");
    assert_eq!(from_csv, from_jsonl);
    assert_eq!(from_csv["findings"][0]["kind"], "deal-repeated");
}

#[test]
fn a_receipt_not_verified_or_refused_fails_the_history() {
    let mut receipts: Vec<Value> = (0..5).map(|i| fair("euchremaster", i)).collect();
    receipts[2]["fingerprint"] = json!("0".repeat(64));
    let r = report(&receipts);
    assert_eq!((r.verified, r.not_verified, r.invalid), (4, 1, 0));
    assert_eq!(r.verdict, Verdict::Failed);
    let r = history_text(&format!("{}not json\n", jsonl(&receipts[..2]))).expect("a history");
    assert_eq!((r.verified, r.invalid, r.verdict), (2, 1, Verdict::Failed));
    assert!(
        r.text()
            .contains("failed: 0 not verified and 1 invalid of 3 receipts")
    );
}

#[test]
fn the_json_report_has_the_issues_shape() {
    let receipts: Vec<Value> = (0..3).map(|i| fair("showdown", i)).collect();
    let json = serde_json::to_value(report(&receipts)).expect("JSON");
    let keys: Vec<&str> = json
        .as_object()
        .map(Map::keys)
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "receipts",
            "verified",
            "not_verified",
            "invalid",
            "findings",
            "tests",
            "verdict"
        ]
    );
    assert_eq!(json["verdict"], "consistent");
}

#[test]
fn an_unreadable_history_names_its_line() {
    let e = history_text("seed,seed\n1,2\n").expect_err("a field twice");
    assert_eq!(
        e.to_string(),
        "line 1: the CSV header names `seed` twice, expected each field once"
    );
    let e = history_text("\n \n").expect_err("no receipt");
    assert!(
        e.to_string()
            .starts_with("holds no receipts (its 2 lines are blank"),
        "{e}"
    );
    let e = history_text("seed,nonce\n").expect_err("a header alone");
    assert!(e.to_string().starts_with("holds no receipts"), "{e}");
}

/// A history whose deals that
/// gave the player a jack (a bower in every trump suit of its colour) were
/// dropped half the time is suspicious, a test of euchremaster's cards
/// flagged.
#[test]
fn a_history_with_the_good_deals_dropped_is_suspicious() {
    let s = fairdeal::scheme("euchremaster").expect("a scheme");
    let mut receipts = Vec::new();
    for i in 0..6000_u64 {
        let r = fair("euchremaster", i);
        let mut input = r.clone();
        let o = input.as_object_mut().expect("an object");
        o.remove("scheme");
        o.remove("fingerprint");
        let view = s.compute(&input).expect("accepted").view;
        let hand = &view.deals[0].0.hands[0];
        let jack = hand.iter().any(|c| c.to_string().starts_with('J'));
        if jack && i % 2 == 0 {
            continue;
        }
        receipts.push(r);
    }
    let r = report(&receipts);
    assert_eq!(r.verdict, Verdict::Suspicious, "{}", r.text());
    assert!(r.findings.is_empty());
    assert!(
        r.tests
            .iter()
            .any(|t| t.scheme == "euchremaster" && t.p_corrected < 0.001),
        "{}",
        r.text()
    );
}

#[test]
fn a_blackjack_game_is_played_on_the_schemes_deal_and_a_roll_game_deals_none() {
    use fairdeal_history::read::{Item, Record};
    let facts = |receipt: &Value| {
        let record = Record {
            line: 1,
            item: Item::Line(receipt.to_string().into_bytes()),
        };
        fairdeal_history::facts(record).and_then(|f| f.verified)
    };
    let deal = fair("hmac-blackjack", 7);
    // Stand, or nothing on a natural.
    let game = ["S", ""]
        .into_iter()
        .find_map(|actions| {
            let mut game = deal.clone();
            game["game"] = json!("blackjack");
            game["actions"] = json!(actions);
            facts(&game)
        })
        .expect("verified");
    let deal = facts(&deal).expect("verified");
    assert_eq!(deal.hands.len(), 1);
    assert_eq!(deal.hands[0].1.len(), 2);
    assert_eq!(game.hands, deal.hands);
    assert_eq!(game.deal, deal.deal);
    let mut roll = fair("hmac-blackjack", 7);
    roll["game"] = json!("case");
    roll["rolls"] = json!(2);
    let roll = facts(&roll).expect("verified");
    assert!(roll.hands.is_empty() && roll.deal.is_none());
}

#[test]
fn a_line_or_record_over_the_limit_is_never_held_whole() {
    let long = format!("{{\"seed\": \"{}\"}}\n", "a".repeat(5 << 20));
    let text = format!("{}{long}", jsonl(&[fair("euchremaster", 1)]));
    let r = history_text(&text).expect("a history");
    assert_eq!((r.verified, r.invalid), (1, 1));
    let e = history_text(&format!("seed,cut\n\"{}", "a".repeat(5 << 20))).expect_err("too long");
    assert!(
        e.to_string()
            .starts_with("line 2: a CSV record over 4194304 bytes"),
        "{e}"
    );
}
