//! `fairdeal deal SCHEME`: reproduce a deal.

use fairdeal::render;

use crate::args::SchemeCall;
use crate::error::{CliError, Outcome};
use crate::input::{gather, hint};
use crate::output::{print, print_json};

pub fn run(call: &SchemeCall<false>) -> Result<Outcome, CliError> {
    let input = gather(call)?.input;
    let trace = call
        .scheme
        .trace_json(&input)
        .map_err(|e| hint(call.scheme, e))?;
    if call.json {
        print_json(&trace)?;
    } else {
        let view = call.scheme.view(&input).map_err(|e| hint(call.scheme, e))?;
        print(&format!(
            "{}{}",
            render::trace(
                call.scheme,
                &view,
                render::Style::SYMBOLS,
                render::Reader::default()
            ),
            render::fingerprint_check(call.scheme)
        ))?;
    }
    Ok(Outcome::Ok)
}
