//! The table a person reads: seats and their cards, then the rest of the
//! deal; for a game of several deals, the set-up and then each hand; or a
//! game's result (blackjack, roulette, ...). The CLI prints it and the
//! conformance snapshots keep it, so a change here shows up as a snapshot
//! diff.

use std::fmt::Write;

use fairdeal_core::DynScheme;
#[cfg(doc)]
use fairdeal_core::Game;
use serde_json::{Map, Value};

/// Fields shown before the table, in it, or not at all.
const NOT_IN_TABLE: &[&str] = &[
    "fingerprint",
    "randoms",
    "positions",
    "deck",
    "hands",
    "deals",
    "dealer",
    "pattern",
    "first_dealer",
    "patterns",
];
/// Outputs of a game that [`game`] leaves to `--json`: the raw numbers.
const NOT_IN_GAME_TABLE: &[&str] = &["fingerprint", "randoms"];
/// Width of the label column.
const LABEL: usize = 13;
/// Lists longer than this (an 8-deck shoe) are shortened to their first
/// [`SHOWN`] items; `--json` has them all.
const LONG_LIST: usize = 32;
/// How many items of a long list are shown.
const SHOWN: usize = 20;
/// A game's list of texts (plinko's paths) wider than this takes a line per
/// item.
const WIDE: usize = 100;

/// Returns `trace` (the output of [`DynScheme::trace_json`] for `input`) as
/// the table a person reads: the fingerprint, then the deal (for a game: the
/// set-up, then each hand).
pub fn trace(scheme: &dyn DynScheme, input: &Value, trace: &Value) -> String {
    let mut out = String::new();
    if let Some(f) = trace.get("fingerprint").and_then(Value::as_str) {
        line(&mut out, "fingerprint", f);
    }
    let Some(Value::Array(deals)) = trace.get("deals") else {
        out.push_str(&deal(scheme, input, trace));
        if let Some(deck) = trace.get("deck") {
            line(&mut out, "deck", &cards(deck));
        }
        return out;
    };
    fields(&mut out, scheme, trace, &Roles::default());
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
    out
}

/// Returns the seats table and the rest of the deal's fields of `deal`.
///
/// `hands` is the seats table; any other list of lists (duo's `hidden` and
/// `visible`) is taken as one by seat too, and shown as a table under its
/// name. The dealer (the deal's own, as in a game's hand, or the input's)
/// and the input's taker are marked.
pub fn deal(scheme: &dyn DynScheme, input: &Value, deal: &Value) -> String {
    let mut out = String::new();
    let roles = Roles {
        dealer: deal
            .get("dealer")
            .or_else(|| input.get("dealer"))
            .and_then(Value::as_u64),
        taker: input.get("taker").and_then(Value::as_u64),
    };
    if let Some(d) = roles.dealer {
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
    if let Some(t) = roles.taker {
        line(&mut out, "taker", &seat_name(scheme, t));
    }
    if let Some(Value::Array(hands)) = deal.get("hands") {
        out.push('\n');
        seats(&mut out, scheme, &roles, hands);
        out.push('\n');
    }
    fields(&mut out, scheme, deal, &roles);
    out
}

/// Writes a line for every field of `value` not shown elsewhere, and a
/// table under its name for every list by seat.
fn fields(out: &mut String, scheme: &dyn DynScheme, value: &Value, roles: &Roles) {
    let Value::Object(fields) = value else { return };
    for (name, value) in fields
        .iter()
        .filter(|(k, _)| !NOT_IN_TABLE.contains(&k.as_str()))
    {
        match value {
            Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_array) => {
                if !out.is_empty() && !out.ends_with("\n\n") {
                    out.push('\n');
                }
                out.push_str(&label(name));
                out.push('\n');
                seats(out, scheme, roles, items);
                out.push('\n');
            }
            _ => line(out, &label(name), &cards(value)),
        }
    }
}

/// The seats a deal names, marked in the seats tables.
#[derive(Default)]
struct Roles {
    dealer: Option<u64>,
    taker: Option<u64>,
}

/// Writes one line a seat: its name, its cards and its roles.
fn seats(out: &mut String, scheme: &dyn DynScheme, roles: &Roles, by_seat: &[Value]) {
    for (seat, cards_of_seat) in (0..).zip(by_seat) {
        let marks: Vec<&str> = [(roles.dealer, "dealer"), (roles.taker, "taker")]
            .into_iter()
            .filter_map(|(s, role)| (s == Some(seat)).then_some(role))
            .collect();
        let marker = if marks.is_empty() {
            String::new()
        } else {
            format!("  ({})", marks.join(", "))
        };
        line(
            out,
            &seat_name(scheme, seat),
            &format!("{}{marker}", cards(cards_of_seat)),
        );
    }
}

