#![doc = include_str!("../README.md")]

mod audit;
mod blocks;
mod deal;
mod deck;
mod input;
mod sfc32;
mod state;

use std::borrow::Cow;

use fairdeal_core::cards::{Card, shuffled_into};
use fairdeal_core::info::{
    BenchCase, Cli, Commitment, DealerSide, Draw, Drawn, FieldSlips, Forms, Hashed, Hints, History,
    Label, Period, Player, SchemeInfo, SeatNames,
};
use fairdeal_core::shuffle::fisher_yates_mul_shift;
use fairdeal_core::table::{EuchreDeal, TableView};
use fairdeal_core::{Error, Fingerprint, FromJson, SingleDeal};
use serde_json::Value;

pub use deal::{SEATS, deal};
pub use deck::STARTING_DECK;
pub use input::Input;
pub use sfc32::{DISCARD, SEED_DIGITS, Sfc32};
pub use state::State;

/// The sfc32 lock-and-nonce deal (docs/schemes/sfc32-lock.md).
#[derive(Clone, Copy, Debug)]
pub struct Sfc32Lock;

impl SingleDeal for Sfc32Lock {
    const INFO: SchemeInfo = SchemeInfo {
        id: "sfc32-lock",
        summary: "a euchre deal from the revealed seed and the hand's nonce, checked against the lock",
        method: "lock SHA-256(seed:nonce), sfc32 seeded by the seed (16 draws discarded), one card at a time",
        // docs/schemes/sfc32-lock.md names no site: the euchre site that
        // locks each hand.
        site: "a euchre site that locks each hand",
        commitment: Commitment {
            hashes: "SHA-256(seed:nonce)",
            aliases: &["lock"],
            covers: &["seed", "nonce"],
        },
        fields: input::FIELDS,
        player: Player::Seat {
            default: 0,
            choosable: false,
        },
        // The method numbers the seats and says nothing of which one is the
        // player (docs/schemes/sfc32-lock.md, step 5): shown by number only.
        seat_names: SeatNames::Numbered,
        cli: Cli::FLAGS,
        forms: Forms {
            labels: &[
                Label {
                    field: "seed",
                    words: &["Seed", "Revealed seed"],
                },
                Label {
                    field: "nonce",
                    words: &["Nonce", "Hand nonce"],
                },
                Label {
                    field: "fingerprint",
                    words: &["Lock"],
                },
            ],
            seen: "beside the hand before it was dealt, as its lock",
            command: None,
        },
        games: &[],
        bench: &[BenchCase {
            // README.md's sfc32-lock sample receipt.
            case: "sample",
            input: r#"{"seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12"}"#,
            hand: None,
            blocks: blocks::per_deal,
        }],
        hints: Hints {
            hashed_text: Some(hashed_text),
            generator: Some(generator),
            rejection: None,
        },
        audit: audit::AUDIT,
        // The site's nonces read `hand-12` (docs/receipts/sfc32-lock.json):
        // `12` copied alone is tried with its prefix.
        slips: &[FieldSlips {
            field: "nonce",
            prefixes: &["hand-"],
        }],
        history: History {
            secret: "seed",
            period: Period::Receipt,
            uniform: History::EVERY_DEAL,
        },
        // docs/schemes/sfc32-lock.md: the seed is 32 hex digits; the nonce
        // numbers the hand as the site's receipts do (`hand-12`).
        dealer: DealerSide {
            secret: Draw::Hex {
                digits: SEED_DIGITS,
            },
            drawn: &[Drawn {
                field: "nonce",
                draw: Draw::Numbered { prefix: "hand-" },
            }],
            variant: None,
        },
    };

    type Input = Input;
    type Draw = u32;
    type Stream = Sfc32;
    type Deal = EuchreDeal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of_parts(&[input.seed().as_bytes(), b":", input.nonce().as_bytes()])
    }

    fn stream(input: &Input) -> Sfc32 {
        input.generator().clone()
    }

    fn starting_deck(_: &Input) -> Cow<'static, [Card]> {
        Cow::Borrowed(&STARTING_DECK)
    }

    // Always inlined into the caller that holds the generator, so that its
    // four words stay in registers through the shuffle.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn shuffle<I: Iterator<Item = u32>>(
        _: &Input,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        shuffled_into::<{ STARTING_DECK.len() }>(positions, |deck| {
            fisher_yates_mul_shift(deck, draws)
        })
    }

    fn deal(_: &Input, deck: &[Card], out: &mut EuchreDeal) {
        deal::deal_into(deck, out);
    }

    fn view(_: &Input, dealt: &EuchreDeal) -> TableView {
        // No dealer: the deal always starts at seat 0 (docs/schemes/
        // sfc32-lock.md, "Inputs").
        dealt.view(None)
    }
}

/// The first `count` draws of sfc32 from a raw state (see [`Hints`] and
/// [`State`]), as a JSON list.
fn generator(state: &Value, count: usize) -> Result<Value, Error> {
    let draws: Vec<u32> = State::from_json(state)?.start().take(count).collect();
    Ok(Value::from(draws))
}

/// The text hashed for a value of `stage` (see [`Hints`]).
fn hashed_text(input: &Value, stage: &str, _deal: usize, _index: usize) -> Option<Hashed> {
    let input = Input::from_json(input).ok()?;
    // Only the lock is a hash; the numbers come from sfc32.
    (stage == "fingerprint").then(|| Hashed::text(input.locked_text()))
}
