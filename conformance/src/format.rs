//! The vector file format, read strictly: unknown fields, duplicate ids or
//! numbers, undefined flags and cases without the fields their kind needs are
//! all refused on load, and so are a key given twice in any object, a
//! number that `vectors generate` would not write back as it is written,
//! and a `count` over [`MAX_COUNT`].

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use fairdeal::core::input::json::parse_json;
use fairdeal::core::input::text::{printable_lines, quoted};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The format version this crate reads and writes.
pub const FORMAT: u32 = 2;

/// The most numbers a `stream` or `generator` case may ask for: the largest
/// case of the committed files asks for 256; a `count` of 10^12 would have
/// the runner allocate terabytes before comparing anything.
pub const MAX_COUNT: usize = 1 << 16;

/// One vector file: every case of one scheme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VectorFile {
    /// Where the JSON Schema of the format is, relative to the file.
    #[serde(rename = "$schema")]
    pub schema: String,
    /// The format version, [`FORMAT`].
    pub format: u32,
    /// The scheme id; the file is `vectors/<scheme>.json`.
    pub scheme: String,
    /// The version of the method; a changed method is a new scheme id, so
    /// this stays 1 unless the project's definition of a step is corrected.
    pub scheme_version: u32,
    /// What the file covers.
    pub description: String,
    /// What confirmed the values independently of the Rust code.
    pub confirmed_by: Vec<String>,
    /// Every flag a case may carry: what it exercises, the porting mistake
    /// it targets and what a player would see (defined once per file, as
    /// Wycheproof's notes are).
    pub flags: BTreeMap<String, Flag>,
    /// The cases, in groups by kind.
    pub groups: Vec<Group>,
}

/// What a flag means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flag {
    /// What the flagged cases exercise.
    pub description: String,
    /// The kind of porting mistake they target.
    pub bug_type: BugType,
    /// What a player or a site would see if a port got it wrong.
    pub effect: String,
}

/// The kinds of porting mistake a flag targets (docs/vectors.md, "Flags").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BugType {
    /// A step of the method done otherwise on ordinary inputs.
    Basic,
    /// A number at a limit of an arithmetic step (a rejection limit, 0,
    /// the largest value, a boundary of a mapping, a word's width).
    EdgeCase,
    /// A text turned into other bytes than the page's (letter case,
    /// trimming, normalisation, UTF-8, punctuation).
    Encoding,
    /// A variant, rule or game of the scheme left out or done otherwise.
    Variant,
    /// An input the page refuses, accepted (or one it accepts, refused).
    MissingCheck,
    /// A text or list at or past the length the page allows.
    Limit,
}

/// Where a group's values come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// What wrote the inputs and what computed the expected values.
    pub generated_by: String,
    /// What confirmed the expected values independently of the code that
    /// computed them.
    pub confirmed_by: Vec<String>,
}

/// Whether a port must agree with a case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseStatus {
    /// The page fixes the answer: a port that differs fails.
    #[default]
    Normative,
    /// The page leaves a choice and the case shows this project's: a port
    /// that differs is reported, not failed.
    Informative,
}

impl CaseStatus {
    fn is_normative(&self) -> bool {
        *self == Self::Normative
    }
}

/// Cases of one kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// What every case of the group runs.
    pub kind: Kind,
    /// What the group covers.
    pub description: String,
    /// Where its values come from.
    pub source: Source,
    /// The cases.
    pub cases: Vec<Case>,
}

/// What a case runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Every stage from the inputs: `expected` holds them all.
    Trace,
    /// The first `count` numbers of the stream: `expected.randoms`.
    Stream,
    /// The first `count` draws of the raw generator from the given `state`
    /// (no seeding from inputs): `expected.randoms`, or `error` for a state
    /// the scheme refuses.
    Generator,
    /// The shuffle fed the given `randoms`: `expected` holds `consumed`,
    /// `positions` and `deck`, or `error` when the list runs out.
    Shuffle,
    /// The deal of the given `deck`: `expected` holds the deal's fields.
    Deal,
    /// One of the scheme's other games (named by `game`) from `input`, fed
    /// the given `randoms` instead of the stream when the case has them:
    /// `expected` holds the game's output, or `error` its refusal.
    Game,
    /// Inputs that must be refused: `error` holds the kind and field.
    Invalid,
}

