//! Numbers as a vector file writes them: a file is refused when
//! `vectors generate` would write one of its numbers back differently, so
//! that regenerating never rewrites an input.

use fairdeal::core::input::text::{quoted, shown};
use serde_json::Value;

use crate::format::FormatError;

/// Refuses a number that `vectors generate` would not write back as it is
/// written (`1e2` as `100.0`, `1.50` as `1.5`, `99999999999999999999` as
/// `1e+20`), so that regenerating never rewrites an input: the files keep
/// integers within 64 bits and decimals written in full (`1.5`, `1.0`; the
/// range cases use them). `value` is `text` parsed, with no key given twice:
/// its numbers, in document order, are the number literals of `text`.
pub(crate) fn numbers_as_written(text: &str, value: &Value) -> Result<(), FormatError> {
    let mut numbers = Vec::new();
    collect_numbers(value, &mut numbers);
    let literals = number_literals(text);
    let Some(k) = literals
        .iter()
        .zip(&numbers)
        .position(|(literal, n)| *literal != n.to_string())
    else {
        return Ok(());
    };
    let mut path = Vec::new();
    let mut seen = 0;
    find_number(value, k, &mut seen, &mut path);
    Err(FormatError(format!(
        "{}: {} would be rewritten as {}, expected an integer within 64 bits or a decimal written in full (1.5, not 1.50 or 15e-1)",
        where_in_file(value, &path),
        shown(literals[k]),
        numbers[k]
    )))
}

/// Appends the numbers of `value` in document order (objects keep their
/// order: serde_json's `preserve_order`).
fn collect_numbers<'v>(value: &'v Value, out: &mut Vec<&'v serde_json::Number>) {
    match value {
        Value::Number(n) => out.push(n),
        Value::Array(items) => items.iter().for_each(|v| collect_numbers(v, out)),
        Value::Object(map) => map.values().for_each(|v| collect_numbers(v, out)),
        _ => {}
    }
}

/// One step of a path into a JSON value.
enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

/// Finds the `k`-th number of `value` (counting from `seen`), leaving its
/// path in `path`; returns whether it was found.
fn find_number<'v>(value: &'v Value, k: usize, seen: &mut usize, path: &mut Vec<Step<'v>>) -> bool {
    match value {
        Value::Number(_) => {
            *seen += 1;
            *seen == k + 1
        }
        Value::Array(items) => items.iter().enumerate().any(|(i, v)| {
            path.push(Step::Index(i));
            let found = find_number(v, k, seen, path);
            if !found {
                path.pop();
            }
            found
        }),
        Value::Object(map) => map.iter().any(|(key, v)| {
            path.push(Step::Key(key));
            let found = find_number(v, k, seen, path);
            if !found {
                path.pop();
            }
            found
        }),
        _ => false,
    }
}

/// Names a place in a vector file: `case "id": input.dealer` inside a case,
/// else its path from the top (`format`).
fn where_in_file(file: &Value, path: &[Step<'_>]) -> String {
    let name = |steps: &[Step<'_>]| {
        let mut out = String::new();
        for step in steps {
            match step {
                Step::Key(key) if out.is_empty() => out.push_str(key),
                Step::Key(key) => {
                    out.push('.');
                    out.push_str(key);
                }
                Step::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        shown(&out)
    };
    if let [
        Step::Key("groups"),
        Step::Index(g),
        Step::Key("cases"),
        Step::Index(c),
        rest @ ..,
    ] = path
    {
        let id = file["groups"][*g]["cases"][*c]["id"]
            .as_str()
            .unwrap_or("?");
        return format!("case {}: {}", quoted(id), name(rest));
    }
    name(path)
}

/// Returns the number literals of the JSON `text`, in order: every run of
/// number characters outside a string.
fn number_literals(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // Skip the string: up to the first quote not escaped.
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                // Number characters are ASCII: the slice is at char bounds.
                out.push(text.get(start..i).unwrap_or_default());
            }
            _ => i += 1,
        }
    }
    out
}
