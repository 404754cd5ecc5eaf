//! The conformance runner for ports in any language (docs/porting.md): it
//! drives a port over the line protocol, case by case, and reports the
//! first stage and value where the port differs.

mod cases;
mod child;
mod crashes;
mod evidence;
mod hints;
mod holders;
mod known;
mod page;
mod protocol;
mod random;
mod report;
mod session;
mod setup;
mod stages;
mod tail;
mod verdict;

use std::collections::BTreeSet;
use std::time::Duration;

pub use cases::{Expectation, PortCase};
pub use child::kill_running;
pub use known::{Known, Status, fix as fix_known, parse as parse_known};
pub use protocol::Hello;
// For fuzz/ (the port_protocol target): the parsers of what a port sends.
pub use page::{badge, html};
#[doc(hidden)]
pub use protocol::{Answer, parse_answer, parse_hello};
pub use report::{junit, summary};
pub use verdict::{Failure, Verdict};

use crate::{Filter, VectorFile};
use crashes::Crashes;
use fairdeal::DynScheme;
use fairdeal::core::input::text::quoted;
use serde::Serialize;
use session::{Extra, Reply, Session};

/// How to run a port.
#[derive(Clone, Debug)]
pub struct Options {
    /// The port's program and arguments.
    pub command: Vec<String>,
    /// Only these schemes (all the port supports when empty).
    pub schemes: Vec<String>,
    /// Which cases.
    pub filter: Filter,
    /// How long one case may take.
    pub timeout: Duration,
    /// How long the whole run may take, when bounded: the run stops there.
    pub deadline: Option<Duration>,
    /// The known failures.
    pub known: Vec<Known>,
}

/// One case's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaseResult {
    /// The scheme id.
    pub scheme: String,
    /// The case id.
    pub id: String,
    /// The protocol kind.
    pub kind: &'static str,
    /// The `seq` of its run line, when it was sent to the port (what a
    /// port's log names it by).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// Whether it expects a refusal (an `invalid` case), not output.
    #[serde(skip)]
    pub refusal: bool,
    /// Whether its expected output has a set-up (a game seed, a first
    /// dealer, computer patterns) that it vouches for.
    #[serde(skip)]
    pub setup: bool,
    /// How it went.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Set when the case failed as the known-failures file says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known: Option<String>,
    /// Whether the page leaves a choice here: a difference is reported as
    /// informative, not failed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub informative: bool,
}

/// How one case counts in a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// As expected.
    Passed,
    /// Not as expected, and not known to fail.
    Failed,
    /// Not as expected, as the known-failures file says.
    Known,
    /// Not as this project chose where the page leaves a choice: reported,
    /// not failed.
    Informative,
    /// Not run by the port.
    Skipped,
}

impl CaseResult {
    /// Returns how the case counts.
    pub fn outcome(&self) -> Outcome {
        match (&self.verdict, &self.known) {
            (Verdict::Pass, _) => Outcome::Passed,
            (Verdict::Fail(_), _) if self.informative => Outcome::Informative,
            (Verdict::Fail(_), Some(_)) => Outcome::Known,
            (Verdict::Fail(_), None) => Outcome::Failed,
            (Verdict::Unsupported { .. }, _) => Outcome::Skipped,
        }
    }
}

/// How many cases of a run ended each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// As expected.
    pub passed: usize,
    /// Not as expected, and not known to fail.
    pub failed: usize,
    /// Not run (unsupported or skipped by the port).
    pub skipped: usize,
    /// Failed as the known-failures file says.
    pub known: usize,
    /// Differed where the page leaves a choice.
    pub informative: usize,
}

impl Counts {
    /// Counts `cases`.
    pub fn of<'a>(cases: impl IntoIterator<Item = &'a CaseResult>) -> Self {
        let mut c = Self::default();
        for case in cases {
            match case.outcome() {
                Outcome::Passed => c.passed += 1,
                Outcome::Failed => c.failed += 1,
                Outcome::Known => c.known += 1,
                Outcome::Informative => c.informative += 1,
                Outcome::Skipped => c.skipped += 1,
            }
        }
        c
    }

    /// Returns how many cases the port ran: every case but the skipped.
    pub fn ran(&self) -> usize {
        self.passed + self.failed + self.known + self.informative
    }
}

