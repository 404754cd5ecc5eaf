//! The inputs, checked once (docs/schemes/hmac-blackjack.md, "Inputs"): the
//! server seed, the client seed and the nonce, shared by the shoe and every
//! game. The field list is the one description; [`Input::new`] and every
//! game go through it too.

use fairdeal_core::input::fields::{self, as_text};
use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::{Error, ErrorKind, FromJson};
use serde::Serialize;
use serde_json::{Value, json};

/// The longest server seed and client seed accepted, in characters.
// Decision (docs/schemes/hmac-blackjack.md, "Inputs"): the site states no
// limit; 1024 bounds every text input of this project.
const MAX_TEXT: usize = 1024;
/// The largest nonce: the site's nonce is a JavaScript number, exact up to
/// 2^53 - 1.
pub const MAX_NONCE: u64 = (1 << 53) - 1;

/// The server seed: its text is the HMAC key and the fingerprint's preimage.
pub(crate) const SERVER_SEED: Field = Field {
    name: "server_seed",
    kind: FieldKind::Text,
    required: true,
    help: "the revealed server seed, exactly as the site shows it",
    expected: "1 to 1024 printable ASCII characters",
    rule: Rule::Printable {
        min: 1,
        max: MAX_TEXT,
    },
};
/// The client seed; roulette and case battle call it the entropy.
pub(crate) const CLIENT_SEED: Field = Field {
    name: "client_seed",
    kind: FieldKind::Text,
    required: true,
    help: "your client seed (the entropy), exactly as set; may be empty",
    expected: "0 to 1024 characters of text",
    rule: Rule::Check(check_client_seed),
};
/// The game's counter.
pub(crate) const NONCE: Field = Field {
    name: "nonce",
    kind: FieldKind::Integer,
    required: true,
    help: "the game's nonce, 0 to 2^53 - 1",
    expected: "an integer from 0 to 2^53 - 1 (9007199254740991)",
    rule: Rule::AtMost(MAX_NONCE),
};

/// The fields of the shoe, in the order they are checked.
pub(crate) const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE];

/// The inputs of the shoe and of every game: the revealed server seed, the
/// client seed and the nonce.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Input {
    server_seed: String,
    client_seed: String,
    nonce: u64,
}

impl Input {
    /// Returns the checked input.
    ///
    /// # Errors
    ///
    /// `server_seed` that is empty, longer than 1024 characters or not
    /// printable ASCII; `client_seed` longer than 1024 characters; `nonce`
    /// above 2^53 - 1.
    pub fn new(server_seed: &str, client_seed: &str, nonce: u64) -> Result<Self, Error> {
        Self::from_json(&json!({
            "server_seed": server_seed,
            "client_seed": client_seed,
            "nonce": nonce,
        }))
    }

    /// Returns the seeds of `f` with `nonce`: `f` was checked against a
    /// field list holding [`SERVER_SEED`] and [`CLIENT_SEED`] (the shoe's or
    /// a game's), and `nonce` against [`NONCE`]'s rule or is the game's own.
    pub(crate) fn from_fields(f: &Fields<'_>, nonce: u64) -> Result<Self, Error> {
        Ok(Self {
            server_seed: f.text(SERVER_SEED.name, SERVER_SEED.expected)?.to_owned(),
            client_seed: f.text(CLIENT_SEED.name, CLIENT_SEED.expected)?.to_owned(),
            nonce,
        })
    }

    /// Returns the server seed exactly as given: its bytes are the HMAC key.
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

    /// Returns the same seeds with another nonce (case battle gives player p
    /// the nonce p).
    #[must_use]
    pub(crate) fn with_nonce(&self, nonce: u64) -> Self {
        Self {
            nonce,
            ..self.clone()
        }
    }
}

impl FromJson for Input {
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let nonce = f.integer(NONCE.name, NONCE.expected)?;
        Self::from_fields(&f, nonce)
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

/// Any Unicode text is a client seed, its UTF-8 bytes hashed as given; the
/// limit counts code points, as the page's table says.
fn check_client_seed(field: &str, value: &Value) -> Result<(), Error> {
    let chars = value.as_str().map_or(0, |text| text.chars().count());
    if chars > MAX_TEXT {
        return Err(Error::new(
            field,
            ErrorKind::Length {
                got: chars,
                expected: CLIENT_SEED.expected,
            },
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_is_checked_whole_before_the_next() {
        // The bad server seed is reported before the missing nonce.
        let e = Input::from_json(&json!({"server_seed": "", "client_seed": "c"})).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("server_seed", "length"));
        let e = Input::from_json(&json!({"server_seed": "s", "client_seed": "c"})).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("nonce", "missing"));
    }

    #[test]
    fn limits() {
        assert!(Input::new("s", "", MAX_NONCE).is_ok());
        assert!(Input::new("s", &"é".repeat(1024), 0).is_ok());
        let e = Input::new("s", &"é".repeat(1025), 0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "client_seed: 1025 characters, expected 0 to 1024 characters of text"
        );
        let e = Input::new("s", "", MAX_NONCE + 1).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("nonce", "range"));
        let e = Input::new("s\u{e9}", "", 0).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("server_seed", "character"));
    }
}
