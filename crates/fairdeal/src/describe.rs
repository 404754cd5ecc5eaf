//! A scheme's or game's input fields as JSON, the one description that
//! `fairdeal schemes --json` and the wasm package's `schemes()` both give.

use fairdeal_core::input::{Field, FieldKind};
use serde_json::{Value, json};

/// Returns `field` as JSON: its name, kind, command-line flag, whether it
/// is required, its help and what a good value is.
pub fn field(field: &Field) -> Value {
    let kind = match field.kind {
        FieldKind::Integer => "integer",
        FieldKind::Bool => "bool",
        FieldKind::TextPerSeat { .. } => "text-per-seat",
        FieldKind::Json => "json",
        _ => "text",
    };
    json!({
        "name": field.name,
        "kind": kind,
        "flag": format!("--{}", field.flag()),
        "required": field.required,
        "help": field.help,
        "expected": field.expected,
    })
}
