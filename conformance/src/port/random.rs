//! Differential mode's cases (`fairdeal conformance --random N --seed S`):
//! random cases made from a vector file's own cases, so that any scheme gets
//! them with nothing new, each with what this project's code gives.
//!
//! Five categories, in one sequence that a seed fixes:
//! - `valid`: a trace case's input with each text, number, boolean and card
//!   list kept or replaced (hex by hex of the same length and case, a 2-3
//!   pattern by a pattern, other text by printable ASCII, numbers within
//!   the range the file's inputs use and their field's rule states, a seat
//!   over the seats of the table the input states, card lists shuffled);
//!   an input the scheme refuses is drawn again.
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

mod categories;
mod limits;
mod values;

use std::collections::BTreeMap;

use fairdeal::DynScheme;
use fairdeal::core::stream::SplitMix64;
use serde_json::{Map, Value, json};

use super::{Expectation, PortCase};
use crate::{Kind, VectorFile};
use limits::{Limits, Path, Seg};
use values::{draw_seats, edge_number, integer_ranges, is_card, mutate, stated_ranges};

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
    // A range the fields state is the whole of what the scheme takes, not
    // just what its vectors happen to hold; a vector's number beyond it
    // (a refusal) stays in.
    for (name, (lo, hi)) in stated_ranges(scheme) {
        let r = ranges.entry(name).or_insert((lo, hi));
        *r = (r.0.min(lo), r.1.max(hi));
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
        let input = self.varied(base);
        self.scheme.validate(&input).ok()?;
        Some(self.case(id, base, input, None))
    }

    /// `base`'s input with its values varied ([`mutate`]), its seats over
    /// the tables the varied input states ([`draw_seats`]).
    fn varied(&mut self, base: Base<'_>) -> Value {
        let mut input = mutate(base.input, None, &self.ranges, &mut self.rng);
        let fields = match base.game {
            None => self.scheme.info().fields,
            Some(name) => {
                crate::compute::find_game(self.scheme, name).map_or(&[][..], |g| g.fields)
            }
        };
        draw_seats(&mut input, fields, &mut self.rng);
        input
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
            // Differential mode compares with this project's choices too.
            informative: false,
            setup: None,
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

#[cfg(test)]
mod tests;
