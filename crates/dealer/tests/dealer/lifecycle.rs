//! Every scheme dealt many times, each receipt verified; a history of them
//! consistent; the lifecycle's refusals.

use fairdeal::receipt;
use fairdeal_dealer::{CommitOptions, Dealer, ErrorKind, State};
use serde_json::{Map, Value, json};

use crate::util::{Fixed, Folder, commit_options, pair, player_input};

/// Deals of each single-deal scheme, bets of each seed-pair scheme.
const DEALS: u64 = 40;

/// Returns every receipt of `DEALS` rounds of every scheme, dealt by
/// `dealer`, each checked against the deal it was dealt as.
pub fn every_scheme(dealer: &Dealer) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    for scheme in fairdeal::SCHEMES {
        let input = player_input(*scheme);
        if pair(*scheme) {
            let options = CommitOptions {
                rotate_after: Some(10),
                ..commit_options(*scheme)
            };
            let c = dealer.commit(scheme.id(), &options).expect("committed");
            assert!(c.pair);
            let mut traces = Vec::new();
            for _ in 0..DEALS {
                let bet = dealer.bet(c.id, &input).expect("a bet");
                traces.push(bet.computed.trace_json());
            }
            let mut receipts = Vec::new();
            dealer
                .export(|r| -> Result<(), fairdeal_dealer::Error> {
                    if r["scheme"] == scheme.id() {
                        receipts.push(r);
                    }
                    Ok(())
                })
                .expect("exported");
            assert_eq!(receipts.len() as u64, DEALS, "{}", scheme.id());
            out.extend(receipts.into_iter().zip(traces));
            continue;
        }
        for _ in 0..DEALS {
            // Where the sample does not fit the secret (showdown's first
            // hand dealt by the player, who must give its pattern), the
            // table is left and another one committed, as a site would.
            let (c, dealt) = (0..20)
                .find_map(|_| {
                    let c = dealer
                        .commit(scheme.id(), &commit_options(*scheme))
                        .expect("committed");
                    assert!(!c.pair);
                    match dealer.deal(c.id, &input) {
                        Ok(dealt) => Some((c, dealt)),
                        Err(e) if e.status() == 400 => None,
                        Err(e) => panic!("{}: {e}", scheme.id()),
                    }
                })
                .expect("a table the sample fits, among 20");
            assert_eq!(dealt.computed.view.fingerprint.to_string(), c.fingerprint);
            let receipt = dealer.reveal(c.id).expect("revealed");
            assert_eq!(receipt["fingerprint"], json!(c.fingerprint));
            out.push((receipt, dealt.computed.trace_json()));
        }
    }
    out
}

#[test]
fn every_receipt_of_every_scheme_verifies_and_deals_what_was_dealt() {
    let dealer = Dealer::in_memory()
        .expect("a store")
        .with_entropy(Fixed::new(25));
    let receipts = every_scheme(&dealer);
    for (receipt, trace) in &receipts {
        let examined = receipt::examine(receipt);
        assert_eq!(examined.outcome.verdict, "verified", "{receipt}");
        let scheme =
            fairdeal::scheme(receipt["scheme"].as_str().expect("a scheme")).expect("registered");
        let (input, _) =
            receipt::split(scheme, receipt.as_object().expect("an object")).expect("split");
        assert_eq!(
            &scheme.trace_json(&input).expect("deals"),
            trace,
            "{receipt}"
        );
        // The receipt's keys: the scheme, its fields in its page's order,
        // the fingerprint, and a period's next one.
        let keys: Vec<&str> = receipt
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys[0], "scheme");
        let last = if pair(scheme) {
            "next_fingerprint"
        } else {
            "fingerprint"
        };
        assert_eq!(keys.last(), Some(&last));
    }
    // Every seed distinct: no secret serves two deals, and none two periods.
    let mut secrets: Vec<&Value> = receipts
        .iter()
        .filter(|(r, _)| {
            !pair(fairdeal::scheme(r["scheme"].as_str().unwrap_or_default()).expect("registered"))
        })
        .map(|(r, _)| &r["fingerprint"])
        .collect();
    let all = secrets.len();
    secrets.sort_by_key(ToString::to_string);
    secrets.dedup();
    assert_eq!(secrets.len(), all);
}

#[test]
fn a_history_of_the_dealers_receipts_is_consistent() {
    let dealer = Dealer::in_memory()
        .expect("a store")
        .with_entropy(Fixed::new(2025));
    let text: String = every_scheme(&dealer)
        .iter()
        .map(|(r, _)| format!("{r}\n"))
        .collect();
    let report = fairdeal_history::history_text(&text).expect("a history");
    let json = serde_json::to_value(&report).expect("a report");
    assert_eq!(json["invalid"], json!(0), "{json}");
    assert_eq!(json["not_verified"], json!(0), "{json}");
    assert_eq!(json["findings"], json!([]), "{json}");
    assert_eq!(json["verdict"], json!("consistent"), "{}", json["tests"]);
}

