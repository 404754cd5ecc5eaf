//! The inputs, checked once (docs/schemes/euchremaster.md, "Inputs"): the
//! field list is the one description; [`Input::new`] goes through it too.

use fairdeal_core::input::fields::{self, as_integer, as_text};
use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::table::Seat;
use fairdeal_core::{Error, FromJson};
use serde::Serialize;
use serde_json::{Value, json};

/// The fields, in the order they are checked.
pub(crate) const FIELDS: &[Field] = &[
    Field {
        name: "seed",
        kind: FieldKind::Text,
        required: true,
        help: "the revealed seed: 64 hex digits, either case",
        expected: "64 hexadecimal digits",
        rule: Rule::Hex { digits: 64 },
    },
    Field {
        name: "cut",
        kind: FieldKind::Text,
        required: true,
        help: "your cut, exactly as the receipt shows it",
        expected: "1 to 1024 printable ASCII characters",
        rule: Rule::Printable { min: 1, max: 1024 },
    },
    Field {
        name: "dealer",
        kind: FieldKind::Integer,
        required: true,
        help: "the dealer's seat: 0 you, 1 left, 2 partner, 3 right",
        expected: "a seat from 0 to 3",
        rule: Rule::AtMost(3),
    },
    Field {
        name: "joker",
        kind: FieldKind::Bool,
        required: false,
        help: "the 25-card deck with the joker",
        expected: "true or false",
        rule: Rule::Any,
    },
];

/// A deal's inputs: the revealed seed, the player's cut, the dealer, and
/// whether the joker is in the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Input {
    seed: String,
    cut: String,
    dealer: Seat,
    joker: bool,
}

impl Input {
    /// Returns the checked input.
    ///
    /// # Errors
    ///
    /// `seed` that is not 64 hex digits; `cut` that is empty, longer than
    /// 1024 characters or not printable ASCII; `dealer` above 3.
    pub fn new(seed: &str, cut: &str, dealer: u64, joker: bool) -> Result<Self, Error> {
        Self::from_json(&json!({"seed": seed, "cut": cut, "dealer": dealer, "joker": joker}))
    }

    /// Returns the seed exactly as given (its case is part of what is hashed).
    pub fn seed(&self) -> &str {
        &self.seed
    }

    /// Returns the cut.
    pub fn cut(&self) -> &str {
        &self.cut
    }

    /// Returns the dealer's seat.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Returns whether the joker is in the deck.
    pub fn joker(&self) -> bool {
        self.joker
    }

    /// Returns `seed:cut`, the text before `:k` in every hashed block.
    pub fn stream_prefix(&self) -> String {
        format!("{}:{}", self.seed, self.cut)
    }
}

impl FromJson for Input {
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        Ok(Self {
            seed: f.text("seed", "")?.to_owned(),
            cut: f.text("cut", "")?.to_owned(),
            dealer: Seat::new("dealer", f.integer("dealer", "")?, 4, "")?,
            joker: f.bool_or("joker", false)?,
        })
    }

    /// The seed and the dealer are read on their own (what an audit draws).
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        fields::reread(self, json, changed, FIELDS, |input, name, value| {
            match name {
                "seed" => fields::replace(&mut input.seed, as_text(name, value, "")?),
                "dealer" => input.dealer = Seat::new(name, as_integer(name, value, "")?, 4, "")?,
                _ => return Ok(false),
            }
            Ok(true)
        })
    }
}
