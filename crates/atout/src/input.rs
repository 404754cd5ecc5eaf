//! The inputs, checked once, in the order docs/schemes/atout-v1.md lists
//! them ("Inputs"): secret, variant, numbers, dealer, taker. The field list
//! is the one description; [`Input::new`] goes through it too.

use fairdeal_core::input::fields::{as_integer, as_text, list};
use fairdeal_core::input::{Field, FieldKind, Fields, Rule, fields, text};
use fairdeal_core::{Error, ErrorKind, FromJson};
use serde_json::{Value, json};

use crate::dealing::{Dealing, VARIANT, VARIANTS, Variant};
use crate::key::SEPARATOR;

/// The fields, in the order they are checked.
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
        rule: Rule::OneOf(VARIANTS),
    },
    Field {
        name: "numbers",
        kind: FieldKind::TextPerSeat { flag: "number" },
        required: true,
        help: "each seat's number, exactly as the site shows it, seat 0 first; a robot's is empty",
        expected: NUMBERS,
        rule: Rule::Check(check_numbers),
    },
    DEALER,
    TAKER,
];

// The dealer and the taker depend on the variant: their rules, their
// messages, and their place after the count of numbers (docs/schemes/
// atout-v1.md, "Inputs": the count is part of `numbers`, checked before the
// dealer; the taker is read only once the dealer is good). So their JSON type
// too is checked in `from_json`, after the count, with the variant's message;
// `Fields::new` only checks them for being fields. Their rule states the
// seats of the largest table, 0 to 3, for what reads the field list (a
// form's seat choice, the random cases); the variant narrows it.
const DEALER: Field = Field {
    name: "dealer",
    kind: FieldKind::Integer,
    required: false,
    help: "the dealer's seat (belote 0 to 3, duo 0 or 1; none for coinche)",
    expected: "belote: a seat from 0 to 3; duo: a seat, 0 or 1; coinche: none",
    rule: Rule::Seat { max: 3 },
};
const TAKER: Field = Field {
    name: "taker",
    kind: FieldKind::Integer,
    required: false,
    help: "belote: the seat that took the turned card; leave out if all passed",
    expected: "belote: a seat from 0 to 3, absent when every seat passed",
    rule: Rule::Seat { max: 3 },
};

/// [`FIELDS`] as `Fields::new` checks them: the dealer's and the taker's
/// JSON type left to [`Dealing::new`].
const CHECKED: &[Field] = &[
    FIELDS[0],
    FIELDS[1],
    FIELDS[2],
    Field {
        kind: FieldKind::Json,
        rule: Rule::Any,
        ..DEALER
    },
    Field {
        kind: FieldKind::Json,
        rule: Rule::Any,
        ..TAKER
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
    /// rules) before the next, in the order of docs/schemes/atout-v1.md;
    /// then the cross-field rules: the count of numbers, the dealer, the
    /// taker.
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, CHECKED)?;
        let secret = f.text("secret", "")?.to_owned();
        let variant = Variant::parse(f.text("variant", "")?)?;
        let numbers: Vec<String> = f
            .list("numbers", "")?
            .iter()
            .map(|v| text_of(v).to_owned())
            .collect();
        check_count(variant, numbers.len())?;
        let seat = |name: &str| {
            f.get(name)
                .map(|v| as_integer(name, v, variant.seat_range()))
                .transpose()
        };
        let dealing = Dealing::new(variant, seat("dealer")?, || seat("taker"))?;
        Ok(Self {
            secret,
            numbers,
            dealing,
        })
    }

    /// The secret is read on its own (what an audit draws).
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        fields::reread(self, json, changed, CHECKED, |input, name, value| {
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

/// Each number in turn, seat 0 first, naming its item (`numbers[2]`); their
/// count depends on the variant and is checked in `from_json`.
fn check_numbers(field: &str, value: &Value) -> Result<(), Error> {
    list(field, value, NUMBERS, |item, v| {
        check_text(item, as_text(item, v, NUMBER)?, 0, NUMBER)
    })
    .map(drop)
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

fn check_count(variant: Variant, count: usize) -> Result<(), Error> {
    let seats = usize::from(variant.seats());
    if count == seats {
        return Ok(());
    }
    Err(Error::new(
        "numbers",
        ErrorKind::Count {
            got: count,
            expected: format!("{seats} numbers for {variant}, one per seat (\"\" for a robot)"),
        },
    ))
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

    /// The variant's rule offers exactly the names `Variant::parse` takes,
    /// and refuses any other as it does (a capital letter too).
    #[test]
    fn the_variant_rule_offers_the_variants() {
        for name in VARIANTS {
            assert!(Variant::parse(name).is_ok(), "{name}");
            assert!(FIELDS[1].check(&json!(name)).is_ok(), "{name}");
        }
        let e = FIELDS[1].check(&json!("Belote")).unwrap_err();
        assert_eq!(
            e.to_string(),
            Variant::parse("Belote").unwrap_err().to_string()
        );
        assert_eq!(
            e.to_string(),
            "variant: \"Belote\" is not accepted, expected coinche, belote or duo"
        );
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
