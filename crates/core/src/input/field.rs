//! [`Field`]: one input field of a scheme or game, with its JSON type and
//! its own rule; the field list is the one description of an input.

use std::borrow::Cow;

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
    /// An integer from `min` to `max`, both included (a game's count: 1 to
    /// 24 mines); stated here rather than in a [`Rule::Check`] so that the
    /// slips, the random cases and the audit can read the range.
    Between {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// The scheme's own check of the value (a list of records, a text with
    /// a forbidden separator); its errors name the field or an item of it.
    Check(fn(field: &str, value: &Value) -> Result<(), Error>),
    /// The scheme's own check of the value's one form, as [`Rule::Check`],
    /// and how the other forms a person writes it in are read into that
    /// one (`h s`, `hit, stand` for blackjack's `HS`). The method, and so a
    /// vector, takes the one form alone; the tools read what a person
    /// gives with [`read_written`] before anything is checked.
    Written {
        /// Reads a person's value into the method's form; refuses what is
        /// none of the forms, naming the position and what is expected.
        read: fn(field: &str, value: &Value) -> Result<Value, Error>,
        /// Checks the value in the method's form.
        check: fn(field: &str, value: &Value) -> Result<(), Error>,
    },
}

impl Rule {
    /// Returns the integers the rule allows, least and greatest, for a rule
    /// that states them ([`Rule::AtMost`], [`Rule::Between`]).
    pub fn range(self) -> Option<(u64, u64)> {
        match self {
            Self::AtMost(max) => Some((0, max)),
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
            Rule::Check(check) | Rule::Written { check, .. } => check(name, value),
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

/// Returns `input` with the value of each field of `fields` whose rule is
/// [`Rule::Written`] read from the form a person gave into the method's
/// (`{"actions": "hit, stand"}` is `{"actions": "HS"}`); `input` itself
/// when no such field is given, or it is not an object. What a person gives
/// (a flag, a receipt, the page) goes through this before it is checked; a
/// vector's input does not.
///
/// # Errors
///
/// The refusal of a value that is none of its field's forms.
pub fn read_written<'a>(fields: &[Field], input: &'a Value) -> Result<Cow<'a, Value>, Error> {
    let written =
        |f: &&Field| matches!(f.rule, Rule::Written { .. }) && input.get(f.name).is_some();
    if !fields.iter().any(|f| written(&f)) {
        return Ok(Cow::Borrowed(input));
    }
    let mut out = input.clone();
    if let Some(map) = out.as_object_mut() {
        for field in fields {
            if let (Rule::Written { read, .. }, Some(value)) = (field.rule, map.get_mut(field.name))
            {
                *value = read(field.name, value)?;
            }
        }
    }
    Ok(Cow::Owned(out))
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

    /// A field of the letters `A` and `B`, which a person may write in
    /// lower case.
    const LETTERS: Field = Field {
        name: "letters",
        kind: FieldKind::Text,
        required: true,
        help: "",
        expected: "A and B",
        rule: Rule::Written {
            read: |_, v| {
                Ok(v.as_str()
                    .map_or_else(|| v.clone(), |t| json!(t.to_uppercase())))
            },
            check: |field, v| match v.as_str() {
                Some(t) if t.chars().all(|c| "AB".contains(c)) => Ok(()),
                _ => Err(Error::new(
                    field,
                    ErrorKind::Value {
                        got: v.to_string(),
                        expected: "A and B".to_owned(),
                    },
                )),
            },
        },
    };

    #[test]
    fn a_written_rule_checks_one_form_and_reads_the_others_into_it() {
        assert!(LETTERS.check(&json!("AB")).is_ok());
        // The method's check is strict: a vector's input is not read.
        assert_eq!(LETTERS.check(&json!("ab")).unwrap_err().field(), "letters");
        let given = json!({"letters": "ab", "mines": 2});
        let read = read_written(&[LETTERS, MINES], &given).unwrap();
        assert_eq!(*read, json!({"letters": "AB", "mines": 2}));
        let not_given = json!({"mines": 2});
        assert!(matches!(
            read_written(&[LETTERS, MINES], &not_given),
            Ok(Cow::Borrowed(_))
        ));
        assert_eq!(*read_written(&[LETTERS], &json!([1])).unwrap(), json!([1]));
    }

    #[test]
    fn a_rule_states_its_range() {
        assert_eq!(Rule::Between { min: 2, max: 10 }.range(), Some((2, 10)));
        assert_eq!(Rule::AtMost(3).range(), Some((0, 3)));
        assert_eq!(Rule::Any.range(), None);
    }
}
