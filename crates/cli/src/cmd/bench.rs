//! `fairdeal bench [SCHEME...]`: deals per second against the SHA-256 bound.
//! The workloads and the measuring are in the `fairdeal-measure` crate,
//! shared with the criterion benches; this file checks the flags and prints.

use fairdeal::core::input::text::shown;
use fairdeal_measure::{MAX_SECONDS, MAX_THREADS, MeasureError, Options, workload};

use crate::args::BenchArgs;
use crate::error::{CliError, Outcome};
use crate::output::{print, print_json};

pub fn run(args: &BenchArgs) -> Result<Outcome, CliError> {
    let seconds = seconds(&args.seconds)?;
    let threads = args.threads.as_deref().map(threads).transpose()?;
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
    let options = Options { seconds, threads };
    let report = fairdeal_measure::run(&workloads, &options, &mut |line| {
        eprintln!("bench: {line}");
    })
    .map_err(|e| match e {
        MeasureError::Spawn { .. } | MeasureError::Threads(_) => {
            CliError::Usage(format!("--threads: {e}"))
        }
        _ => CliError::Usage(format!("--seconds: {e}")),
    })?;
    if args.json {
        // OK because the report is numbers and strings, which serialize.
        print_json(&serde_json::to_value(&report).unwrap_or_default())?;
    } else {
        print(&report.table())?;
    }
    Ok(Outcome::Ok)
}

/// Reads `--seconds`: a number of seconds above 0, at most
/// [`MAX_SECONDS`] (an hour: a longer window says nothing more, and
/// `1e20` would overflow the clock).
fn seconds(text: &str) -> Result<f64, CliError> {
    let expected = format!("expected more than 0 and at most {MAX_SECONDS} seconds");
    let refuse =
        |what: &str| CliError::Usage(format!("--seconds: {} {what}, {expected}", shown(text)));
    match text.trim().parse::<f64>() {
        Err(_) => Err(refuse("is not a number")),
        Ok(s) if !(s.is_finite() && s > 0.0) => Err(refuse("is not a positive number of seconds")),
        Ok(s) if s > MAX_SECONDS => Err(refuse("is too long")),
        Ok(s) => Ok(s),
    }
}

/// Reads `--threads`: 1 to [`MAX_THREADS`] (far above any machine's cores
/// the scaling says nothing, and each thread holds its own buffers).
fn threads(text: &str) -> Result<usize, CliError> {
    use std::num::IntErrorKind::{NegOverflow, PosOverflow};
    let refuse = |what: &str| {
        CliError::Usage(format!(
            "--threads: {} {what}, expected 1 to {MAX_THREADS}",
            shown(text)
        ))
    };
    match text.trim().parse::<i128>() {
        Ok(n) => usize::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_THREADS).contains(n))
            .ok_or_else(|| refuse("threads")),
        Err(e) if matches!(e.kind(), NegOverflow | PosOverflow) => Err(refuse("threads")),
        Err(_) => Err(refuse("is not a whole number of threads")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::usage;

    #[test]
    fn seconds_and_threads_are_in_range_or_named_with_it() {
        assert_eq!(seconds("0.05").ok(), Some(0.05));
        assert_eq!(seconds("3600").ok(), Some(3600.0));
        assert_eq!(threads("256").ok(), Some(256));
        assert_eq!(
            usage(seconds("1e20")),
            "--seconds: 1e20 is too long, expected more than 0 and at most 3600 seconds"
        );
        assert_eq!(
            usage(seconds("-1")),
            "--seconds: -1 is not a positive number of seconds, expected more than 0 and at most 3600 seconds"
        );
        assert_eq!(
            usage(seconds("soon")),
            "--seconds: soon is not a number, expected more than 0 and at most 3600 seconds"
        );
        assert_eq!(
            usage(threads("5000")),
            "--threads: 5000 threads, expected 1 to 256"
        );
        assert_eq!(
            usage(threads("-1")),
            "--threads: -1 threads, expected 1 to 256"
        );
        assert_eq!(
            usage(threads(&"9".repeat(60))),
            format!("--threads: {} threads, expected 1 to 256", "9".repeat(60))
        );
        assert_eq!(
            usage(threads("two")),
            "--threads: two is not a whole number of threads, expected 1 to 256"
        );
    }
}
