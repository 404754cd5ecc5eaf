//! Where two outputs first differ: the stage, then the exact value.

use std::fmt;

use serde_json::Value;

/// The first difference between an expected output and an actual one.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The first stage (top-level field, in the method's order) that differs:
    /// `fingerprint`, `randoms`, `positions`, `deck`, `hands`, ...
    pub stage: String,
    /// JSON Pointer (RFC 6901) of the first differing value (`/hands/2/3`).
    pub pointer: String,
    /// The expected value there (`null` when it should be absent).
    pub expected: Value,
    /// The actual value there (`null` when it is absent).
    pub actual: Value,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "first differing stage: {}, at {}: expected {}, got {}",
            self.stage, self.pointer, self.expected, self.actual
        )
    }
}

/// Returns the first difference between `expected` and `actual`, looking at
/// stages in the expected order (and then at any stage only `actual` has).
pub fn first_difference(expected: &Value, actual: &Value) -> Option<Difference> {
    let (Value::Object(want), Value::Object(got)) = (expected, actual) else {
        return within("", expected, actual).map(|(pointer, e, a)| Difference {
            stage: String::new(),
            pointer,
            expected: e,
            actual: a,
        });
    };
    let extra = got.keys().filter(|k| !want.contains_key(*k));
    let stages = want.keys().chain(extra);
    stages.into_iter().find_map(|stage| {
        let e = want.get(stage).unwrap_or(&Value::Null);
        let a = got.get(stage).unwrap_or(&Value::Null);
        let (pointer, e, a) = within(&format!("/{}", escape(stage)), e, a)?;
        Some(Difference {
            stage: stage.clone(),
            pointer,
            expected: e,
            actual: a,
        })
    })
}

/// Returns the pointer and values of the first difference below `at`.
fn within(at: &str, expected: &Value, actual: &Value) -> Option<(String, Value, Value)> {
    match (expected, actual) {
        (Value::Array(e), Value::Array(a)) => {
            let found = e
                .iter()
                .zip(a)
                .enumerate()
                .find_map(|(i, (e, a))| within(&format!("{at}/{i}"), e, a));
            found.or_else(|| {
                // Equal as far as both go: the shorter one ends early.
                let i = e.len().min(a.len());
                (e.len() != a.len()).then(|| {
                    (
                        format!("{at}/{i}"),
                        e.get(i).cloned().unwrap_or(Value::Null),
                        a.get(i).cloned().unwrap_or(Value::Null),
                    )
                })
            })
        }
        (Value::Object(e), Value::Object(a)) => {
            let keys = e.keys().chain(a.keys().filter(|k| !e.contains_key(*k)));
            keys.into_iter().find_map(|k| {
                within(
                    &format!("{at}/{}", escape(k)),
                    e.get(k).unwrap_or(&Value::Null),
                    a.get(k).unwrap_or(&Value::Null),
                )
            })
        }
        (e, a) if e == a => None,
        (e, a) => Some((at.to_owned(), e.clone(), a.clone())),
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn names_the_first_stage_in_method_order() {
        let want = json!({"fingerprint": "ab", "randoms": [1, 2, 3], "hands": [["9c"], ["Th"]]});
        let got = json!({"fingerprint": "ab", "hands": [["9c"], ["Jh"]], "randoms": [1, 2, 4]});
        let d = first_difference(&want, &got).unwrap();
        assert_eq!(
            (d.stage.as_str(), d.pointer.as_str()),
            ("randoms", "/randoms/2")
        );
        assert_eq!((d.expected, d.actual), (json!(3), json!(4)));
    }

    #[test]
    fn shorter_lists_and_missing_stages_are_differences() {
        let d =
            first_difference(&json!({"kitty": ["9c", "Tc"]}), &json!({"kitty": ["9c"]})).unwrap();
        assert_eq!(d.pointer, "/kitty/1");
        assert_eq!(d.actual, Value::Null);
        let d = first_difference(&json!({"a": 1}), &json!({"a": 1, "b": 2})).unwrap();
        assert_eq!((d.stage.as_str(), d.expected), ("b", Value::Null));
        assert!(first_difference(&json!({"a": [1]}), &json!({"a": [1]})).is_none());
    }
}
