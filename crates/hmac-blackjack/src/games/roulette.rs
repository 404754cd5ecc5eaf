//! Roulette: one number, 15 slots (docs/schemes/hmac-blackjack.md, step 6:
//! the roll games).

use fairdeal_core::input::{Field, Fields, Rule};
use fairdeal_core::shuffle::{mul_shift, next_draw};
use fairdeal_core::stream::Recorder;
use fairdeal_core::{Error, Fingerprint, Game, Verb};
use serde::Serialize;
use serde_json::Value;

use super::{Numbers, given, to_json};
use crate::Input;
use crate::input::{CLIENT_SEED, MAX_NONCE, NONCE, SERVER_SEED};

/// The wheel's slots: `slot = (u * 15) >> 32`.
pub const SLOTS: u32 = 15;
/// The nonce of every spin: the site's roulette always uses 1.
pub const ROULETTE_NONCE: u64 = 1;

/// What a slot pays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[allow(missing_docs)] // the names are the site's
pub enum Color {
    Green,
    RedBait,
    Red,
    Black,
    BlackBait,
}

/// One spin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Spin {
    /// The slot, 0 to 14.
    pub slot: u8,
    /// Its colour: 0 green, 1 red bait, 2-7 red, 8-13 black, 14 black bait.
    pub outcome: Color,
}

/// Returns the spin of the number `u`.
pub fn spin(u: u32) -> Spin {
    let slot = mul_shift(u, SLOTS);
    let outcome = match slot {
        0 => Color::Green,
        1 => Color::RedBait,
        2..=7 => Color::Red,
        8..=13 => Color::Black,
        _ => Color::BlackBait,
    };
    // OK because the slot is below 15.
    let slot = u8::try_from(slot).unwrap_or(u8::MAX);
    Spin { slot, outcome }
}

/// A nonce given is any game's nonce first (range), then 1.
const ROULETTE_NONCE_FIELD: Field = Field {
    required: false,
    help: "always 1 for roulette, which may leave it out",
    rule: Rule::Exactly {
        value: ROULETTE_NONCE,
        max: MAX_NONCE,
        expected: "1: roulette always uses nonce 1 (or leave it out)",
    },
    ..NONCE
};
const FIELDS: &[Field] = &[
    SERVER_SEED,
    Field {
        help: "the entropy: the block hash the site names for the spin",
        ..CLIENT_SEED
    },
    ROULETTE_NONCE_FIELD,
];

/// `fairdeal roll roulette`.
pub const GAME: Game = Game {
    name: "roulette",
    verb: Verb::Roll,
    summary: "Roulette: one number, slot = floor(f * 15), nonce 1",
    fields: FIELDS,
    run,
    shown: Game::AS_COMPUTED,
    compare_first: &[],
    on_deal: false,
};

#[derive(Serialize)]
struct Output {
    fingerprint: Fingerprint,
    randoms: Vec<u32>,
    #[serde(flatten)]
    spin: Spin,
}

fn run(json: &Value, randoms: Option<&Value>) -> Result<Value, Error> {
    let f = Fields::new(json, FIELDS)?;
    let input = Input::from_fields(&f, ROULETTE_NONCE)?;
    let mut draws = Recorder::new(Numbers::new(&input, given(randoms)?));
    let u = next_draw(&mut draws, 0)?;
    Ok(to_json(&Output {
        fingerprint: Fingerprint::of(input.server_seed().as_bytes()),
        randoms: draws.into_taken(),
        spin: spin(u),
    }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The refusal of a spin with `nonce`, or `None` when it spins.
    fn refusal(nonce: Value) -> Option<(String, &'static str, String)> {
        let mut input = json!({"server_seed": "s", "client_seed": "c"});
        if !nonce.is_null() {
            input["nonce"] = nonce;
        }
        run(&input, None)
            .err()
            .map(|e| (e.field().to_owned(), e.kind().code(), e.to_string()))
    }

    /// The nonce's rule, stated in the field list: any game's nonce first,
    /// then 1 and no other.
    #[test]
    fn the_nonce_is_1_or_left_out() {
        assert_eq!(refusal(json!(1)), None);
        assert_eq!(refusal(Value::Null), None);
        let other = |n: u64| {
            Some((
                "nonce".to_owned(),
                "value",
                format!(
                    "nonce: \"{n}\" is not accepted, expected 1: roulette always uses nonce 1 (or leave it out)"
                ),
            ))
        };
        assert_eq!(refusal(json!(0)), other(0));
        assert_eq!(refusal(json!(2)), other(2));
        assert_eq!(refusal(json!(MAX_NONCE)), other(MAX_NONCE));
        assert_eq!(
            refusal(json!(MAX_NONCE + 1)),
            Some((
                "nonce".to_owned(),
                "range",
                "nonce: 9007199254740992 is out of range, expected an integer from 0 to 2^53 - 1 (9007199254740991)".to_owned()
            ))
        );
        assert_eq!(refusal(json!("1")).map(|e| e.1), Some("type"));
        assert_eq!(refusal(json!(1.0)).map(|e| e.1), Some("range"));
        assert_eq!(ROULETTE_NONCE_FIELD.rule.range(), Some((1, 1)));
    }

    #[test]
    fn slots_at_the_edges() {
        assert_eq!(
            spin(0),
            Spin {
                slot: 0,
                outcome: Color::Green
            }
        );
        assert_eq!(
            spin(u32::MAX),
            Spin {
                slot: 14,
                outcome: Color::BlackBait
            }
        );
        // The first u of slot 8 is ceil(8 * 2^32 / 15) = 2290649225.
        assert_eq!(spin(2_290_649_224).outcome, Color::Red);
        assert_eq!(spin(2_290_649_225).outcome, Color::Black);
    }
}
