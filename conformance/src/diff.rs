//! Where two outputs first differ: the stage, then the exact value, said in
//! words a port's author can act on (a list of the wrong length, a missing
//! or unexpected field, two values).

use std::fmt;

use serde_json::Value;

/// The first difference between an expected output and an actual one.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The first stage (top-level field, in the method's order) that differs:
    /// `fingerprint`, `randoms`, `positions`, `deck`, `hands`, ...; empty
    /// when the output as a whole is not an object.
    pub stage: String,
    /// JSON Pointer (RFC 6901) of the first differing value (`/hands/2/3`);
    /// of the list itself when only its length differs, of the field when
    /// one side lacks it.
    pub pointer: String,
    /// The expected value there (`null` when it should be absent).
    pub expected: Value,
    /// The actual value there (`null` when it is absent).
    pub actual: Value,
    /// What kind of difference it is.
    pub mismatch: Mismatch,
}

/// What kind of difference a [`Difference`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The values at the pointer differ.
    Value,
    /// The list at the pointer has another length; its items are equal as
    /// far as the shorter list goes.
    Length {
        /// The expected number of items.
        expected: usize,
        /// The port's.
        actual: usize,
    },
    /// The output lacks the field at the pointer.
    Missing,
    /// The output has a field at the pointer that the expected one lacks.
    Unexpected,
}

impl Difference {
    /// Returns what differs, in words: `your list has 312 items, expected
    /// 416`, `missing field \`labels\``, `unexpected field \`extra\``,
    /// `expected 3, got 4`.
    pub fn what(&self) -> String {
        let field = || unescape(self.pointer.rsplit('/').next().unwrap_or_default());
        match self.mismatch {
            Mismatch::Value => format!(
                "expected {}, got {}",
                brief(&self.expected),
                brief(&self.actual)
            ),
            Mismatch::Length { expected, actual } => {
                let items = if actual == 1 { "item" } else { "items" };
                format!("your list has {actual} {items}, expected {expected}")
            }
            Mismatch::Missing => format!("missing field `{}`", field()),
            Mismatch::Unexpected => format!("unexpected field `{}`", field()),
        }
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pointer.is_empty() {
            return write!(f, "the whole output differs: {}", self.what());
        }
        write!(
            f,
            "first differing stage: {}, at {}: {}",
            self.stage,
            self.pointer,
            self.what()
        )
    }
}

/// Returns the first difference between `expected` and `actual`, looking at
/// stages in the expected order (and then at any stage only `actual` has).
pub fn first_difference(expected: &Value, actual: &Value) -> Option<Difference> {
    first_difference_in(expected, actual, &[])
}

/// Returns the first difference as [`first_difference`] does, but looking
/// first at the values `first` selects, in its order: JSON Pointers in
/// which `*` stands for every item of a list (`/hands/*/cards`). A game
/// whose later values are computed from earlier ones of another stage
/// (blackjack's outcomes from the dealer's cards) is compared so.
pub fn first_difference_in(expected: &Value, actual: &Value, first: &[&str]) -> Option<Difference> {
    let planned = first.iter().find_map(|pattern| {
        let segments: Vec<&str> = pattern.split('/').skip(1).collect();
        select("", &segments, Some(expected), Some(actual))
    });
    planned
        .or_else(|| whole(expected, actual))
        .map(|(pointer, expected, actual, mismatch)| Difference {
            stage: pointer.split('/').nth(1).map(unescape).unwrap_or_default(),
            pointer,
            expected,
            actual,
            mismatch,
        })
}

/// A difference found: its pointer, the two values and its kind.
type Found = (String, Value, Value, Mismatch);

/// The whole output, stage by stage in the expected order, then the stages
/// only `actual` has.
fn whole(expected: &Value, actual: &Value) -> Option<Found> {
    let (Value::Object(want), Value::Object(got)) = (expected, actual) else {
        return within("", Some(expected), Some(actual));
    };
    let extra = got.keys().filter(|k| !want.contains_key(*k));
    want.keys().chain(extra).find_map(|stage| {
        within(
            &format!("/{}", escape(stage)),
            want.get(stage),
            got.get(stage),
        )
    })
}

/// The first difference among the values below `at` that `segments`
/// select; where the two sides do not both have the shape the pattern
/// walks, the values there are compared whole.
fn select(at: &str, segments: &[&str], e: Option<&Value>, a: Option<&Value>) -> Option<Found> {
    let Some((segment, rest)) = segments.split_first() else {
        return within(at, e, a);
    };
    match (e, a, *segment) {
        (Some(Value::Array(e)), Some(Value::Array(a)), "*") => {
            let found = e
                .iter()
                .zip(a)
                .enumerate()
                .find_map(|(i, (e, a))| select(&format!("{at}/{i}"), rest, Some(e), Some(a)));
            found.or_else(|| length(at, e, a))
        }
        (Some(Value::Object(e)), Some(Value::Object(a)), key) => {
            let key = unescape(key);
            select(
                &format!("{at}/{}", escape(&key)),
                rest,
                e.get(&key),
                a.get(&key),
            )
        }
        _ => within(at, e, a),
    }
}

