//! `fairdeal history FILE`: a player's history of receipts (fairdeal-history,
//! docs/history.md), read a chunk at a time, each chunk verified on every
//! core and its facts fed in line order (chunks of `verify --batch`'s
//! size), so that any number of threads gives the same report. This file
//! checks the flags (and the --plot folder, before the history is read),
//! shows the progress and prints.

use std::io::{BufRead, BufReader};
use std::path::Path;

use fairdeal_history::{History, Reader, Verdict, facts, no_receipts, plot::plot};
use rayon::prelude::*;

use super::batch::{CHUNK_BYTES, CHUNK_LINES};
use crate::args::HistoryArgs;
use crate::error::{CliError, Outcome};
use crate::files::{display, open_stream, writable_dir, write_atomic};
use crate::output::{print, print_json, progress};

pub fn run(args: &HistoryArgs) -> Result<Outcome, CliError> {
    // A folder that cannot take the pictures would otherwise be found only
    // after the whole history.
    if let Some(dir) = &args.plot {
        writable_dir("--plot", dir)?;
    }
    let report = match args.threads {
        None => read(&args.file)?,
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(usize::try_from(n).unwrap_or(1))
            .build()
            .map_err(|e| CliError::Usage(format!("--threads {n}: {e}")))?
            .install(|| read(&args.file))?,
    };
    let outcome = match report.verdict {
        Verdict::Consistent => Outcome::Ok,
        Verdict::Suspicious | Verdict::Failed => Outcome::Failed,
    };
    // The report first: a picture that cannot be written does not lose it.
    let printed = outcome.after(if args.json {
        // OK because the report is numbers and strings, which serialize.
        print_json(&serde_json::to_value(&report).unwrap_or_default())
    } else {
        print(&report.text())
    });
    if let Some(dir) = &args.plot {
        for (name, svg) in plot(&report.tests) {
            // A new file renamed over the old: never written through a
            // link planted at its name, never left half written.
            let path = dir.join(&name);
            write_atomic(&path, svg.as_bytes())?;
            eprintln!("history: wrote {}", display(&path));
        }
    }
    printed
}

/// Reads, verifies and checks the history at `path` (`-` for standard
/// input) on the current rayon pool.
fn read(path: &Path) -> Result<fairdeal_history::Report, CliError> {
    let name = display(path);
    let (input, size) = open_stream(path)?;
    let input: Box<dyn BufRead> = Box::new(BufReader::with_capacity(1 << 16, input));
    let mut reader = Reader::new(input);
    let mut history = History::new();
    let progress = progress(size);
    let unreadable = |e: fairdeal_history::Error| CliError::Usage(format!("{name}: {e}"));
    loop {
        let chunk = reader.chunk(CHUNK_LINES, CHUNK_BYTES).map_err(unreadable)?;
        if chunk.is_empty() {
            break;
        }
        let bytes: usize = chunk.iter().map(|r| r.item.len()).sum();
        let facts: Vec<_> = chunk.into_par_iter().filter_map(facts).collect();
        for f in &facts {
            history.add(f);
        }
        progress.inc(u64::try_from(bytes).unwrap_or(u64::MAX));
    }
    progress.finish_and_clear();
    if history.receipts() == 0 {
        return Err(unreadable(no_receipts(reader.lines())));
    }
    Ok(history.report())
}