/// One test case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable id, unique in the file; never renamed.
    pub id: String,
    /// Stable number, unique in the file; never renumbered.
    pub number: u32,
    /// What the case shows.
    pub comment: String,
    /// Flags from the file's `flags`.
    #[serde(default)]
    pub flags: Vec<String>,
    /// Whether a port must agree (absent: normative).
    #[serde(default, skip_serializing_if = "CaseStatus::is_normative")]
    pub status: CaseStatus,
    /// `game` cases: the game's name (`blackjack`, `roulette`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The scheme's input object, with the field names of its page,
    /// `docs/schemes/<id>.md` (an empty object for `generator` cases, which
    /// take `state` instead), or the game's for `game` cases.
    #[serde(default = "empty_object")]
    pub input: Value,
    /// `generator` cases: the generator's state, with the scheme's names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Value>,
    /// `stream`, `shuffle` and `deal` cases of a game: which deal (from 1;
    /// 1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<usize>,
    /// `stream` cases: how many numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// `shuffle` cases: the numbers fed to the shuffle; `game` cases: the
    /// numbers fed to the game instead of the stream, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub randoms: Option<Value>,
    /// `deal` cases: the deck dealt, as card codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Value>,
    /// The expected output, stage by stage in the method's order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<Value>,
    /// The expected refusal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectedError>,
}

/// A refusal as vectors record it: never the message, which may improve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    /// The error kind's stable code (`length`, `character`, `range`, ...).
    pub kind: String,
    /// The refused field (`seed`, `numbers[2]`).
    pub field: String,
}

/// Why a vector file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError(pub String);

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FormatError {}

impl VectorFile {
    /// Parses and checks a vector file.
    ///
    /// # Errors
    ///
    /// JSON that does not fit the format, or a file whose cases break its
    /// rules (each named).
    pub fn parse(text: &str) -> Result<Self, FormatError> {
        // First as plain JSON, strictly: serde_json keeps the last of a
        // repeated key, so `"dealer": 1, "dealer": 2` in an input would be
        // run as 2 and rewritten as such.
        let value = parse_json(text).map_err(|e| FormatError(format!("not a vector file: {e}")))?;
        crate::lexemes::numbers_as_written(text, &value)?;
        // Then as the format, for its messages with line and column.
        let file: Self = serde_json::from_str(text)
            .map_err(|e| FormatError(format!("not a vector file: {}", parser_message(&e))))?;
        file.check()?;
        Ok(file)
    }

    /// Returns every case with its group's kind, in file order.
    pub fn cases(&self) -> impl Iterator<Item = (Kind, &Case)> {
        self.groups
            .iter()
            .flat_map(|g| g.cases.iter().map(move |c| (g.kind, c)))
    }

    fn check(&self) -> Result<(), FormatError> {
        if self.format != FORMAT {
            return Err(FormatError(format!(
                "format {} is not supported, expected {FORMAT}",
                self.format
            )));
        }
        let mut ids = HashSet::new();
        let mut numbers = HashSet::new();
        for (kind, case) in self.cases() {
            let at = |what: &str| FormatError(format!("case {}: {what}", quoted(&case.id)));
            if !ids.insert(case.id.as_str()) {
                return Err(at("the id is used twice"));
            }
            if !numbers.insert(case.number) {
                return Err(at(&format!("number {} is used twice", case.number)));
            }
            if let Some(flag) = case.flags.iter().find(|f| !self.flags.contains_key(*f)) {
                return Err(at(&format!(
                    "flag {flag:?} is not defined in the file's flags"
                )));
            }
            let needs = match kind {
                Kind::Stream => [("count", case.count.is_some())],
                Kind::Generator => [(
                    "state and count",
                    case.state.is_some() && case.count.is_some(),
                )],
                Kind::Shuffle => [("randoms", case.randoms.is_some())],
                Kind::Deal => [("deck", case.deck.is_some())],
                Kind::Game => [("game", case.game.is_some())],
                Kind::Trace | Kind::Invalid => [("input", true)],
            };
            if let Some((field, _)) = needs.iter().find(|(_, present)| !present) {
                return Err(at(&format!("a {kind:?} case needs {field:?}")));
            }
            if let Some(count) = case.count.filter(|&n| n > MAX_COUNT) {
                return Err(at(&format!(
                    "count {count} is out of range, expected 0 to {MAX_COUNT} numbers"
                )));
            }
            if kind != Kind::Game && case.game.is_some() {
                return Err(at(&format!("a {kind:?} case names no game")));
            }
            match (kind, &case.expected, &case.error) {
                (Kind::Invalid, None, Some(_)) | (Kind::Invalid, None, None) => {}
                (Kind::Invalid, Some(_), _) => {
                    return Err(at("an invalid case holds an error, not expected values"));
                }
                (_, Some(_), Some(_)) => return Err(at("holds both expected values and an error")),
                _ => {}
            }
        }
        Ok(())
    }
}

fn empty_object() -> Value {
    Value::Object(serde_json::Map::new())
}