/// Returns the pointer and values of the first difference below `at`.
fn within(at: &str, expected: Option<&Value>, actual: Option<&Value>) -> Option<Found> {
    let (expected, actual) = match (expected, actual) {
        (None, None) => return None,
        (Some(e), None) => return Some((at.to_owned(), e.clone(), Value::Null, Mismatch::Missing)),
        (None, Some(a)) => {
            return Some((at.to_owned(), Value::Null, a.clone(), Mismatch::Unexpected));
        }
        (Some(e), Some(a)) => (e, a),
    };
    match (expected, actual) {
        (Value::Array(e), Value::Array(a)) => {
            let found = e
                .iter()
                .zip(a)
                .enumerate()
                .find_map(|(i, (e, a))| within(&format!("{at}/{i}"), Some(e), Some(a)));
            found.or_else(|| length(at, e, a))
        }
        (Value::Object(e), Value::Object(a)) => {
            let keys = e.keys().chain(a.keys().filter(|k| !e.contains_key(*k)));
            keys.into_iter()
                .find_map(|k| within(&format!("{at}/{}", escape(k)), e.get(k), a.get(k)))
        }
        (e, a) if e == a => None,
        (e, a) => Some((at.to_owned(), e.clone(), a.clone(), Mismatch::Value)),
    }
}

/// Two lists equal as far as the shorter goes: a difference when their
/// lengths differ.
fn length(at: &str, e: &[Value], a: &[Value]) -> Option<Found> {
    (e.len() != a.len()).then(|| {
        (
            at.to_owned(),
            Value::Array(e.to_vec()),
            Value::Array(a.to_vec()),
            Mismatch::Length {
                expected: e.len(),
                actual: a.len(),
            },
        )
    })
}

/// The longest value a message shows whole, in characters of JSON.
const BRIEF: usize = 120;

/// Returns a value as a message shows it: as JSON when short; a long list
/// or object by its size, a long text by its start and length.
pub fn brief(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= BRIEF {
        return text;
    }
    match value {
        Value::Array(items) => format!("a list of {} items", items.len()),
        Value::Object(fields) => format!("an object of {} fields", fields.len()),
        Value::String(s) => {
            let start: String = s.chars().take(BRIEF - 20).collect();
            format!(
                "{}... ({} characters)",
                Value::String(start).to_string().trim_end_matches('"'),
                s.chars().count()
            )
        }
        _ => text,
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn unescape(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
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
    fn a_list_of_another_length_and_a_field_too_many_or_too_few_are_said_so() {
        let d =
            first_difference(&json!({"kitty": ["9c", "Tc"]}), &json!({"kitty": ["9c"]})).unwrap();
        assert_eq!(d.pointer, "/kitty");
        assert_eq!(
            d.to_string(),
            "first differing stage: kitty, at /kitty: your list has 1 item, expected 2"
        );
        let d = first_difference(&json!({"a": 1}), &json!({"a": 1, "extra": 2})).unwrap();
        assert_eq!((d.stage.as_str(), &d.expected), ("extra", &Value::Null));
        assert_eq!(
            d.to_string(),
            "first differing stage: extra, at /extra: unexpected field `extra`"
        );
        let d = first_difference(&json!({"a": {"b/c": 1}}), &json!({"a": {}})).unwrap();
        assert_eq!(
            d.to_string(),
            "first differing stage: a, at /a/b~1c: missing field `b/c`"
        );
        assert!(first_difference(&json!({"a": [1]}), &json!({"a": [1]})).is_none());
        let d = first_difference(&json!({"a": 1}), &json!(null)).unwrap();
        assert_eq!(
            d.to_string(),
            "the whole output differs: expected {\"a\":1}, got null"
        );
    }

    #[test]
    fn long_values_are_shown_by_their_size() {
        let long: Vec<u32> = (0..100).collect();
        let d = first_difference(&json!({"randoms": long}), &json!({"randoms": "x"})).unwrap();
        assert_eq!(d.what(), "expected a list of 100 items, got \"x\"");
        let text = "y".repeat(500);
        assert_eq!(
            brief(&json!(text)),
            format!("\"{}... (500 characters)", "y".repeat(100))
        );
    }

    /// Blackjack's outcomes come from the dealer's cards: a dealer that
    /// draws once too often is found at `/dealer`, before the outcome it
    /// changed.
    #[test]
    fn values_listed_first_are_compared_first() {
        let want = json!({"fingerprint": "f", "hands": [{"cards": ["As", "6h"], "outcome": "win"}],
                          "dealer": {"cards": ["3h", "Ts", "4d"], "total": 17}, "net": "1"});
        let got = json!({"fingerprint": "f", "hands": [{"cards": ["As", "6h"], "outcome": "lose"}],
                         "dealer": {"cards": ["3h", "Ts", "4d", "2c"], "total": 19}, "net": "-1"});
        let d = first_difference(&want, &got).unwrap();
        assert_eq!(d.pointer, "/hands/0/outcome");
        let order = ["/fingerprint", "/hands/*/cards", "/dealer"];
        let d = first_difference_in(&want, &got, &order).unwrap();
        assert_eq!(
            (d.stage.as_str(), d.pointer.as_str()),
            ("dealer", "/dealer/cards")
        );
        assert_eq!(d.what(), "your list has 4 items, expected 3");
        // A hand too few is found by the first pattern that walks the hands.
        let fewer = json!({"fingerprint": "f", "hands": [], "dealer": {}, "net": "0"});
        let d = first_difference_in(&want, &fewer, &order).unwrap();
        assert_eq!(d.pointer, "/hands");
        // What the patterns do not select is still compared.
        let other = json!({"fingerprint": "f", "hands": [{"cards": ["As", "6h"], "outcome": "win"}],
                           "dealer": {"cards": ["3h", "Ts", "4d"], "total": 17}, "net": "2"});
        assert_eq!(
            first_difference_in(&want, &other, &order).unwrap().pointer,
            "/net"
        );
        assert!(first_difference_in(&want, &want, &order).is_none());
    }
}
