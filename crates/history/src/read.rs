//! [`Reader`]: a history read a record at a time, as JSONL receipts (the
//! `verify --batch` format) or CSV with a header row naming the fields,
//! holding at most one record, of at most
//! [`INPUT_LIMIT`](fairdeal::receipt::INPUT_LIMIT) bytes.
//!
//! The form is told by the first line that is not blank: a JSON object
//! (`{`) starts JSONL, anything else is a CSV header. Line numbers are the
//! file's lines, blank ones included; a CSV record's is its first line.

use std::io::{self, BufRead, Chain, Cursor, Read};
use std::sync::Arc;

use fairdeal::receipt::{INPUT_LIMIT, too_long};

use crate::Error;

/// Bytes the CSV reader buffers beyond the record it reads.
const CSV_BUFFER: usize = 64 << 10;

/// One record of a history, not yet read as a receipt.
#[derive(Clone, Debug)]
pub struct Record {
    /// Its line (from 1): a CSV record's first line.
    pub line: u64,
    /// What it holds.
    pub item: Item,
}

/// What a record holds.
#[derive(Clone, Debug)]
pub enum Item {
    /// One line of JSONL, its newline included.
    Line(Vec<u8>),
    /// A CSV record: its values, in the order of the header's names.
    Row(Arc<Header>, csv::ByteRecord),
    /// A record refused before it was read (a line over the limit).
    Refused(fairdeal::Error),
}

impl Item {
    /// Returns the bytes it holds, for a progress bar.
    pub fn len(&self) -> usize {
        match self {
            Self::Line(line) => line.len(),
            Self::Row(_, row) => row.as_slice().len(),
            Self::Refused(_) => 0,
        }
    }

    /// Returns whether it holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The names of a CSV history's columns, as its header row gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Each column's name, spaces around it trimmed.
    pub names: Vec<String>,
}

/// A history's records, read in order.
pub struct Reader<R: BufRead> {
    state: State<R>,
    /// Lines read so far, blank ones included (JSONL), or before the
    /// header (CSV).
    lines: u64,
    /// Whether the last line refused as too long began as a JSON object.
    long_object: bool,
}

impl<R: BufRead> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let form = match self.state {
            State::Start(_) => "start",
            State::Jsonl(_) => "jsonl",
            State::Csv(_) => "csv",
            State::Done => "done",
        };
        f.debug_struct("Reader")
            .field("form", &form)
            .field("lines", &self.lines)
            .finish_non_exhaustive()
    }
}

enum State<R: BufRead> {
    Start(R),
    Jsonl(R),
    Csv(Box<CsvState<R>>),
    Done,
}

struct CsvState<R: BufRead> {
    reader: csv::Reader<Guard<Chain<Cursor<Vec<u8>>, R>>>,
    header: Arc<Header>,
}

impl<R: BufRead> Reader<R> {
    /// Returns a reader of the history `input`.
    pub fn new(input: R) -> Self {
        Self {
            state: State::Start(input),
            lines: 0,
            long_object: false,
        }
    }

    /// Returns the lines read so far before the first record, or of a
    /// JSONL history: what a history with no receipt held.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Returns the next records, up to `count` of them or `bytes` held;
    /// none at the end.
    ///
    /// # Errors
    ///
    /// The input cannot be read, or its CSV header or a CSV record cannot.
    pub fn chunk(&mut self, count: usize, bytes: usize) -> Result<Vec<Record>, Error> {
        let mut chunk = Vec::new();
        let mut held = 0;
        while chunk.len() < count && held < bytes {
            let Some(record) = self.next_record()? else {
                break;
            };
            held += record.item.len();
            chunk.push(record);
        }
        Ok(chunk)
    }

    /// Returns the next record, or `None` at the end. A blank line of JSONL
    /// is a record, which [`crate::facts`] skips as `verify --batch` does.
    ///
    /// # Errors
    ///
    /// As [`Reader::chunk`].
    pub fn next_record(&mut self) -> Result<Option<Record>, Error> {
        loop {
            match std::mem::replace(&mut self.state, State::Done) {
                State::Done => return Ok(None),
                State::Jsonl(mut input) => {
                    let record = self.line(&mut input)?;
                    if record.is_some() {
                        self.state = State::Jsonl(input);
                    }
                    return Ok(record);
                }
                State::Csv(mut csv) => {
                    let record = self.row(&mut csv)?;
                    if record.is_some() {
                        self.state = State::Csv(csv);
                    }
                    return Ok(record);
                }
                State::Start(mut input) => {
                    let Some(record) = self.line(&mut input)? else {
                        return Ok(None);
                    };
                    match &record.item {
                        Item::Line(line) if is_blank(line) => {
                            self.state = State::Start(input);
                        }
                        Item::Line(line) if starts_object(line) => {
                            self.state = State::Jsonl(input);
                            return Ok(Some(record));
                        }
                        Item::Line(line) => {
                            let first = strip_bom(line).to_vec();
                            self.state = State::Csv(Box::new(self.header(first, input)?));
                        }
                        _ if self.long_object => {
                            self.state = State::Jsonl(input);
                            return Ok(Some(record));
                        }
                        _ => {
                            return Err(Error::at(
                                record.line,
                                format!(
                                    "a CSV header over {INPUT_LIMIT} bytes, expected a row \
                                     naming the fields"
                                ),
                            ));
                        }
                    }
                }
            }
        }
    }

