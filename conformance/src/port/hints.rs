//! Cheap guesses at the mistake behind a difference, printed as `hint:`
//! lines under a failure: the patterns real ports' mistakes leave in a list
//! of numbers or a text.

use fairdeal::DynScheme;
use fairdeal::core::shuffle::limit;
use serde_json::Value;

use super::cases::PortCase;
use crate::diff::{Difference, Mismatch};

/// The largest shift of a stream the hints look for: two blocks of eight
/// numbers (sfc32's sixteen discarded draws).
const MAX_SHIFT: usize = 16;
/// The fewest numbers a shifted stream must match on: fewer could be
/// chance.
const MIN_OVERLAP: usize = 4;

/// Returns the hints for difference `d` between `want` and `got`, the
/// answer to `case`.
pub fn hints(
    scheme: &dyn DynScheme,
    case: &PortCase,
    want: &Value,
    got: &Value,
    d: &Difference,
) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(hint) = letter_case(&d.expected, &d.actual) {
        out.push(hint);
    }
    if d.mismatch == Mismatch::Value {
        let in_stream = d.pointer.split('/').any(|p| p == "randoms");
        out.extend(width_slip(&d.expected, &d.actual, !in_stream));
    }
    if let Some((e, a)) = lists(want, got, d) {
        if d.mismatch == Mismatch::Value && e.len() != a.len() {
            out.push(format!(
                "your list has {}, expected {}",
                items(a.len()),
                e.len()
            ));
        }
        // The patterns of a stream's mistakes, in a stream.
        if d.pointer.split('/').any(|p| p == "randoms") {
            out.extend(byte_swapped(e, a));
            out.extend(shifted(e, a));
        }
    }
    if let Some(cards) = scheme.info().hints.rejection {
        out.extend(rejection(cards, case, want, got));
    }
    out
}

/// The two lists in which the difference lies: the lists themselves for a
/// length, the lists holding the differing item for a value.
fn lists<'a>(
    want: &'a Value,
    got: &'a Value,
    d: &Difference,
) -> Option<(&'a [Value], &'a [Value])> {
    let at = match d.mismatch {
        Mismatch::Length { .. } => d.pointer.as_str(),
        Mismatch::Value => d.pointer.rsplit_once('/').map(|(parent, _)| parent)?,
        Mismatch::Missing | Mismatch::Unexpected => return None,
    };
    match (want.pointer(at), got.pointer(at)) {
        (Some(Value::Array(e)), Some(Value::Array(a))) => Some((e, a)),
        _ => None,
    }
}

/// Two texts that differ in letter case only.
fn letter_case(expected: &Value, actual: &Value) -> Option<String> {
    let (Value::String(e), Value::String(a)) = (expected, actual) else {
        return None;
    };
    if e == a || e.to_lowercase() != a.to_lowercase() {
        return None;
    }
    let hex = e.chars().all(|c| c.is_ascii_hexdigit());
    Some(format!(
        "your text differs from the expected one in letter case only{}",
        if hex {
            ": hex digits are written in lower case"
        } else {
            ""
        }
    ))
}

/// A number of the stream as an integer and its width in bytes: a JSON
/// number up to 2^32 - 1 (4 bytes), or 16 hex digits (8 bytes).
fn word(value: &Value) -> Option<(u64, usize)> {
    match value {
        Value::Number(n) => n
            .as_u64()
            .filter(|&n| u32::try_from(n).is_ok())
            .map(|n| (n, 4)),
        Value::String(s) if s.len() == 16 => u64::from_str_radix(s, 16).ok().map(|n| (n, 8)),
        _ => None,
    }
}

fn swap(n: u64, bytes: usize) -> u64 {
    if bytes == 4 {
        // A 4-byte word: the low half holds it.
        n.swap_bytes() >> 32
    } else {
        n.swap_bytes()
    }
}

