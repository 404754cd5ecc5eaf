//! The limits of one field of an input, as this project's code draws them:
//! found by asking it (the longest and shortest text, the largest and
//! smallest number it accepts there), so that every scheme and game gets
//! them with nothing new. And the paths to an input's fields.

use serde_json::{Map, Value, json};

use super::Rng;

/// One step of a path into an input: an object's key or a list's index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// An object's field.
    Key(String),
    /// A list's item.
    Index(usize),
}

/// The path to a field, as the errors name it (`hands[1].pattern`).
pub type Path = Vec<Seg>;

/// The most characters a text is tried with: a text accepted at this
/// length has no limit worth testing.
const LONGEST: u64 = 1 << 16;

/// What a field's values are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Hex digits, upper case when the case's were.
    Hex { upper: bool },
    /// Any Unicode: astral characters (two UTF-16 units, four UTF-8 bytes
    /// each) or accented letters.
    Unicode,
    /// Printable ASCII letters and digits.
    Ascii,
    /// An integer.
    Integer,
}

/// A field's limits: text lengths in characters, or integer values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The least accepted.
    pub min: u64,
    /// The most accepted.
    pub max: u64,
    class: Class,
}

impl Limits {
    /// A value of the field at `at` (a length or a number), random within
    /// the field's class.
    pub fn value(&self, at: u64, rng: &mut Rng) -> Value {
        let len = usize::try_from(at).unwrap_or(0);
        match self.class {
            Class::Integer => json!(at),
            Class::Hex { upper } => {
                let digits = if upper {
                    b"0123456789ABCDEF"
                } else {
                    b"0123456789abcdef"
                };
                text(len, |_| {
                    char::from(digits.get(rng.below(16)).copied().unwrap_or(b'0'))
                })
            }
            Class::Unicode => {
                // All astral half the time (the code-point count is the
                // limit, not UTF-16 units or bytes), else a mix.
                let astral = rng.coin();
                text(len, |_| match (astral, rng.below(3)) {
                    (true, _) | (false, 0) => '\u{1F0A1}',
                    (false, 1) => 'é',
                    _ => 'k',
                })
            }
            Class::Ascii => {
                const POOL: &[u8] =
                    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.:~";
                text(len, |_| {
                    char::from(POOL.get(rng.below(POOL.len())).copied().unwrap_or(b'x'))
                })
            }
        }
    }

    /// The value the search tries: the same character throughout.
    fn probe(&self, at: u64) -> Value {
        let len = usize::try_from(at).unwrap_or(0);
        match self.class {
            Class::Integer => json!(at),
            Class::Hex { .. } => text(len, |_| '7'),
            Class::Unicode => text(len, |_| '\u{1F0A1}'),
            Class::Ascii => text(len, |_| 'x'),
        }
    }
}

fn text(len: usize, mut char_at: impl FnMut(usize) -> char) -> Value {
    Value::String((0..len).map(&mut char_at).collect())
}

/// Returns the limits of the field at `path` of `input` (a text or an
/// integer), by asking `accepts` of inputs that differ there alone; `None`
/// when the field is of neither kind, its own value is not a value of its
/// class, or it has no upper limit.
pub fn find(input: &Value, path: &Path, accepts: impl Fn(&Value) -> bool) -> Option<Limits> {
    let current = get(input, path)?;
    let with = |v: Value| {
        let mut tried = input.clone();
        set(&mut tried, path, v).map(|()| tried)
    };
    let (class, start) = match current {
        Value::Number(n) => (Class::Integer, n.as_u64()?),
        Value::String(s) => {
            let class = if s.len() >= 8 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
                Class::Hex {
                    upper: s.bytes().any(|b| b.is_ascii_uppercase()),
                }
            } else if with(json!("\u{1F0A1}")).is_some_and(|i| accepts(&i)) {
                Class::Unicode
            } else {
                Class::Ascii
            };
            (class, u64::try_from(s.chars().count()).ok()?)
        }
        _ => return None,
    };
    let shape = Limits {
        min: 0,
        max: 0,
        class,
    };
    let ok = |at: u64| with(shape.probe(at)).is_some_and(|i| accepts(&i));
    if !ok(start) {
        return None;
    }
    // Upwards by doubling, then halving the gap.
    let mut good = start;
    let bad = loop {
        let next = good.saturating_mul(2).max(1);
        if next == good || (class != Class::Integer && next > LONGEST) {
            return None;
        }
        if !ok(next) {
            break next;
        }
        good = next;
    };
    let max = largest(good, bad, &ok);
    // Downwards from the case's own value.
    let min = if ok(0) { 0 } else { smallest(0, start, &ok) };
    Some(Limits { min, max, class })
}

