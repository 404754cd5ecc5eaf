//! `fairdeal play blackjack`: the replay of one round
//! (docs/schemes/hmac-blackjack.md, step 5: blackjack replay).

use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::{Error, Fingerprint, Game, Verb};
use serde::Serialize;
use serde_json::Value;

use super::{Numbers, given, to_json};
use crate::actions::Actions;
use crate::blackjack::{Round, replay};
use crate::input::{CLIENT_SEED, NONCE, SERVER_SEED};
use crate::{Input, shoe};

const ACTIONS: Field = Field {
    name: "actions",
    kind: FieldKind::Text,
    required: true,
    help: "your decisions in order: H hit, S stand, D double, P split (\"\" for none; \"h s\" and \"hit, stand\" too)",
    expected: "a text of the letters H, S, D and P",
    rule: Rule::Written {
        read: read_actions,
        check: check_actions,
    },
};
const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE, ACTIONS];

/// `fairdeal play blackjack`.
pub const GAME: Game = Game {
    name: "blackjack",
    verb: Verb::Play,
    summary: "Blackjack: replay a round from the shoe and your actions (H S D P)",
    fields: FIELDS,
    run,
    shown: Game::AS_COMPUTED,
    compare_first: COMPARE_FIRST,
    on_deal: true,
};

/// The player's cards come before the dealer's, and the dealer's before
/// the settlement (`outcome`, `net`) computed from both: a dealer that
/// draws by other rules is reported at `/dealer`, not at the outcome it
/// changed (docs/porting.md, "Reading a failure").
const COMPARE_FIRST: &[&str] = &[
    "/fingerprint",
    "/hands/*/cards",
    "/hands/*/total",
    "/hands/*/soft",
    "/hands/*/bet",
    "/hands/*/doubled",
    "/hands/*/bust",
    "/dealer",
];

#[derive(Serialize)]
struct Output {
    fingerprint: Fingerprint,
    #[serde(flatten)]
    round: Round,
}

fn run(json: &Value, randoms: Option<&Value>) -> Result<Value, Error> {
    let f = Fields::new(json, FIELDS)?;
    let input = Input::from_fields(&f, f.integer(NONCE.name, NONCE.expected)?)?;
    let actions = Actions::parse(f.text(ACTIONS.name, ACTIONS.expected)?)?;
    // The round is dealt from the whole shoe of step 4: a given list
    // replaces the shoe's 416 numbers.
    let mut draws = Numbers::new(&input, given(randoms)?);
    let shoe = shoe::shuffle(&mut draws)?;
    let round = replay(&actions, shoe.cards())?;
    Ok(to_json(&Output {
        fingerprint: Fingerprint::of(input.server_seed().as_bytes()),
        round,
    }))
}

/// Every letter is checked before the round is replayed; an illegal action
/// is found only by the replay.
fn check_actions(_: &str, value: &Value) -> Result<(), Error> {
    Actions::parse(value.as_str().unwrap_or_default()).map(drop)
}

/// The actions as a person writes them (`h s`, `hit, stand`) in the
/// method's letters (`HS`); a value that is not a text as it is, for the
/// check of its type to refuse.
fn read_actions(_: &str, value: &Value) -> Result<Value, Error> {
    match value {
        Value::String(text) => Actions::read(text).map(Value::String),
        other => Ok(other.clone()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// Each pattern of [`COMPARE_FIRST`] names a value of the output, so a
    /// renamed field cannot leave the comparison order silently unused.
    #[test]
    fn compare_first_names_values_of_the_output() {
        // docs/schemes/hmac-blackjack.md's worked replay, `double-soft-17`.
        let seed = "0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333";
        let input =
            json!({"server_seed": seed, "client_seed": "replay", "nonce": 0, "actions": "D"});
        let output = run(&input, None).unwrap();
        for pattern in COMPARE_FIRST {
            let pointer = pattern.replace('*', "0");
            assert!(output.pointer(&pointer).is_some(), "{pattern}: {output}");
        }
    }
}
