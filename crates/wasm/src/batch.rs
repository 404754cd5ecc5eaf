//! A batch of receipts, one per line, read in pieces of any size, as
//! `fairdeal verify --batch` reads a file: each line's verdict as soon as
//! the line ends, lines numbered from 1 (blank ones counted, and skipped as
//! [`receipt::check_line`] says), a line over [`receipt::INPUT_LIMIT`]
//! bytes refused ([`receipt::too_long`]) and skipped to its end. What it
//! holds is the line not yet ended, never more than the limit: the memory
//! of a batch does not grow with its length (wasm memory never shrinks).

use fairdeal::receipt::{self, INPUT_LIMIT, Outcome};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// Returns the most bytes of one line held: a line longer is refused as
/// soon as it is known to be.
fn limit() -> usize {
    // INPUT_LIMIT fits in a usize on every target, wasm32's 32 bits included.
    usize::try_from(INPUT_LIMIT).unwrap_or(usize::MAX)
}

/// The verdicts of a batch, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Every verdict given: the lines that are not blank.
    pub receipts: usize,
    /// Those verified.
    pub verified: usize,
    /// Those not verified.
    pub not_verified: usize,
    /// Those refused.
    pub invalid: usize,
}

/// A batch being read: [`Batch::feed`] its bytes in pieces, then
/// [`Batch::finish`].
#[derive(Debug, Default)]
pub struct Batch {
    /// The bytes of the line not yet ended, its newline not included.
    line: Vec<u8>,
    /// The line not yet ended is over the limit: its verdict is given, the
    /// rest of it is skipped.
    skipping: bool,
    /// The lines ended so far.
    ended: usize,
    tally: Tally,
}

impl Batch {
    /// Returns a batch with nothing read.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads the next `bytes` of the batch, giving `on` the verdict of each
    /// line that ends in them (`{line, scheme, verdict, check?, error?,
    /// hints?}`, as `fairdeal verify --batch` writes it).
    ///
    /// # Errors
    ///
    /// The first error `on` returns: the bytes after that line's are not
    /// read.
    pub fn feed<E>(
        &mut self,
        mut bytes: &[u8],
        on: &mut impl FnMut(Value) -> Result<(), E>,
    ) -> Result<(), E> {
        while let Some(end) = bytes.iter().position(|&b| b == b'\n') {
            self.hold(&bytes[..end], on)?;
            self.end_line(on)?;
            bytes = &bytes[end + 1..];
        }
        self.hold(bytes, on)
    }

    /// Ends the batch: the verdict of a last line without a newline, and
    /// the count of every verdict. The batch is then as new.
    ///
    /// # Errors
    ///
    /// The error `on` returns.
    pub fn finish<E>(&mut self, on: &mut impl FnMut(Value) -> Result<(), E>) -> Result<Tally, E> {
        let last = !self.line.is_empty() || self.skipping;
        let result = if last { self.end_line(on) } else { Ok(()) };
        let tally = self.tally;
        *self = Self::new();
        result.map(|()| tally)
    }

    /// Returns the bytes held for the line not yet ended (what it has
    /// allocated), at most [`receipt::INPUT_LIMIT`].
    pub fn held(&self) -> usize {
        self.line.capacity()
    }

    /// Adds `bytes` to the line not yet ended, or refuses it once it is
    /// over the limit.
    fn hold<E>(
        &mut self,
        bytes: &[u8],
        on: &mut impl FnMut(Value) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.skipping || bytes.is_empty() {
            return Ok(());
        }
        let len = self.line.len() + bytes.len();
        if len > limit() {
            self.skipping = true;
            self.line = Vec::new();
            return self.give(Outcome::invalid(None, &receipt::too_long()), on);
        }
        if len > self.line.capacity() {
            // Grown by doubling, as a Vec grows, but never past the limit.
            let wanted = len.max(2 * self.line.capacity()).min(limit());
            self.line.reserve_exact(wanted - self.line.len());
        }
        self.line.extend_from_slice(bytes);
        Ok(())
    }

    /// Ends the current line: its verdict, unless it is blank or was
    /// refused as over the limit already.
    fn end_line<E>(&mut self, on: &mut impl FnMut(Value) -> Result<(), E>) -> Result<(), E> {
        let outcome = if self.skipping {
            None
        } else {
            receipt::check_line(&self.line)
        };
        self.line.clear();
        self.skipping = false;
        let result = match outcome {
            Some(outcome) => self.give(outcome, on),
            None => Ok(()),
        };
        self.ended += 1;
        result
    }

    /// Counts `outcome` and gives it to `on` as the current line's verdict.
    fn give<E>(
        &mut self,
        outcome: Outcome,
        on: &mut impl FnMut(Value) -> Result<(), E>,
    ) -> Result<(), E> {
        self.tally.receipts += 1;
        match outcome.verdict {
            "verified" => self.tally.verified += 1,
            "not-verified" => self.tally.not_verified += 1,
            _ => self.tally.invalid += 1,
        }
        let mut out = Map::new();
        out.insert("line".to_owned(), json!(self.ended + 1));
        if let Ok(Value::Object(rest)) = serde_json::to_value(&outcome) {
            out.extend(rest);
        }
        on(Value::Object(out))
    }
}
