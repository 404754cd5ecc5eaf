//! The table a person reads: seats and their cards, then the rest of the
//! deal; for a game, the set-up and then each hand. The CLI prints it and the
//! conformance snapshots keep it, so a change here shows up as a snapshot
//! diff.

use std::fmt::Write;

use fairdeal_core::DynScheme;
use serde_json::{Map, Value};

/// Stages that are shown before the table, or not at all.
const NOT_IN_TABLE: &[&str] = &[
    "fingerprint",
    "randoms",
    "positions",
    "deck",
    "hands",
    "deals",
    "dealer",
    "pattern",
];
/// Width of the label column.
const LABEL: usize = 13;

/// Returns `trace` (the output of [`DynScheme::trace_json`] for `input`) as
/// the table a person reads.
pub fn trace(scheme: &dyn DynScheme, input: &Value, trace: &Value) -> String {
    let mut out = String::new();
    if let Some(f) = trace.get("fingerprint").and_then(Value::as_str) {
        line(&mut out, "fingerprint", f);
    }
    match trace.get("deals") {
        Some(Value::Array(deals)) => {
            out.push_str(&fields(scheme, trace, &["first_dealer", "patterns"]));
            if let Some(first) = trace.get("first_dealer").and_then(Value::as_u64) {
                line(&mut out, "first dealer", &seat_name(scheme, first));
            }
            if let Some(Value::Array(patterns)) = trace.get("patterns") {
                let drawn: Vec<String> = (1..)
                    .zip(patterns)
                    .map(|(seat, p)| format!("{} {}", seat_name(scheme, seat), cards(p)))
                    .collect();
                line(&mut out, "patterns", &drawn.join(", "));
            }
            for (n, hand) in (1..).zip(deals) {
                let _ = write!(out, "\nhand {n}\n");
                out.push_str(&deal(scheme, input, hand));
                if let Some(deck) = hand.get("deck") {
                    line(&mut out, "deck", &cards(deck));
                }
            }
        }
        _ => {
            out.push_str(&deal(scheme, input, trace));
            if let Some(deck) = trace.get("deck") {
                line(&mut out, "deck", &cards(deck));
            }
        }
    }
    out
}

/// Returns the seats table and the rest of the fields of `deal`; the dealer
/// is the deal's own (a game's hand) or the input's.
pub fn deal(scheme: &dyn DynScheme, input: &Value, deal: &Value) -> String {
    let mut out = String::new();
    let dealer = deal
        .get("dealer")
        .or_else(|| input.get("dealer"))
        .and_then(Value::as_u64);
    if let Some(d) = dealer {
        let pattern = deal
            .get("pattern")
            .and_then(Value::as_str)
            .map(|p| format!(", pattern {p}"));
        line(
            &mut out,
            "dealer",
            &format!("{}{}", seat_name(scheme, d), pattern.unwrap_or_default()),
        );
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
    out.push_str(&fields(scheme, deal, &[]));
    out
}

/// Returns a line for every field of `value` not in the table nor `skip`.
fn fields(_: &dyn DynScheme, value: &Value, skip: &[&str]) -> String {
    let mut out = String::new();
    if let Value::Object(map) = value {
        for (name, value) in shown(map, skip) {
            line(&mut out, &label(name), &cards(value));
        }
    }
    out
}

fn shown<'a>(
    map: &'a Map<String, Value>,
    skip: &'a [&str],
) -> impl Iterator<Item = (&'a String, &'a Value)> {
    map.iter()
        .filter(move |(k, _)| !NOT_IN_TABLE.contains(&k.as_str()) && !skip.contains(&k.as_str()))
}

fn line(out: &mut String, label: &str, value: &str) {
    // OK because writing to a String cannot fail.
    let _ = writeln!(out, "{label:<LABEL$}{value}");
}

/// Returns "you (0)" for seat 0 of a scheme whose seats are named.
fn seat_name(scheme: &dyn DynScheme, seat: u64) -> String {
    let name = usize::try_from(seat)
        .ok()
        .and_then(|s| scheme.seats().get(s));
    match name {
        Some(name) => format!("{name} ({seat})"),
        None => format!("seat {seat}"),
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
