//! The usual slips behind a mismatch, tried so that a verdict can say what
//! probably happened instead of reading like an accusation: a space or
//! quotes copied with a text, its letter case, a number at its end one off
//! (a nonce), a prefix the site writes and a person leaves out (declared in
//! the scheme's [`SchemeInfo::slips`]), a key hashed as bytes instead of
//! text, the wrong dealer, another seat. Which slips a field gets follows
//! from its kind and rule alone: no scheme is named here. Each slip found
//! is a hint that names the field and the value that verifies; the verdict
//! stays NOT VERIFIED (or the input refused).

use fairdeal_core::cards::Card;
use fairdeal_core::info::SchemeInfo;
use fairdeal_core::input::text::quoted;
use fairdeal_core::input::{Field, FieldKind, Rule};
use fairdeal_core::{DynScheme, Fingerprint, TracedView};
use serde_json::Value;

use crate::verdict::{PlayerCards, same_cards};

/// How far from the given nonce (or other count) to look.
const NEAR: u64 = 3;
/// Integer fields with at most this many values are tried in full (seats).
const SMALL: u64 = 8;

/// Why a fingerprint that matches with a slip shows it was one: the text
/// was copied with something around it.
const COPIED: &str = "it was probably copied by mistake";
/// ... its letter case differs.
const CASE: &str = "the site hashes the text exactly as it shows it";
/// ... a number in it is one off.
const ONE_OFF: &str = "check which hand the receipt is of";
/// ... a prefix was left out.
const PREFIX: &str = "the site writes the value with its prefix";
/// ... another integer.
const OTHER: &str = "check the value the receipt shows";

/// What a hint says a slip gives: these inputs deal the cards recorded.
pub(crate) const DEALS_YOU: &str = "these inputs deal you exactly the cards you recorded";
/// ... the record's own checks hold.
pub(crate) const RECORD_HOLDS: &str =
    "the record holds: every value it gives is the one the method draws";
/// ... the refused input is accepted and verified.
pub(crate) const ACCEPTED: &str = "these inputs are accepted and verified";

/// A value a person may have meant instead of the one given.
struct Slip {
    /// The value.
    value: Value,
    /// The field and value as a hint names them: `the nonce "hand-12"
    /// (one less)`, `dealer 1 instead of 2`.
    said: String,
    /// What changed (`without its quotes`), where a text changed: a slip
    /// that adds to the change of one that verifies is not tried.
    what: Option<String>,
    /// Why a fingerprint that matches with it shows it was a slip.
    why: &'static str,
}

