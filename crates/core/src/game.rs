//! A scheme's other games: the ones its site plays with the same committed
//! seeds besides the deal (a blackjack replay, a roulette spin, ...).
//!
//! [`DealScheme`](crate::DealScheme) covers what every scheme has; a scheme
//! lists whatever else its site does in [`SchemeInfo::games`], each game a
//! [`Game`] that reads and writes JSON. The CLI turns each into `fairdeal
//! play NAME` or `fairdeal roll NAME`, and vector files test them with
//! `game` cases.
//!
//! [`SchemeInfo::games`]: crate::info::SchemeInfo::games

use std::fmt;

use serde_json::Value;

use crate::Error;
use crate::input::Field;

/// How the command line offers a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// `fairdeal play NAME`: a game the player took decisions in, replayed
    /// from those decisions (blackjack).
    Play,
    /// `fairdeal roll NAME`: a game decided by the numbers alone (roulette,
    /// mines, plinko).
    Roll,
}

impl Verb {
    /// Returns the command's name: `play` or `roll`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Play => "play",
            Self::Roll => "roll",
        }
    }
}

impl fmt::Display for Verb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One game of a scheme, seen through JSON.
///
/// # Implementing a `Game`
///
/// - **Do** read the input with [`Fields`](crate::input::Fields), so that an
///   unknown, missing or ill-typed field is refused like a deal's, naming
///   it; the order of checks is that of `fields`.
/// - **Do** start the output with `fingerprint` and then `randoms` (every
///   number the game used, in order) where the game shows them, and keep to
///   the output names of the scheme's page (`docs/schemes/<id>.md`).
/// - **Do** take the numbers from `randoms` instead of the stream when it is
///   given (a stage vector feeding edge values), refusing its items as
///   [`given_randoms`](crate::stream::given_randoms) does and running out with
///   [`ErrorKind::StreamExhausted`](crate::ErrorKind::StreamExhausted).
/// - **Do not** print, read files or keep state: like a deal, a game is pure
///   computation.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// The command's name, unique across every registered scheme
    /// (`blackjack`, `roulette`).
    pub name: &'static str,
    /// Whether it is played (`fairdeal play`) or rolled (`fairdeal roll`).
    pub verb: Verb,
    /// One line for the command's help.
    pub summary: &'static str,
    /// The input fields, in the order they are checked and listed.
    pub fields: &'static [Field],
    /// Runs the game on an input object. `randoms`, when given, is a JSON
    /// list of the stream's numbers that replaces the stream.
    pub run: fn(input: &Value, randoms: Option<&Value>) -> Result<Value, Error>,
    /// Returns an output as the site shows it, for the table a person reads
    /// (a case ticket as the site's JavaScript prints it; the JSON keeps the
    /// exact value); [`Game::AS_COMPUTED`] for a game shown as computed.
    pub shown: fn(output: &Value) -> Value,
    /// The output's values a port's answer is compared on first, in this
    /// order, before the rest in the output's own order: JSON Pointers in
    /// which `*` stands for every item of a list (`/hands/*/cards`). A value
    /// computed from those of a later stage comes after them, so that a
    /// mistake is reported where it is made: blackjack compares the
    /// dealer's cards before the hands' outcomes. Empty: the output's order.
    pub compare_first: &'static [&'static str],
    /// Whether the game is played on the scheme's own deal of the same
    /// inputs (blackjack on the shoe the scheme deals for these seeds): its
    /// cards are that deal's, and the player's are those
    /// [`SchemeInfo::player`](crate::info::SchemeInfo::player) names, which a
    /// player's history tests against the exact odds (docs/history.md).
    /// `false` for a game decided by the numbers alone (roulette, mines),
    /// which deals no cards.
    pub on_deal: bool,
}

impl Game {
    /// Shows an output as computed.
    pub const AS_COMPUTED: fn(&Value) -> Value = Value::clone;
}
