//! `fairdeal deal SCHEME`: reproduce a deal, unchecked. A receipt file is
//! taken as it is; its fingerprint is shown as not checked, never silently
//! dropped.

use fairdeal::render::{self, Reader, Style};
use serde_json::{Value, json};

use crate::args::SchemeCall;
use crate::error::{CliError, Outcome};
use crate::input::{gather, hint};
use crate::output::{print, print_json};

pub fn run(call: &SchemeCall<false>, style: Style) -> Result<Outcome, CliError> {
    let gathered = gather(call)?;
    let input = gathered.input;
    let trace = call
        .scheme
        .trace_json(&input)
        .map_err(|e| hint(call.scheme, e))?;
    if call.json {
        let mut out = trace;
        if let Some(given) = &gathered.fingerprint {
            out["fingerprint_given"] = json!(given);
            out["fingerprint_checked"] = Value::Bool(false);
        }
        print_json(&out)?;
    } else {
        let view = call.scheme.view(&input).map_err(|e| hint(call.scheme, e))?;
        let given = gathered.fingerprint.as_ref().map_or_else(String::new, |f| {
            format!(
                "given        {}  (not checked)\n",
                fairdeal::core::input::text::shown(f)
            )
        });
        print(&format!(
            "{}{}{given}",
            render::trace(call.scheme, &view, style, Reader::default()),
            render::fingerprint_check(call.scheme)
        ))?;
    }
    Ok(Outcome::Ok)
}
