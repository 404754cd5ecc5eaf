//! What a person reads at the end of a run, and JUnit XML for CI systems.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{Report, Verdict};

/// Returns the human summary: each failure, a line per scheme, the
/// known-failures problems and update, the new cases of a differential run,
/// why the run stopped early or ran no case, and the final
/// `N passed, N failed, N skipped`.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "port: {} ({})", report.port, report.language);
    for case in &report.cases {
        let Verdict::Fail(f) = &case.verdict else {
            continue;
        };
        let tag = if case.known.is_some() {
            "KNOWN"
        } else {
            "FAIL"
        };
        let _ = writeln!(
            out,
            "{tag} {}/{} ({}): {}",
            case.scheme, case.id, case.kind, f.message
        );
        if let Some(text) = &f.hashed_text {
            let _ = writeln!(out, "     hashed text: {text:?}");
        }
        for line in &f.stderr {
            let _ = writeln!(out, "     stderr: {line}");
        }
    }
    let mut per_scheme: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    for case in &report.cases {
        let counts = per_scheme.entry(&case.scheme).or_default();
        match (&case.verdict, &case.known) {
            (Verdict::Pass, _) => counts[0] += 1,
            (Verdict::Fail(_), None) => counts[1] += 1,
            (Verdict::Unsupported { .. }, _) => counts[2] += 1,
            (Verdict::Fail(_), Some(_)) => counts[3] += 1,
        }
    }
    for (scheme, [p, f, s, k]) in &per_scheme {
        let known = if *k > 0 {
            format!(", {k} known failures")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{scheme}: {p} passed, {f} failed, {s} unsupported{known}"
        );
    }
    if report.restarts > 0 {
        let _ = writeln!(
            out,
            "the port was started again {} times after misbehaving",
            report.restarts
        );
    }
    if !report.known_errors.is_empty() {
        let _ = writeln!(out, "\nthe known-failures file no longer holds:");
        for e in &report.known_errors {
            let _ = writeln!(out, "  {e}");
        }
        let _ = writeln!(out, "these lines would bring it up to date:");
        for line in &report.known_update {
            let _ = writeln!(out, "{line}");
        }
    }
    if !report.new_cases.is_empty() {
        let _ = writeln!(
            out,
            "\ninputs where the port differs, as vector cases for a trace group:"
        );
        for case in &report.new_cases {
            let _ = writeln!(out, "{case},");
        }
    }
    if let Some(why) = &report.aborted {
        let _ = writeln!(out, "\nstopped after {} cases: {why}", report.cases.len());
    } else if report.ran() == 0 {
        let why = if report.cases.is_empty() {
            "no case matched the selection (check --scheme and --case)".to_owned()
        } else {
            format!(
                "the port skipped or does not support all {} selected cases",
                report.cases.len()
            )
        };
        let _ = writeln!(out, "\nno case ran: {why}; a run must run at least one");
    }
    let (passed, failed, skipped, _) = report.counts();
    let _ = writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped");
    out
}

/// Returns the report as JUnit XML: one test suite per scheme.
pub fn junit(report: &Report) -> String {
    let mut suites: BTreeMap<&str, Vec<&super::CaseResult>> = BTreeMap::new();
    for case in &report.cases {
        suites.entry(&case.scheme).or_default().push(case);
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fairdeal conformance\">\n",
    );
    for (scheme, cases) in suites {
        let failures = cases
            .iter()
            .filter(|c| matches!(c.verdict, Verdict::Fail(_)) && c.known.is_none())
            .count();
        let skipped = cases
            .iter()
            .filter(|c| !matches!(c.verdict, Verdict::Pass | Verdict::Fail(_)) || c.known.is_some())
            .count();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">",
            xml(scheme),
            cases.len()
        );
        for case in cases {
            let _ = write!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\"",
                xml(scheme),
                xml(&case.id)
            );
            match (&case.verdict, &case.known) {
                (Verdict::Pass, _) => out.push_str("/>\n"),
                (Verdict::Fail(f), None) => {
                    let body = [f.message.clone()]
                        .into_iter()
                        .chain(f.hashed_text.iter().map(|t| format!("hashed text: {t:?}")))
                        .chain(f.stderr.iter().map(|l| format!("stderr: {l}")))
                        .collect::<Vec<_>>()
                        .join("\n");
                    let _ = writeln!(
                        out,
                        ">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
                        xml(&f.message),
                        xml(&f.stage),
                        xml(&body)
                    );
                }
                (Verdict::Fail(f), Some(status)) => {
                    let _ = writeln!(
                        out,
                        ">\n      <skipped message=\"known failure ({}) at {}\"/>\n    </testcase>",
                        xml(status),
                        xml(&f.stage)
                    );
                }
                (Verdict::Unsupported { reason }, _) => {
                    let _ = writeln!(
                        out,
                        ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                        xml(reason)
                    );
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// Escapes text for XML attributes and content, replacing the characters
/// XML 1.0 cannot hold (controls but tab and line ends, U+FFFE, U+FFFF;
/// Rust strings hold no surrogates) with U+FFFD.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                out.push('\u{FFFD}');
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::port::{CaseResult, Failure, Report};

    fn report(message: &str) -> Report {
        Report {
            port: "p".to_owned(),
            language: "L".to_owned(),
            cases: vec![CaseResult {
                scheme: "euchremaster".to_owned(),
                id: "dealer-1".to_owned(),
                kind: "trace",
                verdict: Verdict::Fail(Box::new(Failure {
                    stage: "broken".to_owned(),
                    pointer: String::new(),
                    expected: serde_json::Value::Null,
                    actual: serde_json::Value::Null,
                    hashed_text: None,
                    message: message.to_owned(),
                    stderr: vec![message.to_owned()],
                })),
                known: None,
            }],
            known_errors: Vec::new(),
            known_update: Vec::new(),
            new_cases: Vec::new(),
            restarts: 0,
            aborted: None,
        }
    }

    /// U+FFFE and U+FFFF are no XML 1.0 characters: a port's message that
    /// held them made the JUnit file ill-formed.
    #[test]
    fn junit_holds_only_xml_characters() {
        let xml = junit(&report("a\u{FFFE}b\u{FFFF}c\u{1}d\u{FFFD}e\tf"));
        assert!(!xml.contains(['\u{FFFE}', '\u{FFFF}', '\u{1}']), "{xml}");
        assert!(
            xml.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\tf"),
            "{xml}"
        );
    }

    #[test]
    fn a_run_of_no_case_is_not_ok() {
        let mut r = report("x");
        r.cases.clear();
        assert!(!r.ok());
        assert!(summary(&r).contains("no case ran: no case matched the selection"));
        r.cases = report("x").cases;
        r.cases[0].verdict = Verdict::Unsupported {
            reason: "no".to_owned(),
        };
        assert!(!r.ok());
        assert!(summary(&r).contains("no case ran: the port skipped or does not support all 1"));
    }
}
