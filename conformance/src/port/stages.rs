//! The summary by stage: for each scheme, which stages of the method a
//! port gets right (`euchremaster: fingerprint ok, stream FAIL, shuffle ok,
//! deal ok`), so that a port's author sees where to start.

use std::collections::BTreeMap;

use super::{CaseResult, Verdict};

/// The stages, in the method's order: what each case checks, and where a
/// failing one first differs.
const STAGES: [&str; 8] = [
    "fingerprint",
    "set-up",
    "stream",
    "shuffle",
    "deal",
    "games",
    "refusals",
    "protocol",
];

/// The stages a passing case of `kind` vouches for.
fn covers(case: &CaseResult) -> &'static [&'static str] {
    match (case.kind, case.refusal) {
        (_, true) => &["refusals"],
        ("trace", false) if case.setup => &["fingerprint", "set-up", "stream", "shuffle", "deal"],
        ("trace", false) => &["fingerprint", "stream", "shuffle", "deal"],
        ("stream" | "generator", _) => &["stream"],
        ("shuffle", _) => &["shuffle"],
        ("deal", _) => &["deal"],
        _ => &["games"],
    }
}

/// The stage at which a failing case first differs: `broken` is the
/// protocol, a wrong refusal is the refusals' (of a valid input too), a
/// game is the games'; else by the first differing field.
fn failed_at(case: &CaseResult, stage: &str) -> &'static str {
    let field = stage.rsplit('/').next().unwrap_or(stage);
    match (case.kind, stage, field) {
        (_, "broken", _) => "protocol",
        (_, "error", _) => "refusals",
        ("game", ..) => "games",
        ("stream" | "generator", ..) => "stream",
        (_, _, "fingerprint") => "fingerprint",
        (_, _, "game_seed" | "first_dealer" | "patterns") => "set-up",
        (_, _, "randoms") => "stream",
        (_, _, "consumed" | "positions" | "deck") => "shuffle",
        _ => "deal",
    }
}

/// How one stage went: cases that vouch for it, that first differ there
/// unexpectedly, and as known.
#[derive(Clone, Copy, Default)]
struct Tally {
    passed: usize,
    failed: usize,
    known: usize,
    informative: usize,
}

/// Returns one line per scheme that ran cases: each stage its cases
/// checked, `ok`, `FAIL (N cases)` where N cases first differ, or `known
/// (N)` where all of them are known failures; `, N informative` after it
/// where N cases differ where the page leaves a choice.
pub fn by_stage(cases: &[CaseResult]) -> Vec<String> {
    let mut schemes: BTreeMap<&str, BTreeMap<&str, Tally>> = BTreeMap::new();
    for case in cases {
        let stages = schemes.entry(&case.scheme).or_default();
        match &case.verdict {
            Verdict::Pass => {
                for stage in covers(case) {
                    stages.entry(stage).or_default().passed += 1;
                }
            }
            Verdict::Fail(f) => {
                let at = failed_at(case, &f.stage);
                // The stages before the first differing one were right.
                let before = covers(case).iter().take_while(|s| **s != at);
                if covers(case).contains(&at) {
                    for stage in before {
                        stages.entry(stage).or_default().passed += 1;
                    }
                }
                let tally = stages.entry(at).or_default();
                if case.informative {
                    tally.informative += 1;
                } else if case.known.is_some() {
                    tally.known += 1;
                } else {
                    tally.failed += 1;
                }
            }
            Verdict::Unsupported { .. } => {}
        }
    }
    schemes
        .into_iter()
        .filter(|(_, stages)| !stages.is_empty())
        .map(|(scheme, stages)| {
            let each: Vec<String> = STAGES
                .iter()
                .filter_map(|name| {
                    let t = stages.get(name)?;
                    let line = match (t.failed, t.known) {
                        (0, 0) => format!("{name} ok"),
                        (0, k) => format!("{name} known ({k})"),
                        (1, _) => format!("{name} FAIL (1 case)"),
                        (f, _) => format!("{name} FAIL ({f} cases)"),
                    };
                    Some(match t.informative {
                        0 => line,
                        i => format!("{line}, {i} informative"),
                    })
                })
                .collect();
            format!("{scheme}: {}", each.join(", "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::port::Failure;

    fn case(kind: &'static str, verdict: Verdict) -> CaseResult {
        CaseResult {
            scheme: "euchremaster".to_owned(),
            id: "x".to_owned(),
            kind,
            seq: None,
            refusal: false,
            setup: false,
            verdict,
            known: None,
            informative: false,
        }
    }

    fn fail(stage: &str) -> Verdict {
        Verdict::Fail(Box::new(Failure {
            stage: stage.to_owned(),
            pointer: String::new(),
            expected: serde_json::Value::Null,
            actual: serde_json::Value::Null,
            hashed: None,
            message: String::new(),
            hints: Vec::new(),
            stderr: Vec::new(),
            ..Failure::default()
        }))
    }

    /// A port whose stream is wrong and whose shuffle and deal are right:
    /// its trace cases fail at `randoms`, their derived stage cases pass.
    #[test]
    fn each_stage_says_ok_or_how_many_cases_first_differ_there() {
        let cases = [
            case("trace", fail("randoms")),
            case("trace", fail("randoms")),
            case("shuffle", Verdict::Pass),
            case("deal", Verdict::Pass),
            case("stream", fail("randoms")),
        ];
        assert_eq!(
            by_stage(&cases),
            ["euchremaster: fingerprint ok, stream FAIL (3 cases), shuffle ok, deal ok"]
        );
        let mut refused = case("trace", Verdict::Pass);
        refused.refusal = true;
        let cases = [
            case("trace", Verdict::Pass),
            refused,
            case("shuffle", fail("positions")),
            case("game", fail("moves")),
            case("deal", fail("broken")),
        ];
        assert_eq!(
            by_stage(&cases),
            [
                "euchremaster: fingerprint ok, stream ok, shuffle FAIL (1 case), deal ok, \
              games FAIL (1 case), refusals ok, protocol FAIL (1 case)"
            ]
        );
    }
}
