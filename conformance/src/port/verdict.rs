//! Judging a port's answer against a case's expectation.

use fairdeal::DynScheme;
use fairdeal::core::info::Hashed;
use fairdeal::core::input::text::quoted;
use serde::Serialize;
use serde_json::Value;

use super::cases::{Expectation, PortCase};
use super::protocol::Answer;
use super::session::Reply;
use super::{evidence, hints, setup};
use crate::diff::{Difference, Mismatch, first_difference_in};

/// How one case went.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Verdict {
    /// As expected.
    Pass,
    /// Not as expected.
    Fail(Box<Failure>),
    /// The port does not run this kind of case, or skipped it.
    Unsupported {
        /// Why.
        reason: String,
    },
}

/// What differed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Failure {
    /// The first differing stage (`randoms`, `deals/2/deck`), `error` for
    /// a wrong or missing refusal, `broken` for a port that misbehaved.
    pub stage: String,
    /// JSON Pointer of the first differing value.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub pointer: String,
    /// The expected value there.
    pub expected: Value,
    /// The port's value there.
    pub actual: Value,
    /// Exactly what was hashed to make the expected value, where it is a
    /// hash: the key (an HMAC's) and the message, each on its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hashed: Option<Hashed>,
    /// The whole story in one line.
    pub message: String,
    /// Guesses at the mistake, from patterns in the differing values
    /// (bytes in reverse order, a shifted stream, letter case).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
    /// The last lines the port wrote to its standard error while it ran
    /// the case; for a port that misbehaved, the last lines of its
    /// standard error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
    /// For a refusal mismatch: the value the case gives at the field it
    /// expects refused (`hands[1].pattern = "32a23"`), clipped and escaped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<String>,
    /// For a refusal mismatch: what the port answered (its refusal's kind,
    /// field and message, or its output), clipped and escaped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered: Option<String>,
}

/// The given value and the port's answer, shown under a refusal mismatch.
type Evidence = (Option<String>, Option<String>);

/// Judges `reply` to `case`.
pub fn judge(scheme: &dyn DynScheme, case: &PortCase, reply: Reply) -> Verdict {
    let answer = match reply {
        Reply::Answer(answer) => answer,
        Reply::Broken { reason, stderr } => {
            return Verdict::Fail(Box::new(Failure {
                stage: "broken".to_owned(),
                pointer: String::new(),
                expected: Value::Null,
                actual: Value::Null,
                hashed: None,
                message: format!("the port misbehaved: {reason}"),
                hints: Vec::new(),
                stderr,
                ..Failure::default()
            }));
        }
    };
    let fail = |message: String, expected: Value, actual: Value, evidence: Evidence| {
        Verdict::Fail(Box::new(Failure {
            stage: "error".to_owned(),
            expected,
            actual,
            message,
            given: evidence.0,
            answered: evidence.1,
            ..Failure::default()
        }))
    };
    // What the case gives at the field it expects refused.
    let given = |field: &str| Some(evidence::given(&case.fields, field));
    match (&case.expected, answer) {
        (_, Answer::Skip(reason)) => Verdict::Unsupported {
            reason: format!("skipped by the port: {reason}"),
        },
        (Expectation::Nothing, _) => Verdict::Unsupported {
            reason: "the vector case has no expected values".to_owned(),
        },
        (Expectation::Output(want), Answer::Output(got)) => {
            match first_difference_in(want, &got, compare_first(scheme, case)) {
                None => Verdict::Pass,
                Some(d) => differs(scheme, case, want, &got, d),
            }
        }
        (
            Expectation::Output(want),
            Answer::Error {
                kind,
                field,
                message,
            },
        ) => match setup::refused(&case.fields, case.setup.as_ref().unwrap_or(want), &field) {
            Some(blame) => blame,
            None => fail(
                format!(
                    "expected output, but the port refused the input: {kind} error in {}: {message}",
                    quoted(&field)
                ),
                Value::Null,
                serde_json::json!({ "kind": kind, "field": field }),
                (
                    given(&field),
                    Some(evidence::refused(&kind, &field, &message)),
                ),
            ),
        },
        (
            Expectation::Error { kind, field },
            Answer::Error {
                kind: k,
                field: f,
                message,
            },
        ) => {
            if *kind == k && *field == f {
                Verdict::Pass
            } else {
                fail(
                    format!(
                        "expected a {kind} error in {}, the port gave a {k} error in {} ({message})",
                        quoted(field),
                        quoted(&f)
                    ),
                    serde_json::json!({ "kind": kind, "field": field }),
                    serde_json::json!({ "kind": k, "field": f }),
                    (given(field), Some(evidence::refused(&k, &f, &message))),
                )
            }
        }
        (Expectation::Error { kind, field }, Answer::Output(got)) => fail(
            format!(
                "expected a {kind} error in {}, but the port accepted the input",
                quoted(field)
            ),
            serde_json::json!({ "kind": kind, "field": field }),
            Value::Null,
            (given(field), Some(evidence::output(&got))),
        ),
    }
}

