//! [`receipt`]: a CSV record read as the JSON receipt a batch line would
//! be, each value of the JSON type its field's kind asks
//! ([`FieldKind`]): an integer field's digits a number, `true`/`false` a
//! boolean, a JSON field (`rules`, `hands`, `numbers`) its JSON text
//! parsed; every other value the text as given (a commitment is over exact
//! text). An empty value is a field not given. The scheme is the `scheme`
//! column's, or guessed from the names as a pasted receipt's is
//! ([`fairdeal::receipt::forms::from_object`]).

use fairdeal::core::input::fields::integer_text;
use fairdeal::core::input::json::parse_json;
use fairdeal::core::input::{Field, FieldKind};
use fairdeal::receipt::forms;
use fairdeal::{Error, ErrorKind};
use serde_json::{Map, Value};

use crate::read::Header;

/// Returns the receipt of one CSV record of a history with `header`.
///
/// # Errors
///
/// A record with more values than the header names, a value that is not
/// UTF-8, a scheme or game not named and not told by the names.
pub fn receipt(header: &Header, row: &csv::ByteRecord) -> Result<Value, Error> {
    if row.len() > header.names.len() {
        return Err(Error::new(
            "receipt",
            ErrorKind::Count {
                got: row.len(),
                expected: format!(
                    "at most {} values, one per column the header names",
                    header.names.len()
                ),
            },
        ));
    }
    let mut texts = Map::new();
    for (name, value) in header.names.iter().zip(row.iter()) {
        if value.is_empty() {
            continue;
        }
        let text = std::str::from_utf8(value).map_err(|e| {
            Error::new(
                name,
                ErrorKind::Value {
                    got: format!("byte {} not UTF-8", e.valid_up_to() + 1),
                    expected: "UTF-8 text".to_owned(),
                },
            )
        })?;
        texts.insert(name.clone(), Value::String(text.to_owned()));
    }
    let read = forms::from_object(texts, None)?;
    let fields = read.game.map_or(read.scheme.info().fields, |g| g.fields);
    let receipt = read
        .receipt
        .into_iter()
        .map(|(name, value)| {
            let value = typed(fields, &name, value);
            (name, value)
        })
        .collect();
    Ok(Value::Object(receipt))
}

/// Returns `value`, a text, as the JSON type field `name` asks; as it is
/// when it is not of that type, for the verdict to refuse it by name.
fn typed(fields: &[Field], name: &str, value: Value) -> Value {
    let Value::String(text) = &value else {
        return value;
    };
    let kind = match fields.iter().find(|f| f.name == name) {
        Some(field) => field.kind,
        None if name == "seat" => FieldKind::Integer,
        None => FieldKind::Text,
    };
    match kind {
        FieldKind::Integer => integer_text(name, text.trim(), "")
            .map(Value::from)
            .unwrap_or(value),
        FieldKind::Bool => match text.trim() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => value,
        },
        FieldKind::Json | FieldKind::TextPerSeat { .. } => parse_json(text).unwrap_or(value),
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn header(names: &[&str]) -> Header {
        Header {
            names: names.iter().map(|&n| n.to_owned()).collect(),
        }
    }

    #[test]
    fn each_value_becomes_the_type_its_field_asks() {
        let h = header(&["server_seed", "client_seed", "nonce", "fingerprint"]);
        let row = csv::ByteRecord::from(vec!["ab", "7", "12", "ff"]);
        assert_eq!(
            receipt(&h, &row).expect("a receipt"),
            json!({"scheme": "hmac-blackjack", "server_seed": "ab", "client_seed": "7",
                   "nonce": 12, "fingerprint": "ff"})
        );
        let h = header(&[
            "scheme", "secret", "variant", "numbers", "dealer", "taker", "x",
        ]);
        let row = csv::ByteRecord::from(vec![
            "atout-v1",
            "s",
            "belote",
            r#"["12","","7",""]"#,
            "3",
            "",
            "y",
        ]);
        assert_eq!(
            receipt(&h, &row).expect("a receipt"),
            json!({"scheme": "atout-v1", "secret": "s", "variant": "belote",
                   "numbers": ["12", "", "7", ""], "dealer": 3, "x": "y"})
        );
    }

    #[test]
    fn a_record_longer_than_its_header_or_of_no_scheme_is_refused() {
        let h = header(&["seed"]);
        let e = receipt(&h, &csv::ByteRecord::from(vec!["a", "b"])).expect_err("too long");
        assert_eq!((e.field(), e.kind().code()), ("receipt", "length"));
        let h = header(&["colour"]);
        let e = receipt(&h, &csv::ByteRecord::from(vec!["red"])).expect_err("no scheme");
        assert_eq!(e.field(), "scheme");
    }
}
