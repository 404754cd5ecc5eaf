//! The raw generators for stage vectors: SplitMix64 from a given state, and
//! xoshiro256** from a given state.

use fairdeal_core::input::fields::json_type;
use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::stream::{Draw, Hex64};
use fairdeal_core::{Error, ErrorKind};
use serde_json::{Value, json};

use crate::{SplitMix64, Xoshiro256StarStar};

/// The two forms of a state. Neither is checked by the list: which one is
/// given decides what the other may be, so [`draws`] checks them.
const STATE: &[Field] = &[
    Field {
        name: "splitmix64",
        kind: FieldKind::Json,
        required: false,
        help: "",
        expected: "16 hex digits",
        rule: Rule::Any,
    },
    Field {
        name: "xoshiro256starstar",
        kind: FieldKind::Json,
        required: false,
        help: "",
        expected: "a list of four 16-digit hex words",
        rule: Rule::Any,
    },
];
const EXPECTED: &str =
    "{\"splitmix64\": 16 hex digits} or {\"xoshiro256starstar\": [four 16-digit hex words]}";

/// Returns the first `count` outputs of the generator `state` names, as a
/// JSON list of 16-digit hex words.
///
/// # Errors
///
/// A state that is neither form, naming the field.
pub(crate) fn generator(state: &Value, count: usize) -> Result<Value, Error> {
    draws(state, count).map(|draws| json!(draws))
}

/// Returns the first `count` outputs of the generator `state` names.
///
/// # Errors
///
/// A state that is neither form, naming the field.
fn draws(state: &Value, count: usize) -> Result<Vec<Hex64>, Error> {
    if !state.is_object() {
        return Err(Error::new(
            "state",
            ErrorKind::Type {
                got: json_type(state),
                expected: "an object",
            },
        ));
    }
    let f = Fields::new(state, STATE).map_err(|e| e.within("state"))?;
    match (f.get("splitmix64"), f.get("xoshiro256starstar")) {
        (Some(n), None) => {
            let mut g = SplitMix64::new(Hex64::from_json("state.splitmix64", n)?.0);
            Ok((0..count).map(|_| Hex64(g.next_u64())).collect())
        }
        (None, Some(Value::Array(words))) => {
            // Every word first, then the count, as every list of the
            // vectors is read (docs/vectors.md, "Errors", item 6).
            let mut s = [0; 4];
            for (i, v) in words.iter().enumerate() {
                let field = format!("state.xoshiro256starstar[{i}]");
                let word = Hex64::from_json(&field, v)?.0;
                if let Some(w) = s.get_mut(i) {
                    *w = word;
                }
            }
            if words.len() != s.len() {
                return Err(Error::new(
                    "state.xoshiro256starstar",
                    ErrorKind::Count {
                        got: words.len(),
                        expected: "4 words".to_owned(),
                    },
                ));
            }
            Ok(Xoshiro256StarStar::new(s).take(count).collect())
        }
        (None, Some(v)) => Err(Error::new(
            "state.xoshiro256starstar",
            ErrorKind::Type {
                got: json_type(v),
                expected: "a list of four 16-digit hex words",
            },
        )),
        _ => Err(Error::new(
            "state",
            ErrorKind::Value {
                got: state.to_string(),
                expected: EXPECTED.to_owned(),
            },
        )),
    }
}
