//! The inputs, checked once (docs/schemes/euchremaster.md, "Inputs").

use fairdeal_core::{Error, Field, FieldKind, Fields, FromJson, Seat, text};
use serde::Serialize;
use serde_json::Value;

pub(crate) const FIELDS: &[Field] = &[
    Field {
        name: "seed",
        kind: FieldKind::Text,
        required: true,
        help: "the revealed seed: 64 hex digits, either case",
    },
    Field {
        name: "cut",
        kind: FieldKind::Text,
        required: true,
        help: "your cut, exactly as the receipt shows it",
    },
    Field {
        name: "dealer",
        kind: FieldKind::Integer,
        required: true,
        help: "the dealer's seat: 0 you, 1 left, 2 partner, 3 right",
    },
    Field {
        name: "joker",
        kind: FieldKind::Bool,
        required: false,
        help: "the 25-card deck with the joker",
    },
];

const SEED: &str = "64 hexadecimal digits";
const CUT: &str = "1 to 1024 printable ASCII characters";
const DEALER: &str = "a seat from 0 to 3";

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
        text::hex_digits("seed", seed, 64, SEED)?;
        text::printable_ascii("cut", cut, 1, 1024, CUT)?;
        let dealer = Seat::new("dealer", dealer, 4, DEALER)?;
        Ok(Self {
            seed: seed.to_owned(),
            cut: cut.to_owned(),
            dealer,
            joker,
        })
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
    /// Reads and checks each field in turn (docs/vectors.md, order of
    /// checks): a seed's own rules are checked before the cut is read.
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let seed = f.text("seed", SEED)?;
        text::hex_digits("seed", seed, 64, SEED)?;
        let cut = f.text("cut", CUT)?;
        text::printable_ascii("cut", cut, 1, 1024, CUT)?;
        let dealer = f.integer("dealer", DEALER)?;
        Self::new(seed, cut, dealer, f.bool_or("joker", false)?)
    }
}
