//! Case unbox: one ticket per roll (docs/schemes/hmac-blackjack.md, step 6:
//! the roll games).

use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::shuffle::next_draw;
use fairdeal_core::stream::Recorder;
use fairdeal_core::{Error, Fingerprint, Game, Verb};
use serde::Serialize;
use serde_json::Value;

use super::{Numbers, given, to_json};
use crate::input::{CLIENT_SEED, NONCE, SERVER_SEED};
use crate::{Input, Ticket};

/// The fewest and most rolls.
// Decision (docs/schemes/hmac-blackjack.md step 6): the site opens 1 to 4
// cases at once.
pub const ROLLS: (u64, u64) = (1, 4);

/// Returns one ticket per roll, a number each.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`](fairdeal_core::ErrorKind::StreamExhausted)
/// when a finite `draws` ends first.
pub fn unbox<I: Iterator<Item = u32>>(rolls: usize, draws: &mut I) -> Result<Vec<Ticket>, Error> {
    (0..rolls)
        .map(|taken| next_draw(draws, taken).map(Ticket))
        .collect()
}

const ROLLS_FIELD: Field = Field {
    name: "rolls",
    kind: FieldKind::Integer,
    required: true,
    help: "how many cases are opened: 1 to 4",
    expected: "1 to 4 rolls",
    rule: Rule::Between {
        min: ROLLS.0,
        max: ROLLS.1,
    },
};
const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE, ROLLS_FIELD];

/// `fairdeal roll case`.
pub const GAME: Game = Game {
    name: "case",
    verb: Verb::Roll,
    summary: "Case unbox: one ticket f * 100000 per roll",
    fields: FIELDS,
    run,
    shown: super::tickets_as_shown,
    compare_first: &[],
    on_deal: false,
};

#[derive(Serialize)]
struct Output {
    fingerprint: Fingerprint,
    randoms: Vec<u32>,
    tickets: Vec<RollTicket>,
}

#[derive(Serialize)]
struct RollTicket {
    roll: usize,
    u32: u32,
    ticket: Ticket,
}

fn run(json: &Value, randoms: Option<&Value>) -> Result<Value, Error> {
    let f = Fields::new(json, FIELDS)?;
    let input = Input::from_fields(&f, f.integer(NONCE.name, NONCE.expected)?)?;
    let rolls = f.integer(ROLLS_FIELD.name, ROLLS_FIELD.expected)?;
    let mut draws = Recorder::new(Numbers::new(&input, given(randoms)?));
    // OK because rolls is at most 4.
    let tickets = unbox(usize::try_from(rolls).unwrap_or(0), &mut draws)?;
    Ok(to_json(&Output {
        fingerprint: Fingerprint::of(input.server_seed().as_bytes()),
        randoms: draws.into_taken(),
        // The site's own code (getCaseUnboxOutcome) numbers the rolls from
        // 0 (docs/schemes/hmac-blackjack.md, step 6).
        tickets: (0..)
            .zip(tickets)
            .map(|(roll, ticket)| RollTicket {
                roll,
                u32: ticket.0,
                ticket,
            })
            .collect(),
    }))
}
