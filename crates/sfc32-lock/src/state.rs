//! A raw generator state given as JSON, for the `generator` stage of the
//! vectors: sfc32 started from any `a, b, c, d`, with or without the discard.

use fairdeal_core::input::fields::json_type;
use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::{Error, ErrorKind, FromJson};
use serde_json::Value;

use crate::sfc32::{DISCARD, Sfc32};

const WORD: &str = "an integer from 0 to 4294967295";

const fn word(name: &'static str, help: &'static str) -> Field {
    Field {
        name,
        kind: FieldKind::Integer,
        required: true,
        help,
        expected: WORD,
        rule: Rule::AtMost(u32::MAX as u64),
    }
}

/// The fields of a state, in the order they are checked.
pub(crate) const STATE_FIELDS: &[Field] = &[
    word("a", "word 1 (seed digits 1-8)"),
    word("b", "word 2 (seed digits 9-16)"),
    word("c", "word 3 (seed digits 17-24)"),
    word("d", "word 4 (seed digits 25-32), the counter"),
    Field {
        name: "discard",
        kind: FieldKind::Bool,
        required: true,
        help: "whether the 16 draws of the site's seeding are thrown away first",
        expected: "true or false",
        rule: Rule::Any,
    },
];

/// A generator state as a vector gives it (`{"a": .., "b": .., "c": ..,
/// "d": .., "discard": true}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// The generator in the given state, nothing discarded yet.
    pub generator: Sfc32,
    /// Whether [`DISCARD`] draws are thrown away before the first one kept.
    pub discard: bool,
}

impl State {
    /// Returns the generator ready for its first kept draw.
    pub fn start(&self) -> Sfc32 {
        let mut generator = self.generator.clone();
        if self.discard {
            generator.discard(DISCARD);
        }
        generator
    }
}

impl FromJson for State {
    /// Errors name the field inside the state (`state.d`).
    fn from_json(json: &Value) -> Result<Self, Error> {
        if !json.is_object() {
            return Err(Error::new(
                "state",
                ErrorKind::Type {
                    got: json_type(json),
                    expected: "an object with a, b, c, d and discard",
                },
            ));
        }
        read(json).map_err(|e| e.within("state"))
    }
}

fn read(json: &Value) -> Result<State, Error> {
    let f = Fields::new(json, STATE_FIELDS)?;
    let mut words = [0; 4];
    for (word, field) in words.iter_mut().zip(STATE_FIELDS) {
        // OK because the field's rule held it to u32::MAX.
        *word = u32::try_from(f.integer(field.name, WORD)?).unwrap_or(u32::MAX);
    }
    let [a, b, c, d] = words;
    Ok(State {
        generator: Sfc32::new(a, b, c, d),
        discard: f.boolean("discard")?,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_refusal_names_its_field_inside_the_state() {
        let refusal = |v: Value| {
            let e = State::from_json(&v).unwrap_err();
            (e.field().to_owned(), e.kind().code())
        };
        let ok = json!({"a": 0, "b": 1, "c": 2, "d": 4_294_967_295_u32, "discard": false});
        assert_eq!(
            State::from_json(&ok).unwrap().start(),
            Sfc32::new(0, 1, 2, u32::MAX)
        );
        assert_eq!(refusal(json!([])), ("state".into(), "type"));
        assert_eq!(
            refusal(json!({"a": 0, "b": 0, "c": 0, "discard": true})),
            ("state.d".into(), "missing")
        );
        assert_eq!(
            refusal(json!({"a": 0, "b": 0, "c": 0, "d": 4_294_967_296_u64, "discard": true})),
            ("state.d".into(), "range")
        );
        assert_eq!(
            refusal(json!({"a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "discard": true})),
            ("state.e".into(), "unknown")
        );
        assert_eq!(
            refusal(json!({"a": 0, "b": 0, "c": 0, "d": 0, "discard": "true"})),
            ("state.discard".into(), "type")
        );
    }
}
