//! The usual slips behind a mismatch, tried so that a verdict can say what
//! probably happened instead of reading like an accusation: a space copied
//! with a seed, a seed's letter case, a key hashed as bytes instead of text,
//! the wrong dealer, a nonce one off, another seat. Each slip found is a
//! hint; the verdict stays NOT VERIFIED.

use fairdeal_core::input::{Field, FieldKind};
use fairdeal_core::{DynScheme, Fingerprint, TracedView};
use serde_json::Value;

use crate::verdict::{PlayerCards, same_cards};

/// How far from the given nonce (or other count) to look.
const NEAR: u64 = 3;
/// Integer fields with at most this many values are tried in full (seats).
const SMALL: u64 = 8;

/// Returns the slips that make the committed fields of `input` match
/// `given`, the fingerprint shown before play; `commitment_of` computes the
/// fingerprint of an input (a deal's, or a game's), `None` for one refused.
pub(crate) fn fingerprint(
    scheme: &dyn DynScheme,
    input: &Value,
    given: &str,
    commitment_of: &dyn Fn(&Value) -> Option<String>,
) -> Vec<String> {
    let info = scheme.info();
    let mut hints = Vec::new();
    for &name in info.commitment.covers {
        let Some(text) = input.get(name).and_then(Value::as_str) else {
            continue;
        };
        for (variant, what) in text_variants(text) {
            if commitment_of(&with(input, name, Value::String(variant))).as_deref() == Some(given) {
                hints.push(format!(
                    "the fingerprint matches {} of the {name} {what}: {}",
                    info.commitment.hashes,
                    if what.starts_with("in ") {
                        "the site hashes the text exactly as it shows it"
                    } else {
                        "it was probably copied by mistake"
                    }
                ));
            }
        }
        if info.commitment.covers.len() == 1 {
            if let Ok(bytes) = hex::decode(text) {
                if Fingerprint::of(&bytes).to_string() == given {
                    hints.push(format!(
                        "the fingerprint is SHA-256 of the {name}'s bytes (its hex digits decoded), \
                         but this method hashes its text, {}: the site and this scheme differ",
                        info.commitment.hashes
                    ));
                }
            }
        }
    }
    hints
}

/// Returns the slips in the fields the fingerprint does not cover (and the
/// player's seat) that make `input` deal the player `recorded` in deal
/// `deal`.
pub(crate) fn hand(
    scheme: &dyn DynScheme,
    input: &Value,
    view: &TracedView,
    player: PlayerCards,
    deal: usize,
    recorded: &[fairdeal_core::cards::Card],
) -> Vec<String> {
    let info = scheme.info();
    // Each other input is dealt for its own view; the input's own view
    // (other seats) is the one given.
    let deals_you = |candidate: &Value| {
        scheme
            .view(candidate)
            .ok()
            .and_then(|view| player.cards(&view, deal))
            .is_some_and(|dealt| same_cards(&dealt, recorded))
    };
    let mut hints = Vec::new();
    for field in info.fields {
        if info.commitment.covers.contains(&field.name) {
            continue;
        }
        let Some(value) = input.get(field.name) else {
            continue;
        };
        let tries: Vec<(Value, String)> = match (field.kind, value) {
            (FieldKind::Integer, Value::Number(n)) => n
                .as_u64()
                .map(|n| integer_tries(field, input, n))
                .unwrap_or_default()
                .into_iter()
                .map(|v| (Value::from(v), format!("{} {v} instead of {n}", field.name)))
                .collect(),
            (FieldKind::Text, Value::String(text)) => text_variants(text)
                .into_iter()
                .map(|(v, what)| (Value::String(v), format!("the {} {what}", field.name)))
                .collect(),
            _ => Vec::new(),
        };
        for (variant, what) in tries {
            if deals_you(&with(input, field.name, variant)) {
                hints.push(format!(
                    "with {what}, these inputs deal you exactly the cards you recorded"
                ));
            }
        }
    }
    if let (
        PlayerCards::Seat(mine),
        fairdeal_core::info::Player::Seat {
            choosable: true, ..
        },
    ) = (player, info.player)
    {
        // Only the seats of this deal's table, as its view says.
        let table = deal.checked_sub(1).and_then(|i| view.deals.get(i));
        let seats = table.into_iter().flat_map(|(table, _)| table.each_seat());
        for seat in seats.filter(|&s| s != mine) {
            let n = seat.index();
            let dealt = PlayerCards::Seat(seat).cards(view, deal);
            if dealt.is_some_and(|dealt| same_cards(&dealt, recorded)) {
                hints.push(format!(
                    "seat {n} was dealt exactly the cards you recorded: give seat {n} if it was yours"
                ));
            }
        }
    }
    hints
}

