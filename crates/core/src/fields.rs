//! Reading a scheme's input object from JSON, one named field at a time, so
//! that every refusal names its field (serde's own errors do not).

use serde_json::{Map, Value};

use crate::{Error, ErrorKind};

/// One input field as the CLI and `fairdeal schemes` describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The JSON field name of the scheme's page, `docs/schemes/<id>.md` (the
    /// CLI flag is the same, with `-` for `_`, unless
    /// [`FieldKind::TextPerSeat`] names another).
    pub name: &'static str,
    /// What kind of JSON value it holds.
    pub kind: FieldKind,
    /// Whether the input is refused without it.
    pub required: bool,
    /// One line of help, as a user reads it.
    pub help: &'static str,
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

/// An input object being read: every field it holds must be read or named as
/// accepted, and nothing else may be there.
#[derive(Debug)]
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
}

impl<'a> Fields<'a> {
    /// Returns the reader of `value`, which must be an object whose fields
    /// are all among `accepted`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Type`] for a value that is not an object,
    /// [`ErrorKind::Unknown`] naming the first field that is not accepted.
    pub fn new(value: &'a Value, accepted: &[Field]) -> Result<Self, Error> {
        let Value::Object(map) = value else {
            return Err(Error::new(
                "input",
                ErrorKind::Type {
                    got: json_type(value),
                    expected: "an object",
                },
            ));
        };
        if let Some(name) = map
            .keys()
            .find(|k| !accepted.iter().any(|f| f.name == k.as_str()))
        {
            let names: Vec<&str> = accepted.iter().map(|f| f.name).collect();
            return Err(Error::new(
                name.as_str(),
                ErrorKind::Unknown {
                    expected: names.join(", "),
                },
            ));
        }
        Ok(Self { map })
    }

    /// Returns the raw value of `name`, if present.
    pub fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name)
    }

    /// Returns the required string `name`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Missing`] or [`ErrorKind::Type`] naming `name`.
    pub fn text(&self, name: &str, expected: &'static str) -> Result<&'a str, Error> {
        match self.get(name) {
            None => Err(Error::new(name, ErrorKind::Missing { expected })),
            Some(v) => as_text(name, v, expected),
        }
    }

    /// Returns the required non-negative integer `name`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Missing`], [`ErrorKind::Type`] or (for a negative or
    /// fractional number) [`ErrorKind::Range`], naming `name`.
    pub fn integer(&self, name: &str, expected: &'static str) -> Result<u64, Error> {
        match self.get(name) {
            None => Err(Error::new(name, ErrorKind::Missing { expected })),
            Some(v) => as_integer(name, v, expected),
        }
    }

    /// Returns the required list `name`, whose items the caller reads one by
    /// one (naming each as `name[i]`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Missing`] or [`ErrorKind::Type`] naming `name`.
    pub fn list(&self, name: &str, expected: &'static str) -> Result<&'a [Value], Error> {
        match self.get(name) {
            None => Err(Error::new(name, ErrorKind::Missing { expected })),
            Some(Value::Array(items)) => Ok(items),
            Some(v) => Err(Error::new(
                name,
                ErrorKind::Type {
                    got: json_type(v),
                    expected,
                },
            )),
        }
    }

    /// Returns the required boolean `name`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Missing`] or [`ErrorKind::Type`] naming `name`.
    pub fn boolean(&self, name: &str) -> Result<bool, Error> {
        match self.get(name) {
            None => Err(Error::new(
                name,
                ErrorKind::Missing {
                    expected: "true or false",
                },
            )),
            Some(_) => self.bool_or(name, false),
        }
    }

    /// Returns the boolean `name`, or `default` when it is absent.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Type`] naming `name`.
    pub fn bool_or(&self, name: &str, default: bool) -> Result<bool, Error> {
        match self.get(name) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(Error::new(
                name,
                ErrorKind::Type {
                    got: json_type(v),
                    expected: "true or false",
                },
            )),
        }
    }
}

