//! Differential mode's inputs: random valid inputs made from the vector
//! files' own trace inputs, so that any scheme gets them with nothing new.
//!
//! Each input starts from a trace case's input; each text, number, boolean
//! and card list in it is kept or replaced (hex by hex of the same length
//! and case, a 2-3 pattern by a pattern, other text by printable ASCII,
//! numbers within the range the file's inputs use, card lists shuffled).
//! Inputs the scheme refuses are drawn again.

use std::collections::BTreeMap;

use fairdeal::DynScheme;
use fairdeal::core::SplitMix64;
use serde_json::{Map, Value, json};

use crate::{Kind, VectorFile};

/// How many times one input is drawn again before giving up on it.
const TRIES: usize = 64;

/// Returns up to `count` random inputs that `scheme` accepts, each made
/// when it is asked for: a run of any length holds one at a time.
pub fn inputs<'a>(
    file: &'a VectorFile,
    scheme: &'a dyn DynScheme,
    count: usize,
    seed: u64,
) -> Inputs<'a> {
    let bases: Vec<&Value> = file
        .cases()
        .filter(|(k, _)| *k == Kind::Trace)
        .map(|(_, c)| &c.input)
        .collect();
    let mut ranges = BTreeMap::new();
    for base in &bases {
        integer_ranges(base, &mut ranges);
    }
    Inputs {
        scheme,
        left: if bases.is_empty() { 0 } else { count },
        bases,
        ranges,
        rng: Rng(SplitMix64::new(seed)),
    }
}

/// The random inputs of one file, made one at a time.
pub struct Inputs<'a> {
    scheme: &'a dyn DynScheme,
    bases: Vec<&'a Value>,
    ranges: BTreeMap<String, (u64, u64)>,
    rng: Rng,
    /// How many inputs are still to be drawn.
    left: usize,
}

impl Iterator for Inputs<'_> {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        while self.left > 0 {
            self.left -= 1;
            for _ in 0..TRIES {
                let pick = self.rng.below(self.bases.len());
                // `below` is under the length, which is not zero (`left` is).
                let Some(base) = self.bases.get(pick) else {
                    continue;
                };
                let candidate = mutate(base, None, &self.ranges, &mut self.rng);
                if self.scheme.validate(&candidate).is_ok() {
                    return Some(candidate);
                }
            }
        }
        None
    }
}

/// Returns an input as a vector case to paste into a file's trace group.
pub fn as_vector_case(
    scheme: &str,
    id: &str,
    number: u32,
    input: &Value,
    count: usize,
    seed: u64,
) -> String {
    let case = json!({
        "id": id,
        "number": number,
        "comment": format!("Found by `fairdeal conformance --random {count} --seed {seed}` ({scheme}): a port differed here."),
        "flags": [],
        "input": input,
    });
    case.to_string()
}

struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        // Modulo bias is irrelevant for picking test inputs.
        usize::try_from(self.0.next_u64() % n.max(1) as u64).unwrap_or(0)
    }

    fn coin(&mut self) -> bool {
        self.0.next_u64() & 1 == 1
    }
}

fn integer_ranges(value: &Value, ranges: &mut BTreeMap<String, (u64, u64)>) {
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

fn mutate(
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
fn between(lo: u64, hi: u64, rng: &mut Rng) -> u64 {
    match hi.saturating_sub(lo).checked_add(1) {
        Some(span) => lo + rng.0.next_u64() % span,
        // The whole of u64 (0 to u64::MAX): any number is in range.
        None => rng.0.next_u64(),
    }
}

fn is_card(value: &Value) -> bool {
    value
        .as_str()
        .is_some_and(|s| s.parse::<fairdeal::core::Card>().is_ok())
}

fn text_like(s: &str, rng: &mut Rng) -> String {
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
    // Printable ASCII without `|`, a separator some methods forbid.
    let len = 1 + rng.below(24);
    (0..len)
        .map(|_| {
            let c = char::from(b' ' + u8::try_from(rng.below(95)).unwrap_or(0));
            if c == '|' { '/' } else { c }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn euchremaster() -> (VectorFile, &'static dyn DynScheme) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../vectors/euchremaster.json");
        let file = VectorFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        (file, fairdeal::scheme("euchremaster").unwrap())
    }

    /// A crafted file whose trace inputs span the whole of u64 in one field
    /// (0 in one case, u64::MAX in another) once divided by zero
    /// (`hi - lo + 1` wraps to 0).
    #[test]
    fn a_range_over_the_whole_of_u64_does_not_divide_by_zero() {
        let (mut file, scheme) = euchremaster();
        let traces = file.groups.iter_mut().filter(|g| g.kind == Kind::Trace);
        let mut fields = traces
            .flat_map(|g| g.cases.iter_mut())
            .map(|c| &mut c.input);
        fields.next().unwrap()["dealer"] = json!(0);
        fields.next().unwrap()["dealer"] = json!(u64::MAX);
        // The scheme refuses most such dealers; drawing them must not panic.
        assert_eq!(inputs(&file, scheme, 20, 5).count(), 20);
        let ranges = BTreeMap::from([("n".to_owned(), (0, u64::MAX))]);
        let mut rng = Rng(SplitMix64::new(1));
        for _ in 0..100 {
            mutate(&json!({ "n": 1 }), None, &ranges, &mut rng);
        }
        assert_eq!(between(7, 7, &mut rng), 7);
        assert!((3..=9).contains(&between(3, 9, &mut rng)));
    }

    /// `--random 18446744073709551615` once allocated room for every input
    /// before the first case (and panicked); inputs are made as asked for.
    #[test]
    fn inputs_are_made_one_at_a_time() {
        let (file, scheme) = euchremaster();
        let first: Vec<Value> = inputs(&file, scheme, usize::MAX, 9).take(3).collect();
        assert_eq!(first.len(), 3);
        // The same seed gives the same inputs, however many are asked for.
        let again: Vec<Value> = inputs(&file, scheme, 3, 9).collect();
        assert_eq!(first, again);
    }
}
