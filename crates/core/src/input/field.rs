//! [`Field`]: one input field of a scheme or game, with its JSON type and
//! its own rule; the field list is the one description of an input.

use serde_json::Value;

use crate::input::fields::{as_integer, as_text, json_type};
use crate::input::text;
use crate::{Error, ErrorKind};

/// One input field: its name, JSON type and rules. The field list of a
/// scheme ([`SchemeInfo::fields`](crate::info::SchemeInfo::fields)) is the one
/// description of its input: [`Fields::new`](crate::input::Fields::new) checks an input object against
/// it, the CLI builds its flags and help from it, and `fairdeal schemes`
/// lists it.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The JSON field name of the scheme's page (the CLI flag is the same,
    /// with `-` for `_`, unless [`FieldKind::TextPerSeat`] names another).
    pub name: &'static str,
    /// What kind of JSON value it holds.
    pub kind: FieldKind,
    /// Whether the input is refused without it.
    pub required: bool,
    /// One line of help, as a player reads it: what the value is and where
    /// to find it, in words (no command-line syntax), without restating
    /// `expected`, which the CLI's messages and the web page's form add.
    pub help: &'static str,
    /// What a good value is, for messages (`64 hexadecimal digits`).
    pub expected: &'static str,
    /// The field's own rule, checked after its JSON type.
    pub rule: Rule,
}

/// A field's own rule (docs/vectors.md, the order of checks: a text's
/// characters first, its length second).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Rule {
    /// Any value of the field's kind.
    Any,
    /// Exactly `digits` hexadecimal digits, either case.
    Hex {
        /// How many.
        digits: usize,
    },
    /// Printable ASCII of `min` to `max` characters.
    Printable {
        /// The fewest characters.
        min: usize,
        /// The most characters.
        max: usize,
    },
    /// An integer from 0 to `max`.
    AtMost(u64),
    /// An integer from `min` to `max`, both included (a game's count: 1 to
    /// 24 mines); stated here rather than in a [`Rule::Check`] so that the
    /// slips, the random cases and the audit can read the range.
    Between {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// A seat of the deal's table (a dealer, a taker), an integer from 0 to
    /// `max`: checked as [`Rule::AtMost`], and stated as a seat so that a
    /// form offers the seats by the scheme's names
    /// ([`SeatNames`](crate::info::SeatNames)) instead of a number box.
    Seat {
        /// The highest seat number: that of the largest table the field
        /// can name.
        max: u64,
    },
    /// One of a few fixed words, exactly as written (a variant's name): a
    /// text field a form offers as a choice. Any other text is refused as
    /// [`ErrorKind::Value`] with the field's `expected`.
    OneOf(&'static [&'static str]),
    /// The scheme's own check of the value (a list of records, a text with
    /// a forbidden separator); its errors name the field or an item of it.
    Check(fn(field: &str, value: &Value) -> Result<(), Error>),
}

impl Rule {
    /// Returns the integers the rule allows, least and greatest, for a rule
    /// that states them ([`Rule::AtMost`], [`Rule::Between`], [`Rule::Seat`]).
    pub fn range(self) -> Option<(u64, u64)> {
        match self {
            Self::AtMost(max) | Self::Seat { max } => Some((0, max)),
            Self::Between { min, max } => Some((min, max)),
            _ => None,
        }
    }
}

/// The JSON type of a [`Field`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldKind {
    /// A string; the CLI takes it as given.
    Text,
    /// A non-negative integer.
    Integer,
    /// `true` or `false`; on the CLI a flag that sets `true`.
    Bool,
    /// Any JSON value (an object or a list); on the CLI, JSON text.
    Json,
    /// A list of strings indexed by seat, seat 0 first (`numbers`). The CLI
    /// takes one repeatable `--FLAG SEAT=TEXT` per seat, `SEAT=` for an empty
    /// text, under the singular `flag` (`number`).
    TextPerSeat {
        /// The CLI flag without its dashes, in the singular.
        flag: &'static str,
    },
}

