//! hmac-blackjack's shoe: `verify` and `deal`, as text and JSON.

use serde_json::Value;

use crate::util::{fairdeal, keys_of, stderr, stdout};

/// The worked example of docs/schemes/hmac-blackjack.md (vector case
/// `key-is-text-not-hex`), also docs/receipts/hmac-blackjack.json.
const HMAC_SEED: &str = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
// `printf '%s' c377...1a59 | sha256sum`
const HMAC_FINGERPRINT: &str = "62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225";

fn shoe_args(extra: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec![
        "--server-seed",
        HMAC_SEED,
        "--client-seed",
        "lucky",
        "--nonce",
        "0",
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn verify_hmac_blackjack_exits_0_or_1() {
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--input",
        "docs/receipts/hmac-blackjack.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("VERIFIED: the fingerprint matches SHA-256(server_seed)"),
        "{}",
        stdout(&o)
    );
    // The same seed hex-decoded would be another key; here the check itself
    // fails when the seed differs by its case.
    let upper = HMAC_SEED.to_uppercase();
    let o = fairdeal(&[
        "verify",
        "hmac-blackjack",
        "--server-seed",
        &upper,
        "--client-seed",
        "lucky",
        "--nonce",
        "0",
        "--fingerprint",
        HMAC_FINGERPRINT,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o)
            .starts_with("NOT VERIFIED: the fingerprint does not match SHA-256(server_seed)."),
        "{}",
        stdout(&o)
    );
    assert!(
        !stdout(&o).contains("labels"),
        "no shoe after a failed check"
    );
}

#[test]
fn deal_hmac_blackjack_shows_the_first_cards_and_the_fingerprint_check() {
    let mut args = vec!["deal", "hmac-blackjack"];
    args.extend(shoe_args(&[]));
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("fingerprint  {HMAC_FINGERPRINT}\n")),
        "{out}"
    );
    assert!(
        out.contains("deck         3♦ 9♠ 5♠ K♠ 3♣ A♠ 2♠ K♣ 9♣ 7♦ 5♠ Q♣ Q♠ 3♠ 4♦ 10♦ A♣ 3♦ 6♥ 10♦ ...\n             (the first 20 of 416; --json lists every one)\n"),
        "{out}"
    );
    assert!(out.contains("labels       3♦ 9♠ 5♠ K♠ 3♣ A♠ "), "{out}");
    assert!(
        out.contains(
            "fingerprint: not checked. It is SHA-256(server_seed): it must be the one shown before play"
        ),
        "{out}"
    );
    assert!(out.lines().count() < 10, "not 416 cards: {out}");

    args.push("--json");
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&args))).unwrap();
    let keys = keys_of(&v);
    assert_eq!(
        keys,
        ["fingerprint", "randoms", "positions", "deck", "labels"]
    );
    for stage in ["randoms", "positions", "deck", "labels"] {
        assert_eq!(v[stage].as_array().unwrap().len(), 416, "{stage}");
    }
    assert_eq!(v["randoms"][0], 2_439_912_924_u32);
    assert_eq!(v["labels"][0], "3♦");
}
