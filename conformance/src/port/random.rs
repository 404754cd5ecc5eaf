//! Differential mode's cases (`fairdeal conformance --random N --seed S`):
//! random cases made from a vector file's own cases, so that any scheme gets
//! them with nothing new, each with what this project's code gives.
//!
//! Five categories, in one sequence that a seed fixes:
//! - `valid`: a trace case's input with each text, number, boolean and card
//!   list kept or replaced (hex by hex of the same length and case, a 2-3
//!   pattern by a pattern, other text by printable ASCII, numbers within
//!   the range the file's inputs use, card lists shuffled); an input the
//!   scheme refuses is drawn again.
//! - `game`: a game case's input (hmac-blackjack's `play blackjack` and its
//!   roll games) varied the same way; a blackjack round gets a random
//!   action string, mostly repaired into a legal one, sometimes left
//!   illegal, so that the refusals are compared too.
//! - `limit`: one field at one of its limits, as this project's code finds
//!   them ([`limits`]): the longest text (1024 astral characters where any
//!   Unicode is taken), the shortest (empty), nonce 2^53 - 1, mines 24,
//!   rows 32, dealer 3, ...
//! - `invalid`: one field broken (past a limit, the wrong JSON type, absent,
//!   a bad character, a fraction, a negative number) or an unknown field
//!   added: the refusal's kind and field are compared.
//! - `rejection`: a `shuffle` case fed a trace case's own numbers with one
//!   number near the top of the range (or near 0) slipped in at a random
//!   step. A bounded search keeps one that the shuffle rejects, where the
//!   scheme rejects numbers (atout-v1, showdown's below(k)); elsewhere the
//!   case is an edge of the mapping. Whole inputs whose own stream rejects
//!   are not mined: in atout-v1 about one input in 10^7 draws a number that
//!   is rejected, far beyond a bounded search.
//!
//! Cases are made one at a time, as the run asks for them, and the same
//! file, count and seed always give the same cases.

mod limits;

use std::collections::BTreeMap;

use fairdeal::DynScheme;
use fairdeal::core::SplitMix64;
use serde_json::{Map, Value, json};

use super::{Expectation, PortCase};
use crate::{Kind, VectorFile};
use limits::{Limits, Path, Seg};

/// How many times one case is drawn again before its category gives way.
const TRIES: usize = 64;

/// How many numbers the rejection search slips in before it settles for
/// an edge number the shuffle takes.
const MINING: usize = 24;

/// The categories in the order they take turns: every ten cases hold each
/// one at least once (a category a file cannot make gives way to `valid`).
const TURNS: [Category; 10] = [
    Category::Valid,
    Category::Game,
    Category::Invalid,
    Category::Limit,
    Category::Rejection,
    Category::Valid,
    Category::Game,
    Category::Rejection,
    Category::Invalid,
    Category::Limit,
];

/// What a random case exercises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// A whole-method input the scheme accepts.
    Valid,
    /// One of the scheme's games.
    Game,
    /// One field at a limit.
    Limit,
    /// An input the scheme refuses.
    Invalid,
    /// A shuffle fed a number it must reject, or an edge number.
    Rejection,
}

impl Category {
    /// Returns the category's name, as the printed vector cases say it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Valid => "valid",
            Self::Game => "game",
            Self::Limit => "limit",
            Self::Invalid => "invalid",
            Self::Rejection => "rejection",
        }
    }
}

/// One random case: what it exercises, the case for the port with what
/// this project's code gives for it, and, for a rejection case, whether the
/// number slipped in was rejected.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// What it exercises.
    pub category: Category,
    /// The case, with the expected output or refusal.
    pub case: PortCase,
    /// A rejection case whose slipped-in number the shuffle rejects.
    pub rejected: bool,
}

