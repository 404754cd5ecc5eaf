//! The table a person reads: the fingerprint, then each deal's
//! [`TableView`] (seats and their cards, then the rest of the deal by name)
//! and its deck; for a series of deals, the set-up first; or a game's result
//! (blackjack, roulette, ...). The CLI prints it and the conformance
//! snapshots keep it, so a change here shows up as a snapshot diff.

use std::fmt::Write;

#[cfg(doc)]
use fairdeal_core::Game;
use fairdeal_core::{Card, DynScheme, PartValue, Seat, TableView, TracedView};
use serde_json::{Map, Value};

/// Outputs of a game that [`game`] leaves to `--json`: the raw numbers.
const NOT_IN_GAME_TABLE: &[&str] = &["fingerprint", "randoms"];
/// Width of the label column.
const LABEL: usize = 13;
/// A game's lists longer than this (a hundred plinko balls) are shortened to
/// their first [`SHOWN`] items; `--json` has them all.
const LONG_LIST: usize = 32;
/// Decks and parts of a deal longer than this (an 8-deck shoe) are
/// shortened the same way; a 52-card deck is shown whole.
const LONG_DECK: usize = 64;
/// How many items of a long list are shown.
const SHOWN: usize = 20;
/// A game's list of texts (plinko's paths) wider than this takes a line per
/// item.
const WIDE: usize = 100;

/// Returns `view` (see [`DynScheme::view`]) as the table a person reads:
/// the fingerprint, then the deal (for a series: the set-up, then each
/// hand).
pub fn trace(scheme: &dyn DynScheme, view: &TracedView) -> String {
    let mut out = String::new();
    line(&mut out, "fingerprint", &view.fingerprint.to_string());
    for (label, value) in &view.setup {
        line(&mut out, label, value);
    }
    for (n, (deal_view, deck)) in (1..).zip(&view.deals) {
        if view.series {
            let _ = write!(out, "\nhand {n}\n");
        }
        out.push_str(&deal(scheme, deal_view));
        line(&mut out, "deck", &shorten(deck, Card::to_string, LONG_DECK));
    }
    out
}

/// Returns the seats table and the rest of the deal: the dealer (and what
/// they dealt with) and the taker, each seat's cards with its roles marked,
/// then every other part by name; a part by seat is a table under its name.
pub fn deal(scheme: &dyn DynScheme, view: &TableView) -> String {
    let mut out = String::new();
    if let Some(d) = view.dealer {
        let with = view
            .dealt_with
            .as_ref()
            .map(|w| format!(", {w}"))
            .unwrap_or_default();
        line(
            &mut out,
            "dealer",
            &format!("{}{with}", seat_name(scheme, d)),
        );
    }
    if let Some(t) = view.taker {
        line(&mut out, "taker", &seat_name(scheme, t));
    }
    if !view.hands.is_empty() {
        out.push('\n');
        seats(&mut out, scheme, view, &view.hands);
        out.push('\n');
    }
    for part in &view.rest {
        match &part.value {
            PartValue::BySeat(by_seat) => {
                if !out.is_empty() && !out.ends_with("\n\n") {
                    out.push('\n');
                }
                out.push_str(part.name);
                out.push('\n');
                seats(&mut out, scheme, view, by_seat);
                out.push('\n');
            }
            PartValue::Cards(cards) => line(
                &mut out,
                part.name,
                &shorten(cards, Card::to_string, LONG_DECK),
            ),
            PartValue::Words(words) => line(
                &mut out,
                part.name,
                &shorten(words, String::clone, LONG_DECK),
            ),
        }
    }
    out
}

/// Writes one line a seat: its name, its cards and its roles.
fn seats(out: &mut String, scheme: &dyn DynScheme, view: &TableView, by_seat: &[Vec<Card>]) {
    for (seat, cards) in (0..).zip(by_seat) {
        let marks: Vec<&str> = [(view.dealer, "dealer"), (view.taker, "taker")]
            .into_iter()
            .filter_map(|(s, role)| (s.map(Seat::index) == Some(seat)).then_some(role))
            .collect();
        let marker = if marks.is_empty() {
            String::new()
        } else {
            format!("  ({})", marks.join(", "))
        };
        line(
            out,
            &seat_label(scheme, seat),
            &format!("{}{marker}", shorten(cards, Card::to_string, LONG_DECK)),
        );
    }
}

/// Returns what `fairdeal deal` adds after the table: what the fingerprint is
/// and how to check it against the one shown before play.
pub fn fingerprint_check(scheme: &dyn DynScheme) -> String {
    format!(
        "\nThe fingerprint is {}: it must be the one shown before play, or these are not\n\
         the inputs committed to. `fairdeal verify {} ... --fingerprint HEX` checks it.\n",
        scheme.info().commitment.hashes,
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
        Value::Array(items) => shorten(
            items,
            |i| match i {
                Value::Array(inner) => {
                    let inner: Vec<String> = inner.iter().map(inline).collect();
                    format!("[{}]", inner.join(", "))
                }
                other => inline(other),
            },
            LONG_LIST,
        ),
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
pub fn seat_name(scheme: &dyn DynScheme, seat: Seat) -> String {
    seat_label(scheme, seat.index())
}

fn seat_label(scheme: &dyn DynScheme, seat: usize) -> String {
    let numbered = format!("seat {seat}");
    match scheme
        .info()
        .seats
        .get(seat)
        .filter(|name| **name != numbered)
    {
        Some(name) => format!("{name} ({seat})"),
        None => numbered,
    }
}

fn label(field: &str) -> String {
    field.replace('_', " ")
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
        Value::Array(items) => shorten(items, cards, LONG_LIST),
        other => other.to_string(),
    }
}

/// Returns `items` shown with `show`, separated by spaces; past `long`
/// items, the first [`SHOWN`] and a count.
fn shorten<T>(items: &[T], show: impl Fn(&T) -> String, long: usize) -> String {
    let shown: Vec<String> = items
        .iter()
        .take(if items.len() > long {
            SHOWN
        } else {
            items.len()
        })
        .map(show)
        .collect();
    let mut text = shown.join(" ");
    if items.len() > long {
        // OK because writing to a String cannot fail.
        let _ = write!(
            text,
            " ...  (the first {SHOWN} of {}; --json lists every one)",
            items.len()
        );
    }
    text
}
