//! 200 clients at once on loopback, each on its own connection, betting on
//! shared seed pairs (which rotate by themselves as they go) and
//! committing, dealing and revealing rounds; bounded by a fixed number of
//! requests and by 10 s of wall time, whichever comes first. The
//! assertions are on what was answered, never on speed: no nonce handed
//! out twice (in the answers and in the store), each period's nonces from
//! 0 without a gap, every receipt verifying, the log's chain holding.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use fairdeal_dealer::Dealer;
use serde_json::{Value, json};

use crate::util::{Server, commit_body, dealt_round, pair, player_input, verified};

const CLIENTS: usize = 200;
/// Seed pairs the clients share.
const PAIRS: usize = 4;
/// Bets per period before a pair rotates by itself.
const ROTATE_AFTER: u64 = 40;
/// Each client's bets; each also commits, deals and reveals one round.
const BETS: usize = 4;
/// No request is sent after this.
const DEADLINE: Duration = Duration::from_secs(10);

/// What one client was answered.
#[derive(Default)]
struct Seen {
    /// `(pair, period, nonce)` of each bet acknowledged.
    bets: Vec<(u64, u64, u64)>,
    /// `(pair, period)` of each rotation a bet set off.
    rotations: Vec<(u64, u64)>,
    /// The receipts of the rounds revealed.
    receipts: Vec<Value>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_clients_never_share_a_nonce_and_every_receipt_verifies() {
    let server = Server::start("load").await;
    let seed_pair = fairdeal::SCHEMES
        .iter()
        .copied()
        .find(|s| pair(*s))
        .expect("a scheme of seed periods");
    let singles: Vec<_> = fairdeal::SCHEMES
        .iter()
        .copied()
        .filter(|s| !pair(*s))
        .collect();
    let mut operator = server.operator().await;
    let mut pairs = Vec::new();
    for _ in 0..PAIRS {
        let c = operator
            .post("/rounds", &commit_body(seed_pair, Some(ROTATE_AFTER)))
            .await;
        assert_eq!(c.status, 201, "{}", c.text());
        pairs.push(c.json()["id"].as_u64().expect("an id"));
    }
    let start = Instant::now();
    let mut clients = Vec::new();
    for i in 0..CLIENTS {
        let mut client = server.operator().await;
        let pair_id = pairs[i % PAIRS];
        let scheme = singles[i % singles.len()];
        let input = player_input(seed_pair);
        clients.push(tokio::spawn(async move {
            let mut seen = Seen::default();
            let mut round = None;
            for step in 0..BETS + 2 {
                if start.elapsed() > DEADLINE {
                    break;
                }
                match (step, &round) {
                    // A round committed and dealt between bets, revealed
                    // after the next bet.
                    (1, _) => round = Some(dealt_round(&mut client, scheme).await.0),
                    (3, Some(c)) => {
                        let r = client
                            .post(&format!("/rounds/{}/reveal", c["id"]), &json!({}))
                            .await;
                        assert_eq!(r.status, 200, "{}", r.text());
                        seen.receipts.push(r.json());
                    }
                    _ => {
                        let bet = client
                            .post(&format!("/rounds/{pair_id}/bets"), &input)
                            .await;
                        assert_eq!(bet.status, 201, "{}", bet.text());
                        let bet = bet.json();
                        let n = |k: &str| bet[k].as_u64().expect("a number");
                        seen.bets.push((n("pair"), n("period"), n("nonce")));
                        if let Some(r) = bet.get("rotated") {
                            let period = r["period"].as_u64().expect("a period");
                            seen.rotations.push((n("pair"), period));
                        }
                    }
                }
            }
            seen
        }));
    }
    let mut bets = Vec::new();
    let mut rotations = Vec::new();
    let mut receipts = Vec::new();
    for client in clients {
        let seen = client.await.expect("the client ran");
        bets.extend(seen.bets);
        rotations.extend(seen.rotations);
        receipts.extend(seen.receipts);
    }
    assert!(!bets.is_empty(), "no bet answered within {DEADLINE:?}");
    // No nonce answered twice.
    let unique: BTreeSet<_> = bets.iter().copied().collect();
    assert_eq!(unique.len(), bets.len(), "a nonce was handed out twice");
    let unique_rotations: BTreeSet<_> = rotations.iter().copied().collect();
    assert_eq!(
        unique_rotations.len(),
        rotations.len(),
        "a period rotated twice"
    );
    // The store holds exactly the bets answered, each period's nonces from
    // 0 without a gap, no period past its count.
    let store = Dealer::open(server.store()).expect("the store");
    for &pair_id in &pairs {
        let stored = store.nonces(pair_id).expect("the nonces");
        let answered: Vec<_> = bets
            .iter()
            .filter(|b| b.0 == pair_id)
            .map(|&(_, period, nonce)| (period, nonce))
            .collect();
        let mut by_period: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for &(period, nonce, _) in &stored {
            by_period.entry(period).or_default().push(nonce);
        }
        for (period, nonces) in &by_period {
            let expected: Vec<u64> = (0..u64::try_from(nonces.len()).expect("a count")).collect();
            assert_eq!(nonces, &expected, "pair {pair_id} period {period}");
            assert!(nonces.len() <= usize::try_from(ROTATE_AFTER).expect("small"));
        }
        let stored: BTreeSet<_> = stored.iter().map(|&(p, n, _)| (p, n)).collect();
        let answered_set: BTreeSet<_> = answered.iter().copied().collect();
        assert_eq!(stored, answered_set, "pair {pair_id}");
    }
    // Every receipt verifies: the rounds revealed under load, and every
    // bet once each pair's last period is revealed too.
    for &pair_id in &pairs {
        let r = operator
            .post(&format!("/rounds/{pair_id}/rotate"), &json!({}))
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
    }
    let exported: Vec<Value> = operator
        .get("/receipts")
        .await
        .text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(exported.len(), bets.len() + receipts.len());
    for receipt in receipts.iter().chain(&exported) {
        assert!(verified(receipt), "{receipt}");
    }
    let check = operator.get("/log/verify").await.json();
    assert_eq!(check["holds"], true, "{check}");
    server.stop().await;
}
