//! Case battle: every player opens the same number of cases, player p with
//! nonce p (docs/schemes/hmac-blackjack.md, step 6: the roll games).

use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::shuffle::next_draw;
use fairdeal_core::{Error, Fingerprint, Game, Verb};
use serde::Serialize;
use serde_json::Value;

use super::{Numbers, given, to_json};
use crate::input::{CLIENT_SEED, SERVER_SEED};
use crate::{Input, Ticket};

/// The fewest and most players.
// Decision (docs/schemes/hmac-blackjack.md step 6): a battle has two to
// four players.
pub const PLAYERS: (u64, u64) = (2, 4);
/// The fewest and most rounds.
// Decision (docs/schemes/hmac-blackjack.md step 6): the site states no
// limit; 100 rounds bound the output.
pub const ROUNDS: (u64, u64) = (1, 100);

/// Returns each player's tickets, player 1 first, one per round. Player p
/// takes `rounds` numbers from `stream(p)`, which is the stream of nonce p.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`](fairdeal_core::ErrorKind::StreamExhausted)
/// when a finite stream ends first.
pub fn battle<I: Iterator<Item = u32>>(
    players: u64,
    rounds: usize,
    mut stream: impl FnMut(u64) -> I,
) -> Result<Vec<Vec<Ticket>>, Error> {
    let mut taken = 0;
    (1..=players)
        .map(|p| {
            let mut draws = stream(p);
            (0..rounds)
                .map(|_| {
                    let u = next_draw(&mut draws, taken)?;
                    taken += 1;
                    Ok(Ticket(u))
                })
                .collect()
        })
        .collect()
}

const PLAYERS_FIELD: Field = Field {
    name: "players",
    kind: FieldKind::Integer,
    required: true,
    help: "how many players: 2 to 4; player p uses nonce p",
    expected: "2 to 4 players",
    rule: Rule::Between {
        min: PLAYERS.0,
        max: PLAYERS.1,
    },
};
const ROUNDS_FIELD: Field = Field {
    name: "rounds",
    kind: FieldKind::Integer,
    required: true,
    help: "how many cases each player opens: 1 to 100",
    expected: "1 to 100 rounds",
    rule: Rule::Between {
        min: ROUNDS.0,
        max: ROUNDS.1,
    },
};
const FIELDS: &[Field] = &[
    SERVER_SEED,
    Field {
        help: "the entropy: the block hash the site names for the battle",
        ..CLIENT_SEED
    },
    PLAYERS_FIELD,
    ROUNDS_FIELD,
];

/// `fairdeal roll battle`.
pub const GAME: Game = Game {
    name: "battle",
    verb: Verb::Roll,
    summary: "Case battle: player p opens `rounds` cases with nonce p",
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
    tickets: Vec<RoundTicket>,
}

#[derive(Serialize)]
struct RoundTicket {
    round: usize,
    player: usize,
    u32: u32,
    ticket: Ticket,
}

fn run(json: &Value, randoms: Option<&Value>) -> Result<Value, Error> {
    let f = Fields::new(json, FIELDS)?;
    // The nonce is the player's: each player's stream is this input's with
    // nonce p.
    let input = Input::from_fields(&f, 0)?;
    let players = f.integer(PLAYERS_FIELD.name, PLAYERS_FIELD.expected)?;
    let rounds = f.integer(ROUNDS_FIELD.name, ROUNDS_FIELD.expected)?;
    // OK because rounds is at most 100.
    let rounds = usize::try_from(rounds).unwrap_or(0);
    // A given list replaces every player's stream: player 1's numbers first.
    let mut given = given(randoms)?.map(Vec::into_iter);
    let by_player = battle(players, rounds, |p| match given.as_mut() {
        Some(list) => Numbers::Given(list.by_ref().take(rounds).collect::<Vec<_>>().into_iter()),
        None => Numbers::new(&input.with_nonce(p), None),
    })?;
    let mut tickets = Vec::with_capacity(by_player.len() * rounds);
    // OK because `battle` gives each player `rounds` tickets, or an error.
    for round in 0..rounds {
        for (player, own) in by_player.iter().enumerate() {
            tickets.push(RoundTicket {
                round: round + 1,
                player: player + 1,
                u32: own[round].0,
                ticket: own[round],
            });
        }
    }
    Ok(to_json(&Output {
        fingerprint: Fingerprint::of(input.server_seed().as_bytes()),
        randoms: by_player.iter().flatten().map(|t| t.0).collect(),
        tickets,
    }))
}