impl Field {
    /// Checks `value` as this field's: its JSON type, then its rule.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Type`], [`ErrorKind::Range`] (a negative or too large
    /// integer), [`ErrorKind::NotInteger`] (a number written as a fraction
    /// or with an exponent), or the rule's, naming the field.
    pub fn check(&self, value: &Value) -> Result<(), Error> {
        let name = self.name;
        match self.kind {
            FieldKind::Text => {
                let text = as_text(name, value, self.expected)?;
                match self.rule {
                    Rule::Hex { digits } => text::hex_digits(name, text, digits, self.expected)?,
                    Rule::Printable { min, max } => {
                        text::printable_ascii(name, text, min, max, self.expected)?;
                    }
                    Rule::OneOf(words) if !words.contains(&text) => {
                        return Err(Error::new(
                            name,
                            ErrorKind::Value {
                                got: text.to_owned(),
                                expected: self.expected.to_owned(),
                            },
                        ));
                    }
                    _ => {}
                }
            }
            FieldKind::Integer => {
                let n = as_integer(name, value, self.expected)?;
                if let Some((min, max)) = self.rule.range() {
                    if !(min..=max).contains(&n) {
                        return Err(Error::new(
                            name,
                            ErrorKind::Range {
                                got: n.to_string(),
                                expected: self.expected,
                            },
                        ));
                    }
                }
            }
            FieldKind::Bool => {
                if !value.is_boolean() {
                    return Err(Error::new(
                        name,
                        ErrorKind::Type {
                            got: json_type(value),
                            expected: "true or false",
                        },
                    ));
                }
            }
            FieldKind::TextPerSeat { .. } => {
                if !value.is_array() {
                    return Err(Error::new(
                        name,
                        ErrorKind::Type {
                            got: json_type(value),
                            expected: self.expected,
                        },
                    ));
                }
            }
            FieldKind::Json => {}
        }
        match self.rule {
            Rule::Check(check) => check(name, value),
            _ => Ok(()),
        }
    }

    /// Returns the CLI flag without its dashes: the field's own `flag` for a
    /// [`FieldKind::TextPerSeat`], else the name with `-` for `_`
    /// (`server_seed` is `server-seed`).
    pub fn flag(&self) -> String {
        match self.kind {
            FieldKind::TextPerSeat { flag } => flag.to_owned(),
            _ => self.name.replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const MINES: Field = Field {
        name: "mines",
        kind: FieldKind::Integer,
        required: true,
        help: "",
        expected: "1 to 24 mines",
        rule: Rule::Between { min: 1, max: 24 },
    };

    /// The refusal's field and message, or `None` when it is accepted.
    fn refusal(value: &Value) -> Option<(String, String)> {
        MINES
            .check(value)
            .err()
            .map(|e| (e.field().to_owned(), e.to_string()))
    }

    #[test]
    fn a_between_rule_takes_its_edges_and_refuses_past_them() {
        assert_eq!(refusal(&json!(1)), None);
        assert_eq!(refusal(&json!(24)), None);
        for (bad, got) in [(json!(0), "0"), (json!(25), "25")] {
            let (field, message) = refusal(&bad).unwrap();
            assert_eq!(field, "mines");
            assert!(message.contains(got), "{message}");
            assert!(message.contains("1 to 24 mines"), "{message}");
            assert!(matches!(
                MINES.check(&bad).unwrap_err().kind(),
                ErrorKind::Range { .. }
            ));
        }
    }

    #[test]
    fn a_between_rule_refuses_what_is_not_an_integer() {
        for (bad, code) in [
            (json!(2.5), "range"),
            (json!(-1), "range"),
            (json!("2"), "type"),
            (json!(null), "type"),
        ] {
            let e = MINES.check(&bad).unwrap_err();
            assert_eq!((e.field(), e.kind().code()), ("mines", code), "{bad}");
        }
        assert!(matches!(
            MINES.check(&json!(2.5)).unwrap_err().kind(),
            ErrorKind::NotInteger { .. }
        ));
    }

    #[test]
    fn a_seat_rule_is_a_range_from_0() {
        const DEALER: Field = Field {
            name: "dealer",
            kind: FieldKind::Integer,
            required: true,
            help: "",
            expected: "a seat from 0 to 3",
            rule: Rule::Seat { max: 3 },
        };
        assert!(DEALER.check(&json!(0)).is_ok());
        assert!(DEALER.check(&json!(3)).is_ok());
        let e = DEALER.check(&json!(4)).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("dealer", "range"));
        assert_eq!(
            e.to_string(),
            "dealer: 4 is out of range, expected a seat from 0 to 3"
        );
    }

    #[test]
    fn a_one_of_rule_takes_its_words_exactly() {
        const VARIANT: Field = Field {
            name: "variant",
            kind: FieldKind::Text,
            required: true,
            help: "",
            expected: "coinche, belote or duo",
            rule: Rule::OneOf(&["coinche", "belote", "duo"]),
        };
        assert!(VARIANT.check(&json!("belote")).is_ok());
        for bad in ["Belote", "belote ", ""] {
            let e = VARIANT.check(&json!(bad)).unwrap_err();
            assert_eq!(
                (e.field(), e.kind().code()),
                ("variant", "value"),
                "{bad:?}"
            );
            assert!(
                e.to_string().ends_with("expected coinche, belote or duo"),
                "{e}"
            );
        }
        assert_eq!(VARIANT.check(&json!(1)).unwrap_err().kind().code(), "type");
    }

    #[test]
    fn a_rule_states_its_range() {
        assert_eq!(Rule::Between { min: 2, max: 10 }.range(), Some((2, 10)));
        assert_eq!(Rule::AtMost(3).range(), Some((0, 3)));
        assert_eq!(Rule::Seat { max: 3 }.range(), Some((0, 3)));
        assert_eq!(Rule::OneOf(&["a"]).range(), None);
        assert_eq!(Rule::Any.range(), None);
    }
}