#[test]
fn the_secret_is_revealed_only_after_the_deal_and_the_input_taken_once() {
    let dealer = Dealer::in_memory().expect("a store");
    let c = dealer
        .commit("euchremaster", &CommitOptions::default())
        .expect("committed");
    let e = dealer.reveal(c.id).expect_err("not dealt");
    assert_eq!((e.status(), e.code(), e.field()), (409, "conflict", "id"));
    assert!(e.to_string().contains("not dealt yet"), "{e}");
    assert_eq!(
        dealer.status(c.id).expect("a round").state,
        State::Committed
    );
    let input = player_input(fairdeal::scheme("euchremaster").expect("registered"));
    // The seed is the dealer's: a player who gives one is refused.
    let mut with_seed = input.clone();
    with_seed.insert("seed".to_owned(), json!("00".repeat(32)));
    let e = dealer
        .deal(c.id, &with_seed)
        .expect_err("the dealer's field");
    assert_eq!((e.status(), e.field()), (400, "seed"));
    // The scheme's own refusal names the field.
    let mut bad = input.clone();
    bad.insert("dealer".to_owned(), json!(4));
    let e = dealer.deal(c.id, &bad).expect_err("out of range");
    assert_eq!((e.status(), e.field(), e.code()), (400, "dealer", "range"));
    dealer.deal(c.id, &input).expect("dealt");
    let e = dealer.deal(c.id, &input).expect_err("dealt once");
    assert_eq!(e.status(), 409);
    // The player's receipt never reveals: refused until the reveal.
    let e = dealer.receipt(c.id).expect_err("not revealed");
    assert_eq!((e.status(), e.field()), (409, "id"));
    assert_eq!(dealer.status(c.id).expect("a round").state, State::Dealt);
    let first = dealer.reveal(c.id).expect("revealed");
    assert_eq!(dealer.reveal(c.id).expect("again"), first);
    assert_eq!(dealer.receipt(c.id).expect("revealed"), first);
    assert_eq!(dealer.status(c.id).expect("a round").state, State::Revealed);
    let e = dealer.deal(c.id, &input).expect_err("revealed");
    assert_eq!(e.status(), 409);
    let e = dealer.reveal(999).expect_err("no round");
    assert_eq!((e.status(), e.field()), (404, "id"));
    assert!(matches!(e.kind(), ErrorKind::NotFound { id: 999 }));
}

#[test]
fn a_commitment_takes_only_the_schemes_own_settings() {
    let dealer = Dealer::in_memory().expect("a store");
    let e = dealer
        .commit("nope", &CommitOptions::default())
        .expect_err("unknown");
    assert_eq!((e.status(), e.field(), e.code()), (400, "scheme", "value"));
    let variant = |v: &str| CommitOptions {
        variant: Some(v.to_owned()),
        rotate_after: None,
    };
    let e = dealer
        .commit("euchremaster", &variant("duo"))
        .expect_err("no variants");
    assert_eq!((e.field(), e.code()), ("variant", "value"));
    let e = dealer
        .commit("atout-v1", &variant("poker"))
        .expect_err("not a variant");
    assert_eq!((e.field(), e.code()), ("variant", "value"));
    let e = dealer
        .commit("atout-v1", &CommitOptions::default())
        .expect_err("required");
    assert_eq!((e.field(), e.code()), ("variant", "missing"));
    let c = dealer
        .commit("atout-v1", &variant("duo"))
        .expect("committed");
    assert_eq!(
        c.settings,
        Map::from_iter([("variant".to_owned(), json!("duo"))])
    );
    let rotate = |n| CommitOptions {
        variant: None,
        rotate_after: Some(n),
    };
    let e = dealer
        .commit("euchremaster", &rotate(5))
        .expect_err("no periods");
    assert_eq!(e.field(), "rotate_after");
    let e = dealer
        .commit("hmac-blackjack", &rotate(0))
        .expect_err("zero");
    assert_eq!((e.field(), e.code()), ("rotate_after", "range"));
    // sfc32-lock's nonce is drawn with the seed, and public from the start.
    let c = dealer
        .commit("sfc32-lock", &CommitOptions::default())
        .expect("committed");
    assert_eq!(c.settings["nonce"], json!(format!("hand-{}", c.id)));
}

#[test]
fn a_dealer_is_shared_by_threads_and_the_store_by_processes() {
    fn shared<T: Send + Sync>(_: &T) {}
    let folder = Folder::new("shared");
    let path = folder.join("store.sqlite");
    let dealer = Dealer::open(&path).expect("a store");
    shared(&dealer);
    let c = dealer
        .commit("euchremaster", &CommitOptions::default())
        .expect("committed");
    // A second handle on the same file sees what the first committed.
    let other = Dealer::open(&path).expect("the same store");
    assert_eq!(other.status(c.id).expect("seen").fingerprint, c.fingerprint);
    // Not a dealer's store: refused, not written into.
    let foreign = folder.join("foreign.sqlite");
    {
        let conn = rusqlite::Connection::open(&foreign).expect("a database");
        conn.execute_batch("CREATE TABLE t (x INTEGER)")
            .expect("a table");
    }
    let e = Dealer::open(&foreign).expect_err("foreign");
    assert_eq!(e.status(), 500);
    assert!(e.to_string().contains("not a fairdeal dealer store"), "{e}");
    assert!(folder.path().exists());
}

#[test]
fn the_players_input_is_the_input_less_the_dealers_fields() {
    for scheme in fairdeal::SCHEMES {
        for bet in [false, true] {
            let whole = crate::util::sample(*scheme);
            let theirs: Vec<&str> = fairdeal_dealer::dealer_fields(*scheme, bet).collect();
            let kept = fairdeal_dealer::player_input(*scheme, whole.clone(), bet);
            for (field, value) in &whole {
                let expected = (!theirs.contains(&field.as_str())).then_some(value);
                assert_eq!(kept.get(field), expected, "{}: {field}", scheme.id());
            }
            assert!(
                kept.keys().all(|k| whole.contains_key(k)),
                "{}",
                scheme.id()
            );
            // The secret is always the dealer's.
            let secret = scheme.info().history.secret;
            assert!(!kept.contains_key(secret), "{}: {secret}", scheme.id());
        }
    }
}