/// Returns `input` with field `name` set to `value`.
fn with(input: &Value, name: &str, value: Value) -> Value {
    let mut changed = input.clone();
    if let Some(map) = changed.as_object_mut() {
        map.insert(name.to_owned(), value);
    }
    changed
}

/// Returns the texts a person may have meant, with what changed: without
/// surrounding whitespace, in lower case, in upper case.
fn text_variants(text: &str) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    let trimmed = text.trim();
    if trimmed != text {
        let what = match (
            text.starts_with(char::is_whitespace),
            text.ends_with(['\n', '\r']),
        ) {
            (_, true) => "without its trailing newline",
            (true, _) => "without its leading whitespace",
            _ => "without its trailing space",
        };
        out.push((trimmed.to_owned(), what));
    }
    for (variant, what) in [
        (trimmed.to_lowercase(), "in lower case"),
        (trimmed.to_uppercase(), "in upper case"),
    ] {
        if variant != text && variant != trimmed {
            out.push((variant, what));
        }
    }
    out
}

/// Returns the other values worth trying for `field`'s integer `n` in
/// `input`: those its rule allows there
/// ([`Rule::range_in`](fairdeal_core::input::Rule::range_in): a seat of the
/// table another field states is tried over that table's seats), none for a
/// seat where `input` states a table of none.
fn integer_tries(field: &Field, input: &Value, n: u64) -> Vec<u64> {
    match field.rule.range_in(input) {
        None if field.rule.depends_on().is_some() => Vec::new(),
        range => integer_variants(n, range),
    }
}

/// Returns the other values worth trying for an integer: every other value
/// of a small range (a seat), else the values within [`NEAR`] of `n` that
/// the field's rule allows, `range` (one it refuses cannot deal anything;
/// `None`: any).
fn integer_variants(n: u64, range: Option<(u64, u64)>) -> Vec<u64> {
    let (min, max) = range.unwrap_or((0, u64::MAX));
    let (lo, hi) = if max.saturating_sub(min) < SMALL {
        (min, max)
    } else {
        (
            n.saturating_sub(NEAR).max(min),
            n.saturating_add(NEAR).min(max),
        )
    };
    (lo..=hi).filter(|&v| v != n).collect()
}

#[cfg(test)]
mod tests {
    use fairdeal_core::input::Rule;

    use super::*;

    #[test]
    fn text_slips_are_whitespace_then_case() {
        let v = text_variants("AbC \n");
        assert_eq!(v[0], ("AbC".to_owned(), "without its trailing newline"));
        assert_eq!(v[1], ("abc".to_owned(), "in lower case"));
        assert_eq!(v[2], ("ABC".to_owned(), "in upper case"));
        assert!(text_variants("abc").iter().all(|(t, _)| t == "ABC"));
    }

    #[test]
    fn seats_are_tried_in_full_and_nonces_nearby() {
        assert_eq!(integer_variants(1, Rule::AtMost(3).range()), [0, 2, 3]);
        assert_eq!(integer_variants(1, Rule::Any.range()), [0, 2, 3, 4]);
        assert_eq!(integer_variants(u64::MAX, None).len(), 3);
    }

    #[test]
    fn a_between_range_bounds_the_values_tried() {
        let players = Rule::Between { min: 2, max: 4 }.range();
        assert_eq!(integer_variants(3, players), [2, 4]);
        let mines = Rule::Between { min: 1, max: 24 }.range();
        assert_eq!(integer_variants(2, mines), [1, 3, 4, 5]);
        assert_eq!(integer_variants(23, mines), [20, 21, 22, 24]);
    }

    /// atout-v1's dealer and taker are seats of the variant's table: a slip
    /// tries the other seats of that table only, and none where the variant
    /// has no such seat.
    #[test]
    fn a_seat_slip_tries_only_the_seats_of_its_table() {
        let fields = crate::scheme("atout-v1").unwrap().info().fields;
        let field = |name: &str| fields.iter().find(|f| f.name == name).unwrap();
        let (dealer, taker) = (field("dealer"), field("taker"));
        let belote = serde_json::json!({"variant": "belote", "dealer": 1, "taker": 3});
        assert_eq!(integer_tries(dealer, &belote, 1), [0, 2, 3]);
        assert_eq!(integer_tries(taker, &belote, 3), [0, 1, 2]);
        let duo = serde_json::json!({"variant": "duo", "dealer": 1});
        assert_eq!(integer_tries(dealer, &duo, 1), [0]);
        assert_eq!(integer_tries(dealer, &duo, 0), [1]);
        assert!(integer_tries(taker, &duo, 0).is_empty());
        let coinche = serde_json::json!({"variant": "coinche"});
        assert!(integer_tries(dealer, &coinche, 0).is_empty());
        // A rule of its own range is tried as before.
        let players = Field {
            rule: Rule::Between { min: 2, max: 4 },
            ..*dealer
        };
        assert_eq!(integer_tries(&players, &duo, 3), [2, 4]);
    }
}
