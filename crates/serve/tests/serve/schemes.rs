//! Every registered scheme through the service: rounds committed, dealt
//! and revealed, bets on seed pairs and their rotation, each receipt
//! fetched by the player over HTTP verifying as `fairdeal verify` checks it
//! (the binary itself checks them in crates/cli/tests/cli/serve.rs).

use serde_json::{Value, json};

use crate::util::{Server, commit_body, dealt_round, pair, player_input, verified};

/// Rounds of each single-deal scheme, bets of each seed-pair scheme.
const DEALS: u64 = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_schemes_receipts_fetched_by_the_player_verify() {
    let server = Server::start("schemes").await;
    let mut operator = server.operator().await;
    let mut player = server.player().await;
    let mut fetched: Vec<Value> = Vec::new();
    for scheme in fairdeal::SCHEMES.iter().copied() {
        if pair(scheme) {
            let c = operator
                .post("/rounds", &commit_body(scheme, None))
                .await
                .json();
            let id = &c["id"];
            let input = player_input(scheme);
            for _ in 0..DEALS {
                let bet = operator.post(&format!("/rounds/{id}/bets"), &input).await;
                assert_eq!(bet.status, 201, "{}: {}", scheme.id(), bet.text());
            }
            let r = operator
                .post(&format!("/rounds/{id}/rotate"), &json!({}))
                .await;
            assert_eq!(r.status, 200, "{}: {}", scheme.id(), r.text());
            for nonce in 0..DEALS {
                let receipt = player
                    .get(&format!("/rounds/{id}/periods/1/bets/{nonce}/receipt"))
                    .await;
                assert_eq!(receipt.status, 200, "{}: {}", scheme.id(), receipt.text());
                fetched.push(receipt.json());
            }
            continue;
        }
        for _ in 0..DEALS {
            let (c, dealt) = dealt_round(&mut operator, scheme).await;
            let id = &c["id"];
            let revealed = operator
                .post(&format!("/rounds/{id}/reveal"), &json!({}))
                .await;
            assert_eq!(revealed.status, 200, "{}: {}", scheme.id(), revealed.text());
            let receipt = player.get(&format!("/rounds/{id}/receipt")).await.json();
            assert_eq!(receipt, revealed.json());
            // The receipt deals what the service dealt.
            let input = receipt.clone();
            let again = scheme
                .compute(&strip_receipt(input))
                .unwrap_or_else(|e| panic!("{}: {e}", scheme.id()));
            assert_eq!(again.trace_json(), dealt["deal"], "{}", scheme.id());
            fetched.push(receipt);
        }
    }
    for receipt in &fetched {
        assert!(verified(receipt), "{receipt}");
    }
    let schemes: std::collections::BTreeSet<&str> = fetched
        .iter()
        .filter_map(|r| r["scheme"].as_str())
        .collect();
    assert_eq!(schemes.len(), fairdeal::SCHEMES.len());
    // The export holds the same receipts.
    let exported: Vec<Value> = operator
        .get("/receipts")
        .await
        .text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(exported.len(), fetched.len());
    assert!(fetched.iter().all(|r| exported.contains(r)));
    server.stop().await;
}

/// Returns a receipt's input: the scheme's fields, without `scheme` and
/// `fingerprint`.
fn strip_receipt(mut receipt: Value) -> Value {
    if let Some(o) = receipt.as_object_mut() {
        o.remove("scheme");
        o.remove("fingerprint");
    }
    receipt
}
