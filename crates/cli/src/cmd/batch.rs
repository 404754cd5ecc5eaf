//! `fairdeal verify --batch FILE.jsonl`: one receipt per line, a verdict per
//! line in input order, on every core, streaming: at most one chunk of
//! lines is held at a time, however long the file.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use fairdeal::Error;
use fairdeal::receipt::{self, Outcome as Verdict};
use rayon::prelude::*;

use crate::error::{CliError, Outcome};
use crate::files::{INPUT_LIMIT, display, open_stream};
use crate::output::{progress, unbuffered_stdout};

/// Lines verified together: enough to keep every core busy, few enough to
/// hold (at most [`CHUNK_BYTES`] of them).
pub(crate) const CHUNK_LINES: usize = 4096;
/// The most bytes of lines held at once.
pub(crate) const CHUNK_BYTES: usize = 64 << 20;

/// Lines of a chunk verified one after another on one core, their
/// verdicts written into one buffer.
const PART_LINES: usize = 64;

/// How many receipts had each verdict.
#[derive(Debug, Default)]
struct Tally {
    verified: u64,
    not_verified: u64,
    invalid: u64,
}

impl Tally {
    fn count(&mut self, verdict: &Verdict) {
        match verdict.verdict {
            "verified" => self.verified += 1,
            "not-verified" => self.not_verified += 1,
            _ => self.invalid += 1,
        }
    }

    fn add(&mut self, other: &Self) {
        self.verified += other.verified;
        self.not_verified += other.not_verified;
        self.invalid += other.invalid;
    }
}

/// The verdicts on a run of lines, as written.
#[derive(Debug, Default)]
struct Part {
    /// One JSON object a line per receipt, in input order.
    text: Vec<u8>,
    /// The input line of each.
    numbers: Vec<usize>,
    tally: Tally,
}

impl Part {
    /// Verifies `lines` in order (a blank one has no verdict).
    fn of(lines: &[Line]) -> Self {
        let mut part = Self::default();
        for (n, line) in lines {
            if let Some(verdict) = verdict(line) {
                part.tally.count(&verdict);
                write_verdict(&mut part.text, *n, &verdict);
                part.numbers.push(*n);
            }
        }
        part
    }
}

/// The verdicts written so far.
#[derive(Debug, Default)]
struct Written {
    verdicts: u64,
    /// The line of the last one.
    line: usize,
}

/// Verifies every line of `path` (`-` for standard input), writing one JSON
/// object per receipt to standard output and a summary to standard error.
/// A blank line is skipped ([`receipt::check_line`]), though counted in
/// the line numbers.
///
/// # Errors
///
/// A file that cannot be opened or read, or that holds no receipt;
/// standard output closed (the lines after the last verdict written are
/// not checked).
pub fn run(path: &Path) -> Result<Outcome, CliError> {
    let name = display(path);
    let io_error = |source| CliError::Io {
        path: name.clone(),
        source,
    };
    let (reader, size) = open_stream(path)?;
    let mut lines = BufReader::new(reader);
    let progress = progress(size);
    let mut out = unbuffered_stdout()?;
    let mut tally = Tally::default();
    let mut written = Written::default();
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
        // Each part's verdicts are written on the core that reached them:
        // written here after the chunk, on one thread, they were a fifth of
        // a run's work while the other cores waited (issue 26).
        let parts: Vec<Part> = chunk.par_chunks(PART_LINES).map(Part::of).collect();
        let mut text = Vec::with_capacity(parts.iter().map(|p| p.text.len()).sum());
        let mut numbers = Vec::with_capacity(chunk.len());
        for part in &parts {
            tally.add(&part.tally);
            text.extend_from_slice(&part.text);
            numbers.extend_from_slice(&part.numbers);
        }
        if let Err((whole, e)) = write_lines(&mut out, &text) {
            progress.finish_and_clear();
            if let Some(&n) = whole.checked_sub(1).and_then(|i| numbers.get(i)) {
                written.line = n;
            }
            written.verdicts += whole as u64;
            return Err(match CliError::from(e) {
                CliError::Closed { .. } => closed(&written, &name),
                other => other,
            });
        }
        if let Some(&n) = numbers.last() {
            written.line = n;
        }
        written.verdicts += numbers.len() as u64;
        progress.inc(bytes as u64);
    }
    progress.finish_and_clear();
    let total = tally.verified + tally.not_verified + tally.invalid;
    if total == 0 {
        let held = match number {
            0 => "the input is empty".to_owned(),
            1 => "its one line is blank".to_owned(),
            n => format!("its {n} lines are all blank"),
        };
        return Err(CliError::Usage(format!(
            "{name}: holds no receipts ({held}), expected one JSON receipt per line"
        )));
    }
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

/// The error of a standard output that closed after `written`: the lines
/// after it have no verdict, so the run is not a success whatever they
/// hold (exit 2).
fn closed(written: &Written, name: &str) -> CliError {
    let what = match written.verdicts {
        0 => format!(
            "standard output closed before the first verdict: no line of {name} was checked"
        ),
        n => format!(
            "standard output closed after {n} verdict{}, to line {} of {name}: the lines after it were not checked",
            if n == 1 { "" } else { "s" },
            written.line
        ),
    };
    CliError::Closed {
        what,
        outcome: None,
    }
}

/// Writes `text`, whole lines, to `out`. On an error, returns it with how
/// many of the lines were written whole: `out` is unbuffered, so those
/// were handed on, and a reader may have read them.
fn write_lines(out: &mut impl Write, text: &[u8]) -> Result<(), (usize, io::Error)> {
    let mut done = 0;
    while done < text.len() {
        match out.write(&text[done..]) {
            Ok(0) => {
                return Err((lines_in(&text[..done]), io::ErrorKind::WriteZero.into()));
            }
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err((lines_in(&text[..done]), e)),
        }
    }
    Ok(())
}

