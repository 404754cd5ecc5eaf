//! Accumulated sweeps (docs/porting.md, "Accumulated sweeps"), as C2SP
//! CCTV's accumulated vectors: per scheme, `count` inputs drawn by SplitMix64
//! from a published seed, and one SHA-256 over all their traces in
//! canonical form, so that a port in any language checks thousands of deals
//! against one small file, without this project's code.
//!
//! A sweep file (`vectors/sweeps/<id>.json`) holds the recipe as data: the
//! generator and its seed, and for each sweep a template input and the
//! fields drawn into it, in order. Like a vector case's input, the recipe is
//! written once and kept; [`regenerate`] fills in only what the code
//! computes (the digests). [`new_file`] writes a scheme's first recipe from
//! its audit plans (`INFO.audit.plans`, the same templates and drawn fields
//! `fairdeal audit` deals), so a new scheme needs no edit here.

use fairdeal::DynScheme;
use fairdeal::core::audit::{AuditPlan, Drawn};
use fairdeal::core::input::{Field, FieldKind, Rule};
use fairdeal::core::stream::SplitMix64;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::format::FormatError;

/// The one generator a sweep names.
pub const GENERATOR: &str = "splitmix64";

/// The seed of every sweep [`new_file`] writes: 24, the issue that made
/// them, as 16 hexadecimal digits.
pub const SEED: &str = "0000000000000018";

/// The inputs of a sweep [`new_file`] writes: a thousand, fewer where one
/// input deals many hands ([`AuditPlan::per_input`]).
const DEALS: u64 = 1000;

/// The most inputs a sweep may ask for.
pub const COUNT_LIMIT: u64 = 100_000;

/// The longest drawn text or hex field.
const LENGTH_LIMIT: usize = 4096;

/// How many inputs a sweep lists with their drawn values and trace digest,
/// for a port to find where it first differs.
const FIRST: usize = 3;

/// A sweep file: one scheme's sweeps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepFile {
    /// The scheme id; the file is named after it.
    pub scheme: String,
    /// The generator every sweep of the file starts afresh.
    pub generator: Generator,
    /// The sweeps, each from a generator of its own.
    pub sweeps: Vec<Sweep>,
}

/// A generator and its seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generator {
    /// Its name: [`GENERATOR`].
    pub name: String,
    /// Its starting state, 16 lowercase hexadecimal digits.
    pub seed: String,
}

/// One sweep: a recipe, and what its inputs' traces hash to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// What it deals (the audit plan's shuffle: `fisher-yates`).
    pub name: String,
    /// Every input before its drawn fields.
    pub template: Value,
    /// The fields drawn into each input, in the order they are drawn.
    pub draws: Vec<Draw>,
    /// How many inputs.
    pub count: u64,
    /// The SHA-256 of every trace's canonical line, in input order.
    pub sha256: String,
    /// The first inputs' drawn values and trace digests.
    pub first: Vec<First>,
}

/// One field drawn into each input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    /// Where: a JSON Pointer of plain keys into the template.
    pub pointer: String,
    /// What is drawn.
    #[serde(flatten)]
    pub value: Drawing,
}

/// What a [`Draw`] draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Drawing {
    /// This many lowercase hexadecimal digits, 16 from each output, lowest
    /// four bits first.
    Hex(usize),
    /// This many characters of `A-Za-z0-9-_`, 10 from each output, lowest
    /// six bits first.
    Text(usize),
    /// An integer from the first to the second, both included: the first
    /// plus one output modulo their span.
    Integer((u64, u64)),
}

/// An input of the sweep, for finding where a port first differs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct First {
    /// The drawn values, in the order of `draws`.
    pub drawn: Vec<Value>,
    /// The SHA-256 of its trace's canonical line.
    pub sha256: String,
}

