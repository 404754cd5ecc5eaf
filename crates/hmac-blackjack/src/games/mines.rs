//! Mines: a 5 x 5 board, mines picked from the free squares
//! (docs/schemes/hmac-blackjack.md, step 6: the roll games).

use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::shuffle::{mul_shift, next_draw};
use fairdeal_core::stream::Recorder;
use fairdeal_core::{Error, Fingerprint, Game, Verb};
use serde::Serialize;
use serde_json::Value;

use super::{Numbers, given, to_json};
use crate::Input;
use crate::input::{CLIENT_SEED, NONCE, SERVER_SEED};

/// Rows and columns of the board.
pub const SIDE: usize = 5;
const SIDE_U8: u8 = 5;
/// Squares on the board: position p is row p div 5, column p mod 5.
pub const SQUARES: usize = SIDE * SIDE;
/// The fewest and most mines.
// Decision (docs/schemes/hmac-blackjack.md step 6): the site states no
// limits; at least one mine, and at least one safe square.
pub const MINES: (u64, u64) = (1, 24);

/// A square: row, then column (written `[row, col]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Square(pub u8, pub u8);

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[allow(missing_docs)] // the names are the site's
pub enum Content {
    Safe,
    Mine,
}

/// Returns `mines` squares in the order picked: each number u takes the
/// free square `(u * free) >> 32`, in row-major order, and removes it.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`](fairdeal_core::ErrorKind::StreamExhausted)
/// when a finite `draws` ends first.
pub fn place<I: Iterator<Item = u32>>(mines: usize, draws: &mut I) -> Result<Vec<Square>, Error> {
    // OK because positions are below 25.
    let mut free: Vec<u8> = (0..SQUARES).map(|p| u8::try_from(p).unwrap_or(0)).collect();
    (0..mines.min(SQUARES))
        .map(|taken| {
            let u = next_draw(draws, taken)?;
            let len = u32::try_from(free.len()).unwrap_or(0);
            let p = free.remove(mul_shift(u, len) as usize);
            Ok(Square(p / SIDE_U8, p % SIDE_U8))
        })
        .collect()
}

/// Returns the board of `mines`: 5 rows of 5 squares.
pub fn board(mines: &[Square]) -> [[Content; SIDE]; SIDE] {
    let mut board = [[Content::Safe; SIDE]; SIDE];
    for &Square(row, col) in mines {
        board[usize::from(row)][usize::from(col)] = Content::Mine;
    }
    board
}

const MINES_FIELD: Field = Field {
    name: "mines",
    kind: FieldKind::Integer,
    required: true,
    help: "how many mines: 1 to 24",
    expected: "1 to 24 mines",
    rule: Rule::Between {
        min: MINES.0,
        max: MINES.1,
    },
};
const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE, MINES_FIELD];

/// `fairdeal roll mines`.
pub const GAME: Game = Game {
    name: "mines",
    verb: Verb::Roll,
    summary: "Mines: each mine takes the free square floor(f * free) of the 5 x 5 board",
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
    mines: Vec<Square>,
    board: [[Content; SIDE]; SIDE],
}

fn run(json: &Value, randoms: Option<&Value>) -> Result<Value, Error> {
    let f = Fields::new(json, FIELDS)?;
    let input = Input::from_fields(&f, f.integer(NONCE.name, NONCE.expected)?)?;
    let count = f.integer(MINES_FIELD.name, MINES_FIELD.expected)?;
    let mut draws = Recorder::new(Numbers::new(&input, given(randoms)?));
    // OK because the count is at most 24.
    let mines = place(usize::try_from(count).unwrap_or(0), &mut draws)?;
    Ok(to_json(&Output {
        fingerprint: Fingerprint::of(input.server_seed().as_bytes()),
        randoms: draws.into_taken(),
        board: board(&mines),
        mines,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_take_the_first_free_square_and_maxima_the_last() {
        let squares = place(3, &mut std::iter::repeat(0)).unwrap();
        assert_eq!(squares, [Square(0, 0), Square(0, 1), Square(0, 2)]);
        let squares = place(24, &mut std::iter::repeat(u32::MAX)).unwrap();
        assert_eq!(squares[..2], [Square(4, 4), Square(4, 3)]);
        assert_eq!(
            board(&squares)[0],
            [
                Content::Safe,
                Content::Mine,
                Content::Mine,
                Content::Mine,
                Content::Mine
            ]
        );
    }
}
