//! [`Field`]: one input field of a scheme or game, with its JSON type and
//! its own rule; the field list is the one description of an input.

use serde_json::Value;

use crate::fields::{as_integer, as_text, json_type};
use crate::{Error, ErrorKind, text};

/// One input field: its name, JSON type and rules. The field list of a
/// scheme ([`SchemeInfo::fields`](crate::SchemeInfo::fields)) is the one
/// description of its input: [`Fields::new`](crate::Fields::new) checks an input object against
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
    /// One line of help, as a user reads it.
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
    /// The scheme's own check of the value (a list of records, a text with
    /// a forbidden separator); its errors name the field or an item of it.
    Check(fn(field: &str, value: &Value) -> Result<(), Error>),
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
                    _ => {}
                }
            }
            FieldKind::Integer => {
                let n = as_integer(name, value, self.expected)?;
                if let Rule::AtMost(max) = self.rule {
                    if n > max {
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
