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

/// Returns up to `count` random inputs that `scheme` accepts.
pub fn inputs(file: &VectorFile, scheme: &dyn DynScheme, count: usize, seed: u64) -> Vec<Value> {
    let bases: Vec<&Value> = file
        .cases()
        .filter(|(k, _)| *k == Kind::Trace)
        .map(|(_, c)| &c.input)
        .collect();
    if bases.is_empty() {
        return Vec::new();
    }
    let mut ranges = BTreeMap::new();
    for base in &bases {
        integer_ranges(base, &mut ranges);
    }
    let mut rng = Rng(SplitMix64::new(seed));
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        for _ in 0..TRIES {
            let base = bases[rng.below(bases.len())];
            let candidate = mutate(base, None, &ranges, &mut rng);
            if scheme.validate(&candidate).is_ok() {
                out.push(candidate);
                break;
            }
        }
    }
    out
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
            Some(&(lo, hi)) => json!(lo + rng.0.next_u64() % (hi - lo + 1)),
            None => value.clone(),
        },
        Value::String(s) => Value::String(text_like(s, rng)),
        Value::Null => Value::Null,
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
            .map(|_| char::from(digits[rng.below(16)]))
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
