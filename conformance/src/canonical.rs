//! The one way a vector file is written, so that regenerating an unchanged
//! file gives the same bytes: keys in the order the types declare them, two
//! spaces of indent, lists of plain values on one line, a final newline.

use serde_json::Value;

use crate::VectorFile;

/// Returns `file` in canonical form.
pub fn to_canonical_string(file: &VectorFile) -> String {
    // OK because a VectorFile is plain data with string keys.
    let value = serde_json::to_value(file).unwrap_or(Value::Null);
    let mut out = String::new();
    write(&mut out, &value, 0);
    out.push('\n');
    out
}

/// Returns `value` written as a vector file is (the sweep files too).
pub fn value_to_canonical_string(value: &Value) -> String {
    let mut out = String::new();
    write(&mut out, value, 0);
    out.push('\n');
    out
}

fn write(out: &mut String, value: &Value, depth: usize) {
    match value {
        Value::Array(items) if items.iter().all(is_plain) => {
            let inner: Vec<String> = items.iter().map(plain).collect();
            out.push('[');
            out.push_str(&inner.join(", "));
            out.push(']');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                indent(out, depth + 1);
                write(out, item, depth + 1);
            }
            out.push('\n');
            indent(out, depth);
            out.push(']');
        }
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                indent(out, depth + 1);
                out.push_str(&plain(&Value::String(key.clone())));
                out.push_str(": ");
                write(out, item, depth + 1);
            }
            out.push('\n');
            indent(out, depth);
            out.push('}');
        }
        other => out.push_str(&plain(other)),
    }
}

fn is_plain(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

fn plain(value: &Value) -> String {
    value.to_string()
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzz/ (the vector_file target): a number of more than 19
    /// digits was read as a neighbour of the nearest float, so a file
    /// holding one changed each time it was regenerated. A file is now
    /// either refused (a number not written back as written) or reads back
    /// the same from its canonical form.
    #[test]
    fn a_canonical_file_reads_back_the_same() {
        for randoms in [
            "90071992547409967296",
            "9007199254740992967296",
            "9.007199254740993e21",
        ] {
            let text = format!(
                r#"{{"$schema": "./schema.json", "format": 2, "scheme": "hmac-blackjack",
                "scheme_version": 1, "description": "", "confirmed_by": [], "flags": {{}},
                "groups": [{{"kind": "game", "description": "", "source": {{"generated_by": "", "confirmed_by": []}}, "cases": [{{"id": "large",
                "number": 1, "comment": "", "game": "case", "randoms": [{randoms}]}}]}}]}}"#
            );
            let Ok(file) = VectorFile::parse(&text) else {
                continue;
            };
            let written = to_canonical_string(&file);
            let again = VectorFile::parse(&written).unwrap();
            assert_eq!(again, file, "{randoms}");
            assert_eq!(to_canonical_string(&again), written, "{randoms}");
        }
    }
}
