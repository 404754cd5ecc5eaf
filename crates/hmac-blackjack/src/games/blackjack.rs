//! `fairdeal play blackjack`: the replay of one round
//! (docs/schemes/hmac-blackjack.md, step 5: blackjack replay).

use fairdeal_core::{Error, Field, FieldKind, Fields, Fingerprint, Game, Rule, Verb};
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
    help: "your decisions in order: H hit, S stand, D double, P split (\"\" for none)",
    expected: "a text of the letters H, S, D and P",
    rule: Rule::Check(check_actions),
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
};

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
