//! The table a person reads: seats and their cards, then the rest of the
//! deal. The CLI prints it and the conformance snapshots keep it, so a change
//! here shows up as a snapshot diff.

use std::fmt::Write;

use fairdeal_core::DynScheme;
use serde_json::Value;

/// Stages shown by [`trace`] before the table, or not at all.
const NOT_IN_TABLE: &[&str] = &["fingerprint", "randoms", "positions", "deck", "hands"];
/// Width of the label column.
const LABEL: usize = 13;

/// Returns the deal of `trace` (the output of
/// [`DynScheme::trace_json`] for `input`) as a table: the fingerprint, the
/// dealer, each seat's cards, then every other field of the deal.
pub fn trace(scheme: &dyn DynScheme, input: &Value, trace: &Value) -> String {
    let mut out = String::new();
    if let Some(f) = trace.get("fingerprint").and_then(Value::as_str) {
        line(&mut out, "fingerprint", f);
    }
    out.push_str(&deal(scheme, input, trace));
    if let Some(deck) = trace.get("deck") {
        line(&mut out, "deck", &cards(deck));
    }
    out
}

/// Returns the seats table and the rest of the deal's fields of `deal`.
pub fn deal(scheme: &dyn DynScheme, input: &Value, deal: &Value) -> String {
    let mut out = String::new();
    let dealer = input.get("dealer").and_then(Value::as_u64);
    if let Some(d) = dealer {
        line(&mut out, "dealer", &seat_name(scheme, d));
    }
    if let Some(Value::Array(hands)) = deal.get("hands") {
        out.push('\n');
        for (seat, hand) in (0..).zip(hands) {
            let marker = if dealer == Some(seat) {
                "  (dealer)"
            } else {
                ""
            };
            line(
                &mut out,
                &seat_name(scheme, seat),
                &format!("{}{marker}", cards(hand)),
            );
        }
        out.push('\n');
    }
    if let Value::Object(fields) = deal {
        for (name, value) in fields
            .iter()
            .filter(|(k, _)| !NOT_IN_TABLE.contains(&k.as_str()))
        {
            line(&mut out, &label(name), &cards(value));
        }
    }
    out
}

fn line(out: &mut String, label: &str, value: &str) {
    // OK because writing to a String cannot fail.
    let _ = writeln!(out, "{label:<LABEL$}{value}");
}

/// Returns "you (0)" for seat 0 of a scheme whose seats are named, and
/// "seat 0" for one whose seats are only numbered (named `seat 0`, or not
/// named at all).
fn seat_name(scheme: &dyn DynScheme, seat: u64) -> String {
    let numbered = format!("seat {seat}");
    let name = usize::try_from(seat)
        .ok()
        .and_then(|s| scheme.seats().get(s));
    match name {
        Some(name) if *name != numbered => format!("{name} ({seat})"),
        _ => numbered,
    }
}

fn label(field: &str) -> String {
    match field {
        "upcard" => "up-card".to_owned(),
        other => other.replace('_', " "),
    }
}

/// Returns card codes separated by spaces; lists of lists (by seat) are
/// separated by ` | `.
fn cards(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) if items.iter().all(Value::is_array) => {
            items.iter().map(cards).collect::<Vec<_>>().join(" | ")
        }
        Value::Array(items) => items.iter().map(cards).collect::<Vec<_>>().join(" "),
        other => other.to_string(),
    }
}