/// Returns up to `count` random cases of `file`'s scheme, each made when it
/// is asked for: a run of any length holds one at a time.
pub fn cases<'a>(
    file: &'a VectorFile,
    scheme: &'a dyn DynScheme,
    count: usize,
    seed: u64,
) -> Cases<'a> {
    let mut bases = Vec::new();
    let mut streams = Vec::new();
    for (kind, case) in file.cases() {
        let Some(expected) = &case.expected else {
            continue;
        };
        match kind {
            Kind::Trace => {
                bases.push(Base {
                    input: &case.input,
                    game: None,
                });
                let (randoms, deal) = match expected.pointer("/deals/0/randoms") {
                    Some(r) => (r, Some(1)),
                    None => (expected.get("randoms").unwrap_or(&Value::Null), None),
                };
                if randoms.as_array().is_some_and(|r| !r.is_empty()) {
                    streams.push((&case.input, randoms, deal));
                }
            }
            Kind::Game if case.randoms.is_none() => bases.push(Base {
                input: &case.input,
                game: case.game.as_deref(),
            }),
            _ => {}
        }
    }
    let mut ranges = BTreeMap::new();
    for base in &bases {
        integer_ranges(base.input, &mut ranges);
    }
    Cases {
        file,
        scheme,
        seed,
        left: if bases.iter().any(|b| b.game.is_none()) {
            count
        } else {
            0
        },
        made: 0,
        bases,
        streams,
        ranges,
        limits: BTreeMap::new(),
        rng: Rng(SplitMix64::new(seed)),
    }
}

/// A case of the file whose input the random ones start from.
#[derive(Clone, Copy)]
struct Base<'a> {
    input: &'a Value,
    /// The game it plays; `None` for the whole method.
    game: Option<&'a str>,
}

/// The random cases of one file, made one at a time.
pub struct Cases<'a> {
    file: &'a VectorFile,
    scheme: &'a dyn DynScheme,
    seed: u64,
    bases: Vec<Base<'a>>,
    /// Trace inputs with the numbers their shuffle took, and the deal.
    streams: Vec<(&'a Value, &'a Value, Option<usize>)>,
    ranges: BTreeMap<String, (u64, u64)>,
    /// The limits found for (base, field path), found once each.
    limits: BTreeMap<(usize, String), Option<Limits>>,
    rng: Rng,
    /// How many cases are still to be made.
    left: usize,
    /// How many were made.
    made: usize,
}

impl Iterator for Cases<'_> {
    type Item = Generated;

    fn next(&mut self) -> Option<Generated> {
        while self.left > 0 {
            self.left -= 1;
            let turn = TURNS.get(self.made % TURNS.len()).copied();
            let id = format!("random-{}-{}", self.seed, self.made);
            self.made += 1;
            for category in [turn.unwrap_or(Category::Valid), Category::Valid] {
                if let Some((case, rejected)) = self.make(category, &id) {
                    return Some(Generated {
                        category,
                        case,
                        rejected,
                    });
                }
            }
        }
        None
    }
}

