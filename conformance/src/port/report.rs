//! What a person reads at the end of a run, and JUnit XML for CI systems.

use std::collections::BTreeMap;
use std::fmt::Write;

use fairdeal::core::info::Hashed;

use super::{CaseResult, Counts, Failure, Outcome, Report, Verdict};

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
        let tag = match case.outcome() {
            Outcome::Known => "KNOWN",
            Outcome::Informative => "INFORMATIVE",
            _ => "FAIL",
        };
        let _ = writeln!(
            out,
            "{tag} {}/{} ({}): {}",
            case.scheme, case.id, case.kind, f.message
        );
        for line in evidence_lines(f) {
            let _ = writeln!(out, "     {line}");
        }
        for hint in &f.hints {
            let _ = writeln!(out, "     hint: {hint}");
        }
        for line in f.hashed.iter().flat_map(hashed_lines) {
            let _ = writeln!(out, "     {line}");
        }
        for line in &f.stderr {
            let _ = writeln!(out, "     stderr: {line}");
        }
    }
    let mut per_scheme: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for case in &report.cases {
        per_scheme.entry(&case.scheme).or_default().push(case);
    }
    for (scheme, cases) in per_scheme {
        let c = Counts::of(cases);
        let mut line = format!(
            "{scheme}: {} passed, {} failed, {} unsupported",
            c.passed, c.failed, c.skipped
        );
        if c.known > 0 {
            let _ = write!(line, ", {} known failures", c.known);
        }
        if c.informative > 0 {
            let _ = write!(line, ", {} informative differences", c.informative);
        }
        let _ = writeln!(out, "{line}");
    }
    let stages = super::stages::by_stage(&report.cases);
    if !stages.is_empty() {
        let _ = writeln!(out, "by stage (FAIL: where cases first differ):");
        for line in stages {
            let _ = writeln!(out, "  {line}");
        }
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
    let c = report.counts();
    if c.informative > 0 {
        let _ = writeln!(
            out,
            "{} informative differences: where the page leaves a choice, the port chose otherwise than this project (docs/vectors.md, \"Normative and informative cases\"); not failures",
            c.informative
        );
    }
    let _ = writeln!(
        out,
        "{} passed, {} failed, {} skipped",
        c.passed, c.failed, c.skipped
    );
    out
}

/// Returns the lines that show what was hashed, each part on its own line
/// as a JSON string: an HMAC's `hashed key` and `hashed message`, a plain
/// SHA-256's `hashed text`, and atout-v1's `key text` (the text whose
/// SHA-256 is the key the hashed text starts with).
pub fn hashed_lines(hashed: &Hashed) -> Vec<String> {
    let mut lines = Vec::new();
    match &hashed.key {
        Some(key) => {
            lines.push(format!("hashed key: {}", json_ascii(key)));
            lines.push(format!("hashed message: {}", json_ascii(&hashed.message)));
        }
        None => lines.push(format!("hashed text: {}", json_ascii(&hashed.message))),
    }
    if let Some(text) = &hashed.key_text {
        lines.push(format!("key text: {}", json_ascii(text)));
    }
    lines
}

/// Returns `text` as a JSON string of ASCII alone: every character outside
/// printable ASCII written as `\uXXXX` (UTF-16, as JSON has it), so that
/// the exact characters show (`e` and U+0301 apart from `\u00e9`) and
/// nothing acts on a terminal.
fn json_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            c => {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
    out
}

/// Returns the report as JUnit XML: one test suite per scheme.
pub fn junit(report: &Report) -> String {
    let mut suites: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for case in &report.cases {
        suites.entry(&case.scheme).or_default().push(case);
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fairdeal conformance\">\n",
    );
    for (scheme, cases) in suites {
        let c = Counts::of(cases.iter().copied());
        let (failures, skipped) = (c.failed, c.skipped + c.known + c.informative);
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
                (Verdict::Fail(f), _) if case.informative => {
                    let _ = writeln!(
                        out,
                        ">\n      <skipped message=\"informative difference at {}: {}\"/>\n    </testcase>",
                        xml(&f.stage),
                        xml(&f.message)
                    );
                }
                (Verdict::Fail(f), None) => {
                    let body = [f.message.clone()]
                        .into_iter()
                        .chain(evidence_lines(f))
                        .chain(f.hints.iter().map(|h| format!("hint: {h}")))
                        .chain(f.hashed.iter().flat_map(hashed_lines))
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

/// The evidence under a refusal mismatch: the value the case gives and
/// what the port answered, each already clipped and escaped.
pub(super) fn evidence_lines(f: &Failure) -> Vec<String> {
    let given = f.given.iter().map(|g| format!("the case gives: {g}"));
    let answered = f.answered.iter().map(|a| format!("the port answered: {a}"));
    given.chain(answered).collect()
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
    use crate::port::Report;

    fn report(message: &str) -> Report {
        Report {
            port: "p".to_owned(),
            language: "L".to_owned(),
            cases: vec![CaseResult {
                scheme: "euchremaster".to_owned(),
                id: "dealer-1".to_owned(),
                kind: "trace",
                seq: Some(1),
                refusal: false,
                setup: false,
                verdict: Verdict::Fail(Box::new(Failure {
                    stage: "broken".to_owned(),
                    pointer: String::new(),
                    expected: serde_json::Value::Null,
                    actual: serde_json::Value::Null,
                    hashed: None,
                    message: message.to_owned(),
                    hints: Vec::new(),
                    stderr: vec![message.to_owned()],
                    ..Failure::default()
                })),
                known: None,
                informative: false,
            }],
            known_errors: Vec::new(),
            known_update: Vec::new(),
            new_cases: Vec::new(),
            restarts: 0,
            aborted: None,
        }
    }

    /// The key and the message are shown apart, each exactly, with no prose
    /// mixed in; a character outside printable ASCII shows as its escape.
    #[test]
    fn hashed_parts_are_shown_each_on_its_own_line() {
        let hmac = Hashed {
            key: Some("c377".to_owned()),
            message: "lucky:0:0".to_owned(),
            key_text: None,
        };
        assert_eq!(
            hashed_lines(&hmac),
            ["hashed key: \"c377\"", "hashed message: \"lucky:0:0\""]
        );
        let atout = Hashed {
            key: None,
            message: "b7c5:0".to_owned(),
            key_text: Some("atout-v1|s|12||7|".to_owned()),
        };
        assert_eq!(
            hashed_lines(&atout),
            ["hashed text: \"b7c5:0\"", "key text: \"atout-v1|s|12||7|\""]
        );
        let text = Hashed::text("cafe\u{301} \"\\\u{1b}\u{1f600}");
        assert_eq!(
            hashed_lines(&text),
            ["hashed text: \"cafe\\u0301 \\\"\\\\\\u001b\\ud83d\\ude00\""]
        );
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
