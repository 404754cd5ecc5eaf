//! `fairdeal bench [SCHEME...]`: deals per second against the SHA-256 bound.
//! The workloads and the measuring are in the `fairdeal-measure` crate,
//! shared with the criterion benches; this file checks the flags and prints.

use fairdeal_measure::{Options, workload};

use crate::args::BenchArgs;
use crate::error::{CliError, Outcome};
use crate::output::{print, print_json};

pub fn run(args: &BenchArgs) -> Result<Outcome, CliError> {
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        return Err(CliError::Usage(format!(
            "--seconds: {} is not a positive number of seconds",
            args.seconds
        )));
    }
    if args.threads == Some(0) {
        return Err(CliError::Usage(
            "--threads: 0 threads, expected 1 or more".to_owned(),
        ));
    }
    if let Some(unknown) = args
        .schemes
        .iter()
        .find(|id| fairdeal::scheme(id).is_none())
    {
        let known: Vec<&str> = fairdeal::SCHEMES.iter().map(|s| s.id()).collect();
        return Err(CliError::Usage(format!(
            "no scheme {unknown:?}, expected one of {}",
            known.join(", ")
        )));
    }
    let workloads: Vec<_> = workload::all()
        .into_iter()
        .filter(|w| args.schemes.is_empty() || args.schemes.iter().any(|id| id == w.scheme))
        .collect();
    let options = Options {
        seconds: args.seconds,
        threads: args.threads,
    };
    let report = fairdeal_measure::run(&workloads, &options, &mut |line| {
        eprintln!("bench: {line}");
    });
    if args.json {
        // OK because the report is numbers and strings, which serialize.
        print_json(&serde_json::to_value(&report).unwrap_or_default())?;
    } else {
        print(&report.table())?;
    }
    Ok(Outcome::Ok)
}
