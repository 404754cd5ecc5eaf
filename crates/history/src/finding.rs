//! [`Finding`]: something across receipts that a fair history does not
//! hold, naming the lines involved.

use serde::Serialize;

/// A finding of the checks across receipts (docs/history.md, "Integrity").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// `seed-reused`, `deal-repeated`, `nonce-repeated`, `nonce-gap` or
    /// `chain-broken`.
    pub kind: &'static str,
    /// The lines involved, in the order the message names them.
    pub lines: Vec<u64>,
    /// What was found, for people.
    pub message: String,
}

/// The kinds of finding, in the order a report lists them.
pub const KINDS: [&str; 5] = [
    "seed-reused",
    "deal-repeated",
    "nonce-repeated",
    "nonce-gap",
    "chain-broken",
];