impl SweepFile {
    /// Reads a sweep file.
    ///
    /// # Errors
    ///
    /// Not JSON of the form, a generator other than [`GENERATOR`], a seed
    /// not of 16 lowercase hex digits, a count or length past its limit.
    pub fn parse(text: &str) -> Result<Self, FormatError> {
        let file: Self = serde_json::from_str(text).map_err(|e| FormatError(e.to_string()))?;
        seed_of(&file.generator)?;
        for sweep in &file.sweeps {
            let name = &sweep.name;
            if sweep.count > COUNT_LIMIT {
                return Err(FormatError(format!(
                    "sweep {name}: count {} is past {COUNT_LIMIT}",
                    sweep.count
                )));
            }
            for draw in &sweep.draws {
                match draw.value {
                    Drawing::Hex(n) | Drawing::Text(n) if n > LENGTH_LIMIT => {
                        return Err(FormatError(format!(
                            "sweep {name}: {} draws {n} characters, expected at most {LENGTH_LIMIT}",
                            draw.pointer
                        )));
                    }
                    Drawing::Integer((lo, hi)) if lo > hi => {
                        return Err(FormatError(format!(
                            "sweep {name}: {} draws from {lo} to {hi}, expected the least first",
                            draw.pointer
                        )));
                    }
                    _ => {}
                }
            }
        }
        Ok(file)
    }

    /// Returns the file as `vectors sweep` writes it, in the form of a
    /// vector file: two spaces of indent, keys in the order the types
    /// declare them, lists of plain values on one line, a final newline.
    pub fn to_text(&self) -> String {
        // A SweepFile is plain data with string keys.
        let value = serde_json::to_value(self).unwrap_or(Value::Null);
        crate::canonical::value_to_canonical_string(&value)
    }
}

fn seed_of(generator: &Generator) -> Result<u64, FormatError> {
    if generator.name != GENERATOR {
        return Err(FormatError(format!(
            "generator {:?} is not known, expected {GENERATOR:?}",
            generator.name
        )));
    }
    let seed = &generator.seed;
    let hex = seed.len() == 16 && seed.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    match u64::from_str_radix(seed, 16) {
        Ok(n) if hex => Ok(n),
        _ => Err(FormatError(format!(
            "seed {seed:?} is not 16 lowercase hexadecimal digits"
        ))),
    }
}

/// Returns `file` with every sweep's digests computed by `scheme` from its
/// recipe; the recipe stays as it is.
///
/// # Errors
///
/// A recipe the file cannot be read by (see [`SweepFile::parse`]), a
/// pointer into no field of the template, or an input the scheme refuses.
pub fn regenerate(file: &SweepFile, scheme: &dyn DynScheme) -> Result<SweepFile, FormatError> {
    let seed = seed_of(&file.generator)?;
    let mut out = file.clone();
    for sweep in &mut out.sweeps {
        let mut g = SplitMix64::new(seed);
        let mut all = Sha256::new();
        sweep.first.clear();
        for i in 0..sweep.count {
            let mut input = sweep.template.clone();
            let mut drawn = Vec::with_capacity(sweep.draws.len());
            for draw in &sweep.draws {
                let value = draw.value.draw(&mut g);
                let slot = at(&mut input, &draw.pointer).ok_or_else(|| {
                    FormatError(format!(
                        "sweep {}: {} is no field of the template",
                        sweep.name, draw.pointer
                    ))
                })?;
                *slot = value.clone();
                drawn.push(value);
            }
            let trace = scheme.trace_json(&input).map_err(|e| {
                FormatError(format!("sweep {}: input {i} is refused: {e}", sweep.name))
            })?;
            let line = canonical_line(&trace)
                .map_err(|e| FormatError(format!("sweep {}: input {i}: {e}", sweep.name)))?;
            all.update(line.as_bytes());
            if sweep.first.len() < FIRST {
                sweep.first.push(First {
                    drawn,
                    sha256: hex::encode(Sha256::digest(line.as_bytes())),
                });
            }
        }
        sweep.sha256 = hex::encode(all.finalize());
    }
    Ok(out)
}

impl Drawing {
    /// Draws one value from `g` (docs/porting.md, "Accumulated sweeps").
    pub fn draw(self, g: &mut SplitMix64) -> Value {
        match self {
            Self::Hex(n) => Value::String(symbols(n, 4, b"0123456789abcdef", g)),
            Self::Text(n) => Value::String(symbols(n, 6, TEXT, g)),
            Self::Integer((lo, hi)) => {
                let u = g.next_u64();
                Value::from(match (hi - lo).checked_add(1) {
                    Some(span) => lo + u % span,
                    None => u,
                })
            }
        }
    }
}

