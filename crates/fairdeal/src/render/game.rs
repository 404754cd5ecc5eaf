//! A game's result (blackjack, roulette, ...) as a table: its output's
//! fields by name, one line each, or a line per item of a list.

use serde_json::{Map, Value};

#[cfg(doc)]
use fairdeal_core::Game;

use super::layout::{SHOWN, line, shorten};

/// Outputs of a game that [`game`] leaves to `--json`: the raw numbers.
const NOT_IN_GAME_TABLE: &[&str] = &["fingerprint", "randoms"];
/// A game's lists longer than this (a hundred plinko balls) are shortened to
/// their first [`SHOWN`] items; `--json` has them all.
const LONG_LIST: usize = 32;
/// A game's list of texts (plinko's paths) wider than this takes a line per
/// item.
const WIDE: usize = 100;

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
            &items
                .iter()
                .map(|i| match i {
                    Value::Array(inner) => {
                        let inner: Vec<String> = inner.iter().map(inline).collect();
                        format!("[{}]", inner.join(", "))
                    }
                    other => inline(other),
                })
                .collect::<Vec<_>>(),
            LONG_LIST,
        ),
        other => cards(other),
    }
}

fn all_text(list: &Value) -> bool {
    list.as_array()
        .is_some_and(|items| items.iter().all(Value::is_string))
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
        Value::Array(items) => shorten(&items.iter().map(cards).collect::<Vec<_>>(), LONG_LIST),
        other => other.to_string(),
    }
}