/// A whole run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The port's name.
    pub port: String,
    /// Its language.
    pub language: String,
    /// Every case, in order.
    pub cases: Vec<CaseResult>,
    /// Entries of the known-failures file that no longer hold.
    pub known_errors: Vec<String>,
    /// The known-failures file that matches this run.
    pub known_update: Vec<String>,
    /// Differential mode: each differing input as a ready-to-paste vector case.
    pub new_cases: Vec<String>,
    /// How many times the port had to be started again.
    pub restarts: usize,
    /// Why the run stopped before its last case, when it did: its deadline
    /// passed, or the port could not be started again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aborted: Option<String>,
}

impl Report {
    /// Returns how many cases ended each way.
    pub fn counts(&self) -> Counts {
        Counts::of(&self.cases)
    }

    /// Returns how many cases the port ran: passed or failed, known and
    /// informative differences included, unsupported and skipped ones not.
    pub fn ran(&self) -> usize {
        self.counts().ran()
    }

    /// Returns whether everything required passed: the run went to its end,
    /// at least one case ran, none failed unexpectedly (an informative
    /// difference is not a failure), and the known failures hold.
    pub fn ok(&self) -> bool {
        self.aborted.is_none()
            && self.ran() > 0
            && self.counts().failed == 0
            && self.known_errors.is_empty()
    }
}

/// Runs every case of `files` that `options` selects against the port.
///
/// # Errors
///
/// A port that cannot be started or does not say hello: a protocol error.
pub fn check(files: &[VectorFile], options: &Options) -> Result<Report, String> {
    let mut session = start(options)?;
    let mut results = Vec::new();
    let mut all_ids = BTreeSet::new();
    let mut aborted = None;
    let mut crashes = Crashes::default();
    'files: for file in files
        .iter()
        .filter(|f| options.schemes.is_empty() || options.schemes.contains(&f.scheme))
    {
        let Some(scheme) = fairdeal::scheme(&file.scheme) else {
            return Err(format!(
                "vectors for {}, which this build does not know",
                quoted(&file.scheme)
            ));
        };
        let supported = session.hello.schemes.get(&file.scheme).cloned();
        for case in cases::of_file(file) {
            all_ids.insert(format!("{}/{}", case.scheme, case.id));
            let root = case.id.split('/').next().unwrap_or(&case.id);
            if !options.filter.accepts(root) && !options.filter.accepts(&case.id) {
                continue;
            }
            // Only a case sent has a seq: one not sent is never blamed for
            // an answer, nor named by another case's seq.
            let (verdict, seq) = match &supported {
                None => (
                    Verdict::Unsupported {
                        reason: format!("the port does not support {}", file.scheme),
                    },
                    None,
                ),
                Some(kinds) if !kinds.iter().any(|k| k == case.kind) => (
                    Verdict::Unsupported {
                        reason: format!("the port does not run {} cases", case.kind),
                    },
                    None,
                ),
                Some(_) => match session.run(&case.scheme, case.kind, &case.fields) {
                    Ok(reply) => (judge(&session, scheme, &case, reply), session.sent()),
                    Err(why) => {
                        aborted = Some(why);
                        break 'files;
                    }
                },
            };
            let give_up = seq.and_then(|_| crashes.record(&verdict));
            results.push(CaseResult {
                scheme: case.scheme.clone(),
                id: case.id.clone(),
                kind: case.kind,
                seq,
                refusal: matches!(case.expected, Expectation::Error { .. }),
                setup: has_setup(&case.expected),
                verdict,
                known: None,
                informative: case.informative,
            });
            if give_up.is_some() {
                aborted = give_up;
                break 'files;
            }
        }
    }
    Ok(finish(
        session,
        results,
        &all_ids,
        options,
        Vec::new(),
        aborted,
    ))
}

