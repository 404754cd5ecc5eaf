//! [`parse_json`]: JSON as a person's file or a receipt line is read,
//! refusing a key given twice, which serde_json would silently resolve to
//! its last value.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::{Error, ErrorKind};

/// Parses `text` as JSON, refusing an object that gives a key twice, at any
/// depth: serde_json keeps the last value of a repeated key, so that
/// `{"seed": "a", "seed": "b"}` would silently be read as `"b"`. Otherwise
/// the same [`Value`] as `serde_json::from_str` (nesting is limited to 128
/// levels likewise).
///
/// # Errors
///
/// [`ErrorKind::Duplicate`] naming the repeated key where it is
/// (`hands[0].pattern`), or [`ErrorKind::Syntax`] with the parser's message.
pub fn parse_json(text: &str) -> Result<Value, Error> {
    let repeated = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = Strict {
        at: None,
        repeated: &repeated,
    }
    .deserialize(&mut de)
    .and_then(|v| de.end().map(|()| v));
    parsed.map_err(|e| match repeated.into_inner() {
        Some(field) => Error::new(
            field,
            ErrorKind::Duplicate {
                expected: "each key of an object once",
            },
        ),
        None => Error::new(
            "",
            ErrorKind::Syntax {
                message: e.to_string(),
            },
        ),
    })
}

/// Where a value is in the text being parsed: its key or index, under its
/// parent's. Built only on the stack, and named only for a repeated key.
struct At<'a> {
    parent: Option<&'a At<'a>>,
    key: Key<'a>,
}

enum Key<'a> {
    Name(&'a str),
    Index(usize),
}

impl At<'_> {
    fn path(&self) -> String {
        let mut path = self.parent.map(At::path).unwrap_or_default();
        match self.key {
            Key::Name(name) if path.is_empty() => path.push_str(name),
            Key::Name(name) => {
                path.push('.');
                path.push_str(name);
            }
            Key::Index(i) => path.push_str(&format!("[{i}]")),
        }
        path
    }
}

/// Builds a [`Value`] as serde_json does, but stops at a repeated key and
/// records where it is in `repeated`.
struct Strict<'a> {
    at: Option<&'a At<'a>>,
    repeated: &'a RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            let at = At {
                parent: self.at,
                key: Key::Index(items.len()),
            };
            let item = Strict {
                at: Some(&at),
                repeated: self.repeated,
            };
            match seq.next_element_seed(item)? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            let at = At {
                parent: self.at,
                key: Key::Name(&key),
            };
            if map.contains_key(&key) {
                *self.repeated.borrow_mut() = Some(at.path());
                return Err(A::Error::custom("a key given twice"));
            }
            let value = access.next_value_seed(Strict {
                at: Some(&at),
                repeated: self.repeated,
            })?;
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        let refused = |text: &str| {
            let e = parse_json(text).unwrap_err();
            (e.field().to_owned(), e.kind().code(), e.to_string())
        };
        assert_eq!(
            refused(r#"{"client_seed":"a","client_seed":"b"}"#),
            (
                "client_seed".to_owned(),
                "syntax",
                "client_seed: given twice, expected each key of an object once".to_owned()
            )
        );
        assert_eq!(
            refused(r#"{"hands":[{"pattern":"3232"},{"pattern":"1","x":[],"pattern":"2"}]}"#).0,
            "hands[1].pattern"
        );
        assert_eq!(refused(r#"[{"a":{"b":1,"b":2}}]"#).0, "[0].a.b");
        let (field, code, message) = refused(r#"{"a":1,}"#);
        assert_eq!((field.as_str(), code), ("", "syntax"));
        assert!(
            message.starts_with("not valid JSON (trailing comma"),
            "{message}"
        );
        assert!(parse_json("{} x").is_err());
        assert!(parse_json(&format!("{}{}", "[".repeat(200), "]".repeat(200))).is_err());
        let text = r#"{"a":[1,-2,3.5,"x",null,true,{"b":{}}],"c":18446744073709551615}"#;
        assert_eq!(
            parse_json(text).unwrap(),
            serde_json::from_str::<Value>(text).unwrap()
        );
    }
}