/// The 64 characters of a drawn text.
const TEXT: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `count` symbols of `bits` bits each from `alphabet`: as many from each
/// output as whole fit in 64 bits, lowest first; what the last output has
/// over is dropped.
fn symbols(count: usize, bits: usize, alphabet: &[u8], g: &mut SplitMix64) -> String {
    let per = 64 / bits;
    let mask = (1u64 << bits) - 1;
    let mut out = String::with_capacity(count);
    while out.len() < count {
        let u = g.next_u64();
        for k in 0..per.min(count - out.len()) {
            let symbol = usize::try_from((u >> (bits * k)) & mask).unwrap_or(0);
            out.push(char::from(alphabet.get(symbol).copied().unwrap_or(b'?')));
        }
    }
    out
}

/// The value at `pointer`, a JSON Pointer of plain keys and list indexes.
fn at<'v>(value: &'v mut Value, pointer: &str) -> Option<&'v mut Value> {
    pointer
        .split('/')
        .skip(1)
        .try_fold(value, |v, key| match v {
            Value::Object(map) => map.get_mut(key),
            Value::Array(items) => items.get_mut(key.parse::<usize>().ok()?),
            _ => None,
        })
}

/// Returns a trace's canonical line (docs/porting.md, "The canonical form
/// of a trace"): compact JSON, every object's keys sorted by code point,
/// integers only, strings escaped as RFC 8259's minimum, then `\n`.
///
/// # Errors
///
/// A number that is not an integer: it has no canonical form.
pub fn canonical_line(trace: &Value) -> Result<String, String> {
    let mut line = serde_json::to_string(&sorted(trace)?).unwrap_or_default();
    line.push('\n');
    Ok(line)
}

fn sorted(value: &Value) -> Result<Value, String> {
    Ok(match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            // Rust orders strings by their UTF-8 bytes: by code point.
            keys.sort();
            let mut out = Map::new();
            for key in keys {
                out.insert(key.clone(), sorted(&map[key])?);
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect::<Result<_, _>>()?),
        Value::Number(n) if !(n.is_u64() || n.is_i64()) => {
            return Err(format!("the trace holds {n}, which is not an integer"));
        }
        other => other.clone(),
    })
}

/// Returns the first sweep file of `scheme`, digests filled in: one sweep
/// per plan of its audit (`INFO.audit.plans`), or, for a scheme with none,
/// its first bench case with every hexadecimal field drawn. Each plan has
/// [`DEALS`] deals: inputs of one deal, fewer of many.
///
/// # Errors
///
/// A plan the recipe cannot state (a seat of a table that is itself
/// drawn), or what [`regenerate`] refuses.
pub fn new_file(scheme: &dyn DynScheme) -> Result<SweepFile, FormatError> {
    let info = scheme.info();
    let err = |e: String| FormatError(format!("{}: {e}", info.id));
    let mut sweeps = Vec::new();
    for plan in info.audit.plans {
        let template = (plan.template)().map_err(err)?;
        let draws = plan
            .vary
            .iter()
            .filter_map(|d| draw_of(d, info.fields, &template, plan.vary).transpose())
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        sweeps.push(empty_sweep(plan, template, draws));
    }
    if sweeps.is_empty() {
        let case = info
            .bench
            .first()
            .ok_or_else(|| err("no audit plan and no bench case".to_owned()))?;
        let template: Value = serde_json::from_str(case.input).map_err(|e| err(e.to_string()))?;
        let draws = info
            .fields
            .iter()
            .filter_map(|f| match (f.kind, f.rule) {
                (FieldKind::Text, Rule::Hex { digits }) => Some(Draw {
                    pointer: format!("/{}", f.name),
                    value: Drawing::Hex(digits),
                }),
                _ => None,
            })
            .collect();
        sweeps.push(Sweep {
            name: "fisher-yates".to_owned(),
            template,
            draws,
            count: DEALS,
            sha256: String::new(),
            first: Vec::new(),
        });
    }
    let file = SweepFile {
        scheme: info.id.to_owned(),
        generator: Generator {
            name: GENERATOR.to_owned(),
            seed: SEED.to_owned(),
        },
        sweeps,
    };
    regenerate(&file, scheme)
}

