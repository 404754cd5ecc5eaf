//! The inputs, checked once (docs/schemes/hmac-blackjack.md, "Inputs"): the
//! server seed, the client seed and the nonce, shared by the shoe and every
//! game.

use fairdeal_core::{Error, ErrorKind, Field, FieldKind, Fields, FromJson, text};
use serde::Serialize;
use serde_json::Value;

/// The server seed: its text is the HMAC key and the fingerprint's preimage.
pub(crate) const SERVER_SEED: Field = Field {
    name: "server_seed",
    kind: FieldKind::Text,
    required: true,
    help: "the revealed server seed, exactly as the site shows it",
};
/// The client seed; roulette and case battle call it the entropy.
pub(crate) const CLIENT_SEED: Field = Field {
    name: "client_seed",
    kind: FieldKind::Text,
    required: true,
    help: "your client seed (the entropy), exactly as set; may be empty",
};
/// The game's counter.
pub(crate) const NONCE: Field = Field {
    name: "nonce",
    kind: FieldKind::Integer,
    required: true,
    help: "the game's nonce, 0 to 2^53 - 1",
};

pub(crate) const FIELDS: &[Field] = &[SERVER_SEED, CLIENT_SEED, NONCE];

/// The longest server seed and client seed accepted, in characters.
// Decision (docs/schemes/hmac-blackjack.md, inputs): the site states no
// limit; 1024 bounds every text input of this project.
const MAX_TEXT: usize = 1024;
/// The largest nonce: the site's nonce is a JavaScript number, exact up to
/// 2^53 - 1.
pub const MAX_NONCE: u64 = (1 << 53) - 1;

const SERVER_SEED_RULE: &str = "1 to 1024 printable ASCII characters";
const CLIENT_SEED_RULE: &str = "0 to 1024 characters of text";
const NONCE_RULE: &str = "an integer from 0 to 2^53 - 1 (9007199254740991)";

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
        check_server_seed(server_seed)?;
        check_client_seed(client_seed)?;
        check_nonce(NONCE.name, nonce)?;
        Ok(Self {
            server_seed: server_seed.to_owned(),
            client_seed: client_seed.to_owned(),
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
        let server_seed = server_seed(&f)?;
        let client_seed = client_seed(&f)?;
        let nonce = nonce(&f)?;
        Ok(Self {
            server_seed: server_seed.to_owned(),
            client_seed: client_seed.to_owned(),
            nonce,
        })
    }
}

/// Reads and checks `server_seed`: present, a string, then its own rules.
pub(crate) fn server_seed<'a>(f: &Fields<'a>) -> Result<&'a str, Error> {
    let text = f.text(SERVER_SEED.name, SERVER_SEED_RULE)?;
    check_server_seed(text)?;
    Ok(text)
}

/// Reads and checks `client_seed`.
pub(crate) fn client_seed<'a>(f: &Fields<'a>) -> Result<&'a str, Error> {
    let text = f.text(CLIENT_SEED.name, CLIENT_SEED_RULE)?;
    check_client_seed(text)?;
    Ok(text)
}

/// Reads and checks `nonce`.
pub(crate) fn nonce(f: &Fields<'_>) -> Result<u64, Error> {
    let nonce = f.integer(NONCE.name, NONCE_RULE)?;
    check_nonce(NONCE.name, nonce)
}

/// Returns the integer `field` of `f`, from `min` to `max`.
pub(crate) fn integer_in(
    f: &Fields<'_>,
    field: &str,
    min: u64,
    max: u64,
    expected: &'static str,
) -> Result<u64, Error> {
    let n = f.integer(field, expected)?;
    if (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(Error::new(
            field,
            ErrorKind::Range {
                got: n.to_string(),
                expected,
            },
        ))
    }
}

fn check_server_seed(text: &str) -> Result<(), Error> {
    text::printable_ascii(SERVER_SEED.name, text, 1, MAX_TEXT, SERVER_SEED_RULE)
}

fn check_client_seed(text: &str) -> Result<(), Error> {
    // Any Unicode text is a client seed, its UTF-8 bytes hashed as given;
    // the limit counts code points, as the page's table says.
    let chars = text.chars().count();
    if chars > MAX_TEXT {
        return Err(Error::new(
            CLIENT_SEED.name,
            ErrorKind::Length {
                got: chars,
                expected: CLIENT_SEED_RULE,
            },
        ));
    }
    Ok(())
}

fn check_nonce(field: &str, nonce: u64) -> Result<u64, Error> {
    if nonce > MAX_NONCE {
        return Err(Error::new(
            field,
            ErrorKind::Range {
                got: nonce.to_string(),
                expected: NONCE_RULE,
            },
        ));
    }
    Ok(nonce)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

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
