//! `fairdeal audit SCHEME --deals N`: many deals from random valid inputs,
//! tallied on every core and tested for uniformity (fairdeal-audit,
//! docs/fairness.md). This file checks the flags (and the --plot folder,
//! before any deal), shows the progress, stops on Ctrl-C and prints.

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fairdeal_audit::plan::{Plan, Shuffle};
use fairdeal_audit::plot::draw_all;
use fairdeal_audit::report::audit;
use fairdeal_audit::run::Options;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use crate::args::{AuditArgs, ShuffleArg};
use crate::error::{CliError, Outcome};
use crate::files::{display, writable_dir, write_atomic};
use crate::output::{print, print_json};

pub fn run(args: &AuditArgs) -> Result<Outcome, CliError> {
    let Some(scheme) = fairdeal::scheme(&args.scheme) else {
        let known: Vec<&str> = fairdeal::SCHEMES.iter().map(|s| s.id()).collect();
        return Err(CliError::Usage(format!(
            "no scheme {:?}, expected one of {}",
            args.scheme,
            known.join(", ")
        )));
    };
    let shuffle = match args.shuffle {
        ShuffleArg::FisherYates => Shuffle::FisherYates,
        ShuffleArg::KitchenTable => Shuffle::KitchenTable,
    };
    let plan = Plan::of(scheme, shuffle).map_err(CliError::Usage)?;
    let threads = match args.threads {
        Some(t) => usize::try_from(t).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let options = Options {
        deals: args.deals,
        seed: args.seed,
        threads,
    };
    // A folder that cannot take the pictures would otherwise be found
    // only after every deal.
    if let Some(dir) = &args.plot {
        writable_dir("--plot", dir)?;
    }
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_interrupt(&stop);
    // Said once the handlers are in: from here Ctrl-C reports.
    eprintln!(
        "audit: {} deals of {} on {threads} threads; Ctrl-C stops and reports the deals done",
        args.deals,
        scheme.id()
    );
    let bar = progress(args.deals);
    let report =
        audit(&plan, &options, &stop, &|done| bar.set_position(done)).map_err(CliError::Usage)?;
    bar.finish_and_clear();
    if report.interrupted {
        eprintln!(
            "audit: interrupted after {} of {} deals; the report covers those",
            report.deals, report.requested
        );
    }
    let outcome = if report.interrupted {
        Outcome::Interrupted
    } else if report.flagged {
        Outcome::Failed
    } else {
        Outcome::Ok
    };
    let pictures = match &args.plot {
        Some(_) => draw_all(&report).map_err(CliError::Usage)?,
        None => Vec::new(),
    };
    // The report first: a picture that cannot be written does not lose it.
    let printed = outcome.after(if args.json {
        // OK because the report is numbers and strings, which serialize.
        print_json(&serde_json::to_value(&report).unwrap_or_default())
    } else {
        print(&report.text())
    });
    if let Some(dir) = &args.plot {
        for picture in pictures {
            // A new file renamed over the old: never written through a
            // link planted at its name, never left half written.
            let path = dir.join(&picture.name);
            write_atomic(&path, picture.svg.as_bytes())?;
            eprintln!("audit: wrote {}", display(&path));
        }
    }
    printed
}

/// A progress bar on standard error when it is a terminal.
fn progress(deals: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style =
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} deals, {rate}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            // Whole deals per second (indicatif's own shows 4 decimals).
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} deals/s", state.per_sec());
                },
            );
    ProgressBar::new(deals).with_style(style)
}

/// Makes Ctrl-C (and SIGTERM) stop the run after the deals under way, so
/// that the report covers what was done; a second one ends the process.
#[cfg(unix)]
fn stop_on_interrupt(stop: &Arc<AtomicBool>) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    for signal in [SIGINT, SIGTERM] {
        // Without the handlers (they cannot be installed) an interrupt
        // ends the process as before.
        let _ = flag::register_conditional_shutdown(signal, 130, Arc::clone(stop));
        let _ = flag::register(signal, Arc::clone(stop));
    }
}

#[cfg(not(unix))]
fn stop_on_interrupt(_: &Arc<AtomicBool>) {}