/// Whether `expected` is an output with a set-up.
fn has_setup(expected: &Expectation) -> bool {
    matches!(expected, Expectation::Output(v) if setup::has_setup(v))
}

fn start(options: &Options) -> Result<Session, String> {
    Session::start(options.command.clone(), options.timeout, options.deadline)
}

/// The most random inputs per scheme differential mode makes: each is a
/// case, a round trip through the port, and a line of the report.
pub const RANDOM_LIMIT: usize = 100_000;

/// Differential mode: `count` random cases per scheme (made from the vector
/// files' cases with `seed`, one at a time as the run goes: valid inputs,
/// games, fields at their limits, refused inputs and rejected numbers; see
/// `random.rs`), compared between this project's implementation and the
/// port.
///
/// # Errors
///
/// As [`check`], and a `count` over [`RANDOM_LIMIT`].
pub fn differential(
    files: &[VectorFile],
    options: &Options,
    count: usize,
    seed: u64,
) -> Result<Report, String> {
    if count > RANDOM_LIMIT {
        return Err(format!(
            "{count} random inputs per scheme, expected at most {RANDOM_LIMIT}"
        ));
    }
    let mut session = start(options)?;
    let mut results = Vec::new();
    let mut new_cases = Vec::new();
    let mut aborted = None;
    let mut crashes = Crashes::default();
    'files: for file in files
        .iter()
        .filter(|f| options.schemes.is_empty() || options.schemes.contains(&f.scheme))
    {
        let Some(scheme) = fairdeal::scheme(&file.scheme) else {
            continue;
        };
        let kinds = session
            .hello
            .schemes
            .get(&file.scheme)
            .cloned()
            .unwrap_or_default();
        let mut next_number = file.cases().map(|(_, c)| c.number).max().unwrap_or(0);
        for generated in random::cases(file, scheme, count, seed) {
            let case = &generated.case;
            let (verdict, seq) = if kinds.iter().any(|k| k == case.kind) {
                match session.run(&case.scheme, case.kind, &case.fields) {
                    Ok(reply) => (judge(&session, scheme, case, reply), session.sent()),
                    Err(why) => {
                        aborted = Some(why);
                        break 'files;
                    }
                }
            } else {
                let reason = format!("the port does not run {} {} cases", file.scheme, case.kind);
                (Verdict::Unsupported { reason }, None)
            };
            if matches!(verdict, Verdict::Fail(_)) {
                // A crafted file may number a case u32::MAX: the printed
                // case is a suggestion, and `vectors check` refuses a
                // duplicate number.
                next_number = next_number.saturating_add(1);
                new_cases.push(random::as_vector_case(&generated, next_number, count, seed));
            }
            let give_up = seq.and_then(|_| crashes.record(&verdict));
            results.push(CaseResult {
                scheme: file.scheme.clone(),
                id: case.id.clone(),
                kind: case.kind,
                seq,
                refusal: matches!(case.expected, Expectation::Error { .. }),
                setup: has_setup(&case.expected),
                verdict,
                known: None,
                informative: case.informative,
            });
            if give_up.is_some() {
                aborted = give_up;
                break 'files;
            }
        }
    }
    Ok(finish(
        session,
        results,
        &BTreeSet::new(),
        options,
        new_cases,
        aborted,
    ))
}

/// Judges a reply; a failure shows what the port wrote to its standard
/// error about the case.
fn judge(session: &Session, scheme: &dyn DynScheme, case: &PortCase, reply: Reply) -> Verdict {
    let mut verdict = verdict::judge(scheme, case, reply);
    if let Verdict::Fail(f) = &mut verdict {
        if f.stderr.is_empty() {
            f.stderr = session.case_stderr();
        }
    }
    verdict
}

/// Fails each case the port answered more than once (the later answers
/// came while later cases ran, which are not blamed for them, or after the
/// last), and the last case when what the port wrote after answering it
/// answers no case sent.
fn blame_extra(extra: Extra, results: &mut [CaseResult]) {
    for (seq, more) in extra.repeated {
        if let Some(r) = sent(results, seq) {
            verdict::answered_again(&mut r.verdict, seq, more);
        }
    }
    if let Some((seq, why)) = extra.after_last {
        if let Some(r) = sent(results, seq) {
            let what = format!("after answering this case, the last one, it wrote {why}");
            verdict::misbehaved(&mut r.verdict, &what);
        }
    }
}

