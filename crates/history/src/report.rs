//! [`Report`]: what a history shows, as `fairdeal history --json` prints
//! it, its [`Verdict`] and its text for people.

use std::fmt::Write as _;

use serde::Serialize;

use crate::chain::lines;
use crate::finding::Finding;
use crate::odds::{Method, Observed, Test};

/// A corrected p-value below this makes a history suspicious.
pub const SUSPICIOUS_BELOW: f64 = 0.001;

/// What a history can and cannot show, said under every verdict.
pub const LIMITS: &str = "A history can show that a site's deals are not those of a uniform \
shuffle of fresh seeds: a seed reused, a deal repeated or skipped, hands too far from the exact \
odds. It cannot show that a site is fair: a site that picks its seeds or drops deals more subtly \
than these tests detect, over fewer hands than they need, leaves a history consistent with a \
fair deal.";

/// The verdict on a history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every receipt verified, no finding, no corrected p-value below
    /// [`SUSPICIOUS_BELOW`]: consistent with a fair deal (never "fair").
    Consistent,
    /// Every receipt verified, and a finding or a test below
    /// [`SUSPICIOUS_BELOW`].
    Suspicious,
    /// A receipt not verified, or refused.
    Failed,
}

/// The report on a history: the shape of `fairdeal history --json`.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The receipts read (blank lines are not receipts).
    pub receipts: u64,
    /// Receipts verified.
    pub verified: u64,
    /// Receipts whose check failed.
    pub not_verified: u64,
    /// Receipts refused.
    pub invalid: u64,
    /// The findings across receipts.
    pub findings: Vec<Finding>,
    /// The tests of the player's cards against the exact odds.
    pub tests: Vec<Test>,
    /// The verdict.
    pub verdict: Verdict,
}

impl Report {
    /// Returns the report on these counts, findings and tests, with its
    /// verdict.
    pub fn new(
        receipts: u64,
        verified: u64,
        not_verified: u64,
        invalid: u64,
        findings: Vec<Finding>,
        tests: Vec<Test>,
    ) -> Self {
        let verdict = if not_verified > 0 || invalid > 0 {
            Verdict::Failed
        } else if !findings.is_empty() || tests.iter().any(flagged) {
            Verdict::Suspicious
        } else {
            Verdict::Consistent
        };
        Self {
            receipts,
            verified,
            not_verified,
            invalid,
            findings,
            tests,
            verdict,
        }
    }

    /// Returns the report as people read it: the counts, each finding,
    /// each test in a line, the verdict in words and what a history can
    /// and cannot show.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} receipts: {} verified, {} not verified, {} invalid",
            self.receipts, self.verified, self.not_verified, self.invalid
        );
        if !self.findings.is_empty() {
            let _ = writeln!(out, "\nAcross receipts:");
            for f in &self.findings {
                let _ = match f.lines.as_slice() {
                    [] => writeln!(out, "  {}: {}", f.kind, f.message),
                    lines_of => writeln!(
                        out,
                        "  {} (lines {}): {}",
                        f.kind,
                        lines(lines_of),
                        f.message
                    ),
                };
            }
        }
        if !self.tests.is_empty() {
            let _ = writeln!(out, "\nYour cards against the exact odds:");
            for t in &self.tests {
                let seen = match (t.method, t.observed) {
                    (Method::LongestRun, Observed::Count(run)) => format!(
                        "longest run {run} in {} hands, fair range {}",
                        t.hands, t.expected
                    ),
                    (_, Observed::Count(k)) => {
                        format!("{k} in {} hands, expected {} a hand", t.hands, t.expected)
                    }
                    (_, Observed::Statistic(x)) => {
                        format!("statistic {x:.2} over {} hands, {}", t.hands, t.expected)
                    }
                };
                let _ = writeln!(
                    out,
                    "  {}{} {}: {seen}; p = {:.3e}, corrected {:.3e}",
                    if flagged(t) { "! " } else { "" },
                    t.scheme,
                    t.name,
                    t.p_value,
                    t.p_corrected
                );
            }
        }
        let _ = writeln!(out, "\nVerdict: {}", self.verdict_words());
        let _ = writeln!(out, "{LIMITS}");
        out
    }

    /// Returns the verdict in words, naming what made it.
    fn verdict_words(&self) -> String {
        match self.verdict {
            Verdict::Consistent => "consistent with a fair deal".to_owned(),
            Verdict::Failed => format!(
                "failed: {} not verified and {} invalid of {} receipts",
                self.not_verified, self.invalid, self.receipts
            ),
            Verdict::Suspicious => {
                let mut named: Vec<String> = Vec::new();
                for kind in crate::finding::KINDS {
                    let n = self.findings.iter().filter(|f| f.kind == kind).count();
                    if n > 0 {
                        named.push(format!("{kind} ({n})"));
                    }
                }
                named.extend(self.tests.iter().filter(|t| flagged(t)).map(|t| {
                    format!(
                        "{} {} (corrected p {:.1e})",
                        t.scheme, t.name, t.p_corrected
                    )
                }));
                format!("suspicious: {}", named.join(", "))
            }
        }
    }
}

/// Whether a test's corrected p-value makes a history suspicious.
fn flagged(test: &Test) -> bool {
    test.p_corrected < SUSPICIOUS_BELOW
}
