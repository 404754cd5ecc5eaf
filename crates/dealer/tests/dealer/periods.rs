//! Seed periods: a nonce per bet, handed out once; rotation reveals the old
//! seed and announces the next one's fingerprint, which its receipts carry.

use std::collections::BTreeSet;

use fairdeal_dealer::{CommitOptions, Dealer, Error};
use serde_json::{Map, Value, json};

fn client(seed: &str) -> Map<String, Value> {
    Map::from_iter([("client_seed".to_owned(), json!(seed))])
}

fn receipts(dealer: &Dealer) -> Vec<Value> {
    let mut out = Vec::new();
    dealer
        .export(|r| -> Result<(), Error> {
            out.push(r);
            Ok(())
        })
        .expect("exported");
    out
}

#[test]
fn nonces_count_within_a_period_and_rotation_chains_the_periods() {
    let dealer = Dealer::in_memory().expect("a store");
    let c = dealer
        .commit(
            "hmac-blackjack",
            &CommitOptions {
                rotate_after: Some(3),
                ..CommitOptions::default()
            },
        )
        .expect("committed");
    // The client seed is the player's, set at the period's first bet.
    let e = dealer.bet(c.id, &Map::new()).expect_err("no client seed");
    assert_eq!(
        (e.status(), e.field(), e.code()),
        (400, "client_seed", "missing")
    );
    let mut seen = Vec::new();
    let mut fingerprints = vec![c.fingerprint.clone()];
    for _ in 0..7 {
        let bet = dealer.bet(c.id, &client("lucky")).expect("a bet");
        assert_eq!(bet.fingerprint, *fingerprints.last().expect("one"));
        seen.push((bet.period, bet.nonce));
        if let Some(r) = bet.rotated {
            assert_eq!((r.period, r.bets), (bet.period, 3));
            fingerprints.push(r.next_fingerprint);
        }
    }
    assert_eq!(
        seen,
        [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]
    );
    // A changed client seed within a period is refused: rotate to change.
    let e = dealer.bet(c.id, &client("other")).expect_err("changed");
    assert_eq!(e.status(), 409);
    // The server seed and the nonce are the dealer's.
    let mut with_nonce = client("lucky");
    with_nonce.insert("nonce".to_owned(), json!(9));
    assert_eq!(
        dealer.bet(c.id, &with_nonce).expect_err("nonce").field(),
        "nonce"
    );
    let r = dealer.rotate(c.id, &client("new")).expect("rotated");
    assert_eq!((r.period, r.bets), (3, 1));
    assert_eq!(r.fingerprint, fingerprints[2]);
    let bet = dealer.bet(c.id, &Map::new()).expect("carried over");
    assert_eq!((bet.period, bet.nonce), (4, 0));
    assert_eq!(bet.pair_fields, client("new"));
    assert_eq!(bet.fingerprint, r.next_fingerprint);
    fingerprints.push(r.next_fingerprint);
    // Revealed: periods 1 to 3, 7 receipts, each with the next period's
    // fingerprint; period 4 is being played and shows nothing.
    let issued = receipts(&dealer);
    assert_eq!(issued.len(), 7);
    for r in &issued {
        assert_eq!(fairdeal::receipt::check(r).verdict, "verified", "{r}");
        let period = fingerprints
            .iter()
            .position(|f| r["fingerprint"] == json!(f))
            .expect("a period's");
        assert_eq!(r["next_fingerprint"], json!(fingerprints[period + 1]));
    }
    assert_eq!(
        dealer.nonces(c.id).expect("nonces").len(),
        8,
        "every bet in the store, the open period's too"
    );
    // A single deal's round takes no bets; a pair no deal and no reveal.
    let single = dealer
        .commit("euchremaster", &CommitOptions::default())
        .expect("committed");
    assert_eq!(
        dealer
            .bet(single.id, &client("x"))
            .expect_err("single")
            .status(),
        409
    );
    assert_eq!(
        dealer.deal(c.id, &client("x")).expect_err("pair").status(),
        409
    );
    assert_eq!(dealer.reveal(c.id).expect_err("pair").status(), 409);
    assert_eq!(
        dealer
            .rotate(c.id, &Map::from_iter([("nonce".to_owned(), json!(1))]))
            .expect_err("not the pair's")
            .field(),
        "nonce"
    );
}

#[test]
fn a_bets_receipt_is_issued_once_its_period_is_revealed() {
    let dealer = Dealer::in_memory().expect("a store");
    let c = dealer
        .commit("hmac-blackjack", &CommitOptions::default())
        .expect("committed");
    for _ in 0..2 {
        dealer.bet(c.id, &client("lucky")).expect("a bet");
    }
    let refused = |period, nonce| {
        let e = dealer
            .bet_receipt(c.id, period, nonce)
            .expect_err("refused");
        (e.status(), e.field().to_owned())
    };
    assert_eq!(refused(1, 0), (409, "period".to_owned()));
    assert_eq!(refused(1, 2), (404, "nonce".to_owned()));
    assert_eq!(refused(2, 0), (404, "period".to_owned()));
    assert_eq!(refused(0, 0), (404, "period".to_owned()));
    let r = dealer.rotate(c.id, &Map::new()).expect("rotated");
    let exported = receipts(&dealer);
    for nonce in 0..2 {
        let receipt = dealer.bet_receipt(c.id, 1, nonce).expect("revealed");
        assert_eq!(receipt["next_fingerprint"], json!(r.next_fingerprint));
        assert_eq!(receipt, exported[usize::try_from(nonce).expect("small")]);
    }
    // The pair's status shows the new period's fingerprint.
    let status = dealer.status(c.id).expect("the pair");
    assert_eq!((status.period, status.bets), (2, 0));
    assert_eq!(status.fingerprint, r.next_fingerprint);
    let single = dealer
        .commit("euchremaster", &CommitOptions::default())
        .expect("committed");
    let e = dealer
        .bet_receipt(single.id, 1, 0)
        .expect_err("a single deal");
    assert_eq!(e.status(), 409);
}

#[test]
fn threads_betting_at_once_get_every_nonce_once() {
    let dealer = Dealer::in_memory().expect("a store");
    let c = dealer
        .commit("hmac-blackjack", &CommitOptions::default())
        .expect("committed");
    dealer.bet(c.id, &client("threads")).expect("the first bet");
    let nonces: Vec<u64> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    (0..10)
                        .map(|_| dealer.bet(c.id, &client("threads")).expect("a bet").nonce)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("joined"))
            .collect()
    });
    let distinct: BTreeSet<u64> = nonces.iter().copied().collect();
    assert_eq!(distinct, (1..=40).collect::<BTreeSet<u64>>());
}