/// Returns the case sent as `seq`: every seq the runner sent names the one
/// case it was sent for, and a case not sent has none.
fn sent(results: &mut [CaseResult], seq: u64) -> Option<&mut CaseResult> {
    results.iter_mut().find(|r| r.seq == Some(seq))
}

/// Applies a known-failures line whose case id holds `*` to every failing
/// case it names; returns what no longer holds: it names no failing case,
/// or one that fails at another stage.
fn known_pattern(entry: &Known, results: &mut [CaseResult]) -> Vec<String> {
    let mut errors = Vec::new();
    let mut named = 0;
    for result in results.iter_mut() {
        let Verdict::Fail(f) = &result.verdict else {
            continue;
        };
        let case = format!("{}/{}", result.scheme, result.id);
        if result.known.is_some() || result.informative || !entry.names(&case) {
            continue;
        }
        named += 1;
        if entry.at(&f.stage) {
            result.known = Some(entry.status.to_string());
        } else {
            errors.push(format!(
                "{}: {case} fails at stage {}, not {}",
                entry.case, f.stage, entry.stage
            ));
        }
    }
    if named == 0 {
        errors.push(format!(
            "{}: names no failing case; remove the line",
            entry.case
        ));
    }
    errors
}

fn finish(
    session: Session,
    mut results: Vec<CaseResult>,
    all_ids: &BTreeSet<String>,
    options: &Options,
    new_cases: Vec<String>,
    aborted: Option<String>,
) -> Report {
    let restarts = session.restarts;
    let (port, language) = (session.hello.name.clone(), session.hello.language.clone());
    // A second answer to the last case comes when no case is left to run.
    blame_extra(session.finish(), &mut results);
    let mut known_errors = Vec::new();
    // Exact lines first: a wildcard covers only the failures they leave.
    let (patterns, exact): (Vec<&Known>, Vec<&Known>) =
        options.known.iter().partition(|k| k.is_pattern());
    for entry in exact {
        let Some(result) = results
            .iter_mut()
            .find(|r| format!("{}/{}", r.scheme, r.id) == entry.case)
        else {
            // A run that stopped early has not seen every case.
            if !all_ids.contains(&entry.case) && aborted.is_none() {
                known_errors.push(format!("{}: names no case", entry.case));
            }
            continue;
        };
        match &result.verdict {
            Verdict::Fail(_) if result.informative => {
                known_errors.push(format!(
                    "{}: is informative (the page leaves a choice): a difference is reported, not failed; remove the line",
                    entry.case
                ));
            }
            Verdict::Pass => {
                known_errors.push(format!("{}: now passes; remove the line", entry.case));
            }
            Verdict::Unsupported { .. } => {
                known_errors.push(format!("{}: is not run by this port", entry.case));
            }
            Verdict::Fail(f) if entry.at(&f.stage) => {
                result.known = Some(entry.status.to_string());
            }
            Verdict::Fail(f) => {
                known_errors.push(format!(
                    "{}: fails at stage {}, not {}",
                    entry.case, f.stage, entry.stage
                ));
            }
        }
    }
    for entry in patterns {
        known_errors.extend(known_pattern(entry, &mut results));
    }
    let known_update = results
        .iter()
        .filter_map(|r| match &r.verdict {
            Verdict::Fail(f) if !r.informative => {
                let case = format!("{}/{}", r.scheme, r.id);
                let status = options
                    .known
                    .iter()
                    .find(|k| k.names(&case))
                    .map_or(Status::Todo, |k| k.status);
                Some(known::line(&case, status, &f.stage))
            }
            _ => None,
        })
        .collect();
    Report {
        port,
        language,
        cases: results,
        known_errors,
        known_update,
        new_cases,
        restarts,
        aborted,
    }
}