/// Makes `verdict`, that of the case run as `seq`, a failure: the port
/// answered the case `more` times more than once. However many answers
/// came, the message grows by one clause.
pub fn answered_again(verdict: &mut Verdict, seq: u64, more: u64) {
    let times = match more {
        0 => return,
        1 => "a second time".to_owned(),
        more => format!("{} times", more.saturating_add(1)),
    };
    misbehaved(
        verdict,
        &format!("the port answered this case (seq {seq}) {times}"),
    );
}

/// Makes `verdict` a failure (stage `broken` unless it failed already):
/// the port misbehaved as `what` says.
pub fn misbehaved(verdict: &mut Verdict, what: &str) {
    match verdict {
        Verdict::Fail(f) => f.message.push_str(&format!("; and {what}")),
        Verdict::Pass | Verdict::Unsupported { .. } => {
            *verdict = Verdict::Fail(Box::new(Failure {
                stage: "broken".to_owned(),
                pointer: String::new(),
                expected: Value::Null,
                actual: Value::Null,
                hashed: None,
                message: format!("the port misbehaved: {what}"),
                hints: Vec::new(),
                stderr: Vec::new(),
                ..Failure::default()
            }));
        }
    }
}

/// The failure of an output that differs from the expected one.
fn differs(
    scheme: &dyn DynScheme,
    case: &PortCase,
    want: &Value,
    got: &Value,
    d: Difference,
) -> Verdict {
    let (stage, deal, mut index) = locate(&d.pointer);
    if let Mismatch::Length { expected, actual } = d.mismatch {
        // The first item one list lacks.
        index = expected.min(actual);
    }
    let input = case.fields.get("input").unwrap_or(&Value::Null);
    let hashed = scheme
        .info()
        .hints
        .hashed_text
        .and_then(|text| text(input, &stage_name(&stage), deal, index));
    let hints = hints::hints(scheme, case, want, got, &d);
    let message = match d.pointer.as_str() {
        "" => d.to_string(),
        pointer if setup::name(&stage).is_some() => format!(
            "set-up differs: {}, at {pointer}: {}",
            setup::name(&stage).unwrap_or_default(),
            d.what()
        ),
        pointer => format!("first differing stage: {stage}, at {pointer}: {}", d.what()),
    };
    Verdict::Fail(Box::new(Failure {
        stage,
        pointer: d.pointer,
        expected: d.expected,
        actual: d.actual,
        hashed,
        message,
        hints,
        stderr: Vec::new(),
        ..Failure::default()
    }))
}

/// The order a game's output is compared in (see
/// [`Game::compare_first`](fairdeal::core::Game)); a deal's own order
/// otherwise.
fn compare_first(scheme: &dyn DynScheme, case: &PortCase) -> &'static [&'static str] {
    let Some(name) = case.fields.get("game").and_then(Value::as_str) else {
        return &[];
    };
    let games = scheme.info().games.iter();
    games
        .filter(|g| g.name == name)
        .map(|g| g.compare_first)
        .next()
        .unwrap_or_default()
}

/// Returns the stage, the deal (from 1) and the index within the stage of a
/// pointer: `/randoms/8` is (`randoms`, 1, 8); `/deals/1/deck/3` is
/// (`deals/2/deck`, 2, 3).
fn locate(pointer: &str) -> (String, usize, usize) {
    let parts: Vec<&str> = pointer.split('/').skip(1).collect();
    let number = |i: usize| parts.get(i).and_then(|p| p.parse::<usize>().ok());
    match parts.as_slice() {
        ["deals", n, stage, ..] => {
            let deal = number(1).map_or(1, |n| n + 1);
            (
                format!("deals/{}/{stage}", n.parse::<usize>().map_or(0, |n| n + 1)),
                deal,
                number(3).unwrap_or(0),
            )
        }
        [stage, ..] => ((*stage).to_owned(), 1, number(1).unwrap_or(0)),
        [] => (String::new(), 1, 0),
    }
}

/// The stage's own name, without the deal (`deals/2/randoms` is `randoms`).
fn stage_name(stage: &str) -> String {
    stage.rsplit('/').next().unwrap_or(stage).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_locate_stage_deal_and_index() {
        assert_eq!(locate("/randoms/8"), ("randoms".to_owned(), 1, 8));
        assert_eq!(
            locate("/deals/1/randoms/3"),
            ("deals/2/randoms".to_owned(), 2, 3)
        );
        assert_eq!(locate("/fingerprint"), ("fingerprint".to_owned(), 1, 0));
        assert_eq!(stage_name("deals/2/randoms"), "randoms");
    }
}
