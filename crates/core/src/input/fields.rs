//! Reading a scheme's input object from JSON, one named field at a time, so
//! that every refusal names its field (serde's own errors do not).

use serde_json::{Map, Number, Value};

use crate::input::Field;
use crate::{Error, ErrorKind, FromJson};

/// An input object being read: every field it holds must be read or named as
/// accepted, and nothing else may be there.
#[derive(Debug)]
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
}

impl<'a> Fields<'a> {
    /// Returns the reader of `value`, once it is checked against `fields`:
    /// an object (else [`ErrorKind::Type`]) with no field outside `fields`
    /// (else [`ErrorKind::Unknown`]), then each field in order: absent and
    /// required is [`ErrorKind::Missing`], the wrong JSON type
    /// [`ErrorKind::Type`], then its [`Rule`](crate::input::Rule). A rule that
    /// depends on another field ([`Rule::Seat`](crate::input::Rule::Seat),
    /// [`Rule::PerSeat`](crate::input::Rule::PerSeat)) reads that field's value,
    /// checked already since it comes first in `fields`.
    ///
    /// # Errors
    ///
    /// The first refusal, naming its field.
    pub fn new(value: &'a Value, fields: &[Field]) -> Result<Self, Error> {
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
            .find(|k| !fields.iter().any(|f| f.name == k.as_str()))
        {
            let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
            return Err(Error::new(
                name.as_str(),
                ErrorKind::Unknown {
                    expected: names.join(", "),
                },
            ));
        }
        for field in fields {
            check(map, field)?;
        }
        Ok(Self { map })
    }

    /// Returns the raw value of `name`, if present.
    pub fn get(&self, name: &str) -> Option<&'a Value> {
        lookup(self.map, name)
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

/// Checks one field of `map`: absent and required is
/// [`ErrorKind::Missing`], else its kind and rule (a rule that depends on
/// a field before it reads that field's value in `map`).
fn check(map: &Map<String, Value>, field: &Field) -> Result<(), Error> {
    field.check_in(lookup(map, field.name), map)
}

/// Returns whether two field names are the same: byte by byte in line,
/// since a name is a few bytes and calling the C library's `memcmp` (what
/// `==` on two strings does) costs more than comparing them; an audit looks
/// names up for every deal.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Does what [`FromJson::reread`] asks, the quick way when it can: each
/// field named in `changed` is found in `fields`, present in `json`, passes
/// its checks, no field's rule depends on it ([`Rule::depends_on`](crate::input::Rule::depends_on)),
/// and `apply` writes it into `input` (returning `Ok(true)`); when one of
/// these fails for any field (`apply` returns `Ok(false)` for a field it
/// does not read alone), `input` is read whole with
/// [`FromJson::from_json`], so that the result and any error are the ones
/// it gives.
///
/// # Errors
///
/// The error of [`FromJson::from_json`] for `json`.
pub fn reread<T: FromJson>(
    input: &mut T,
    json: &Value,
    changed: &[&str],
    fields: &[Field],
    mut apply: impl FnMut(&mut T, &'static str, &Value) -> Result<bool, Error>,
) -> Result<(), Error> {
    let quickly = json.as_object().is_some_and(|map| {
        changed.iter().all(|name| {
            let Some(field) = fields.iter().find(|f| same(f.name, name)) else {
                return false;
            };
            // A field another one depends on changes what that one takes.
            if fields
                .iter()
                .any(|f| f.rule.depends_on().is_some_and(|of| same(of, name)))
            {
                return false;
            }
            lookup(map, field.name).is_some_and(|value| {
                field.check_in(Some(value), map).is_ok()
                    && matches!(apply(input, field.name, value), Ok(true))
            })
        })
    });
    if !quickly {
        *input = T::from_json(json)?;
    }
    Ok(())
}

/// Replaces `text`'s contents with `with`, keeping its room: what a
/// [`FromJson::reread`] does with a text field.
pub fn replace(text: &mut String, with: &str) {
    text.clear();
    text.push_str(with);
}

/// Returns the value of `name` in `map`: an input has a handful of fields,
/// which a scan compares faster than the map hashes one key (an audit
/// reads millions of inputs).
pub(crate) fn lookup<'a>(map: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    if map.len() <= 8 {
        map.iter().find(|(k, _)| same(k, name)).map(|(_, v)| v)
    } else {
        map.get(name)
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

/// Reads an integer written as text (a CLI flag, a receipt's label line):
/// a u64 is the value, whose range the field's rule checks; any other text
/// is refused as the JSON field would be: `-1` or too many digits is out
/// of range, `1.5` or `two` is not an integer, nothing at all is `type`.
///
/// # Errors
///
/// [`ErrorKind::Type`], [`ErrorKind::Range`] or
/// [`ErrorKind::NotInteger`], naming `field`.
pub fn integer_text(field: &str, text: &str, expected: &'static str) -> Result<u64, Error> {
    if let Ok(n) = text.parse::<u64>() {
        return Ok(n);
    }
    let got = text.to_owned();
    let digits = text.strip_prefix('-').unwrap_or(text);
    let kind = if text.is_empty() {
        ErrorKind::Type {
            got: "an empty text",
            expected,
        }
    } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        ErrorKind::Range { got, expected }
    } else {
        ErrorKind::NotInteger { got, expected }
    };
    Err(Error::new(field, kind))
}
/// Returns `value` as a non-negative integer.
///
/// # Errors
///
/// [`ErrorKind::Type`] for a value that is not a number; for a number that
/// is not a u64, [`ErrorKind::NotInteger`] when it is written as a fraction
/// or with an exponent (`1.5`, `1.0`, `1e2`) and [`ErrorKind::Range`] when it
/// is negative or too large (both of code `range`), naming `field`.
pub fn as_integer(field: &str, value: &Value, expected: &'static str) -> Result<u64, Error> {
    match value {
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| Error::new(field, not_u64(n, expected))),
        v => Err(Error::new(
            field,
            ErrorKind::Type {
                got: json_type(v),
                expected,
            },
        )),
    }
}