/// Every differing number is the expected one with its bytes reversed.
fn byte_swapped(e: &[Value], a: &[Value]) -> Option<String> {
    let mut differing = 0;
    for (e, a) in e.iter().zip(a) {
        if e == a {
            continue;
        }
        let ((e, bytes), (a, _)) = (word(e)?, word(a)?);
        if swap(e, bytes) != a {
            return None;
        }
        differing += 1;
    }
    (differing > 0).then(|| {
        "each differing number is the expected one with its bytes in reverse order: \
         read each word big-endian (most significant byte first)"
            .to_owned()
    })
}

/// The port's list is the expected one shifted by a few numbers.
fn shifted(e: &[Value], a: &[Value]) -> Option<String> {
    let matches = |late: &[Value], early: &[Value], s: usize| {
        let Some(later) = late.get(s..) else {
            return false;
        };
        let n = early.len().min(later.len());
        n >= MIN_OVERLAP && early[..n] == later[..n] && early[..n].iter().any(|v| *v != early[0])
    };
    (1..=MAX_SHIFT).find_map(|s| {
        let n = match s {
            1 => "1 number".to_owned(),
            8 => "8 numbers (one block of 8)".to_owned(),
            16 => "16 numbers (two blocks of 8)".to_owned(),
            s => format!("{s} numbers"),
        };
        if matches(e, a, s) {
            Some(format!(
                "your list is the expected one without its first {n}: your stream starts \
                 {s} too late (a counter from 1 instead of 0? numbers skipped?)"
            ))
        } else if matches(a, e, s) {
            Some(format!(
                "your list starts with {n} before the expected ones: your stream starts \
                 {s} too early (numbers to skip or discard first?)"
            ))
        } else {
            None
        }
    })
}

/// A number as its 64 bits, however it is written: a JSON integer (a
/// negative one as its two's complement), or 8 or 16 hex digits.
fn bits(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n
            .as_u64()
            .or_else(|| n.as_i64().map(|i| u64::from_ne_bytes(i.to_ne_bytes()))),
        Value::String(s) if (s.len() == 8 || s.len() == 16) && s.is_ascii() => {
            u64::from_str_radix(s, 16).ok()
        }
        _ => None,
    }
}

/// The 32-bit `low` sign-extended to 64 bits, as a signed 32-bit integer
/// widened becomes.
fn sign_extended(low: u64) -> u64 {
    let low = u32::try_from(low & 0xffff_ffff).unwrap_or_default();
    let wide = i64::from(i32::from_ne_bytes(low.to_ne_bytes()));
    u64::from_ne_bytes(wide.to_ne_bytes())
}

/// A number the port got right but for its width: sign-extended from 32
/// bits (`ffffffffffffff04` for `ffffff04`), cut to its low 32 bits, its
/// 32-bit halves swapped, or (with `swapped`, outside a stream, whose own
/// hint names it) its bytes reversed.
fn width_slip(expected: &Value, actual: &Value, swapped: bool) -> Option<String> {
    let (e, a) = (bits(expected)?, bits(actual)?);
    if e == a {
        // The same number written differently: the format's own hints.
        return None;
    }
    let negative = matches!(actual, Value::Number(n) if n.as_i64().is_some_and(|i| i < 0));
    if a == sign_extended(e) {
        return Some(if negative {
            "your number is the expected one read as a signed 32-bit integer: keep it unsigned (an unsigned type, or mask with 0xffffffff)"
                .to_owned()
        } else {
            format!(
                "your number is the expected one's low 32 bits sign-extended to 64 ({:016x} from {:08x}): a signed 32-bit integer was widened; keep it unsigned (an unsigned type, or mask with 0xffffffff)",
                a,
                e & 0xffff_ffff
            )
        });
    }
    if e > 0xffff_ffff && a == e & 0xffff_ffff {
        return Some(
            "your number is the expected one's low 32 bits: it was truncated to 32 bits; keep all 64"
                .to_owned(),
        );
    }
    if e > 0xffff_ffff && a == e.rotate_left(32) {
        return Some(
            "your number is the expected one with its 32-bit halves swapped: put the high word first"
                .to_owned(),
        );
    }
    let width = if e > 0xffff_ffff || a > 0xffff_ffff {
        8
    } else {
        4
    };
    (swapped && a == swap(e, width)).then(|| {
        "your number is the expected one with its bytes in reverse order: read it big-endian (most significant byte first)"
            .to_owned()
    })
}

