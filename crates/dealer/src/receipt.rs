//! The receipt a dealer issues, in exactly the form `fairdeal verify`,
//! `verify --batch` and `fairdeal history` read (docs/history.md, "Input"):
//! `{"scheme", the scheme's fields in the order of its page,
//! "fingerprint", "next_fingerprint" (a seed period's)}`. Every receipt is
//! checked by the verifier before it is issued.

use fairdeal::core::info::Period as HistoryPeriod;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::rows::{Period, Round};

/// Returns the whole input of a deal: the secret, the settings, a pair's
/// fields, the deal's (or bet's) own input and a bet's nonce.
pub(crate) fn input_of(
    round: &Round,
    period: &Period,
    input: &Map<String, Value>,
    nonce: Option<u64>,
) -> Map<String, Value> {
    let info = round.scheme.info();
    let mut full = Map::new();
    full.insert(
        info.history.secret.to_owned(),
        Value::from(period.secret.expose()),
    );
    full.extend(round.settings.clone());
    if let Some(pair) = &period.pair_fields {
        full.extend(pair.clone());
    }
    full.extend(input.clone());
    if let (HistoryPeriod::Nonce { nonce: field, .. }, Some(n)) = (info.history.period, nonce) {
        full.insert(field.to_owned(), Value::from(n));
    }
    full
}

/// Returns the receipt of a deal (or of a bet, with its `nonce`).
pub(crate) fn build(
    round: &Round,
    period: &Period,
    input: &Map<String, Value>,
    nonce: Option<u64>,
) -> Value {
    let info = round.scheme.info();
    let mut full = input_of(round, period, input, nonce);
    let mut receipt = Map::new();
    receipt.insert("scheme".to_owned(), Value::from(info.id));
    // The page's order first, then anything else (none for a valid input).
    for field in info.fields {
        if let Some(v) = full.remove(field.name) {
            receipt.insert(field.name.to_owned(), v);
        }
    }
    receipt.extend(full);
    receipt.insert(
        "fingerprint".to_owned(),
        Value::from(period.fingerprint.clone()),
    );
    if let Some(next) = &period.next_fingerprint {
        receipt.insert(
            fairdeal::receipt::NEXT_FINGERPRINT.to_owned(),
            Value::from(next.clone()),
        );
    }
    Value::Object(receipt)
}

/// Returns the revealed secret as a log entry holds it:
/// `{"<secret field>": "<secret>"}`.
pub(crate) fn revealed(round: &Round, period: &Period) -> Value {
    let mut secret = Map::new();
    secret.insert(
        round.scheme.info().history.secret.to_owned(),
        Value::from(period.secret.expose()),
    );
    Value::Object(secret)
}

/// Checks `receipt` as `fairdeal verify` does.
///
/// # Errors
///
/// A receipt that does not verify: the store holds a secret that is not
/// the one committed to, or the scheme's dealer data is wrong.
pub(crate) fn check(receipt: &Value) -> Result<(), Error> {
    let outcome = fairdeal::receipt::check(receipt);
    if outcome.verdict == "verified" {
        return Ok(());
    }
    // The check that failed, or the refused field and its kind, never the
    // error's message: it may quote the secret.
    let what = outcome.check.unwrap_or_else(|| {
        outcome
            .error
            .map_or_else(String::new, |e| format!("{} {}", e["field"], e["kind"]))
    });
    Err(Error::store(format!(
        "the receipt of {} would be {} ({what}): the store was edited, nothing was revealed",
        outcome.scheme.unwrap_or("a scheme"),
        outcome.verdict,
    )))
}
