#![doc = include_str!("../README.md")]

mod deal;
mod deck;
mod input;
mod sfc32;
mod state;

use std::borrow::Cow;

use fairdeal_core::{
    Card, DealScheme, Error, EuchreDeal, Field, Fingerprint, FromJson, fisher_yates_mul_shift,
    identity_into,
};
use serde_json::Value;

pub use deal::{SEATS, deal};
pub use deck::STARTING_DECK;
pub use input::Input;
pub use sfc32::{DISCARD, SEED_DIGITS, Sfc32};
pub use state::State;

/// The sfc32 lock-and-nonce deal (docs/schemes/sfc32-lock.md).
#[derive(Clone, Copy, Debug)]
pub struct Sfc32Lock;

impl DealScheme for Sfc32Lock {
    const ID: &'static str = "sfc32-lock";
    const SUMMARY: &'static str = "lock SHA-256(seed:nonce), sfc32 seeded by the seed (16 draws discarded), one card at a time";
    const COMMITMENT: &'static str = "SHA-256(seed:nonce)";
    const COMMITMENT_ALIASES: &'static [&'static str] = &["lock"];
    const FIELDS: &'static [Field] = input::FIELDS;
    // The method numbers the seats and says nothing of which one is the
    // player (docs/schemes/sfc32-lock.md, step 5): shown by number only.
    const SEATS: &'static [&'static str] = &["seat 0", "seat 1", "seat 2", "seat 3"];

    type Input = Input;
    type Draw = u32;
    type Stream = Sfc32;
    type Setup = ();
    type Prelude = ();
    type Deal = EuchreDeal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of_parts(&[input.seed().as_bytes(), b":", input.nonce().as_bytes()])
    }

    fn setup(_: &Input) {}

    fn stream(input: &Input, _deal: usize) -> Sfc32 {
        input.generator().clone()
    }

    fn starting_deck(_: &Input, _deal: usize) -> Cow<'static, [Card]> {
        Cow::Borrowed(&STARTING_DECK)
    }

    fn shuffle_positions<I: Iterator<Item = u32>>(
        _: &Input,
        _deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        identity_into(positions, STARTING_DECK.len());
        fisher_yates_mul_shift(positions, draws)
    }

    fn prelude(_: &Input, (): &(), _deal: usize) {}

    fn deal(_: &Input, (): &(), deck: &[Card]) -> EuchreDeal {
        deal(deck)
    }

    fn deal_into(_: &Input, (): &(), deck: &[Card], out: &mut EuchreDeal) {
        deal::deal_into(deck, out);
    }

    fn generator(state: &Value, count: usize) -> Result<Vec<u32>, Error> {
        Ok(State::from_json(state)?.start().take(count).collect())
    }

    fn hashed_text(input: &Input, stage: &str, _deal: usize, _index: usize) -> Option<String> {
        // Only the lock is a hash; the numbers come from sfc32.
        (stage == "fingerprint").then(|| input.locked_text())
    }
}