/// `1 item`, `2 items`.
pub fn items(n: usize) -> String {
    if n == 1 {
        "1 item".to_owned()
    } else {
        format!("{n} items")
    }
}

/// A shuffle by rejection sampling of `cards` cards that took fewer
/// numbers than it should: the first number it must reject.
fn rejection(cards: usize, case: &PortCase, want: &Value, got: &Value) -> Option<String> {
    let (numbers, taken, expected) = match case.kind {
        "shuffle" => (
            case.fields.get("randoms")?.as_array()?,
            got.get("consumed")?.as_u64()?,
            want.get("consumed")?.as_u64()?,
        ),
        _ => {
            let numbers = want.get("randoms")?.as_array()?;
            let taken = got.get("randoms")?.as_array()?.len() as u64;
            (numbers, taken, numbers.len() as u64)
        }
    };
    if taken >= expected {
        return None;
    }
    let mut n = u64::try_from(cards).ok()?;
    for (k, u) in numbers.iter().enumerate() {
        if n < 2 {
            return None;
        }
        let u = u.as_u64()?;
        let limit = limit(n);
        if u >= limit {
            return Some(format!(
                "your shuffle took {taken} numbers, expected {expected}: number {k} ({u}) is at \
                 or above the limit {limit} for n = {n}, so it must be rejected and another drawn"
            ));
        }
        n -= 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, json};

    use super::*;
    use crate::diff::first_difference;
    use crate::port::cases::Expectation;

    fn hints_for(
        scheme: &str,
        kind: &'static str,
        fields: Value,
        want: Value,
        got: Value,
    ) -> Vec<String> {
        let case = PortCase {
            scheme: scheme.to_owned(),
            id: "x".to_owned(),
            kind,
            fields: fields.as_object().cloned().unwrap_or_else(Map::new),
            expected: Expectation::Output(want.clone()),
            informative: false,
            setup: None,
        };
        let d = first_difference(&want, &got).unwrap();
        hints(fairdeal::scheme(scheme).unwrap(), &case, &want, &got, &d)
    }

    #[test]
    fn byte_swapped_words_are_named() {
        let want = json!({"randoms": [0x0102_0304_u32, 7, 0xa1b2_c3d4_u32]});
        let got = json!({"randoms": [0x0403_0201_u32, 7, 0xd4c3_b2a1_u32]});
        let h = hints_for("euchremaster", "stream", json!({}), want, got);
        assert_eq!(h.len(), 1, "{h:?}");
        assert!(
            h[0].starts_with("each differing number is the expected one with its bytes in reverse")
        );
        let want = json!({"randoms": ["0102030405060708"]});
        let got = json!({"randoms": ["0807060504030201"]});
        assert!(hints_for("showdown", "stream", json!({}), want, got)[0].contains("reverse order"));
    }

    #[test]
    fn a_stream_shifted_by_a_block_or_a_number_is_named() {
        let stream: Vec<u32> = (100..140).collect();
        let want = json!({"randoms": stream[..24]});
        let h = hints_for(
            "euchremaster",
            "stream",
            json!({}),
            want.clone(),
            json!({"randoms": stream[8..32]}),
        );
        assert_eq!(
            h,
            [
                "your list is the expected one without its first 8 numbers (one block of 8): \
                 your stream starts 8 too late (a counter from 1 instead of 0? numbers skipped?)"
            ]
        );
        let h = hints_for(
            "euchremaster",
            "stream",
            json!({}),
            want,
            json!({"randoms": [99, 100, 101, 102, 103, 104]}),
        );
        assert!(
            h.iter()
                .any(|h| h.starts_with("your list starts with 1 number before the expected ones")),
            "{h:?}"
        );
        assert!(
            h.iter().any(|h| h == "your list has 6 items, expected 24"),
            "{h:?}"
        );
        // A constant list matches itself at every shift: no hint.
        let h = hints_for(
            "euchremaster",
            "stream",
            json!({}),
            json!({"randoms": vec![0; 24]}),
            json!({"randoms": vec![1; 24]}),
        );
        assert!(h.is_empty(), "{h:?}");
    }

    #[test]
    fn a_difference_in_letter_case_only_is_named() {
        let h = hints_for(
            "euchremaster",
            "trace",
            json!({}),
            json!({"fingerprint": "ab12"}),
            json!({"fingerprint": "AB12"}),
        );
        assert_eq!(
            h,
            [
                "your text differs from the expected one in letter case only: hex digits are written in lower case"
            ]
        );
    }

    /// The width slips a port in a language with signed or 32-bit
    /// integers makes, each named; a number right but for its notation is
    /// none.
    #[test]
    fn width_slips_are_named() {
        let slip = |e: Value, a: Value| width_slip(&e, &a, true);
        let h = slip(json!("00000000ffffff04"), json!("ffffffffffffff04")).unwrap();
        assert!(
            h.starts_with("your number is the expected one's low 32 bits sign-extended to 64 (ffffffffffffff04 from ffffff04)"),
            "{h}"
        );
        let h = slip(json!(4_294_967_044_u32), json!(-252)).unwrap();
        assert!(h.contains("read as a signed 32-bit integer"), "{h}");
        let h = slip(json!("1234567890abcdef"), json!("0000000090abcdef")).unwrap();
        assert!(h.contains("truncated to 32 bits"), "{h}");
        let h = slip(json!("1234567890abcdef"), json!("90abcdef12345678")).unwrap();
        assert!(h.contains("32-bit halves swapped"), "{h}");
        let h = slip(json!("0102030405060708"), json!("0807060504030201")).unwrap();
        assert!(h.contains("bytes in reverse order"), "{h}");
        assert_eq!(
            width_slip(
                &json!("0102030405060708"),
                &json!("0807060504030201"),
                false
            ),
            None
        );
        assert_eq!(slip(json!(7), json!(8)), None);
        assert_eq!(slip(json!("00000000000000ff"), json!(255)), None);
        assert_eq!(slip(json!("abc"), json!("ffffffffffffff04")), None);
    }

    /// The hint reaches a failure: a showdown stream number sign-extended.
    #[test]
    fn a_sign_extended_stream_number_gets_its_hint() {
        let want = json!({"randoms": ["00000000ffffff04", "0000000000000001"]});
        let got = json!({"randoms": ["ffffffffffffff04", "0000000000000001"]});
        let h = hints_for("showdown", "stream", json!({}), want, got);
        assert!(h.iter().any(|h| h.contains("sign-extended to 64")), "{h:?}");
    }

    /// atout-v1 rejects u at or above the limit: 4294967295 for n = 3.
    #[test]
    fn a_rejected_number_a_shuffle_used_is_named() {
        let mut randoms = vec![json!(0); 29];
        randoms.extend([json!(4_294_967_295_u32), json!(0), json!(0)]);
        let fields = json!({"randoms": randoms});
        let want = json!({"consumed": 32, "positions": [1]});
        let got = json!({"consumed": 31, "positions": [2]});
        let h = hints_for("atout-v1", "shuffle", fields, want, got);
        assert_eq!(
            h,
            [
                "your shuffle took 31 numbers, expected 32: number 29 (4294967295) is at or above \
              the limit 4294967295 for n = 3, so it must be rejected and another drawn"
            ]
        );
    }
}
