//! Forgiving input, strict verdict (issue 22, item 3): cards and blackjack
//! actions read in every form a person writes them; whitespace copied
//! around a hex value named beside its refusal, never trimmed; a phrase or
//! a nonce slip named with the value that verifies; the card that differs
//! marked.

use fairdeal::receipt::check;
use serde_json::{Value, json};

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
const FINGERPRINT: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";
const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";

/// README.md's sample EuchreMaster receipt (seat 0 holds Tc 9s 9d Jd Ad).
fn sample() -> Value {
    json!({"seed": SEED, "cut": "K7 cut", "dealer": 1})
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