/// Returns what `fairdeal deal` adds after the table: what the fingerprint is
/// and how to check it against the one shown before play.
pub fn fingerprint_check(scheme: &dyn DynScheme) -> String {
    format!(
        "\nThe fingerprint is {}: it must be the one shown before play, or these are not\n\
         the inputs committed to. `fairdeal verify {} ... --fingerprint HEX` checks it.\n",
        scheme.commitment(),
        scheme.id()
    )
}

/// Returns a game's result (the output of its [`Game::run`]) as a table:
/// the fingerprint, then every output but the raw numbers, one line each; a
/// list of objects (hands, tickets), of rows (a board) or of long texts
/// (paths) takes a line per item.
pub fn game(output: &Value) -> String {
    let mut out = String::new();
    if let Some(f) = output.get("fingerprint").and_then(Value::as_str) {
        line(&mut out, "fingerprint", f);
    }
    let Value::Object(fields) = output else {
        return out;
    };
    for (name, value) in fields
        .iter()
        .filter(|(k, _)| !NOT_IN_GAME_TABLE.contains(&k.as_str()))
    {
        let mut rows: Vec<String> = match value {
            Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                items.iter().filter_map(Value::as_object).map(row).collect()
            }
            Value::Array(items)
                if !items.is_empty() && items.iter().all(|i| i.is_array() && all_text(i)) =>
            {
                items.iter().map(cards).collect()
            }
            Value::Array(items) if all_text(value) && inline(value).len() > WIDE => {
                items.iter().map(cards).collect()
            }
            Value::Object(object) => vec![row(object)],
            other => vec![inline(other)],
        };
        let total = rows.len();
        if total > LONG_LIST {
            rows.truncate(SHOWN);
            rows.push(format!(
                "...  (the first {SHOWN} of {total}; --json lists every one)"
            ));
        }
        let name = label(name);
        for (i, r) in rows.iter().enumerate() {
            line(&mut out, if i == 0 { &name } else { "" }, r);
        }
    }
    out
}

/// Returns an object on one line: `cards` as codes, `true` flags by name,
/// `false` ones left out, the rest as `name value`.
fn row(object: &Map<String, Value>) -> String {
    let parts: Vec<String> = object
        .iter()
        .filter_map(|(k, v)| match v {
            Value::Bool(true) => Some(label(k)),
            Value::Bool(false) => None,
            _ if k == "cards" => Some(cards(v)),
            _ => Some(format!("{} {}", label(k), inline(v))),
        })
        .collect();
    parts.join("  ")
}

/// Returns a value on one line; inner lists in brackets (`[0, 3]`).
fn inline(value: &Value) -> String {
    match value {
        Value::Array(items) if items.iter().all(|i| !i.is_array()) => cards(value),
        Value::Array(items) => shorten(items, |i| match i {
            Value::Array(inner) => {
                let inner: Vec<String> = inner.iter().map(inline).collect();
                format!("[{}]", inner.join(", "))
            }
            other => inline(other),
        }),
        other => cards(other),
    }
}

fn all_text(list: &Value) -> bool {
    list.as_array()
        .is_some_and(|items| items.iter().all(Value::is_string))
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
        .and_then(|s| scheme.seats().get(s))
        .filter(|name| **name != numbered);
    match name {
        Some(name) => format!("{name} ({seat})"),
        None => numbered,
    }
}

fn label(field: &str) -> String {
    match field {
        "upcard" => "up-card".to_owned(),
        "hidden" => "hidden (face down)".to_owned(),
        "visible" => "visible (face up)".to_owned(),
        other => other.replace('_', " "),
    }
}

/// Returns card codes separated by spaces; lists of lists (by seat) are
/// separated by ` | `. A long list (a shoe) shows its first cards and how
/// many there are.
fn cards(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) if items.iter().all(Value::is_array) => {
            items.iter().map(cards).collect::<Vec<_>>().join(" | ")
        }
        Value::Array(items) => shorten(items, cards),
        other => other.to_string(),
    }
}

/// Returns `items` shown with `show`, separated by spaces; past
/// [`LONG_LIST`] items, the first [`SHOWN`] and a count.
fn shorten(items: &[Value], show: impl Fn(&Value) -> String) -> String {
    let shown: Vec<String> = items
        .iter()
        .take(if items.len() > LONG_LIST {
            SHOWN
        } else {
            items.len()
        })
        .map(show)
        .collect();
    let mut text = shown.join(" ");
    if items.len() > LONG_LIST {
        // OK because writing to a String cannot fail.
        let _ = write!(
            text,
            " ...  (the first {SHOWN} of {}; --json lists every one)",
            items.len()
        );
    }
    text
}
