//! The evidence under a refusal mismatch: the value the case gives at the
//! field it expects refused, and what the port answered instead, each
//! clipped and escaped as the CLI shows untrusted text, so that a porter
//! sees the input and the answer without opening the vector file.

use fairdeal::core::input::text::{quoted, shown};
use serde_json::{Map, Value};

/// The most path segments of a field name followed (`hands[1].pattern` has
/// three): a field is a short path, and a long one names nothing.
const MAX_SEGMENTS: usize = 8;

/// Returns `field = VALUE` for the value the case's fields hold at `field`
/// (a path as errors name fields: `hands[1].pattern`, `state.a`,
/// `randoms[0]`), looked up in the input first, then among the case's other
/// fields (`randoms`, `deck`, `state`); `field (absent)` when neither holds
/// it. The value is its JSON text, clipped and escaped.
pub fn given(fields: &Map<String, Value>, field: &str) -> String {
    let segments = segments(field);
    let found = segments.as_deref().and_then(|path| {
        fields
            .get("input")
            .and_then(|input| walk(input, path))
            .or_else(|| {
                let (first, rest) = path.split_first()?;
                let Segment::Key(key) = first else {
                    return None;
                };
                walk(fields.get(*key)?, rest)
            })
    });
    let name = shown(field);
    match found {
        Some(value) => format!("{name} = {}", json(value)),
        None => format!("{name} (absent)"),
    }
}

/// Returns what the port answered, in one line: its refusal (kind, field
/// and message) or its output (as JSON, clipped).
pub fn refused(kind: &str, field: &str, message: &str) -> String {
    format!(
        "a {} error in {}: {}",
        shown(kind),
        quoted(field),
        shown(message)
    )
}

/// Returns an output as the evidence shows it: `output VALUE`, clipped.
pub fn output(value: &Value) -> String {
    format!("output {}", json(value))
}

/// A value's JSON text, clipped and escaped.
fn json(value: &Value) -> String {
    shown(&value.to_string())
}

/// One step of a field path.
#[derive(Debug, PartialEq)]
enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

/// Splits `hands[1].pattern` into `hands`, `1`, `pattern`; `None` for what
/// is no such path.
fn segments(field: &str) -> Option<Vec<Segment<'_>>> {
    let mut out = Vec::new();
    for part in field.split('.') {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            out.push(Segment::Key(key));
        }
        if !rest.is_empty() {
            rest = rest.strip_suffix(']')?;
            for index in rest.split("][") {
                out.push(Segment::Index(index.parse().ok()?));
            }
        }
        if out.len() > MAX_SEGMENTS {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

fn walk<'v>(mut value: &'v Value, path: &[Segment<'_>]) -> Option<&'v Value> {
    for segment in path {
        value = match segment {
            Segment::Key(key) => value.get(*key)?,
            Segment::Index(i) => value.get(*i)?,
        };
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn fields(v: &Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn the_given_value_is_found_in_the_input_then_the_case() {
        let f = fields(&json!({
            "input": {"hands": [{}, {"pattern": "32a23"}], "rules": {"cut": 3}},
            "randoms": ["ffffffffffffff04", 7],
            "state": {"a": "x"}
        }));
        assert_eq!(
            given(&f, "hands[1].pattern"),
            "hands[1].pattern = \"32a23\""
        );
        assert_eq!(given(&f, "rules.cut"), "rules.cut = 3");
        assert_eq!(given(&f, "randoms[1]"), "randoms[1] = 7");
        assert_eq!(given(&f, "state.a"), "state.a = \"x\"");
        assert_eq!(given(&f, "hands[5].pattern"), "hands[5].pattern (absent)");
        assert_eq!(given(&f, "hands[x]"), "hands[x] (absent)");
        assert_eq!(given(&f, ""), " (absent)");
    }

    /// A long or hostile value is clipped and escaped: nothing of it can
    /// act on a terminal.
    #[test]
    fn the_given_value_is_clipped_and_escaped() {
        let f = fields(&json!({"input": {"phrase": format!("\u{1b}[2J{}", "x".repeat(500))}}));
        let g = given(&f, "phrase");
        assert!(!g.contains('\u{1b}'), "{g}");
        assert!(g.len() < 200, "{g}");
        assert!(g.ends_with("characters)"), "{g}");
        assert_eq!(
            refused("value", "phrase", "bad\u{1b}"),
            "a value error in \"phrase\": bad\\u{1b}"
        );
    }
}
