//! The inputs, checked once (docs/schemes/holdem-demo.md, "Inputs"): the
//! field list is the one description; [`Input::new`] goes through it too.

use fairdeal_core::input::fields::{self, as_text};
use fairdeal_core::input::{Field, FieldKind, Fields, Rule, Seats};
use fairdeal_core::table::Seat;
use fairdeal_core::{Error, ErrorKind, FromJson};
use serde::Serialize;
use serde_json::{Value, json};

/// The largest nonce: a site's nonce is often a JavaScript number, exact up
/// to 2^53 - 1.
pub const MAX_NONCE: u64 = (1 << 53) - 1;
/// The fewest players dealt in.
pub const MIN_PLAYERS: u64 = 2;
/// The most players dealt in: 10 x 2 hole cards and 8 for the board leave
/// 24 cards undealt.
pub const MAX_PLAYERS: u64 = 10;

const SERVER_SEED: Field = Field {
    name: "server_seed",
    kind: FieldKind::Text,
    required: true,
    help: "the revealed server seed: 64 hex digits, either case",
    expected: "64 hexadecimal digits",
    rule: Rule::Hex { digits: 64 },
};
const CLIENT_SEED: Field = Field {
    name: "client_seed",
    kind: FieldKind::Text,
    required: true,
    help: "your client seed, exactly as set",
    expected: "1 to 1024 printable ASCII characters",
    rule: Rule::Printable { min: 1, max: 1024 },
};
const NONCE: Field = Field {
    name: "nonce",
    kind: FieldKind::Integer,
    required: true,
    help: "the hand's nonce, 0 to 2^53 - 1",
    expected: "an integer from 0 to 2^53 - 1 (9007199254740991)",
    rule: Rule::AtMost(MAX_NONCE),
};
const PLAYERS: Field = Field {
    name: "players",
    kind: FieldKind::Integer,
    required: true,
    help: "how many players are dealt in, 2 to 10",
    expected: "2 to 10 players",
    rule: Rule::Between {
        min: MIN_PLAYERS,
        max: MAX_PLAYERS,
    },
};
const BUTTON: Field = Field {
    name: "button",
    kind: FieldKind::Integer,
    required: true,
    help: "the button's seat, 0 to players - 1",
    expected: "a seat of the table, from 0 to players - 1",
    // A seat of the table `players` states, checked after it.
    rule: Rule::Seat(Seats::Count { of: "players" }),
};

/// The fields, in the order they are checked.
pub(crate) const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE, PLAYERS, BUTTON];

/// A hand's inputs: the revealed server seed, the client seed, the nonce,
/// how many players are dealt in and the button's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Input {
    server_seed: String,
    client_seed: String,
    nonce: u64,
    players: u8,
    button: Seat,
}

impl Input {
    /// Returns the checked input.
    ///
    /// # Errors
    ///
    /// The first refused field, in the order server seed, client seed,
    /// nonce, players, button: see [`FromJson`] and
    /// docs/schemes/holdem-demo.md.
    pub fn new(
        server_seed: &str,
        client_seed: &str,
        nonce: u64,
        players: u64,
        button: u64,
    ) -> Result<Self, Error> {
        Self::from_json(&json!({
            "server_seed": server_seed,
            "client_seed": client_seed,
            "nonce": nonce,
            "players": players,
            "button": button,
        }))
    }

    /// Returns the server seed exactly as given: its text is the HMAC key
    /// and the fingerprint's preimage.
    pub fn server_seed(&self) -> &str {
        &self.server_seed
    }

    /// Returns the client seed exactly as given.
    pub fn client_seed(&self) -> &str {
        &self.client_seed
    }

    /// Returns the nonce.
    pub fn nonce(&self) -> u64 {
        self.nonce
    }

    /// Returns how many players are dealt in: the table's seats.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Returns the button's seat.
    pub fn button(&self) -> Seat {
        self.button
    }
}

impl FromJson for Input {
    /// Each field is checked whole, in the order of the page: the button
    /// after the players, as a seat of their table.
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let players = f.integer(PLAYERS.name, PLAYERS.expected)?;
        let players = u8::try_from(players).map_err(|_| {
            Error::new(
                PLAYERS.name,
                ErrorKind::Range {
                    got: players.to_string(),
                    expected: PLAYERS.expected,
                },
            )
        })?;
        let button = f.integer(BUTTON.name, BUTTON.expected)?;
        Ok(Self {
            server_seed: f.text(SERVER_SEED.name, SERVER_SEED.expected)?.to_owned(),
            client_seed: f.text(CLIENT_SEED.name, CLIENT_SEED.expected)?.to_owned(),
            nonce: f.integer(NONCE.name, NONCE.expected)?,
            players,
            button: Seat::new(BUTTON.name, button, players, BUTTON.expected)?,
        })
    }

    /// The server seed is read on its own (what an audit draws).
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        fields::reread(self, json, changed, FIELDS, |input, name, value| {
            if name != SERVER_SEED.name {
                return Ok(false);
            }
            fields::replace(&mut input.server_seed, as_text(name, value, "")?);
            Ok(true)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "5f2c0a94e3b7d1680c4e9a2b7f31d5c8e06a94b2d7c3f1e8a5b09d4c6e2f7a13";

    fn refusal(input: &Value) -> (String, String) {
        let e = Input::from_json(input).unwrap_err();
        (e.field().to_owned(), e.kind().code().to_owned())
    }

    #[test]
    fn the_button_sits_at_the_table() {
        assert!(Input::new(SEED, "c", 0, 2, 1).is_ok());
        assert!(Input::new(SEED, "c", 0, 10, 9).is_ok());
        let e = Input::new(SEED, "c", 0, 3, 3).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("button", "range"));
        assert_eq!(
            e.to_string(),
            "button: 3 is out of range, expected a seat of the table, from 0 to players - 1"
        );
    }

    #[test]
    fn each_field_is_checked_whole_before_the_next() {
        // A bad player count is named before a button past any table.
        let bad = json!({"server_seed": SEED, "client_seed": "c", "nonce": 0,
                         "players": 11, "button": 12});
        assert_eq!(refusal(&bad), ("players".into(), "range".into()));
        let bad = json!({"server_seed": SEED, "client_seed": "", "nonce": 0});
        assert_eq!(refusal(&bad), ("client_seed".into(), "length".into()));
    }
}
