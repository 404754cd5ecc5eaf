//! The dealer's side of a verifiable deal, for every registered scheme:
//! what a site, an app or a club runs so that its players can check their
//! deals with `fairdeal verify` (docs/dealer.md).
//!
//! The lifecycle of a single deal ([`Dealer::commit`], [`Dealer::deal`],
//! [`Dealer::reveal`]): a secret drawn from the operating system's secure
//! generator in the form the scheme's page gives it; its fingerprint shown
//! before play; the player's input taken only after it; the deal; the
//! secret revealed only after the deal, as a **receipt** in exactly the
//! form `fairdeal verify`, `--batch` and `history` read, checked by the
//! verifier before it is issued. For a scheme of seed periods
//! (hmac-blackjack): a seed pair whose bets each take the next nonce
//! ([`Dealer::bet`]) and whose server seed is revealed when it rotates
//! ([`Dealer::rotate`]), the next one's fingerprint shown first
//! (`next_fingerprint`).
//!
//! What the dealer draws and what it takes after the commitment are the
//! scheme's data ([`SchemeInfo::dealer`](fairdeal::core::info::SchemeInfo)):
//! no scheme is named here, and a new scheme gets a dealer for free.
//!
//! Everything is kept in one SQLite file ([`store`]): WAL, every commit
//! synced, one transaction per event, and every event appended to a log
//! whose entries each carry the SHA-256 of the one before ([`log`]), so that
//! a crash loses nothing acknowledged, hands out no nonce twice and reveals
//! no seed early, and an edited or deleted entry is found. Secrets are
//! never returned, logged or shown in `Debug` before their reveal
//! ([`Secret`]).
//!
//! A [`Dealer`] is `Send + Sync` and every operation takes `&self`, one
//! transaction of the store each: a service shares one between its
//! handlers. Each error names its field and maps to an HTTP status
//! ([`Error::status`]).

mod canonical;
mod dealer;
mod error;
mod export;
pub mod log;
mod period;
mod receipt;
mod rows;
mod secret;
pub mod store;

pub use dealer::{
    CommitOptions, Committed, Dealer, Dealt, MAX_ROTATE_AFTER, Status, dealer_fields,
    deals_in_periods, player_input,
};
pub use error::{Error, ErrorKind};
pub use log::{BadEntry, LogCheck};
pub use period::{Bet, Rotation};
pub use rows::State;
pub use secret::{Entropy, MAX_DIGITS, OsEntropy, Secret, draw};
pub use store::{DEFAULT_STORE, STORE_ENV};

/// Returns the canonical text of a log entry (docs/dealer.md, "The log"):
/// what its hash is taken over.
pub fn canonical_text(entry: &serde_json::Value) -> String {
    canonical::text(entry)
}
