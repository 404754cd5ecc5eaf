//! The table a person reads: the fingerprint, then each deal's
//! [`TableView`] (seats named, each hand sorted for reading, then the rest
//! of the deal by name) and its deck; for a series of deals, the set-up
//! first; or a game's result ([`game`]). The CLI prints it and the
//! conformance snapshots keep it, so a change here shows up as a snapshot
//! diff. It fits 100 columns.

mod cards;
mod game;
mod layout;

use std::fmt::Write;

use fairdeal_core::cards::Card;
use fairdeal_core::input::text::{quoted, shown};
use fairdeal_core::table::{PartValue, Seat, TableView};
use fairdeal_core::{DynScheme, TracedView};
use serde_json::Value;

pub use cards::{Style, show as card, sorted as hand};
pub use game::game;

use cards::{in_order, sorted};
use layout::{line, shorten};

/// Decks and parts of a deal longer than this (an 8-deck shoe) are
/// shortened to their first cards and a count; a 52-card deck is shown
/// whole.
const LONG_DECK: usize = 64;

/// Who is reading: the seat marked `(you)` in the seats table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reader {
    /// The player's seat, when the deal has seats and the player is one.
    pub seat: Option<Seat>,
}

/// Returns `view` (see [`DynScheme::view`]) as the table a person reads:
/// the fingerprint, then the deal (for a series: the set-up, then each
/// hand).
pub fn trace(scheme: &dyn DynScheme, view: &TracedView, style: Style, reader: Reader) -> String {
    let mut out = String::new();
    line(&mut out, "fingerprint", &view.fingerprint.to_string());
    for (label, value) in &view.setup {
        line(&mut out, label, value);
    }
    for (n, (deal_view, deck)) in (1..).zip(&view.deals) {
        if view.series {
            let _ = write!(out, "\nhand {n}\n");
        }
        out.push_str(&deal(scheme, deal_view, style, reader));
        line(
            &mut out,
            "deck",
            &shorten(&in_order(deck, style), LONG_DECK),
        );
    }
    out
}

/// Returns the seats table and the rest of the deal: each role with its
/// seat (the dealer and what they dealt with, the taker, ...), each seat's
/// cards (sorted for reading) with its roles marked, then every other part
/// by name; a part by seat is a table under its name.
pub fn deal(scheme: &dyn DynScheme, view: &TableView, style: Style, reader: Reader) -> String {
    let mut out = String::new();
    for role in &view.roles {
        let with = role
            .with
            .as_ref()
            .map(|w| format!(", {w}"))
            .unwrap_or_default();
        line(
            &mut out,
            role.name,
            &format!("{}{with}", seat_name(scheme, view, role.seat)),
        );
    }
    if !view.hands.is_empty() {
        out.push('\n');
        seats(&mut out, scheme, view, &view.hands, style, reader);
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
                seats(&mut out, scheme, view, by_seat, style, reader);
                out.push('\n');
            }
            PartValue::Cards(cards) => {
                line(
                    &mut out,
                    part.name,
                    &shorten(&in_order(cards, style), LONG_DECK),
                );
            }
            PartValue::Words(words) => line(&mut out, part.name, &shorten(words, LONG_DECK)),
        }
    }
    out
}

/// Writes one line a seat of the table: its name, its cards and its roles.
fn seats(
    out: &mut String,
    scheme: &dyn DynScheme,
    view: &TableView,
    by_seat: &[Vec<Card>],
    style: Style,
    reader: Reader,
) {
    for (seat, cards) in view.each_seat().zip(by_seat) {
        let named_you = named(scheme, view, seat) == Some("you");
        let you = (reader.seat == Some(seat) && !named_you).then_some("you");
        let marks: Vec<&str> = view.roles_of(seat).chain(you).collect();
        let marker = if marks.is_empty() {
            String::new()
        } else {
            format!("  ({})", marks.join(", "))
        };
        line(
            out,
            &seat_name(scheme, view, seat),
            &format!("{}{marker}", sorted(cards, style).join(" ")),
        );
    }
}

/// Returns what `fairdeal deal` adds after the table: what the fingerprint is
/// and how to check it against the one shown before play.
pub fn fingerprint_check(scheme: &dyn DynScheme) -> String {
    format!(
        "\nfingerprint: not checked. It is {}: it must be the one shown before play,\n\
         or these are not the inputs committed to. `fairdeal verify {} ...\n\
         --fingerprint HEX` checks it.\n",
        scheme.info().commitment.hashes,
        scheme.id()
    )
}

/// Returns a receipt's value as a person reads it (the inputs a verdict
/// says the fingerprint does not cover): a text quoted, a list of texts on
/// one line, a longer structure by its count. Every text goes through
/// [`quoted`] or [`shown`], so that a control, direction or zero-width
/// character shows as its escape (`\u{202e}`): the CLI's verdict and the
/// web page both write values here, so that they read alike.
pub fn value(value: &Value) -> String {
    match value {
        Value::String(s) => quoted(s),
        Value::Array(items) if items.iter().all(Value::is_string) => {
            let items: Vec<String> = items.iter().map(self::value).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Array(items) => format!("({} given)", items.len()),
        Value::Object(fields) => {
            let fields: Vec<String> = fields
                .iter()
                .map(|(k, v)| format!("{}: {}", shown(k), self::value(v)))
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        other => shown(&other.to_string()),
    }
}

/// Returns seat `seat` of `view`'s table as the scheme names it: "you (0)"
/// where its seats are named, "seat 0" where they are only numbered (or
/// the table is not the size its names are for).
pub fn seat_name(scheme: &dyn DynScheme, view: &TableView, seat: Seat) -> String {
    scheme.info().seat_names.label(seat.index(), view.seats)
}

/// Returns the name of seat `seat` of `view`'s table besides its number.
pub fn named(scheme: &dyn DynScheme, view: &TableView, seat: Seat) -> Option<&'static str> {
    scheme.info().seat_names.name(seat.index(), view.seats)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_value_is_shown_with_its_invisible_characters_escaped() {
        assert_eq!(value(&json!("lucky")), "\"lucky\"");
        assert_eq!(
            value(&json!("\u{202e}ykcul\u{202c}")),
            "\"\\u{202e}ykcul\\u{202c}\""
        );
        assert_eq!(
            value(&json!("a\u{200b}b\u{1b}[2J")),
            "\"a\\u{200b}b\\u{1b}[2J\""
        );
        assert_eq!(value(&json!(["a", "\u{2066}"])), "[\"a\", \"\\u{2066}\"]");
        assert_eq!(value(&json!([1, 2])), "(2 given)");
        assert_eq!(
            value(&json!({"cut\u{202e}": true, "n": 3})),
            "{cut\\u{202e}: true, n: 3}"
        );
        assert_eq!(value(&json!(1.5)), "1.5");
    }
}