/// Returns `value` as a string.
///
/// # Errors
///
/// [`ErrorKind::Type`] naming `field`.
pub fn as_text<'v>(
    field: &str,
    value: &'v Value,
    expected: &'static str,
) -> Result<&'v str, Error> {
    value.as_str().ok_or_else(|| {
        Error::new(
            field,
            ErrorKind::Type {
                got: json_type(value),
                expected,
            },
        )
    })
}

/// Returns `value` as a non-negative integer.
///
/// # Errors
///
/// [`ErrorKind::Type`] for a value that is not a number, [`ErrorKind::Range`]
/// for a negative or fractional one, naming `field`.
pub fn as_integer(field: &str, value: &Value, expected: &'static str) -> Result<u64, Error> {
    match value {
        Value::Number(n) => n.as_u64().ok_or_else(|| {
            Error::new(
                field,
                ErrorKind::Range {
                    got: n.to_string(),
                    expected,
                },
            )
        }),
        v => Err(Error::new(
            field,
            ErrorKind::Type {
                got: json_type(v),
                expected,
            },
        )),
    }
}

/// Returns a JSON list read item by item, each error naming its item
/// (`randoms[3]`).
///
/// # Errors
///
/// [`ErrorKind::Type`] naming `field` for a value that is not a list, else
/// the first error of `item`.
pub fn list<T>(
    field: &str,
    value: &Value,
    expected: &'static str,
    item: impl Fn(&str, &Value) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let Value::Array(items) = value else {
        return Err(Error::new(
            field,
            ErrorKind::Type {
                got: json_type(value),
                expected,
            },
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| item(&format!("{field}[{i}]"), v))
        .collect()
}

/// Returns the name of `value`'s JSON type, for messages.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const FIELDS: &[Field] = &[
        Field {
            name: "seed",
            kind: FieldKind::Text,
            required: true,
            help: "",
        },
        Field {
            name: "dealer",
            kind: FieldKind::Integer,
            required: true,
            help: "",
        },
        Field {
            name: "joker",
            kind: FieldKind::Bool,
            required: false,
            help: "",
        },
    ];

    #[test]
    fn flags_are_names_with_dashes_unless_given() {
        let field = |name, kind| Field {
            name,
            kind,
            required: true,
            help: "",
        };
        assert_eq!(field("server_seed", FieldKind::Text).flag(), "server-seed");
        let numbers = field("numbers", FieldKind::TextPerSeat { flag: "number" });
        assert_eq!(numbers.flag(), "number");
    }

    #[test]
    fn every_refusal_names_its_field() {
        let v = json!({"seed": 5, "dealer": -1, "joker": "yes"});
        let f = Fields::new(&v, FIELDS).unwrap();
        assert_eq!(
            f.text("seed", "hex").unwrap_err().to_string(),
            "seed: a number given, expected hex"
        );
        assert_eq!(
            f.integer("dealer", "0 to 3").unwrap_err().kind().code(),
            "range"
        );
        assert_eq!(f.bool_or("joker", false).unwrap_err().field(), "joker");
        assert_eq!(f.boolean("joker").unwrap_err().kind().code(), "type");
        let v = json!({"seed": ["x"], "dealer": {}});
        let f = Fields::new(&v, FIELDS).unwrap();
        assert_eq!(f.list("seed", "texts").unwrap().len(), 1);
        assert_eq!(
            f.list("dealer", "texts").unwrap_err().to_string(),
            "dealer: an object given, expected texts"
        );
        assert_eq!(
            f.list("joker", "texts").unwrap_err().kind().code(),
            "missing"
        );
        let v = json!({"seed": "x", "deal": 1});
        assert_eq!(
            Fields::new(&v, FIELDS).unwrap_err().to_string(),
            "deal: not a field of this scheme, expected one of seed, dealer, joker"
        );
        let v = json!({});
        assert_eq!(
            Fields::new(&v, FIELDS)
                .unwrap()
                .integer("dealer", "0 to 3")
                .unwrap_err()
                .kind()
                .code(),
            "missing"
        );
        assert_eq!(
            Fields::new(&v, FIELDS)
                .unwrap()
                .boolean("joker")
                .unwrap_err()
                .kind()
                .code(),
            "missing"
        );
    }
}