/// Why `n`, a JSON number that is not a u64, is refused: a float is not an
/// integer unless it is beyond the integers JSON parsers keep exact (an
/// integer written with more digits than a u64 or i64 holds is read as a
/// float), which is out of range, as a negative integer is.
fn not_u64(n: &Number, expected: &'static str) -> ErrorKind {
    // 2^64 and -2^63: the bounds of serde_json's u64 and i64.
    const ABOVE_U64: f64 = 18_446_744_073_709_551_616.0;
    const BELOW_I64: f64 = -9_223_372_036_854_775_808.0;
    let got = n.to_string();
    match n.as_f64() {
        Some(f) if n.is_f64() && (BELOW_I64..ABOVE_U64).contains(&f) => {
            ErrorKind::NotInteger { got, expected }
        }
        _ => ErrorKind::Range { got, expected },
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
    // One name buffer for every item (`field[i]`), rewritten in place: a
    // list of 24 cards once cost 24 allocations.
    let mut name = String::with_capacity(field.len() + 8);
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            name.clear();
            name.push_str(field);
            name.push('[');
            // Digits only, so UTF-8.
            name.push_str(
                std::str::from_utf8(crate::stream::decimal(i as u64, &mut [0; 20]))
                    .unwrap_or_default(),
            );
            name.push(']');
            item(&name, v)
        })
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
    use crate::input::{FieldKind, Rule};

    const FIELDS: &[Field] = &[
        Field {
            name: "seed",
            kind: FieldKind::Text,
            required: true,
            help: "",
            expected: "6 hexadecimal digits",
            rule: Rule::Hex { digits: 6 },
        },
        Field {
            name: "dealer",
            kind: FieldKind::Integer,
            required: true,
            help: "",
            expected: "a seat from 0 to 3",
            rule: Rule::AtMost(3),
        },
        Field {
            name: "joker",
            kind: FieldKind::Bool,
            required: false,
            help: "",
            expected: "true or false",
            rule: Rule::Any,
        },
    ];

    /// An input that reads its seed on its own.
    #[derive(Debug)]
    struct Input {
        seed: String,
        dealer: u64,
        /// Whether it was last read whole.
        whole: bool,
    }

    impl FromJson for Input {
        fn from_json(json: &Value) -> Result<Self, Error> {
            let f = Fields::new(json, FIELDS)?;
            Ok(Self {
                seed: f.text("seed", "")?.to_owned(),
                dealer: f.integer("dealer", "")?,
                whole: true,
            })
        }

        fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
            self.whole = false;
            reread(self, json, changed, FIELDS, |input, name, value| {
                Ok(match name {
                    "seed" => {
                        replace(&mut input.seed, as_text(name, value, "")?);
                        true
                    }
                    _ => false,
                })
            })
        }
    }

    #[test]
    fn reread_reads_its_own_fields_alone_and_the_rest_whole() {
        let mut input = Input::from_json(&json!({"seed": "00aa00", "dealer": 1})).unwrap();
        // The seed alone: not read whole.
        input
            .reread(&json!({"seed": "ffffff", "dealer": 1}), &["seed"])
            .unwrap();
        assert_eq!(
            (input.seed.as_str(), input.dealer, input.whole),
            ("ffffff", 1, false)
        );
        // The dealer is not one of its own: read whole.
        let both = json!({"seed": "123456", "dealer": 3});
        input.reread(&both, &["seed", "dealer"]).unwrap();
        assert_eq!(
            (input.seed.as_str(), input.dealer, input.whole),
            ("123456", 3, true)
        );
        // A refusal is the whole read's, word for word.
        for bad in [
            json!({"seed": "12345", "dealer": 3}),
            json!({"dealer": 3}),
            json!({"seed": 7, "dealer": 3}),
            json!(["not an object"]),
        ] {
            let whole = Input::from_json(&bad).unwrap_err();
            let quick = input.reread(&bad, &["seed"]).unwrap_err();
            assert_eq!(quick.to_string(), whole.to_string(), "{bad}");
        }
        // A name the field list does not hold is not taken alone either.
        let unknown = json!({"seed": "abcdef", "dealer": 0, "nonce": 1});
        assert_eq!(
            input.reread(&unknown, &["nonce"]).unwrap_err().to_string(),
            Input::from_json(&unknown).unwrap_err().to_string()
        );
    }

    const SEATED: &[Field] = &[
        Field {
            name: "players",
            kind: FieldKind::Integer,
            required: true,
            help: "",
            expected: "2 to 10 players",
            rule: Rule::Between { min: 2, max: 10 },
        },
        Field {
            name: "button",
            kind: FieldKind::Integer,
            required: true,
            help: "",
            expected: "a seat of the players",
            rule: Rule::Seat(crate::input::Seats::Count { of: "players" }),
        },
    ];

    /// A table whose players the closure would take alone, if it could.
    #[derive(Debug)]
    struct Seated {
        players: u64,
        whole: bool,
    }

    impl FromJson for Seated {
        fn from_json(json: &Value) -> Result<Self, Error> {
            let f = Fields::new(json, SEATED)?;
            Ok(Self {
                players: f.integer("players", "")?,
                whole: true,
            })
        }

        fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
            self.whole = false;
            reread(self, json, changed, SEATED, |input, _, value| {
                input.players = as_integer("players", value, "")?;
                Ok(true)
            })
        }
    }

    #[test]
    fn a_field_another_depends_on_is_not_reread_alone() {
        let mut table = Seated::from_json(&json!({"players": 6, "button": 5})).unwrap();
        // Fewer players: the button is no longer a seat, as a whole read says.
        let fewer = json!({"players": 4, "button": 5});
        let e = table.reread(&fewer, &["players"]).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("button", "range"));
        table
            .reread(&json!({"players": 8, "button": 5}), &["players"])
            .unwrap();
        assert_eq!((table.players, table.whole), (8, true));
    }

    fn refusal(v: &Value) -> (String, &'static str) {
        let e = Fields::new(v, FIELDS).unwrap_err();
        (e.field().to_owned(), e.kind().code())
    }

    #[test]
    fn flags_are_names_with_dashes_unless_given() {
        let field = |name, kind| Field {
            name,
            kind,
            required: true,
            help: "",
            expected: "",
            rule: Rule::Any,
        };
        assert_eq!(field("server_seed", FieldKind::Text).flag(), "server-seed");
        let numbers = field("numbers", FieldKind::TextPerSeat { flag: "number" });
        assert_eq!(numbers.flag(), "number");
    }

    #[test]
    fn fields_are_checked_in_order_each_wholly() {
        // The seed's own rule is refused before the dealer is looked at.
        assert_eq!(
            refusal(&json!({"seed": "0g"})),
            ("seed".into(), "character")
        );
        assert_eq!(refusal(&json!({"seed": "00"})), ("seed".into(), "length"));
        assert_eq!(refusal(&json!({"seed": 5})), ("seed".into(), "type"));
        assert_eq!(
            refusal(&json!({"seed": "00aaFF"})),
            ("dealer".into(), "missing")
        );
        assert_eq!(
            refusal(&json!({"seed": "00aaFF", "dealer": 4})),
            ("dealer".into(), "range")
        );
        assert_eq!(
            refusal(&json!({"seed": "00aaFF", "dealer": -1})),
            ("dealer".into(), "range")
        );
        assert_eq!(
            refusal(&json!({"seed": "00aaFF", "dealer": 1, "joker": "yes"})),
            ("joker".into(), "type")
        );
        assert_eq!(
            refusal(&json!({"seed": "0g", "deal": 1})),
            ("deal".into(), "unknown")
        );
        assert_eq!(
            Fields::new(&json!({"seed": "x", "deal": 1}), FIELDS)
                .unwrap_err()
                .to_string(),
            "deal: not a field of this scheme, expected one of seed, dealer, joker"
        );
        assert_eq!(refusal(&json!([])), ("input".into(), "type"));
    }

    #[test]
    fn integers_written_as_floats_are_not_integers() {
        let message = |v: Value| as_integer("dealer", &v, "a seat").unwrap_err().to_string();
        assert_eq!(
            message(json!(1.0)),
            "dealer: 1.0 is not an integer, expected a seat"
        );
        assert_eq!(
            message(json!(1.5)),
            "dealer: 1.5 is not an integer, expected a seat"
        );
        assert_eq!(
            message(json!(-0.5)),
            "dealer: -0.5 is not an integer, expected a seat"
        );
        assert_eq!(
            message(json!(-1)),
            "dealer: -1 is out of range, expected a seat"
        );
        let big: Value = serde_json::from_str("99999999999999999999").unwrap();
        assert_eq!(
            message(big),
            "dealer: 1e+20 is out of range, expected a seat"
        );
        for v in [json!(1.0), json!(-1), json!(1e20)] {
            let e = as_integer("dealer", &v, "a seat").unwrap_err();
            assert_eq!(e.kind().code(), "range");
        }
    }

    #[test]
    fn a_checked_object_reads_its_fields() {
        let v = json!({"seed": "00aaFF", "dealer": 3});
        let f = Fields::new(&v, FIELDS).unwrap();
        assert_eq!(f.text("seed", "").unwrap(), "00aaFF");
        assert_eq!(f.integer("dealer", "").unwrap(), 3);
        assert!(!f.bool_or("joker", false).unwrap());
        assert_eq!(f.boolean("joker").unwrap_err().kind().code(), "missing");
    }
}