impl Cases<'_> {
    fn make(&mut self, category: Category, id: &str) -> Option<(PortCase, bool)> {
        for _ in 0..TRIES {
            let made = match category {
                Category::Valid => self.valid(id),
                Category::Game => self.game(id),
                Category::Limit => self.limit(id),
                Category::Invalid => self.invalid(id),
                Category::Rejection => return self.rejection(id),
            };
            if made.is_some() {
                return made.map(|c| (c, false));
            }
        }
        None
    }

    /// A base of the wanted sort (trace or game), by index.
    fn pick(&mut self, games: Option<bool>) -> Option<usize> {
        let fits: Vec<usize> = (0..self.bases.len())
            .filter(|&i| {
                games.is_none_or(|g| self.bases.get(i).is_some_and(|b| b.game.is_some() == g))
            })
            .collect();
        fits.get(self.rng.below(fits.len())).copied()
    }

    fn valid(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(Some(false))?;
        let base = *self.bases.get(i)?;
        let input = mutate(base.input, None, &self.ranges, &mut self.rng);
        self.scheme.validate(&input).ok()?;
        Some(self.case(id, base, input, None))
    }

    fn game(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(Some(true))?;
        let base = *self.bases.get(i)?;
        let mut input = mutate(base.input, None, &self.ranges, &mut self.rng);
        if input.get("actions").is_some() {
            // An illegal round one time in four; else repaired into a legal one.
            let legal = self.rng.below(4) != 0;
            let actions = self.actions(base, &input, legal);
            input["actions"] = Value::String(actions);
        }
        match self.ours(base, &input) {
            Ok(_) => Some(self.case(id, base, input, None)),
            Err(e) if e.field().starts_with("actions") => Some(self.case(id, base, input, None)),
            Err(_) => None,
        }
    }

    /// A random action string for a blackjack round; when `legal`, repaired
    /// letter by letter from the refusals until the round is played out.
    fn actions(&mut self, base: Base<'_>, input: &Value, legal: bool) -> String {
        const LETTERS: [char; 8] = ['H', 'S', 'H', 'S', 'D', 'P', 'H', 'S'];
        let length = self.rng.below(6);
        let mut actions: String = (0..length)
            .map(|_| {
                LETTERS
                    .get(self.rng.below(LETTERS.len()))
                    .copied()
                    .unwrap_or('S')
            })
            .collect();
        if !legal {
            // Now and then a letter that is no action at all.
            if self.rng.coin() {
                const BAD: [char; 5] = ['h', 's', 'X', 'é', ' '];
                let mut letters: Vec<char> = actions.chars().collect();
                let at = self.rng.below(letters.len() + 1);
                letters.insert(
                    at,
                    BAD.get(self.rng.below(BAD.len())).copied().unwrap_or('X'),
                );
                actions = letters.into_iter().collect();
            }
            return actions;
        }
        for _ in 0..16 {
            let mut tried = input.clone();
            tried["actions"] = Value::String(actions.clone());
            let Err(e) = self.ours(base, &tried) else {
                break;
            };
            match e
                .field()
                .strip_prefix("actions[")
                .and_then(|s| s.strip_suffix(']'))
            {
                // Too few: one more, a hit or a stand.
                None if e.field() == "actions" => {
                    actions.push(if self.rng.coin() { 'H' } else { 'S' });
                }
                // A letter refused (forbidden, or left over): a stand there.
                Some(at) => {
                    let at = at.parse::<usize>().unwrap_or(0);
                    actions = actions.chars().take(at).collect();
                    if e.kind().code() == "value" && self.rng.coin() {
                        actions.push('S');
                    }
                }
                None => break,
            }
        }
        actions
    }

    fn limit(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(None)?;
        let base = *self.bases.get(i)?;
        let paths = limits::probe_paths(base.input);
        let path = paths.get(self.rng.below(paths.len()))?.clone();
        let found = self.limits_of(i, &path)?;
        let at_max = self.rng.coin() || found.min == found.max;
        let value = found.value(if at_max { found.max } else { found.min }, &mut self.rng);
        let mut input = base.input.clone();
        limits::set(&mut input, &path, value)?;
        if input.get("actions").is_some() {
            // Another shoe: a round played out on it.
            let actions = self.actions(base, &input, true);
            input["actions"] = Value::String(actions);
        }
        match self.ours(base, &input) {
            Err(e) if limits::names(e.field(), &path) => None,
            _ => Some(self.case(id, base, input, None)),
        }
    }

    fn invalid(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(None)?;
        let base = *self.bases.get(i)?;
        let paths = limits::all_paths(base.input);
        let path = paths.get(self.rng.below(paths.len()))?.clone();
        let mut input = base.input.clone();
        match self.rng.below(7) {
            // Past a limit of the field's own.
            0 => {
                let found = self.limits_of(i, &path)?;
                let beyond = if found.min > 0 && self.rng.coin() {
                    found.min - 1
                } else {
                    found.max.checked_add(1)?
                };
                limits::set(&mut input, &path, found.value(beyond, &mut self.rng))?;
            }
            // The wrong JSON type.
            1 => {
                let old = limits::get(&input, &path)?;
                let wrong = match old {
                    Value::String(_) => json!(7),
                    Value::Number(_) => json!("1"),
                    Value::Bool(b) => json!(b.to_string()),
                    Value::Array(_) => json!("x"),
                    Value::Object(_) => json!([]),
                    Value::Null => json!(0),
                };
                let wrong = if self.rng.below(4) == 0 {
                    Value::Null
                } else {
                    wrong
                };
                limits::set(&mut input, &path, wrong)?;
            }
            // Absent.
            2 => limits::remove(&mut input, &path)?,
            // An unknown field beside it.
            3 => {
                let mut at = path.clone();
                let Some(Seg::Key(name)) = at.pop() else {
                    return None;
                };
                let unknown = format!("{name}{}", ["s", "_", "2"][self.rng.below(3)]);
                limits::insert(&mut input, &at, unknown, json!(1))?;
            }
            // A bad character.
            4 => {
                const BAD: [char; 8] = ['\t', '\u{7f}', '|', 'g', '\n', 'é', '\u{1F0A1}', '\0'];
                let Value::String(text) = limits::get(&input, &path)? else {
                    return None;
                };
                let mut chars: Vec<char> = text.chars().collect();
                let at = self.rng.below(chars.len() + 1);
                chars.insert(at, BAD.get(self.rng.below(BAD.len())).copied()?);
                limits::set(
                    &mut input,
                    &path,
                    Value::String(chars.into_iter().collect()),
                )?;
            }
            // A whole number written with a fraction (`3.0`), or a negative one.
            5 => {
                let n = limits::get(&input, &path)?.as_u64()?;
                let wrong = if self.rng.coin() {
                    // Exact below 2^53, as every such field here is.
                    u32::try_from(n).map(|n| json!(f64::from(n))).ok()?
                } else {
                    json!(-1 - i64::from(u8::try_from(self.rng.below(3)).unwrap_or(0)))
                };
                limits::set(&mut input, &path, wrong)?;
            }
            // A mutated input the scheme happens to refuse.
            _ => input = mutate(base.input, None, &self.ranges, &mut self.rng),
        }
        let refusal = self.ours(base, &input).err()?;
        let expected = Expectation::Error {
            kind: refusal.kind().code().to_owned(),
            field: refusal.field().to_owned(),
        };
        Some(self.case(id, base, input, Some(expected)))
    }

    /// A shuffle fed a trace case's numbers with one more slipped in: the
    /// first candidate of a bounded search that the shuffle rejects, or the
    /// last one tried.
    fn rejection(&mut self, id: &str) -> Option<(PortCase, bool)> {
        let pick = self.rng.below(self.streams.len());
        let (input, randoms, deal) = *self.streams.get(pick)?;
        let numbers = randoms.as_array()?;
        let mut last = None;
        for _ in 0..MINING {
            let at = self.rng.below(numbers.len());
            // Near the top mostly (where rejection lives), near 0 sometimes.
            let from_top = self.rng.below(4) != 0;
            let offset = u64::try_from(self.rng.below(32)).unwrap_or(0);
            let slipped = edge_number(numbers.first()?, from_top, offset)?;
            let mut fed = numbers.clone();
            fed.insert(at, slipped);
            let fed = Value::Array(fed);
            let ours = self.scheme.shuffle_json(input, deal.unwrap_or(1), &fed);
            let consumed = ours
                .as_ref()
                .ok()
                .and_then(|o| o.get("consumed"))
                .and_then(Value::as_u64);
            // One more number taken than without it: it was rejected.
            let rejected = consumed == u64::try_from(numbers.len() + 1).ok();
            let mut fields = Map::new();
            fields.insert("input".to_owned(), input.clone());
            fields.insert("randoms".to_owned(), fed);
            if let Some(n) = deal {
                fields.insert("deal".to_owned(), json!(n));
            }
            let case = PortCase {
                scheme: self.file.scheme.clone(),
                id: id.to_owned(),
                kind: "shuffle",
                fields,
                expected: expectation(ours),
            };
            if rejected {
                return Some((case, true));
            }
            last = Some((case, false));
        }
        last
    }

    fn limits_of(&mut self, base: usize, path: &Path) -> Option<Limits> {
        let key = (base, limits::render(path));
        if let Some(found) = self.limits.get(&key) {
            return found.clone();
        }
        let b = *self.bases.get(base)?;
        let (scheme, game) = (self.scheme, b.game);
        let accepts = |input: &Value| match ours(scheme, game, input) {
            Ok(_) => true,
            Err(e) => !limits::names(e.field(), path),
        };
        let found = limits::find(b.input, path, accepts);
        self.limits.insert(key, found.clone());
        found
    }

    fn ours(&self, base: Base<'_>, input: &Value) -> Result<Value, fairdeal::Error> {
        ours(self.scheme, base.game, input)
    }

    /// The port case of `input`: trace or game, expecting what this
    /// project's code gives (or `expected`).
    fn case(
        &self,
        id: &str,
        base: Base<'_>,
        input: Value,
        expected: Option<Expectation>,
    ) -> PortCase {
        let expected = expected.unwrap_or_else(|| expectation(self.ours(base, &input)));
        let mut fields = Map::new();
        fields.insert("input".to_owned(), input);
        if let Some(game) = base.game {
            fields.insert("game".to_owned(), json!(game));
        }
        PortCase {
            scheme: self.file.scheme.clone(),
            id: id.to_owned(),
            kind: if base.game.is_some() { "game" } else { "trace" },
            fields,
            expected,
        }
    }
}