/// Returns serde's message about the file, escaped, and clipped if it is
/// long (it may quote a value of the file whole).
fn parser_message(e: &serde_json::Error) -> String {
    const MAX: usize = 400;
    let message = e.to_string();
    let chars = message.chars().count();
    let message = if chars > MAX {
        let kept: String = message.chars().take(MAX).collect();
        format!("{kept}... ({chars} characters)")
    } else {
        message
    };
    printable_lines(&message).replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A vector file of one stream case whose `input` and `count` are
    /// written as given.
    fn file(input: &str, count: &str) -> String {
        format!(
            r#"{{"$schema": "schema.json", "format": 2, "scheme": "euchremaster", "scheme_version": 1,
  "description": "", "confirmed_by": [], "flags": {{}},
  "groups": [{{"kind": "stream", "description": "", "source": {{"generated_by": "", "confirmed_by": []}}, "cases": [
    {{"id": "one", "number": 1, "comment": "\"1e2\" is text", "input": {input}, "count": {count}}}]}}]}}"#
        )
    }

    fn refusal(text: &str) -> String {
        VectorFile::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn numbers_must_be_written_as_generate_writes_them() {
        for ok in [
            r#"{"dealer": 1}"#,
            r#"{"dealer": 1.5, "x": [-1, 0.5, 1.0]}"#,
        ] {
            assert!(VectorFile::parse(&file(ok, "3")).is_ok(), "{ok}");
        }
        assert_eq!(
            refusal(&file(r#"{"seed": "0", "dealer": 1e2}"#, "3")),
            "case \"one\": input.dealer: 1e2 would be rewritten as 100.0, expected an integer within 64 bits or a decimal written in full (1.5, not 1.50 or 15e-1)"
        );
        assert!(
            refusal(&file(r#"{"n": [1, 99999999999999999999]}"#, "3")).starts_with(
                "case \"one\": input.n[1]: 99999999999999999999 would be rewritten as 1e+20"
            )
        );
        assert!(
            refusal(&file("{}", "3e0"))
                .starts_with("case \"one\": count: 3e0 would be rewritten as 3.0")
        );
        assert!(
            refusal(&file(r#"{"a": 1.50}"#, "3"))
                .contains("input.a: 1.50 would be rewritten as 1.5")
        );
    }

    #[test]
    fn parser_messages_are_clipped_and_escaped() {
        let long = format!(r#"{{"format": "\u001b{}"}}"#, "x".repeat(5000));
        let message = refusal(&long);
        assert!(message.len() < 500, "{message}");
        assert!(
            message.starts_with("not a vector file: invalid type: string \"\\u{1b}xxx"),
            "{message}"
        );
        assert!(message.ends_with("... (5065 characters)"), "{message}");
    }

    /// A flag is defined with what it targets; a group says its source; a
    /// case may be informative. Each is read strictly.
    #[test]
    fn flags_sources_and_status_are_read_strictly() {
        let with = |flags: &str, source: &str, status: &str| {
            format!(
                r#"{{"$schema": "schema.json", "format": 2, "scheme": "euchremaster", "scheme_version": 1,
  "description": "", "confirmed_by": [], "flags": {{{flags}}},
  "groups": [{{"kind": "invalid", "description": "", {source} "cases": [
    {{"id": "one", "number": 1, "comment": "", "flags": ["long"], {status} "input": {{}}}}]}}]}}"#
            )
        };
        let flag = r#""long": {"description": "d", "bug_type": "limit", "effect": "e"}"#;
        let source = r#""source": {"generated_by": "g", "confirmed_by": ["c"]},"#;
        let file = VectorFile::parse(&with(flag, source, r#""status": "informative","#)).unwrap();
        assert_eq!(file.flags["long"].bug_type, BugType::Limit);
        assert_eq!(file.groups[0].source.confirmed_by, ["c"]);
        assert_eq!(file.groups[0].cases[0].status, CaseStatus::Informative);
        let normative = VectorFile::parse(&with(flag, source, "")).unwrap();
        assert_eq!(normative.groups[0].cases[0].status, CaseStatus::Normative);
        // Written back without a status: normative is the default.
        assert!(!crate::to_canonical_string(&normative).contains("status"));
        assert!(crate::to_canonical_string(&file).contains(r#""status": "informative""#));
        for (bad, why) in [
            (with(r#""long": "d""#, source, ""), "expected struct Flag"),
            (
                with(&flag.replace("limit", "typo"), source, ""),
                "unknown variant `typo`",
            ),
            (with(flag, "", ""), "missing field `source`"),
            (
                with(flag, source, r#""status": "optional","#),
                "unknown variant `optional`",
            ),
        ] {
            let message = refusal(&bad);
            assert!(message.contains(why), "{message}");
        }
    }

    #[test]
    fn counts_are_bounded_and_keys_given_once() {
        assert_eq!(
            refusal(&file("{}", "1000000000000")),
            "case \"one\": count 1000000000000 is out of range, expected 0 to 65536 numbers"
        );
        assert!(VectorFile::parse(&file("{}", "65536")).is_ok());
        assert_eq!(
            refusal(&file(r#"{"dealer": 1, "dealer": 2}"#, "3")),
            "not a vector file: groups[0].cases[0].input.dealer: given twice, expected each key of an object once"
        );
    }
}
