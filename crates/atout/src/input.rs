//! The inputs, checked once, in the order docs/schemes/atout-v1.md lists
//! them ("Inputs"): secret, variant, numbers, dealer, taker. The field list
//! is the one description; [`Input::new`] goes through it too.

use fairdeal_core::input::fields::as_text;
use fairdeal_core::input::{Field, FieldKind, Fields, Rule, Seats, fields, text};
use fairdeal_core::{Error, FromJson};
use serde_json::{Value, json};

use crate::dealing::{self, Dealing, VARIANT, Variant};
use crate::key::SEPARATOR;

/// The fields, in the order they are checked. The count of numbers, the
/// dealer and the taker depend on the variant: each is a `Rule::PerSeat` or
/// `Rule::Seat` of the variant's table (`dealing::NUMBERS`, `DEALER`,
/// `TAKER`), which words its messages; the variant comes first, and the
/// count is checked after each number and before the dealer.
pub(crate) const FIELDS: &[Field] = &[
    Field {
        name: "secret",
        kind: FieldKind::Text,
        required: true,
        help: "the revealed secret, exactly as the site shows it",
        expected: SECRET,
        rule: Rule::Check(check_secret),
    },
    Field {
        name: "variant",
        kind: FieldKind::Text,
        required: true,
        help: "the game: coinche, belote or duo",
        expected: VARIANT,
        rule: Rule::Check(check_variant),
    },
    Field {
        name: "numbers",
        kind: FieldKind::TextPerSeat { flag: "number" },
        required: true,
        help: "one per seat: --number 0=TEXT --number 1= ... (SEAT= for a robot)",
        expected: NUMBERS,
        rule: Rule::PerSeat {
            seats: Seats::Named {
                of: "variant",
                tables: &dealing::NUMBERS,
            },
            each: check_number,
        },
    },
    Field {
        name: "dealer",
        kind: FieldKind::Integer,
        required: false,
        help: "the dealer's seat (belote 0 to 3, duo 0 or 1; none for coinche)",
        expected: "belote: a seat from 0 to 3; duo: a seat, 0 or 1; coinche: none",
        rule: Rule::Seat(Seats::Named {
            of: "variant",
            tables: &dealing::DEALER,
        }),
    },
    Field {
        name: "taker",
        kind: FieldKind::Integer,
        required: false,
        help: "belote: the seat that took the turned card; leave out if all passed",
        expected: "belote: a seat from 0 to 3, absent when every seat passed",
        rule: Rule::Seat(Seats::Named {
            of: "variant",
            tables: &dealing::TAKER,
        }),
    },
];

/// The longest secret or number, in characters.
const MAX_TEXT: usize = 1024;

const SECRET: &str = "1 to 1024 printable ASCII characters, without '|'";
const NUMBERS: &str = "a list of texts, one per seat, seat 0 first";
const NUMBER: &str = "0 to 1024 printable ASCII characters, without '|' (\"\" for a robot)";
const NO_SEPARATOR: &str = "printable ASCII other than '|', which separates the hashed texts";

/// A deal's inputs: the revealed secret, each seat's number and the dealing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    secret: String,
    numbers: Vec<String>,
    dealing: Dealing,
}

impl Input {
    /// Returns the checked input; `dealer` and `taker` are `None` when
    /// absent.
    ///
    /// # Errors
    ///
    /// The first refused field, in the order secret, variant, numbers (each
    /// number, then their count), dealer, taker: see [`FromJson`] and
    /// docs/schemes/atout-v1.md.
    pub fn new(
        secret: &str,
        variant: &str,
        numbers: &[&str],
        dealer: Option<u64>,
        taker: Option<u64>,
    ) -> Result<Self, Error> {
        let mut json = json!({"secret": secret, "variant": variant, "numbers": numbers});
        // An absent seat is left out: `null` is not a seat.
        for (name, seat) in [("dealer", dealer), ("taker", taker)] {
            if let Some(n) = seat {
                json[name] = json!(n);
            }
        }
        Self::from_json(&json)
    }

    /// Returns the secret, whose SHA-256 is the fingerprint.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// Returns the numbers by seat, seat 0 first (`""` for a robot).
    pub fn numbers(&self) -> &[String] {
        &self.numbers
    }

    /// Returns the dealing: the variant, with its dealer and taker.
    pub fn dealing(&self) -> Dealing {
        self.dealing
    }

    /// Returns the variant.
    pub fn variant(&self) -> Variant {
        match self.dealing {
            Dealing::Coinche => Variant::Coinche,
            Dealing::Belote { .. } => Variant::Belote,
            Dealing::Duo { .. } => Variant::Duo,
        }
    }
}

impl FromJson for Input {
    /// Each field is checked completely (present, JSON type, then its own
    /// rules, those that depend on the variant included) before the next,
    /// in the order of docs/schemes/atout-v1.md.
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let secret = f.text("secret", "")?.to_owned();
        let variant = Variant::parse(f.text("variant", "")?)?;
        let numbers: Vec<String> = f
            .list("numbers", "")?
            .iter()
            .map(|v| text_of(v).to_owned())
            .collect();
        let seat = |name: &str| f.get(name).and_then(Value::as_u64);
        let dealing = Dealing::new(variant, seat("dealer"), seat("taker"))?;
        Ok(Self {
            secret,
            numbers,
            dealing,
        })
    }

    /// The secret is read on its own (what an audit draws).
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        fields::reread(self, json, changed, FIELDS, |input, name, value| {
            if name != "secret" {
                return Ok(false);
            }
            fields::replace(&mut input.secret, text_of(value));
            Ok(true)
        })
    }
}

