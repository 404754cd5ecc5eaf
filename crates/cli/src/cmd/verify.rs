//! `fairdeal verify SCHEME`: reproduce a deal and check it against what was
//! committed: the fingerprint, and any check of the scheme's own (a game
//! record's patterns).

use fairdeal::core::{Check, Fingerprint};
use fairdeal::render;
use serde_json::{Map, Value, json};

use crate::args::SchemeCall;
use crate::error::{CliError, Outcome};
use crate::input::{gather, hint};
use crate::output::{print, print_json};

pub fn run(call: &SchemeCall<true>) -> Result<Outcome, CliError> {
    let gathered = gather(call)?;
    let input = gathered.input;
    let scheme = call.scheme;
    let trace = scheme
        .trace_json(&input)
        .map_err(|e| hint(call.scheme, e))?;
    let computed = trace
        .get("fingerprint")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();

    let mut checks = Vec::new();
    if let Some(given) = &gathered.fingerprint {
        let given = Fingerprint::parse("fingerprint", given)?.to_string();
        checks.push(Check {
            what: "fingerprint".to_owned(),
            ok: given == computed,
            expected: computed.clone(),
            given,
        });
    }
    checks.extend(
        scheme
            .checks_json(&input)
            .map_err(|e| hint(call.scheme, e))?,
    );
    if checks.is_empty() {
        return Err(CliError::Usage(
            "verify needs the fingerprint shown before play: give --fingerprint HEX (or \"fingerprint\" in the --input file)"
                .to_owned(),
        ));
    }
    let verified = checks.iter().all(|c| c.ok);
    let commitment = scheme.info().commitment.hashes;

    if call.json {
        let mut out = Map::new();
        out.insert("verified".to_owned(), json!(verified));
        if let Some(given) = checks.iter().find(|c| c.what == "fingerprint") {
            out.insert("fingerprint_given".to_owned(), json!(given.given));
        }
        out.insert("checks".to_owned(), json!(checks));
        if verified {
            out.extend(trace.as_object().cloned().unwrap_or_default());
        } else {
            out.insert("fingerprint".to_owned(), json!(computed));
        }
        print_json(&Value::Object(out))?;
    } else if verified {
        let view = scheme.view(&input).map_err(|e| hint(call.scheme, e))?;
        let said: Vec<String> = checks.iter().map(|c| passed(c, commitment)).collect();
        print(&format!(
            "VERIFIED: {}.\n\n{}",
            said.join("; "),
            render::trace(
                scheme,
                &view,
                render::Style::SYMBOLS,
                render::Reader::default()
            )
        ))?;
    } else {
        let mut out = String::new();
        for c in checks.iter().filter(|c| !c.ok) {
            out.push_str(&failed(c, commitment));
        }
        out.push_str("The deal is not shown: inputs that do not match what was committed prove nothing about the game.\n");
        print(&out)?;
    }
    Ok(if verified {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

fn passed(check: &Check, commitment: &str) -> String {
    if check.what == "fingerprint" {
        format!(
            "the fingerprint matches {commitment}, so these inputs are the ones committed to before play"
        )
    } else {
        format!("{} is {} as drawn", check.what, check.expected)
    }
}

fn failed(check: &Check, commitment: &str) -> String {
    if check.what == "fingerprint" {
        // The two values line up under each other, however long the
        // commitment's name.
        let width = commitment.len().max(18);
        format!(
            "NOT VERIFIED: the fingerprint does not match {commitment}.\n\
             \x20 {:<width$}  {}\n\
             \x20 {commitment:<width$}  {}\n",
            "fingerprint given", check.given, check.expected
        )
    } else {
        format!(
            "NOT VERIFIED: {} does not match.\n\
             \x20 given               {}\n\
             \x20 drawn by the method {}\n",
            check.what, check.given, check.expected
        )
    }
}
