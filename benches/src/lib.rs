//! Fixed inputs for the criterion benches in `benches/deal.rs`, taken from
//! the vectors so that a bench measures a deal the vectors pin.

/// README.md's sample receipt (vector case `euchremaster/dealer-1`).
pub const EUCHREMASTER_SEED: &str =
    "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
/// The sample receipt's cut.
pub const EUCHREMASTER_CUT: &str = "K7 cut";

/// README.md's `sfc32-lock` sample receipt (vector case `sfc32-lock/sample`).
pub const SFC32_LOCK_SEED: &str = "340cbd92ae497b96429e4f63942c9dfa";
/// The sample receipt's nonce.
pub const SFC32_LOCK_NONCE: &str = "hand-12";
/// The worked example of docs/schemes/hmac-blackjack.md (vector case
/// `hmac-blackjack/key-is-text-not-hex`).
pub const HMAC_SERVER_SEED: &str =
    "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
/// Its client seed (nonce 0).
pub const HMAC_CLIENT_SEED: &str = "lucky";