/// Returns a text field's value; its kind (a string) is checked before its
/// rule, so an empty text stands for nothing that can happen.
fn text_of(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

fn check_secret(field: &str, value: &Value) -> Result<(), Error> {
    check_text(field, text_of(value), 1, SECRET)
}

fn check_variant(_: &str, value: &Value) -> Result<(), Error> {
    Variant::parse(text_of(value)).map(drop)
}

/// One number, named by its item (`numbers[2]`); `Rule::PerSeat` checks
/// each in turn, seat 0 first, then their count.
fn check_number(item: &str, value: &Value) -> Result<(), Error> {
    check_text(item, as_text(item, value, NUMBER)?, 0, NUMBER)
}

/// Checks a hashed text: printable ASCII, no separator, `min..=1024`
/// characters. The first bad character is named, whether it is outside
/// printable ASCII or a separator; the length is checked after the
/// characters (docs/vectors.md, errors).
fn check_text(field: &str, value: &str, min: usize, expected: &'static str) -> Result<(), Error> {
    let printable = value
        .find(|c: char| !(' '..='~').contains(&c))
        .unwrap_or(value.len());
    // OK because `find` returns the start of a character (or the length):
    // the slice is at a character boundary.
    text::without(field, &value[..printable], SEPARATOR, NO_SEPARATOR)?;
    text::printable_ascii(field, value, min, MAX_TEXT, expected)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn refusal(input: Value) -> (String, String) {
        let e = Input::from_json(&input).unwrap_err();
        (e.kind().code().to_owned(), e.field().to_owned())
    }

    #[test]
    fn fields_are_checked_in_the_documented_order() {
        // Every field is bad: the secret is named first.
        let all_bad = json!({"secret": "a|b", "variant": "tarot", "numbers": 1, "dealer": 9});
        assert_eq!(refusal(all_bad), ("character".into(), "secret".into()));
        let v = json!({"secret": "s", "variant": "tarot", "numbers": 1});
        assert_eq!(refusal(v), ("value".into(), "variant".into()));
        // Each number before the count.
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", "", "x|"]});
        assert_eq!(refusal(v), ("character".into(), "numbers[2]".into()));
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", "", ""]});
        assert_eq!(refusal(v), ("length".into(), "numbers".into()));
        // The dealer before the taker.
        let v = json!({"secret": "s", "variant": "coinche", "numbers": ["", "", "", ""],
                       "dealer": 0, "taker": 0});
        assert_eq!(refusal(v), ("value".into(), "dealer".into()));
        let v = json!({"secret": "s", "variant": "belote", "numbers": ["", "", "", ""],
                       "taker": 9});
        assert_eq!(refusal(v), ("missing".into(), "dealer".into()));
        let v = json!({"secret": "s", "variant": "belote", "numbers": ["", "", "", ""],
                       "dealer": 0, "taker": 4});
        assert_eq!(refusal(v), ("range".into(), "taker".into()));
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", ""],
                       "dealer": 1, "taker": 0});
        assert_eq!(refusal(v), ("value".into(), "taker".into()));
    }

    /// The variant's tables are read by the field list: the count of
    /// numbers before the dealer, the dealer's JSON type before the
    /// variant's rule, the taker after the dealer.
    #[test]
    fn the_variant_s_rules_keep_their_place() {
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", "", "", ""],
                       "dealer": 3, "taker": "x"});
        assert_eq!(refusal(v), ("length".into(), "numbers".into()));
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", ""],
                       "dealer": 3, "taker": "x"});
        assert_eq!(refusal(v), ("range".into(), "dealer".into()));
        let coinche = |dealer: Value| {
            json!({"secret": "s", "variant": "coinche", "numbers": ["", "", "", ""],
                   "dealer": dealer})
        };
        assert_eq!(
            refusal(coinche(json!("0"))),
            ("type".into(), "dealer".into())
        );
        assert_eq!(
            refusal(coinche(json!(u64::MAX))),
            ("value".into(), "dealer".into())
        );
        let past: Value = serde_json::from_str("18446744073709551616").unwrap();
        assert_eq!(refusal(coinche(past)), ("range".into(), "dealer".into()));
        let e = Input::from_json(&coinche(json!("0"))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dealer: a string given, expected no seat: coinche has no dealer and no taker"
        );
        let e = Input::new("s", "duo", &["", ""], Some(0), Some(1)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "taker: \"1\" is not accepted, expected no taker: only belote has one, not duo"
        );
        let e = Input::new("s", "belote", &["", "", "", ""], None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dealer: missing, expected a seat from 0 to 3"
        );
        let ok = Input::new("s", "belote", &["", "", "", ""], Some(3), Some(3)).unwrap();
        assert_eq!(ok.variant(), Variant::Belote);
    }

    #[test]
    fn the_first_bad_character_is_named_whatever_it_is() {
        let e = Input::new("a\u{e9}|", "coinche", &["", "", "", ""], None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "secret: character 2 is 0xE9, expected printable ASCII (0x20 to 0x7E)"
        );
        let e = Input::new("a|\u{e9}", "coinche", &["", "", "", ""], None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "secret: character 2 is '|', expected printable ASCII other than '|', which separates the hashed texts"
        );
    }

    #[test]
    fn messages_say_what_is_expected() {
        let e = Input::new("s", "belote", &["", ""], Some(0), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "numbers: 2 given, expected 4 numbers for belote, one per seat (\"\" for a robot)"
        );
        let e = Input::new("s", "coinche", &["", "", "", ""], Some(1), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dealer: \"1\" is not accepted, expected no dealer: coinche has none, leave it out"
        );
        let e = Input::new("s", "duo", &["", ""], Some(2), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dealer: 2 is out of range, expected a seat, 0 or 1"
        );
    }
}
