//! `fairdeal schemes`: the list of schemes, their fields and games, as text and JSON.

use serde_json::Value;

use crate::util::{fairdeal, stdout};

#[test]
fn schemes_lists_every_registered_scheme() {
    let o = fairdeal(&["schemes"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("euchremaster "), "{out}");
    // Each scheme's site or app, then one plain line of what it deals
    // (issue 13); every line fits 100 columns.
    assert!(
        out.starts_with(
            "euchremaster    EuchreMaster\n                a euchre deal from the revealed seed and your cut"
        ),
        "{out}"
    );
    assert!(out.contains("\nshowdown        Euchre Showdown\n"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    assert!(
        out.contains("fairdeal play blackjack\n")
            && out.contains("fairdeal roll roulette|mines|case|battle|plinko\n"),
        "{out}"
    );
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&["schemes", "--json"]))).unwrap();
    assert_eq!(v[0]["fields"][0]["name"], "seed");
    assert_eq!(v[0]["site"], "EuchreMaster");
    assert!(
        v[0]["method"]
            .as_str()
            .is_some_and(|m| m.starts_with("SHA-256(seed:cut:k)")),
        "{v}"
    );
    let hmac = v
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "hmac-blackjack")
        .unwrap();
    assert_eq!(hmac["games"][0]["name"], "blackjack");
    assert_eq!(hmac["games"][0]["verb"], "play");
    assert_eq!(hmac["games"][0]["fields"][3]["name"], "actions");
}

#[test]
fn schemes_json_describes_the_number_flag() {
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&["schemes", "--json"]))).unwrap();
    let atout = v
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "atout-v1")
        .expect("atout-v1 is registered");
    assert_eq!(atout["commitment"], "SHA-256(secret)");
    let names: Vec<&str> = atout["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["secret", "variant", "numbers", "dealer", "taker"]);
    let numbers = &atout["fields"][2];
    assert_eq!(numbers["kind"], "text-per-seat");
    assert_eq!(numbers["flag"], "--number");
    assert_eq!(v[0]["fields"][0]["flag"], "--seed");
}

/// Each field states its rule, as the package's `schemes()` does: a seat
/// names the field its table comes from.
#[test]
fn schemes_json_states_each_field_s_rule() {
    let v: Value = serde_json::from_str(&stdout(&fairdeal(&["schemes", "--json"]))).unwrap();
    let list = v.as_array().unwrap();
    assert!(
        list.iter()
            .flat_map(|s| s["fields"].as_array().unwrap())
            .all(|f| f["rule"]["kind"].is_string()),
        "{v}"
    );
    assert_eq!(v[0]["fields"][0]["rule"]["kind"], "hex");
    let atout = list.iter().find(|s| s["id"] == "atout-v1").unwrap();
    let dealer = &atout["fields"][3];
    assert_eq!(dealer["name"], "dealer");
    assert_eq!(dealer["rule"]["kind"], "seat");
    assert_eq!(dealer["rule"]["of"], "variant");
}