fn lines_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
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
            chunk.push((*number, Err(receipt::too_long())));
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

/// Appends the line written for the verdict on line `n` to `text`:
/// `{"line": n, ...the verdict's fields}` and a newline, without a
/// `serde_json::Value` between.
fn write_verdict(text: &mut Vec<u8>, n: usize, verdict: &Verdict) {
    // Writing to a Vec cannot fail.
    let _ = write!(text, "{{\"line\":{n}");
    let object = text.len();
    let _ = serde_json::to_writer(&mut *text, verdict);
    // The verdict's object, its `{` made the comma after `line`; it always
    // has a field (`verdict`), but an empty one would close the line.
    if text.len() - object > 2 {
        text[object] = b',';
    } else {
        text.truncate(object);
        text.push(b'}');
    }
    text.push(b'\n');
}

/// Returns the verdict on one line (none for a blank one).
fn verdict(line: &Result<Vec<u8>, Error>) -> Option<Verdict> {
    match line {
        Ok(bytes) => receipt::check_line(bytes),
        Err(e) => Some(Verdict::invalid(None, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes at most 5 bytes a write, and fails once it holds `room`.
    struct Pipe {
        got: Vec<u8>,
        room: usize,
    }

    impl Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let n = buf.len().min(5).min(self.room - self.got.len());
            if n == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            self.got.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The line a verdict was written as before issue 26: a JSON value
    /// `{"line": n}` extended with the verdict's fields.
    fn as_value(n: usize, verdict: &Verdict) -> String {
        let mut object = serde_json::json!({ "line": n });
        if let (serde_json::Value::Object(line), Ok(serde_json::Value::Object(rest))) =
            (&mut object, serde_json::to_value(verdict))
        {
            line.extend(rest);
        }
        format!("{object}\n")
    }

    #[test]
    fn a_verdict_is_written_as_its_value_was() {
        let refused = receipt::too_long();
        let verdicts = [
            Verdict::invalid(None, &refused),
            receipt::check_line(br#"{"scheme": "nope"}"#).unwrap(),
            receipt::check_line(br#"{"scheme": "sfc32-lock", "seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12", "lock": "0000000000000000000000000000000000000000000000000000000000000000"}"#).unwrap(),
            receipt::check_line(br#"{"scheme": "sfc32-lock", "seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12", "lock": "565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c"}"#).unwrap(),
        ];
        let kinds: Vec<&str> = verdicts.iter().map(|v| v.verdict).collect();
        assert_eq!(
            kinds,
            ["invalid", "invalid", "not-verified", "verified"],
            "every kind of verdict"
        );
        for (n, verdict) in verdicts.iter().enumerate() {
            let mut text = b"before\n".to_vec();
            write_verdict(&mut text, n + 1, verdict);
            let line = std::str::from_utf8(&text["before\n".len()..]).unwrap();
            assert_eq!(line, as_value(n + 1, verdict), "{verdict:?}");
            let read: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(read["line"], n + 1);
            assert_eq!(read["verdict"], verdict.verdict);
        }
    }

    #[test]
    fn parts_keep_the_input_order_and_skip_blank_lines() {
        // Over several parts: every third line blank, the others alternately
        // refused (no scheme) and verified, each verdict on its own line.
        let sfc32 = br#"{"scheme": "sfc32-lock", "seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12", "lock": "565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c"}"#;
        let chunk: Vec<Line> = (1..=3 * PART_LINES + 5)
            .map(|n| {
                let bytes: &[u8] = match n % 3 {
                    0 => b"  ",
                    1 => b"{}",
                    _ => sfc32,
                };
                (n, Ok(bytes.to_vec()))
            })
            .collect();
        let parts: Vec<Part> = chunk.par_chunks(PART_LINES).map(Part::of).collect();
        let mut text = Vec::new();
        let mut numbers = Vec::new();
        let mut tally = Tally::default();
        for part in &parts {
            text.extend_from_slice(&part.text);
            numbers.extend_from_slice(&part.numbers);
            tally.add(&part.tally);
        }
        let expected: Vec<usize> = (1..=chunk.len()).filter(|n| n % 3 != 0).collect();
        assert_eq!(numbers, expected);
        let lines: Vec<serde_json::Value> = std::str::from_utf8(&text)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), expected.len());
        for (line, n) in lines.iter().zip(&expected) {
            assert_eq!(line["line"], *n);
            let verdict = if n % 3 == 1 { "invalid" } else { "verified" };
            assert_eq!(line["verdict"], verdict, "line {n}");
        }
        let invalid = expected.iter().filter(|n| *n % 3 == 1).count() as u64;
        assert_eq!(
            (tally.verified, tally.not_verified, tally.invalid),
            (expected.len() as u64 - invalid, 0, invalid)
        );
    }

    #[test]
    fn a_closed_output_counts_the_lines_written_whole() {
        let text = b"{\"line\":1}\n{\"line\":2}\n{\"line\":3}\n";
        for (room, whole) in [(0, 0), (10, 0), (11, 1), (21, 1), (22, 2), (32, 2)] {
            let mut pipe = Pipe {
                got: Vec::new(),
                room,
            };
            let Err((n, e)) = write_lines(&mut pipe, text) else {
                panic!("{room} bytes of room");
            };
            assert_eq!((n, e.kind()), (whole, io::ErrorKind::BrokenPipe), "{room}");
            assert_eq!(pipe.got, text[..room]);
        }
        let mut pipe = Pipe {
            got: Vec::new(),
            room: 33,
        };
        assert!(write_lines(&mut pipe, text).is_ok());
        assert_eq!(pipe.got, text);
    }
}