fn empty_sweep(plan: &AuditPlan, template: Value, draws: Vec<Draw>) -> Sweep {
    Sweep {
        name: plan.shuffle.to_owned(),
        template,
        draws,
        count: (DEALS / plan.per_input.max(1)).max(1),
        sha256: String::new(),
        first: Vec::new(),
    }
}

/// The draw of an audit plan's field; `None` for a seat of a table of no
/// seats (the audit leaves it as it is).
fn draw_of(
    drawn: &Drawn,
    fields: &[Field],
    template: &Value,
    vary: &[Drawn],
) -> Result<Option<Draw>, String> {
    let (pointer, value) = match *drawn {
        Drawn::Hex { pointer, digits } => (pointer.to_owned(), Drawing::Hex(digits)),
        Drawn::Text { pointer, chars } => (pointer.to_owned(), Drawing::Text(chars)),
        Drawn::Integer { pointer, max } => (pointer.to_owned(), Drawing::Integer((0, max))),
        Drawn::Field { name } => {
            let rule = fields
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.rule)
                .ok_or_else(|| format!("the drawn field {name} is no field"))?;
            if let Some(of) = rule.depends_on() {
                let drawn_too = vary
                    .iter()
                    .any(|d| matches!(d, Drawn::Field { name } if *name == of));
                if drawn_too {
                    return Err(format!(
                        "{name} is a seat of {of}, which is drawn too: a sweep states one table"
                    ));
                }
            }
            match (rule.range_in(template), rule.depends_on()) {
                (Some(range), _) => (format!("/{name}"), Drawing::Integer(range)),
                (None, Some(_)) => return Ok(None),
                (None, None) => return Err(format!("the drawn field {name} has no stated range")),
            }
        }
    };
    Ok(Some(Draw { pointer, value }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_come_lowest_bits_first_and_a_short_tail_drops_the_rest() {
        let mut g = SplitMix64::new(0);
        let first = SplitMix64::new(0).next_u64();
        assert_eq!(first, 0xE220_A839_7B1D_CDAF);
        // Lowest four bits first: f, a, d, c, ...
        assert_eq!(Drawing::Hex(4).draw(&mut g), "fadc");
        let mut g = SplitMix64::new(0);
        let text = Drawing::Text(11).draw(&mut g);
        let text = text.as_str().unwrap();
        assert_eq!(text.len(), 11);
        let k0 = usize::try_from(first & 63).unwrap();
        assert_eq!(text.as_bytes()[0], TEXT[k0]);
    }

    #[test]
    fn an_integer_is_the_least_plus_an_output_modulo_the_span() {
        let u = SplitMix64::new(5).next_u64();
        let mut g = SplitMix64::new(5);
        assert_eq!(
            Drawing::Integer((2, 10)).draw(&mut g),
            Value::from(2 + u % 9)
        );
        let mut g = SplitMix64::new(5);
        assert_eq!(Drawing::Integer((0, u64::MAX)).draw(&mut g), Value::from(u));
    }

    #[test]
    fn a_canonical_line_sorts_keys_is_compact_and_refuses_fractions() {
        let trace = serde_json::json!({"b": [1, {"z": "\u{1}\n", "a": true}], "a": null});
        assert_eq!(
            canonical_line(&trace).unwrap(),
            "{\"a\":null,\"b\":[1,{\"a\":true,\"z\":\"\\u0001\\n\"}]}\n"
        );
        assert!(canonical_line(&serde_json::json!({"x": 1.5})).is_err());
    }

    #[test]
    fn a_file_is_read_strictly() {
        let good = r#"{"scheme": "x", "generator": {"name": "splitmix64", "seed": "0000000000000018"}, "sweeps": []}"#;
        assert!(SweepFile::parse(good).is_ok());
        for (from, to) in [
            ("splitmix64", "xorshift"),
            ("0000000000000018", "18"),
            ("0000000000000018", "000000000000001A"),
            ("\"sweeps\"", "\"extra\": 1, \"sweeps\""),
        ] {
            assert!(SweepFile::parse(&good.replace(from, to)).is_err(), "{to}");
        }
    }
}