/// Returns the slips that make the committed fields of `input` match
/// `given`, the fingerprint shown before play: each a variant of a field
/// the commitment covers, found in `fields` (the scheme's, or a game's);
/// `commitment_of` computes the fingerprint of an input (a deal's, or a
/// game's), `None` for one refused.
pub(crate) fn fingerprint(
    scheme: &dyn DynScheme,
    fields: &[Field],
    input: &Value,
    given: &str,
    commitment_of: &dyn Fn(&Value) -> Option<String>,
) -> Vec<String> {
    let info = scheme.info();
    let mut hints = Vec::new();
    for &name in info.commitment.covers {
        let (Some(field), Some(value)) = (fields.iter().find(|f| f.name == name), input.get(name))
        else {
            continue;
        };
        let mut found = Found::default();
        for slip in slips_of(info, field, input, value) {
            if found.explains(&slip) {
                continue;
            }
            if commitment_of(&with(input, name, slip.value.clone())).as_deref() == Some(given) {
                hints.push(format!(
                    "the fingerprint matches {} with {}: {}",
                    info.commitment.hashes, slip.said, slip.why
                ));
                found.add(slip);
            }
        }
        if info.commitment.covers.len() == 1 {
            if let Some(Ok(bytes)) = value.as_str().map(hex::decode) {
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

/// Returns the slips in the fields of `fields` that the fingerprint does
/// not cover that make `input` verify (`verifies`, which checks the whole
/// verdict on an input), each as a hint ending in `outcome`: `with the
/// phrase "cut please" (in lower case), {outcome}`.
pub(crate) fn uncovered(
    info: &SchemeInfo,
    fields: &[Field],
    input: &Value,
    verifies: &dyn Fn(&Value) -> bool,
    outcome: &str,
) -> Vec<String> {
    let mut hints = Vec::new();
    for field in fields {
        if info.commitment.covers.contains(&field.name) {
            continue;
        }
        let Some(value) = input.get(field.name) else {
            continue;
        };
        let mut found = Found::default();
        for slip in slips_of(info, field, input, value) {
            if found.explains(&slip) {
                continue;
            }
            if verifies(&with(input, field.name, slip.value.clone())) {
                hints.push(format!("with {}, {outcome}", slip.said));
                found.add(slip);
            }
        }
    }
    hints
}

/// The slips of one field found to verify: the simplest explanation is
/// given, not the ones that add to it (the phrase without its quotes, and
/// not also without its quotes and with a capital first letter).
#[derive(Default)]
struct Found(Vec<String>);

impl Found {
    /// Whether `slip` adds to the change of a slip found.
    fn explains(&self, slip: &Slip) -> bool {
        slip.what.as_ref().is_some_and(|what| {
            self.0
                .iter()
                .any(|found| what.starts_with(&format!("{found} and ")))
        })
    }

    fn add(&mut self, slip: Slip) {
        self.0.extend(slip.what);
    }
}

/// Returns the other seats of deal `deal` (from 1) of `view` that were
/// dealt exactly the cards `recorded`, where the scheme lets a receipt name
/// the player's seat, each as a hint.
pub(crate) fn seats(
    scheme: &dyn DynScheme,
    view: &TracedView,
    player: PlayerCards,
    deal: usize,
    recorded: &[Card],
) -> Vec<String> {
    let PlayerCards::Seat(mine) = player else {
        return Vec::new();
    };
    if !matches!(
        scheme.info().player,
        fairdeal_core::info::Player::Seat {
            choosable: true,
            ..
        }
    ) {
        return Vec::new();
    }
    // Only the seats of this deal's table, as its view says.
    let table = deal.checked_sub(1).and_then(|i| view.deals.get(i));
    let seats = table.into_iter().flat_map(|(table, _)| table.each_seat());
    seats
        .filter(|&s| s != mine)
        .filter(|&seat| {
            PlayerCards::Seat(seat)
                .cards(view, deal)
                .is_some_and(|dealt| same_cards(&dealt, recorded))
        })
        .map(|seat| {
            let n = seat.index();
            format!(
                "seat {n} was dealt exactly the cards you recorded: give seat {n} if it was yours"
            )
        })
        .collect()
}

/// Returns the slips of `field`, whose value in the input is `value`: an
/// integer's nearby values, a text's variants; none for another kind.
fn slips_of(info: &SchemeInfo, field: &Field, input: &Value, value: &Value) -> Vec<Slip> {
    let name = field.name;
    match (field.kind, value) {
        (FieldKind::Integer, Value::Number(n)) => n
            .as_u64()
            .map(|n| integer_tries(field, input, n))
            .unwrap_or_default()
            .into_iter()
            .map(|v| Slip {
                value: Value::from(v),
                said: format!("{name} {v} instead of {n}"),
                what: None,
                why: OTHER,
            })
            .collect(),
        (FieldKind::Text, Value::String(text)) => {
            let prefixes = info
                .slips
                .iter()
                .filter(|s| s.field == name)
                .flat_map(|s| s.prefixes.iter().copied());
            text_variants(text, field.rule, prefixes)
                .into_iter()
                .map(|(v, what, why)| Slip {
                    said: format!("the {name} {} ({what})", quoted(&v)),
                    value: Value::String(v),
                    what: Some(what),
                    why,
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Returns `input` with field `name` set to `value`.
fn with(input: &Value, name: &str, value: Value) -> Value {
    let mut changed = input.clone();
    if let Some(map) = changed.as_object_mut() {
        map.insert(name.to_owned(), value);
    }
    changed
}

/// Returns the texts a person may have meant by `text`, each once, with
/// what changed and why it is likely: without the whitespace or quotes
/// copied around it (and then in another letter case), in lower case, in
/// upper case, with a capital first letter; for a text that is not hex
/// digits, the number it ends with one less and one more, and with each of
/// `prefixes` it lacks.
fn text_variants<'a>(
    text: &str,
    rule: Rule,
    prefixes: impl Iterator<Item = &'a str>,
) -> Vec<(String, String, &'static str)> {
    let hex = matches!(rule, Rule::Hex { .. });
    let mut out: Vec<(String, String, &'static str)> = Vec::new();
    let mut push = |variant: String, what: String, why| {
        if variant != text && !out.iter().any(|(v, ..)| *v == variant) {
            out.push((variant, what, why));
        }
    };
    // The text as copied: without what came around it.
    let mut copied: Vec<(String, &str)> = Vec::new();
    let trimmed = text.trim();
    if trimmed != text {
        copied.push((trimmed.to_owned(), whitespace_around(text)));
    }
    if let Some(inner) = unquoted(trimmed) {
        let what = if trimmed == text {
            "without its quotes"
        } else {
            "without its quotes and the whitespace around them"
        };
        copied.push((inner.to_owned(), what));
    }
    for (variant, what) in &copied {
        push(variant.clone(), (*what).to_owned(), COPIED);
    }
    // Another letter case: of the text as copied, else of the text.
    let bases: Vec<(&str, Option<&str>)> = if copied.is_empty() {
        vec![(text, None)]
    } else {
        copied
            .iter()
            .map(|(v, what)| (v.as_str(), Some(*what)))
            .collect()
    };
    for (base, copied) in bases {
        let mut cases = vec![
            (base.to_lowercase(), "in lower case"),
            (base.to_uppercase(), "in upper case"),
        ];
        if !hex {
            cases.push((capitalised(base), "with a capital first letter"));
        }
        for (variant, case) in cases {
            if variant == base {
                continue;
            }
            match copied {
                Some(what) => push(variant, format!("{what} and {case}"), COPIED),
                None => push(variant, case.to_owned(), CASE),
            }
        }
    }
    if !hex {
        for (variant, what) in one_off(text) {
            push(variant, what.to_owned(), ONE_OFF);
        }
        for prefix in prefixes {
            if !text.starts_with(prefix) {
                push(
                    format!("{prefix}{text}"),
                    format!("with the prefix {}", quoted(prefix)),
                    PREFIX,
                );
            }
        }
    }
    out
}

/// Says what whitespace a trimmed text lost.
fn whitespace_around(text: &str) -> &'static str {
    let leading = text.starts_with(char::is_whitespace);
    let trailing = text.ends_with(char::is_whitespace);
    match (leading, trailing) {
        (true, true) => "without the whitespace around it",
        (true, false) => "without its leading whitespace",
        _ if text.ends_with(['\n', '\r']) => "without its trailing newline",
        _ if text.trim_end_matches(' ').len() + 1 == text.len() => "without its trailing space",
        _ => "without its trailing whitespace",
    }
}

/// Returns `text` without the quotes around it (`"cut please"`, `'x'`,
/// `“x”`), if it has a pair.
fn unquoted(text: &str) -> Option<&str> {
    const PAIRS: [(char, char); 7] = [
        ('"', '"'),
        ('\'', '\''),
        ('`', '`'),
        ('“', '”'),
        ('‘', '’'),
        ('„', '“'),
        ('«', '»'),
    ];
    PAIRS
        .iter()
        .find_map(|&(open, close)| text.strip_prefix(open)?.strip_suffix(close))
}

/// Returns `text` with its first letter in upper case and the rest as
/// given.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Returns `text` with the number it ends with one less and one more, its
/// zeros in front kept (`hand-09`: `hand-08`, `hand-10`).
fn one_off(text: &str) -> Vec<(String, &'static str)> {
    let head = text.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &text[head.len()..];
    // 19 digits and more are no count a person types.
    let Ok(n) = digits.parse::<u64>() else {
        return Vec::new();
    };
    if digits.len() > 18 {
        return Vec::new();
    }
    let width = if digits.starts_with('0') {
        digits.len()
    } else {
        0
    };
    let mut out = Vec::new();
    if let Some(less) = n.checked_sub(1) {
        out.push((format!("{head}{less:0width$}"), "one less"));
    }
    out.push((format!("{head}{:0width$}", n + 1), "one more"));
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
    use super::*;

    const TEXT: Rule = Rule::Printable { min: 0, max: 1024 };

    fn variants(text: &str, rule: Rule, prefixes: &[&str]) -> Vec<(String, String)> {
        text_variants(text, rule, prefixes.iter().copied())
            .into_iter()
            .map(|(v, what, _)| (v, what))
            .collect()
    }

    fn pair(v: &str, what: &str) -> (String, String) {
        (v.to_owned(), what.to_owned())
    }

    #[test]
    fn text_slips_are_whitespace_then_case() {
        let v = variants("AbC \n", Rule::Hex { digits: 3 }, &[]);
        assert_eq!(
            v,
            [
                pair("AbC", "without its trailing newline"),
                pair("abc", "without its trailing newline and in lower case"),
                pair("ABC", "without its trailing newline and in upper case"),
            ]
        );
        assert_eq!(
            variants("abc", Rule::Hex { digits: 3 }, &[]),
            [pair("ABC", "in upper case")]
        );
    }

    #[test]
    fn a_phrase_is_tried_without_quotes_and_space_and_in_each_case() {
        assert_eq!(
            variants("\"Cut please\" ", TEXT, &[]),
            [
                pair("\"Cut please\"", "without its trailing space"),
                pair(
                    "Cut please",
                    "without its quotes and the whitespace around them"
                ),
                pair(
                    "\"cut please\"",
                    "without its trailing space and in lower case"
                ),
                pair(
                    "\"CUT PLEASE\"",
                    "without its trailing space and in upper case"
                ),
                pair(
                    "cut please",
                    "without its quotes and the whitespace around them and in lower case"
                ),
                pair(
                    "CUT PLEASE",
                    "without its quotes and the whitespace around them and in upper case"
                ),
            ]
        );
        assert_eq!(
            variants("cut please", TEXT, &[]),
            [
                pair("CUT PLEASE", "in upper case"),
                pair("Cut please", "with a capital first letter"),
            ]
        );
        assert_eq!(
            variants("“cut please”", TEXT, &[])[0],
            pair("cut please", "without its quotes")
        );
        assert_eq!(
            variants(" cut please", TEXT, &[])[0],
            pair("cut please", "without its leading whitespace")
        );
        assert!(variants("\"", TEXT, &[]).is_empty());
    }

    #[test]
    fn a_number_at_the_end_is_tried_one_off_and_a_prefix_added() {
        let v = variants("hand-13", TEXT, &["hand-"]);
        assert!(v.contains(&pair("hand-12", "one less")), "{v:?}");
        assert!(v.contains(&pair("hand-14", "one more")), "{v:?}");
        assert!(!v.iter().any(|(t, _)| t.starts_with("hand-hand")), "{v:?}");
        let v = variants("12", TEXT, &["hand-"]);
        assert_eq!(
            v,
            [
                pair("11", "one less"),
                pair("13", "one more"),
                pair("hand-12", "with the prefix \"hand-\""),
            ]
        );
        assert_eq!(
            variants("09", TEXT, &[]),
            [pair("08", "one less"), pair("10", "one more")]
        );
        assert_eq!(variants("0", TEXT, &[]), [pair("1", "one more")]);
        // Hex digits are never counted.
        assert!(
            variants("00aa01", Rule::Hex { digits: 6 }, &["x"])
                .iter()
                .all(|(_, what)| what.contains("case"))
        );
        assert!(variants(&"9".repeat(30), TEXT, &[]).is_empty());
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
