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
