//! Plinko: each ball falls through `rows` pins, one number a pin
//! (docs/schemes/hmac-blackjack.md, step 6: the roll games).

use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::shuffle::next_draw;
use fairdeal_core::stream::Recorder;
use fairdeal_core::{Error, Fingerprint, Game, Verb};
use serde::Serialize;
use serde_json::Value;

use super::{Numbers, given, to_json};
use crate::Input;
use crate::input::{CLIENT_SEED, NONCE, SERVER_SEED};

/// The smallest u whose ball moves right.
///
/// The site moves right when `Number(f.toFixed(2)) > 0.5`. `toFixed(2)`
/// rounds the exact value of f to two decimals, ties up, so the result
/// exceeds 0.5 exactly when f >= 0.505, that is u >= 0.505 * 2^32 =
/// 2168958484.48: from 2168958485 on. (A plain `f > 0.5` would move right
/// from 2147483649 and is wrong for the 21474836 numbers in between.)
pub const RIGHT_FROM: u32 = 2_168_958_485;
/// The fewest and most rows.
// Decision (docs/schemes/hmac-blackjack.md step 6): the site's boards have
// at most 32 rows.
pub const ROWS: (u64, u64) = (1, 32);
/// The fewest and most balls.
// Decision (docs/schemes/hmac-blackjack.md step 6): 100 balls bound the
// output.
pub const BALLS: (u64, u64) = (1, 100);

/// Returns whether the number `u` moves the ball right.
pub fn moves_right(u: u32) -> bool {
    u >= RIGHT_FROM
}

/// One ball's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ball {
    /// One letter a row: `L` or `R`.
    pub moves: String,
    /// The number of moves right: the slot it lands in.
    pub slot: usize,
}

/// Returns each ball's path, ball b taking numbers b * rows to
/// (b + 1) * rows - 1.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`](fairdeal_core::ErrorKind::StreamExhausted)
/// when a finite `draws` ends first.
pub fn drop_balls<I: Iterator<Item = u32>>(
    rows: usize,
    balls: usize,
    draws: &mut I,
) -> Result<Vec<Ball>, Error> {
    let mut taken = 0;
    (0..balls)
        .map(|_| {
            let mut moves = String::with_capacity(rows);
            for _ in 0..rows {
                let u = next_draw(draws, taken)?;
                taken += 1;
                moves.push(if moves_right(u) { 'R' } else { 'L' });
            }
            let slot = moves.bytes().filter(|&m| m == b'R').count();
            Ok(Ball { moves, slot })
        })
        .collect()
}

const ROWS_FIELD: Field = Field {
    name: "rows",
    kind: FieldKind::Integer,
    required: true,
    help: "rows of pins: 1 to 32",
    expected: "1 to 32 rows",
    rule: Rule::Between {
        min: ROWS.0,
        max: ROWS.1,
    },
};
const BALLS_FIELD: Field = Field {
    name: "balls",
    kind: FieldKind::Integer,
    required: true,
    help: "how many balls: 1 to 100",
    expected: "1 to 100 balls",
    rule: Rule::Between {
        min: BALLS.0,
        max: BALLS.1,
    },
};
const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE, ROWS_FIELD, BALLS_FIELD];

/// `fairdeal roll plinko`.
pub const GAME: Game = Game {
    name: "plinko",
    verb: Verb::Roll,
    summary: "Plinko: right when f.toFixed(2) > 0.5, one number per row per ball",
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
    moves: Vec<String>,
    slots: Vec<usize>,
}

fn run(json: &Value, randoms: Option<&Value>) -> Result<Value, Error> {
    let f = Fields::new(json, FIELDS)?;
    let input = Input::from_fields(&f, f.integer(NONCE.name, NONCE.expected)?)?;
    let rows = f.integer(ROWS_FIELD.name, ROWS_FIELD.expected)?;
    let balls = f.integer(BALLS_FIELD.name, BALLS_FIELD.expected)?;
    let mut draws = Recorder::new(Numbers::new(&input, given(randoms)?));
    // OK because both are at most 100.
    let (rows, balls) = (
        usize::try_from(rows).unwrap_or(0),
        usize::try_from(balls).unwrap_or(0),
    );
    let path = drop_balls(rows, balls, &mut draws)?;
    Ok(to_json(&Output {
        fingerprint: Fingerprint::of(input.server_seed().as_bytes()),
        randoms: draws.into_taken(),
        slots: path.iter().map(|b| b.slot).collect(),
        moves: path.into_iter().map(|b| b.moves).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_threshold_is_where_to_fixed_2_passes_half() {
        // 0.505 * 2^32 = 2168958484.48; checked against node's
        // `Number((u / 2**32).toFixed(2)) > 0.5` for both numbers.
        assert!(!moves_right(2_168_958_484));
        assert!(moves_right(2_168_958_485));
        assert!(!moves_right(1 << 31));
        let balls = drop_balls(
            2,
            2,
            &mut [0, u32::MAX, RIGHT_FROM, RIGHT_FROM - 1].into_iter(),
        )
        .unwrap();
        assert_eq!((balls[0].moves.as_str(), balls[1].slot), ("LR", 1));
    }
}
