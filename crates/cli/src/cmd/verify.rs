//! `fairdeal verify SCHEME`: reproduce a deal and check its fingerprint.

use fairdeal::core::Fingerprint;
use fairdeal::render;
use serde_json::{Map, Value, json};

use crate::args::SchemeCall;
use crate::error::{CliError, Outcome};
use crate::input::{gather, hint};
use crate::output::{print, print_json};

pub fn run(call: &SchemeCall<true>) -> Result<Outcome, CliError> {
    let gathered = gather(call)?;
    let input = gathered.input;
    let trace = call.scheme.trace_json(&input).map_err(hint)?;
    let Some(given) = gathered.fingerprint else {
        return Err(CliError::Usage(
            "verify needs the fingerprint shown before play: give --fingerprint HEX (or \"fingerprint\" in the --input file)".to_owned(),
        ));
    };
    let given = Fingerprint::parse("fingerprint", &given)?.to_string();
    let computed = trace
        .get("fingerprint")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let commitment = call.scheme.commitment();
    let verified = given == computed;

    if call.json {
        let mut out = Map::new();
        out.insert("verified".to_owned(), json!(verified));
        out.insert("fingerprint_given".to_owned(), json!(given));
        if verified {
            out.extend(trace.as_object().cloned().unwrap_or_default());
        } else {
            out.insert("fingerprint".to_owned(), json!(computed));
        }
        print_json(&Value::Object(out))?;
    } else if verified {
        print(&format!(
            "VERIFIED: the fingerprint matches {commitment}, so these inputs are the ones committed to before play.\n\n{}",
            render::trace(call.scheme, &input, &trace)
        ))?;
    } else {
        // The two values line up under each other, however long the
        // commitment's name.
        let width = commitment.len().max(18);
        print(&format!(
            "NOT VERIFIED: the fingerprint does not match {commitment}.\n\
             \x20 {:<width$}  {given}\n\
             \x20 {commitment:<width$}  {computed}\n\
             The deal is not shown: inputs that do not match the commitment prove nothing about the game.\n",
            "fingerprint given"
        ))?;
    }
    Ok(if verified {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}
