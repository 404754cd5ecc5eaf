//! The last bytes of a port's standard error, and what it wrote after a
//! mark: what a failure report shows.

use std::collections::VecDeque;
use std::io::Read;
use std::process::ChildStderr;
use std::sync::Mutex;

/// How many bytes of the port's standard error are kept: the last ones.
pub const STDERR_KEEP: usize = 64 << 10;
/// How many lines of the port's standard error a failure report shows.
const STDERR_TAIL: usize = 20;
/// How many characters of one standard error line a failure report shows.
const STDERR_LINE: usize = 500;

/// The last bytes of the port's standard error.
#[derive(Debug, Default)]
pub struct Tail {
    bytes: VecDeque<u8>,
    /// How many bytes the port wrote in all, those dropped included.
    pub written: u64,
}

impl Tail {
    pub fn push(&mut self, chunk: &[u8], keep: usize) {
        self.bytes.extend(chunk);
        // `as u64` is lossless on every platform Rust runs on.
        self.written += chunk.len() as u64;
        if self.bytes.len() > keep {
            let extra = self.bytes.len() - keep;
            self.bytes.drain(..extra);
        }
    }

    /// The last [`STDERR_TAIL`] lines of what was written after byte
    /// `mark`, each at most [`STDERR_LINE`] characters; a line cut at its
    /// start or end is marked `...`.
    pub fn lines(&self, mark: u64) -> Vec<String> {
        let held = self.bytes.len() as u64;
        let dropped = self.written - held;
        // Bytes from `mark` on, as far as they are still held.
        let skip = usize::try_from(mark.saturating_sub(dropped)).unwrap_or(usize::MAX);
        let cut = mark < dropped;
        let bytes: Vec<u8> = self.bytes.iter().skip(skip).copied().collect();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let all: Vec<&str> = text.lines().collect();
        let first = all.len().saturating_sub(STDERR_TAIL);
        all.iter()
            .enumerate()
            .skip(first)
            .map(|(i, line)| {
                let mut shown: String = line.chars().take(STDERR_LINE).collect();
                if shown.len() < line.len() {
                    shown.push_str("...");
                }
                if i == 0 && cut {
                    shown.insert_str(0, "...");
                }
                shown
            })
            .collect()
    }
}

pub fn keep_tail(mut stderr: ChildStderr, tail: &Mutex<Tail>) {
    let mut chunk = vec![0; 64 << 10];
    loop {
        let n = match stderr.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let Ok(mut tail) = tail.lock() else {
            return;
        };
        // `n` is at most `chunk.len()`: what `read` promises.
        tail.push(chunk.get(..n).unwrap_or_default(), STDERR_KEEP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a port wrote about one case: the bytes after the mark taken
    /// when the case was sent.
    #[test]
    fn the_stderr_since_a_mark_is_what_came_after_it() {
        let mut tail = Tail::default();
        tail.push(b"hello\ncase 1\n", 16);
        let mark = tail.written;
        assert!(tail.lines(mark).is_empty());
        tail.push(b"case 2: a\ncase 2: b\n", 16);
        assert_eq!(tail.lines(mark), ["... 2: a", "case 2: b"]);
        tail.push(b"x\n", 64);
        assert_eq!(tail.lines(tail.written - 2), ["x"]);
    }

    #[test]
    fn the_stderr_tail_keeps_the_last_bytes_and_shortens_long_lines() {
        let mut tail = Tail::default();
        for _ in 0..1000 {
            tail.push(&[b'e'; 1000], 4096);
        }
        assert!(tail.bytes.len() <= 4096);
        assert_eq!(
            tail.lines(0),
            [format!("...{}...", "e".repeat(STDERR_LINE))]
        );
        let mut tail = Tail::default();
        for i in 0..30 {
            tail.push(format!("line {i}\n").as_bytes(), 4096);
        }
        let lines = tail.lines(0);
        assert_eq!(lines.len(), STDERR_TAIL);
        assert_eq!(lines.last().map(String::as_str), Some("line 29"));
    }
}