    /// Reads one line, at most [`INPUT_LIMIT`] bytes of it: a longer one is
    /// skipped to its end and refused.
    fn line(&mut self, input: &mut R) -> Result<Option<Record>, Error> {
        let mut line = Vec::new();
        let read = input
            .by_ref()
            .take(INPUT_LIMIT + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| self.io(&e))?;
        if read == 0 {
            return Ok(None);
        }
        self.lines += 1;
        let item = if line.last() != Some(&b'\n')
            && u64::try_from(line.len()).unwrap_or(u64::MAX) > INPUT_LIMIT
        {
            self.long_object = starts_object(&line);
            skip_line(input).map_err(|e| self.io(&e))?;
            Item::Refused(too_long())
        } else {
            Item::Line(line)
        };
        Ok(Some(Record {
            line: self.lines,
            item,
        }))
    }

    /// Reads the CSV header, `first` the line it starts on.
    fn header(&self, first: Vec<u8>, input: R) -> Result<CsvState<R>, Error> {
        let guard = Guard {
            inner: Cursor::new(first).chain(input),
            read: 0,
            allowed: INPUT_LIMIT + u64::try_from(CSV_BUFFER).unwrap_or(u64::MAX),
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .buffer_capacity(CSV_BUFFER)
            .from_reader(guard);
        let mut record = csv::ByteRecord::new();
        let line = self.lines;
        reader
            .read_byte_record(&mut record)
            .map_err(|e| csv_error(&e, line))?;
        let mut names: Vec<String> = Vec::with_capacity(record.len());
        for (i, name) in record.iter().enumerate() {
            let name = std::str::from_utf8(name)
                .map_err(|_| Error::at(line, format!("column {}'s name is not UTF-8", i + 1)))?
                .trim()
                .to_owned();
            if name.is_empty() {
                return Err(Error::at(
                    line,
                    format!(
                        "column {} of the CSV header has no name, expected a row naming \
                         each column's field",
                        i + 1
                    ),
                ));
            }
            if names.contains(&name) {
                return Err(Error::at(
                    line,
                    format!("the CSV header names `{name}` twice, expected each field once"),
                ));
            }
            names.push(name);
        }
        Ok(CsvState {
            reader,
            header: Arc::new(Header { names }),
        })
    }

    /// Reads one CSV record.
    fn row(&self, csv: &mut CsvState<R>) -> Result<Option<Record>, Error> {
        let mut row = csv::ByteRecord::new();
        // The header's line, less one: the reader counts from it as 1.
        let before = self.lines.saturating_sub(1);
        let next = csv.reader.position().line();
        let at = |p: Option<&csv::Position>| before + p.map_or(next, csv::Position::line);
        let more = csv
            .reader
            .read_byte_record(&mut row)
            .map_err(|e| csv_error(&e, at(e.position())))?;
        if !more {
            return Ok(None);
        }
        let position = csv.reader.position().byte();
        let guard = csv.reader.get_mut();
        guard.allowed = position
            .saturating_add(INPUT_LIMIT)
            .saturating_add(u64::try_from(CSV_BUFFER).unwrap_or(u64::MAX));
        Ok(Some(Record {
            line: at(row.position()),
            item: Item::Row(Arc::clone(&csv.header), row),
        }))
    }

    fn io(&self, e: &io::Error) -> Error {
        Error::at(self.lines + 1, format!("cannot be read: {e}"))
    }
}

/// The error of a CSV record that cannot be read.
fn csv_error(e: &csv::Error, line: u64) -> Error {
    match e.kind() {
        csv::ErrorKind::Io(io) if io.kind() == io::ErrorKind::FileTooLarge => Error::at(
            line,
            format!(
                "a CSV record over {INPUT_LIMIT} bytes, expected one receipt per record, \
                 each a few KiB at most"
            ),
        ),
        csv::ErrorKind::Io(io) => Error::at(line, format!("cannot be read: {io}")),
        _ => Error::at(line, format!("not CSV: {e}")),
    }
}

/// An input that refuses to read past `allowed` bytes: a CSV record is
/// never held beyond the limit, whatever its quotes.
struct Guard<R> {
    inner: R,
    read: u64,
    allowed: u64,
}

impl<R: Read> Read for Guard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.read >= self.allowed {
            return Err(io::ErrorKind::FileTooLarge.into());
        }
        let room = usize::try_from(self.allowed - self.read).unwrap_or(usize::MAX);
        let n = buf.len().min(room);
        let read = self.inner.read(&mut buf[..n])?;
        self.read += u64::try_from(read).unwrap_or(u64::MAX);
        Ok(read)
    }
}

/// Whether a line holds nothing but spaces, tabs and line ends, after an
/// optional byte-order mark: skipped as `verify --batch` skips it.
fn is_blank(line: &[u8]) -> bool {
    strip_bom(line)
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// Whether a line is a JSON object by its first character past spaces.
fn starts_object(line: &[u8]) -> bool {
    strip_bom(line)
        .iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        == Some(&b'{')
}

/// Returns `line` without a byte-order mark.
fn strip_bom(line: &[u8]) -> &[u8] {
    line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line)
}

/// Consumes the rest of an over-long line.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if let Some(end) = buf.iter().position(|&b| b == b'\n') {
            input.consume(end + 1);
            return Ok(());
        }
        let n = buf.len();
        input.consume(n);
    }
}
