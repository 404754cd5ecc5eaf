//! A player's whole history of receipts (`fairdeal history FILE`,
//! docs/history.md): what no single receipt can show.
//!
//! A site that picks its seeds, or drops the deals it dislikes, passes every
//! check of one receipt. A history shows it:
//!
//! - every receipt verified as `fairdeal verify --batch` verifies it;
//! - integrity across receipts: a secret used twice where the method draws
//!   a fresh one, a deal repeated, a nonce repeated or skipped, a broken
//!   chain of announced commitments;
//! - the player's own cards, over the history, against the exact odds of a
//!   uniform shuffle ([`odds`]).
//!
//! Pure computation, fed one receipt at a time in history order: the CLI
//! verifies on every core and feeds the results in order; the web page
//! feeds them on its one thread. Both give the same report.

pub mod odds;
pub mod plot;
