//! The inputs, checked once (docs/schemes/sfc32-lock.md, "Inputs"): the
//! field list is the one description; [`Input::new`] goes through it too.

use fairdeal_core::input::fields::{self, as_text};
use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::{Error, FromJson};
use serde_json::{Value, json};

use crate::sfc32::{SEED, SEED_DIGITS, Sfc32};

/// The fields, in the order they are checked.
pub(crate) const FIELDS: &[Field] = &[
    Field {
        name: "seed",
        kind: FieldKind::Text,
        required: true,
        help: "the revealed seed: 32 hex digits, either case",
        expected: SEED,
        rule: Rule::Hex {
            digits: SEED_DIGITS,
        },
    },
    Field {
        name: "nonce",
        kind: FieldKind::Text,
        required: true,
        help: "the hand's nonce, exactly as the receipt shows it",
        expected: "1 to 1024 printable ASCII characters",
        rule: Rule::Printable { min: 1, max: 1024 },
    },
];

/// A deal's inputs: the revealed seed and the hand's nonce.
///
/// The seed is kept as given, since its case is part of the locked text, and
/// as the generator it seeds, which reads the digits as numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    seed: String,
    nonce: String,
    generator: Sfc32,
}

impl Input {
    /// Returns the checked input.
    ///
    /// # Errors
    ///
    /// `seed` that is not 32 hex digits; `nonce` that is empty, longer than
    /// 1024 characters or not printable ASCII.
    pub fn new(seed: &str, nonce: &str) -> Result<Self, Error> {
        Self::from_json(&json!({"seed": seed, "nonce": nonce}))
    }

    /// Returns the seed exactly as given.
    pub fn seed(&self) -> &str {
        &self.seed
    }

    /// Returns the nonce.
    pub fn nonce(&self) -> &str {
        &self.nonce
    }

    /// Returns the generator seeded from the seed, its 16 draws discarded.
    pub fn generator(&self) -> &Sfc32 {
        &self.generator
    }

    /// Returns `seed:nonce`, the text the lock hashes.
    pub fn locked_text(&self) -> String {
        format!("{}:{}", self.seed, self.nonce)
    }
}

impl FromJson for Input {
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let seed = f.text("seed", "")?;
        Ok(Self {
            seed: seed.to_owned(),
            nonce: f.text("nonce", "")?.to_owned(),
            // The field's rule checked the seed.
            generator: Sfc32::from_checked_seed(seed),
        })
    }

    /// The seed is read on its own (what an audit draws).
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        fields::reread(self, json, changed, FIELDS, |input, name, value| {
            if name != "seed" {
                return Ok(false);
            }
            let seed = as_text(name, value, "")?;
            input.generator = Sfc32::from_checked_seed(seed);
            fields::replace(&mut input.seed, seed);
            Ok(true)
        })
    }
}
