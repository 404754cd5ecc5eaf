//! `fairdeal verify --batch FILE.jsonl`: one receipt per line, a verdict per
//! line in input order, on every core, streaming: at most one chunk of
//! lines is held at a time, however long the file.

use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;

use fairdeal::core::json::parse_json;
use fairdeal::receipt::{self, Outcome as Verdict};
use fairdeal::{Error, ErrorKind};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};

use crate::error::{CliError, Outcome};
use crate::files::INPUT_LIMIT;

/// Lines verified together: enough to keep every core busy, few enough to
/// hold (at most [`CHUNK_BYTES`] of them).
const CHUNK_LINES: usize = 4096;
/// The most bytes of lines held at once.
const CHUNK_BYTES: usize = 64 << 20;

/// How many receipts had each verdict.
#[derive(Debug, Default)]
struct Tally {
    verified: u64,
    not_verified: u64,
    invalid: u64,
}

/// Verifies every line of `path` (`-` for standard input), writing one JSON
/// object per line to standard output and a summary to standard error.
///
/// # Errors
///
/// A file that cannot be opened or read; standard output closed.
pub fn run(path: &Path) -> Result<Outcome, CliError> {
    let name = path.display().to_string();
    let io_error = |source| CliError::Io {
        path: name.clone(),
        source,
    };
    let (reader, size): (Box<dyn Read>, Option<u64>) = if name == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let file = std::fs::File::open(path).map_err(io_error)?;
        let size = file.metadata().ok().map(|m| m.len());
        (Box::new(file), size)
    };
    let mut lines = BufReader::new(reader);
    let progress = progress(size);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut tally = Tally::default();
    let mut number = 0_usize;
    loop {
        let chunk = read_chunk(&mut lines, &mut number).map_err(io_error)?;
        if chunk.is_empty() {
            break;
        }
        let bytes: usize = chunk
            .iter()
            .map(|(_, l)| l.as_ref().map_or(0, Vec::len))
            .sum();
        let verdicts: Vec<(usize, Verdict)> = chunk
            .into_par_iter()
            .map(|(n, line)| (n, verdict(line)))
            .collect();
        for (n, v) in verdicts {
            match v.verdict {
                "verified" => tally.verified += 1,
                "not-verified" => tally.not_verified += 1,
                _ => tally.invalid += 1,
            }
            let mut object = json!({ "line": n });
            if let (Value::Object(line), Ok(Value::Object(rest))) =
                (&mut object, serde_json::to_value(&v))
            {
                line.extend(rest);
            }
            writeln!(out, "{object}")?;
        }
        progress.inc(bytes as u64);
    }
    out.flush()?;
    progress.finish_and_clear();
    let total = tally.verified + tally.not_verified + tally.invalid;
    eprintln!(
        "{total} receipts: {} verified, {} not verified, {} invalid",
        tally.verified, tally.not_verified, tally.invalid
    );
    Ok(if tally.invalid > 0 {
        Outcome::Invalid
    } else if tally.not_verified > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

/// A line read: its number (from 1) and its bytes, or why it was not read.
type Line = (usize, Result<Vec<u8>, Error>);

/// Reads the next lines, up to [`CHUNK_LINES`] or [`CHUNK_BYTES`]; none at
/// the end. A line over [`INPUT_LIMIT`] is skipped to its end and counted as
/// refused, so that one bad line cannot hold the rest up.
fn read_chunk(lines: &mut impl BufRead, number: &mut usize) -> io::Result<Vec<Line>> {
    let mut chunk = Vec::new();
    let mut held = 0;
    while chunk.len() < CHUNK_LINES && held < CHUNK_BYTES {
        let mut line = Vec::new();
        let read = lines
            .by_ref()
            .take(INPUT_LIMIT + 1)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            break;
        }
        *number += 1;
        if line.last() != Some(&b'\n') && line.len() as u64 > INPUT_LIMIT {
            skip_line(lines)?;
            chunk.push((*number, Err(too_long())));
            continue;
        }
        held += line.len();
        chunk.push((*number, Ok(line)));
    }
    Ok(chunk)
}

/// Consumes the rest of an over-long line.
fn skip_line(lines: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = lines.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if let Some(end) = buf.iter().position(|&b| b == b'\n') {
            lines.consume(end + 1);
            return Ok(());
        }
        let n = buf.len();
        lines.consume(n);
    }
}

fn too_long() -> Error {
    Error::new(
        "receipt",
        ErrorKind::Value {
            got: format!("a line over {INPUT_LIMIT} bytes"),
            expected: "one receipt per line, each a few KiB at most".to_owned(),
        },
    )
}

/// Returns the verdict on one line.
fn verdict(line: Result<Vec<u8>, Error>) -> Verdict {
    let receipt = line.and_then(|bytes| {
        let text = String::from_utf8(bytes).map_err(|e| {
            Error::new(
                "receipt",
                ErrorKind::Value {
                    got: format!("byte {} not UTF-8", e.utf8_error().valid_up_to() + 1),
                    expected: "UTF-8 text".to_owned(),
                },
            )
        })?;
        let text = text.trim_start_matches('\u{feff}');
        parse_json(text.trim_end()).map_err(|e| e.within("receipt"))
    });
    match receipt {
        Ok(receipt) => receipt::check(&receipt),
        Err(e) => Verdict::invalid(None, &e),
    }
}

/// Returns a progress bar on standard error when it is a terminal: by bytes
/// of a file of known size, else a count of receipts read.
fn progress(size: Option<u64>) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    match size {
        Some(size) => ProgressBar::new(size).with_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner(),
    }
}
