//! Values differential mode makes: a field changed, a number at a
//! range's edge, a text like a given one.

use super::*;
use fairdeal::core::input::{Field, FieldKind};

/// A number `offset` below the top of the range of `like`'s kind (a u32, or
/// a u64 written as 16 hex digits), or `offset` itself.
pub(super) fn edge_number(like: &Value, from_top: bool, offset: u64) -> Option<Value> {
    match like {
        Value::Number(_) => {
            let top = u64::from(u32::MAX);
            Some(json!(if from_top { top - offset } else { offset }))
        }
        Value::String(s) if s.len() == 16 => {
            let n = if from_top { u64::MAX - offset } else { offset };
            Some(Value::String(format!("{n:016x}")))
        }
        _ => None,
    }
}

pub(super) fn integer_ranges(value: &Value, ranges: &mut BTreeMap<String, (u64, u64)>) {
    if let Value::Object(map) = value {
        for (k, v) in map {
            match v {
                Value::Number(n) => {
                    if let Some(n) = n.as_u64() {
                        let r = ranges.entry(k.clone()).or_insert((n, n));
                        *r = (r.0.min(n), r.1.max(n));
                    }
                }
                other => integer_ranges(other, ranges),
            }
        }
    } else if let Value::Array(items) = value {
        items.iter().for_each(|v| integer_ranges(v, ranges));
    }
}

/// The integer ranges the fields of `scheme` and of its games state
/// ([`Rule::range`](fairdeal::core::input::Rule::range)), by field name; a name
/// two fields share takes both ranges.
pub(super) fn stated_ranges(scheme: &dyn DynScheme) -> BTreeMap<String, (u64, u64)> {
    let info = scheme.info();
    let games = info.games.iter().flat_map(|g| g.fields);
    let mut ranges = BTreeMap::new();
    for field in info.fields.iter().chain(games) {
        if let (FieldKind::Integer, Some((lo, hi))) = (field.kind, field.rule.range()) {
            let r = ranges.entry(field.name.to_owned()).or_insert((lo, hi));
            *r = (r.0.min(lo), r.1.max(hi));
        }
    }
    ranges
}

/// Draws each integer of `fields` that is a seat of a table another field
/// of `input` states ([`Rule::Seat`](fairdeal::core::input::Rule::Seat)) over that
/// table's seats, both edges included ([`Rule::range_in`](fairdeal::core::input::Rule::range_in)):
/// after [`mutate`], so the table is the one the input now states. A seat
/// absent, or where the input states no table, is left as it is.
pub(super) fn draw_seats(input: &mut Value, fields: &[Field], rng: &mut Rng) {
    for field in fields {
        if field.kind != FieldKind::Integer || field.rule.depends_on().is_none() {
            continue;
        }
        let Some((lo, hi)) = field.rule.range_in(input) else {
            continue;
        };
        if let Some(seat) = input.get_mut(field.name).filter(|v| v.is_number()) {
            *seat = json!(between(lo, hi, rng));
        }
    }
}

pub(super) fn mutate(
    value: &Value,
    key: Option<&str>,
    ranges: &BTreeMap<String, (u64, u64)>,
    rng: &mut Rng,
) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), mutate(v, Some(k), ranges, rng)))
                .collect::<Map<_, _>>(),
        ),
        Value::Array(items) if !items.is_empty() && items.iter().all(is_card) => {
            let mut cards = items.clone();
            for i in (1..cards.len()).rev() {
                cards.swap(i, rng.below(i + 1));
            }
            Value::Array(cards)
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| mutate(v, key, ranges, rng)).collect())
        }
        _ if rng.coin() => value.clone(),
        Value::Bool(_) => Value::Bool(rng.coin()),
        Value::Number(_) => match key.and_then(|k| ranges.get(k)) {
            Some(&(lo, hi)) => json!(between(lo, hi, rng)),
            None => value.clone(),
        },
        Value::String(s) => Value::String(text_like(s, rng)),
        Value::Null => Value::Null,
    }
}

/// A number from `lo` to `hi` inclusive; `lo <= hi`, as
/// [`integer_ranges`] makes them.
pub(super) fn between(lo: u64, hi: u64, rng: &mut Rng) -> u64 {
    match hi.saturating_sub(lo).checked_add(1) {
        Some(span) => lo + rng.0.next_u64() % span,
        // The whole of u64 (0 to u64::MAX): any number is in range.
        None => rng.0.next_u64(),
    }
}

pub(super) fn is_card(value: &Value) -> bool {
    value
        .as_str()
        .is_some_and(|s| s.parse::<fairdeal::core::cards::Card>().is_ok())
}

pub(super) fn text_like(s: &str, rng: &mut Rng) -> String {
    const LOWER: &[u8] = b"0123456789abcdef";
    const UPPER: &[u8] = b"0123456789ABCDEF";
    let hex = s.len() >= 8 && s.bytes().all(|b| b.is_ascii_hexdigit());
    if hex {
        let digits = if s.bytes().any(|b| b.is_ascii_uppercase()) {
            UPPER
        } else {
            LOWER
        };
        return (0..s.len())
            .map(|_| {
                // `below(16)` is under 16, the length of both digit lists.
                char::from(digits.get(rng.below(16)).copied().unwrap_or(b'0'))
            })
            .collect();
    }
    if s.len() == 4 && s.bytes().all(|b| b == b'2' || b == b'3') {
        return (0..4).map(|_| if rng.coin() { '3' } else { '2' }).collect();
    }
    if s.bytes().all(|b| b"HSDP".contains(&b)) && !s.is_empty() {
        // Blackjack actions: replaced by the game's own random string.
        return s.to_owned();
    }
    // Printable ASCII without `|`, a separator some methods forbid.
    let len = 1 + rng.below(24);
    (0..len)
        .map(|_| {
            let c = char::from(b' ' + u8::try_from(rng.below(95)).unwrap_or(0));
            if c == '|' { '/' } else { c }
        })
        .collect()
}
