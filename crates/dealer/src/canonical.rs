//! The canonical text of a log entry (docs/dealer.md, "The log"): JSON with
//! every object's keys sorted, no spaces, UTF-8 as it is, integers only; the
//! text Python's `json.dumps(entry, sort_keys=True, separators=(",", ":"),
//! ensure_ascii=False)` writes, so that an auditor recomputes each entry's
//! hash in a few lines.

use serde_json::{Map, Value};

/// Returns `value` with every object's keys in sorted order (by their
/// bytes, which is Python's order of code points).
fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for k in keys {
                out.insert(k.clone(), sorted(&map[k.as_str()]));
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// Returns the canonical text of `value`.
pub fn text(value: &Value) -> String {
    sorted(value).to_string()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn keys_are_sorted_at_every_depth_and_text_is_kept() {
        let v = json!({"b": 1, "a": {"z": [ {"y": 2, "x": "é\n\u{1}"} ], "c": null}});
        assert_eq!(
            text(&v),
            r#"{"a":{"c":null,"z":[{"x":"é\n\u0001","y":2}]},"b":1}"#
        );
    }
}
