//! The last bytes of a port's standard error, and what it wrote after a
//! mark: what a failure report shows.
//!
//! The standard error is read in step with the answers: on Unix its pipe
//! does not block, and the runner drains it under the same lock a helper
//! thread reads it under, after each answer and before each case is sent.
//! A port writes about a case before it answers it, so when the answer has
//! come, all it wrote about the case is in the pipe; draining then takes
//! all of it, and a line about case N is never shown under case N + 1,
//! whatever the machine's load. (Elsewhere a thread reads it as it comes.)

use std::collections::VecDeque;
use std::process::ChildStderr;
use std::sync::{Arc, Mutex};

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

/// The port's standard error: its pipe and what was read of it.
#[derive(Debug)]
pub struct Stderr {
    /// The last bytes read.
    pub tail: Mutex<Tail>,
    /// The pipe, which the runner drains in step with the answers.
    #[cfg(unix)]
    pipe: ChildStderr,
}

/// The most bytes one drain reads: a port that writes without end is no
/// reason to drain without end (what is left is read by the next drain).
const DRAIN_MOST: usize = 4 * STDERR_KEEP;

impl Stderr {
    /// Starts reading `pipe`: a thread takes what comes between drains, so
    /// that a port that writes much between answers never blocks on a
    /// full pipe.
    pub fn start(pipe: ChildStderr) -> Arc<Self> {
        #[cfg(unix)]
        {
            // Reads of a pipe that does not block: a drain takes what is
            // there and returns. Without it, reads wait as on any pipe,
            // and draining is left to the thread.
            let _ = rustix::io::ioctl_fionbio(&pipe, true);
            let stderr = Arc::new(Self {
                tail: Mutex::default(),
                pipe,
            });
            let reader = Arc::clone(&stderr);
            std::thread::spawn(move || reader.read_as_it_comes());
            stderr
        }
        #[cfg(not(unix))]
        {
            let stderr = Arc::new(Self {
                tail: Mutex::default(),
            });
            let reader = Arc::clone(&stderr);
            std::thread::spawn(move || keep_tail(pipe, &reader.tail));
            stderr
        }
    }

    /// Reads what the pipe holds now into the tail: everything the port
    /// wrote before this moment, as far as it is not read already.
    pub fn drain(&self) {
        #[cfg(unix)]
        if let Ok(mut tail) = self.tail.lock() {
            let _ = drain_into(&self.pipe, &mut tail);
        }
    }

    /// The helper thread: waits until the pipe has something to read, then
    /// drains it under the lock, until the port closes it.
    #[cfg(unix)]
    fn read_as_it_comes(&self) {
        use rustix::event::{PollFd, PollFlags, poll};
        use rustix::io::Errno;
        loop {
            let mut fds = [PollFd::new(&self.pipe, PollFlags::IN)];
            match poll(&mut fds, None) {
                Ok(_) | Err(Errno::INTR) => {}
                Err(_) => return,
            }
            let Ok(mut tail) = self.tail.lock() else {
                return;
            };
            if drain_into(&self.pipe, &mut tail) == Drained::Closed {
                return;
            }
        }
    }
}

/// How a drain ended.
#[cfg(unix)]
#[derive(PartialEq, Eq)]
enum Drained {
    /// Nothing more to read now.
    Empty,
    /// The port closed the pipe, or it cannot be read.
    Closed,
}

/// Reads what `pipe` holds, at most [`DRAIN_MOST`] bytes, into `tail`.
#[cfg(unix)]
fn drain_into(pipe: &ChildStderr, tail: &mut Tail) -> Drained {
    use rustix::io::{Errno, read};
    let mut chunk = [0; 8 << 10];
    let mut taken = 0;
    while taken < DRAIN_MOST {
        match read(pipe, &mut chunk) {
            Ok(0) => return Drained::Closed,
            Ok(n) => {
                // `n` is at most `chunk.len()`: what `read` promises.
                tail.push(chunk.get(..n).unwrap_or_default(), STDERR_KEEP);
                taken += n;
            }
            Err(Errno::INTR) => {}
            Err(Errno::AGAIN) => return Drained::Empty,
            Err(_) => return Drained::Closed,
        }
    }
    Drained::Empty
}

#[cfg(not(unix))]
fn keep_tail(mut stderr: ChildStderr, tail: &Mutex<Tail>) {
    use std::io::Read;
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
