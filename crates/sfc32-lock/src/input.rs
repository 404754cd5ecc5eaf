//! The inputs, checked once (docs/schemes/sfc32-lock.md, "Inputs").

use fairdeal_core::{Error, Field, FieldKind, Fields, FromJson, text};
use serde_json::Value;

use crate::sfc32::{SEED, Sfc32};

pub(crate) const FIELDS: &[Field] = &[
    Field {
        name: "seed",
        kind: FieldKind::Text,
        required: true,
        help: "the revealed seed: 32 hex digits, either case",
    },
    Field {
        name: "nonce",
        kind: FieldKind::Text,
        required: true,
        help: "the hand's nonce, exactly as the receipt shows it",
    },
];

const NONCE: &str = "1 to 1024 printable ASCII characters";

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
        Self::seeded(seed, Sfc32::from_seed(seed)?, nonce)
    }

    /// Returns the input of `seed`, already read into `generator`, and
    /// `nonce`, once the nonce is checked.
    fn seeded(seed: &str, generator: Sfc32, nonce: &str) -> Result<Self, Error> {
        text::printable_ascii("nonce", nonce, 1, 1024, NONCE)?;
        Ok(Self {
            seed: seed.to_owned(),
            nonce: nonce.to_owned(),
            generator,
        })
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
        let seed = f.text("seed", SEED)?;
        // docs/vectors.md: a field's own rules come before the next field is
        // looked at, so a bad seed is reported even when the nonce is missing.
        let generator = Sfc32::from_seed(seed)?;
        Self::seeded(seed, generator, f.text("nonce", NONCE)?)
    }
}
