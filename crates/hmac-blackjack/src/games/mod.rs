//! The site's other games, played with the same seeds as the shoe
//! (docs/schemes/hmac-blackjack.md, steps 5 and 6): the blackjack replay and
//! the roll games. Each module holds one game's method and its [`Game`]: the
//! fields it reads, whose list checks them all in order, and the JSON it
//! returns.

pub mod battle;
pub mod blackjack;
pub mod case;
pub mod mines;
pub mod plinko;
pub mod roulette;

use fairdeal_core::stream::given_randoms;
use fairdeal_core::{Error, Game};
use serde::Serialize;
use serde_json::Value;

use crate::{HmacStream, Input, stream};

/// Every game of the scheme, in the order the CLI lists them.
pub const GAMES: &[Game] = &[
    blackjack::GAME,
    roulette::GAME,
    mines::GAME,
    case::GAME,
    battle::GAME,
    plinko::GAME,
];

/// Where a game's numbers come from: the stream of its inputs, or a list
/// given instead (a stage vector feeding edge values such as 0 and
/// 2^32 - 1, which the stream would almost never produce).
#[derive(Clone, Debug)]
pub enum Numbers {
    /// The HMAC stream.
    Stream(HmacStream),
    /// A given list, which may run out.
    Given(std::vec::IntoIter<u32>),
}

impl Numbers {
    /// Returns `given` when there is a list, else the stream of `input`.
    pub fn new(input: &Input, given: Option<Vec<u32>>) -> Self {
        match given {
            Some(list) => Self::Given(list.into_iter()),
            None => Self::Stream(stream::of(input)),
        }
    }
}

impl Iterator for Numbers {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match self {
            Self::Stream(s) => s.next(),
            Self::Given(g) => g.next(),
        }
    }
}

/// Reads the given `randoms` of a stage vector, checked after the input.
fn given(randoms: Option<&Value>) -> Result<Option<Vec<u32>>, Error> {
    randoms.map(given_randoms::<u32>).transpose()
}

/// Serializes an output: structs of strings, numbers and lists.
fn to_json<T: Serialize>(value: &T) -> Value {
    // OK because no output has a map with non-string keys, the one thing
    // that makes `to_value` fail.
    serde_json::to_value(value).expect("outputs serialize to JSON")
}

/// Returns a case or battle output with each ticket as the site shows it:
/// the JavaScript number `f * 100000` (the shortest decimal that reads back
/// as that double), which is the double nearest the exact value the JSON
/// keeps (docs/schemes/hmac-blackjack.md, step 6: the roll games).
pub(crate) fn tickets_as_shown(output: &Value) -> Value {
    let mut shown = output.clone();
    if let Some(tickets) = shown.get_mut("tickets").and_then(Value::as_array_mut) {
        for ticket in tickets {
            let exact = ticket.get("ticket").and_then(Value::as_str);
            if let Some(double) = exact.and_then(|t| t.parse::<f64>().ok()) {
                // Rust's shortest round-trip form is JavaScript's for numbers
                // below 1e21, as every ticket (under 100000) is.
                ticket["ticket"] = Value::String(double.to_string());
            }
        }
    }
    shown
}