/// The largest accepted value between `good` (accepted) and `bad` (not).
fn largest(mut good: u64, mut bad: u64, ok: &impl Fn(u64) -> bool) -> u64 {
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if ok(mid) { good = mid } else { bad = mid }
    }
    good
}

/// The smallest accepted value above `bad` (refused) up to `good` (accepted).
fn smallest(mut bad: u64, mut good: u64, ok: &impl Fn(u64) -> bool) -> u64 {
    while good - bad > 1 {
        let mid = bad + (good - bad) / 2;
        if ok(mid) { good = mid } else { bad = mid }
    }
    good
}

/// The fields whose limits are worth finding: each text or integer at the
/// top of the input, and each text of a top-level list of texts (a seat's
/// number); not a blackjack round's actions, nor card codes.
pub fn probe_paths(input: &Value) -> Vec<Path> {
    let mut out = Vec::new();
    for (key, value) in input.as_object().into_iter().flatten() {
        let at = vec![Seg::Key(key.clone())];
        match value {
            Value::String(_) if key != "actions" => out.push(at),
            Value::Number(n) if n.as_u64().is_some() => out.push(at),
            Value::Array(items)
                if items.iter().all(Value::is_string) && !items.iter().all(super::is_card) =>
            {
                out.extend((0..items.len()).map(|i| {
                    let mut p = at.clone();
                    p.push(Seg::Index(i));
                    p
                }));
            }
            _ => {}
        }
    }
    out
}

/// Every field of the input, nested ones too (three levels deep), the
/// input itself excepted.
pub fn all_paths(input: &Value) -> Vec<Path> {
    fn walk(value: &Value, at: &mut Path, out: &mut Vec<Path>) {
        if at.len() >= 3 {
            return;
        }
        let children: Vec<(Seg, &Value)> = match value {
            Value::Object(map) => map.iter().map(|(k, v)| (Seg::Key(k.clone()), v)).collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (Seg::Index(i), v))
                .collect(),
            _ => Vec::new(),
        };
        for (seg, child) in children {
            at.push(seg);
            out.push(at.clone());
            walk(child, at, out);
            at.pop();
        }
    }
    let mut out = Vec::new();
    walk(input, &mut Vec::new(), &mut out);
    out
}

/// The path as the errors name a field: `numbers[2]`, `hands[1].pattern`.
pub fn render(path: &Path) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) if out.is_empty() => out.push_str(k),
            Seg::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Whether an error naming `field` is about the field at `path` (or inside it).
pub fn names(field: &str, path: &Path) -> bool {
    let at = render(path);
    field == at
        || field
            .strip_prefix(at.as_str())
            .is_some_and(|rest| rest.starts_with('[') || rest.starts_with('.'))
}

/// The value at `path`.
pub fn get<'a>(value: &'a Value, path: &Path) -> Option<&'a Value> {
    path.iter().try_fold(value, |v, seg| match seg {
        Seg::Key(k) => v.get(k.as_str()),
        Seg::Index(i) => v.get(*i),
    })
}

fn get_mut<'a>(value: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |v, seg| match seg {
        Seg::Key(k) => v.get_mut(k.as_str()),
        Seg::Index(i) => v.get_mut(*i),
    })
}

/// Replaces the value at `path`; `None` when there is none.
pub fn set(value: &mut Value, path: &Path, new: Value) -> Option<()> {
    *get_mut(value, path)? = new;
    Some(())
}

/// Removes the field at `path` (an object's key or a list's item).
pub fn remove(value: &mut Value, path: &Path) -> Option<()> {
    let (last, parent) = path.split_last()?;
    match (get_mut(value, parent)?, last) {
        (Value::Object(map), Seg::Key(k)) => map.remove(k.as_str()).map(|_| ()),
        (Value::Array(items), Seg::Index(i)) if *i < items.len() => {
            items.remove(*i);
            Some(())
        }
        _ => None,
    }
}

/// Adds `key` to the object at `path`.
pub fn insert(value: &mut Value, path: &Path, key: String, new: Value) -> Option<()> {
    let object: &mut Map<String, Value> = get_mut(value, path)?.as_object_mut()?;
    object.insert(key, new);
    Some(())
}