/// What this project's code gives for `input`: the whole method, or the game.
fn ours(
    scheme: &dyn DynScheme,
    game: Option<&str>,
    input: &Value,
) -> Result<Value, fairdeal::Error> {
    match game {
        None => scheme.trace_json(input),
        Some(name) => match crate::compute::find_game(scheme, name) {
            Some(g) => (g.run)(input, None),
            None => Err(fairdeal::Error::new(
                "game",
                fairdeal::ErrorKind::Unsupported { what: "game" },
            )),
        },
    }
}

fn expectation(result: Result<Value, fairdeal::Error>) -> Expectation {
    match result {
        Ok(v) => Expectation::Output(v),
        Err(e) => Expectation::Error {
            kind: e.kind().code().to_owned(),
            field: e.field().to_owned(),
        },
    }
}

/// A number `offset` below the top of the range of `like`'s kind (a u32, or
/// a u64 written as 16 hex digits), or `offset` itself.
fn edge_number(like: &Value, from_top: bool, offset: u64) -> Option<Value> {
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

/// Returns a case as a vector case to paste into a file: a trace or
/// invalid case, a game case, or a shuffle case, by what it runs.
pub fn as_vector_case(generated: &Generated, number: u32, count: usize, seed: u64) -> String {
    let case = &generated.case;
    let group = match (case.kind, &case.expected) {
        ("trace", Expectation::Error { .. }) => "an invalid group",
        ("trace", _) => "a trace group",
        ("game", _) => "a game group",
        _ => "a shuffle group",
    };
    let mut out = Map::new();
    out.insert("id".to_owned(), json!(case.id));
    out.insert("number".to_owned(), json!(number));
    out.insert(
        "comment".to_owned(),
        json!(format!(
            "Found by `fairdeal conformance --random {count} --seed {seed}` ({}, {}; for {group}): a port differed here.",
            case.scheme,
            generated.category.name()
        )),
    );
    out.insert("flags".to_owned(), json!([]));
    for key in ["game", "input", "randoms", "deal"] {
        if let Some(v) = case.fields.get(key) {
            out.insert(key.to_owned(), v.clone());
        }
    }
    Value::Object(out).to_string()
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

#[cfg(test)]
mod tests;
