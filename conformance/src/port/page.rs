//! The results page and badge of a run: one static HTML page (per scheme,
//! the stages passed and each failure with its evidence) and a shields.io
//! endpoint badge. Nothing a port wrote is ever markup on the page: every
//! text is escaped, and the page holds no script.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::json;

use super::report::{evidence_lines, hashed_lines};
use super::{Report, Verdict};

/// The page's style, inline: the page is one file.
const STYLE: &str = "body{font:15px/1.45 system-ui,sans-serif;max-width:60em;margin:2em auto;\
padding:0 1em;color:#222}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}\
table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;\
text-align:left}.ok{color:#176b2c}.fail{color:#b3261e}.known{color:#8a6100}\
pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em;margin:.3em 0 1em}";

/// Returns the results page of `report`; `vectors` is the version of the
/// vector files run, when known.
pub fn html(report: &Report, vectors: Option<&str>) -> String {
    let c = report.counts();
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>fairdeal conformance: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>fairdeal conformance: {}</h1>\n<p>Port: {} ({})",
        escape(&report.port),
        escape(&report.port),
        escape(&report.port),
        escape(&report.language)
    );
    if let Some(version) = vectors {
        let _ = write!(out, "; vectors {}", escape(version));
    }
    let _ = writeln!(
        out,
        ".</p>\n<p class=\"{}\">{} passed, {} failed, {} known failures, {} informative \
         differences, {} skipped.</p>",
        if report.ok() { "ok" } else { "fail" },
        c.passed,
        c.failed,
        c.known,
        c.informative,
        c.skipped
    );
    if let Some(why) = &report.aborted {
        let _ = writeln!(
            out,
            "<p class=\"fail\">The run stopped early: {}</p>",
            escape(why)
        );
    }
    let stages: BTreeMap<String, String> = super::stages::by_stage(&report.cases)
        .into_iter()
        .filter_map(|line| {
            let (scheme, rest) = line.split_once(": ")?;
            Some((scheme.to_owned(), rest.to_owned()))
        })
        .collect();
    let mut schemes: Vec<&str> = report.cases.iter().map(|c| c.scheme.as_str()).collect();
    schemes.dedup();
    for scheme in schemes {
        let cases = report.cases.iter().filter(|c| c.scheme == scheme);
        let _ = writeln!(out, "<h2>{}</h2>", escape(scheme));
        if let Some(line) = stages.get(scheme) {
            let _ = writeln!(out, "<p>Stages: {}</p>", escape(line));
        }
        let failures: Vec<_> = cases
            .filter_map(|c| match &c.verdict {
                Verdict::Fail(f) => Some((c, f)),
                _ => None,
            })
            .collect();
        for (case, f) in failures {
            let (class, tag) = match (&case.known, case.informative) {
                (_, true) => (
                    "known",
                    "informative difference (the page leaves a choice)".to_owned(),
                ),
                (Some(status), false) => ("known", format!("known failure ({status})")),
                (None, false) => ("fail", "FAIL".to_owned()),
            };
            let _ = writeln!(
                out,
                "<h3 class=\"{class}\">{} {} ({})</h3>",
                escape(&tag),
                escape(&case.id),
                escape(case.kind)
            );
            let lines: Vec<String> = [f.message.clone()]
                .into_iter()
                .chain(evidence_lines(f))
                .chain(f.hints.iter().map(|h| format!("hint: {h}")))
                .chain(f.hashed.iter().flat_map(hashed_lines))
                .chain(f.stderr.iter().map(|l| format!("stderr: {l}")))
                .collect();
            let _ = writeln!(out, "<pre>{}</pre>", escape(&lines.join("\n")));
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Returns a shields.io endpoint badge of `report`: `N/M passed` of the
/// normative cases the port ran; green when the run passed as required, yellow when
/// no case failed unexpectedly but the known-failures file no longer holds
/// or no case ran, red when a case failed unexpectedly or the run stopped.
pub fn badge(report: &Report) -> String {
    let c = report.counts();
    let color = if report.ok() {
        "brightgreen"
    } else if c.failed == 0 && report.aborted.is_none() {
        "yellow"
    } else {
        "red"
    };
    let badge = json!({
        "schemaVersion": 1,
        "label": "fairdeal conformance",
        // Of the cases that must agree: an informative difference is neither.
        "message": format!("{}/{} passed", c.passed, c.ran() - c.informative),
        "color": color,
    });
    format!("{badge}\n")
}

/// Escapes text for HTML content and attributes: `&`, `<`, `>`, `"`, `'`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_markup_character_is_escaped() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
    }
}
