//! A port's process: one line out, one line back, never waiting forever and
//! never holding more than a bounded amount of what the port writes.
//!
//! The port runs in a process group of its own (on Unix), and stopping it
//! kills the whole group: a port started through a wrapper (`sh -c ...`,
//! `go run`, `npm start`) leaves no orphan behind when it hangs. Then it
//! kills every process still holding one of the port's pipes (on Linux,
//! see [`holders`](super::holders)): a helper that left the group by
//! `setsid()` is not left behind either.
//!
//! Three threads talk to the process, so that no pipe can block the runner:
//! one writes the requests, one reads the answers a line at a time (at most
//! [`LINE_LIMIT`] bytes each, handed over one at a time), one keeps the last
//! [`STDERR_KEEP`](super::tail::STDERR_KEEP) bytes of its standard error.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};

use std::thread;
use std::time::{Duration, Instant};

use super::holders::Pipes;
use super::tail::Stderr;

/// The longest line the runner reads from a port: an answer longer than this
/// is a broken answer (the largest expected output is a few KiB), and reading
/// it stops there instead of growing without end.
pub const LINE_LIMIT: usize = 16 << 20;

/// How long a port's standard error must be quiet after its hello.
const SETTLE_QUIET: Duration = Duration::from_millis(20);
/// The longest the runner waits for it.
const SETTLE_MOST: Duration = Duration::from_millis(200);

/// A running port.
#[derive(Debug)]
pub struct PortProcess {
    child: Child,
    requests: Option<Sender<String>>,
    lines: Receiver<Read1>,
    stderr: Option<Arc<Stderr>>,
    pipes: Pipes,
}

/// What the reading thread hands over.
#[derive(Debug)]
enum Read1 {
    /// One line, without its end.
    Line(String),
    /// Why reading stopped before the port closed its output.
    Unreadable(String),
    /// The port closed its output.
    End,
}

/// Why no answer came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Silence {
    /// Nothing within the timeout.
    Timeout(Duration),
    /// The port closed its output or exited.
    Exited(String),
    /// The port wrote what cannot be a line of the protocol: longer than
    /// [`LINE_LIMIT`], or not UTF-8.
    Unreadable(String),
}

impl PortProcess {
    /// Starts `command` (program and arguments) in a process group of its own.
    ///
    /// # Errors
    ///
    /// The program cannot be started.
    pub fn spawn(command: &[String]) -> std::io::Result<Self> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| std::io::Error::other("no command given"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // 0: a new group whose id is the port's own process id.
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        running(|ports| ports.insert(child.id(), Pipes::default()));
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr_pipe)) = pipes else {
            let mut port = Self {
                child,
                requests: None,
                lines: channel().1,
                stderr: None,
                pipes: Pipes::default(),
            };
            port.kill();
            return Err(std::io::Error::other(
                "the port's pipes could not be opened",
            ));
        };
        // Named while this process holds its ends, before a thread closes one.
        #[cfg(target_os = "linux")]
        let pipes = {
            use std::os::fd::AsFd;
            Pipes::of(&[stdin.as_fd(), stdout.as_fd(), stderr_pipe.as_fd()])
        };
        #[cfg(not(target_os = "linux"))]
        let pipes = Pipes::default();
        running(|ports| ports.insert(child.id(), pipes.clone()));
        let (requests, to_write) = channel();
        thread::spawn(move || write_requests(stdin, &to_write));
        // A rendezvous: the reader holds at most one line the runner has not
        // taken, however fast the port writes.
        let (send, lines) = sync_channel(0);
        thread::spawn(move || read_lines(stdout, &send));
        let stderr = Some(Stderr::start(stderr_pipe));
        Ok(Self {
            child,
            requests: Some(requests),
            lines,
            stderr,
            pipes,
        })
    }

    /// Sends one line. A port that has closed its input is reported by the
    /// next [`PortProcess::receive`]; one that does not read it never blocks
    /// the runner (a thread of its own writes).
    pub fn send(&mut self, line: &str) {
        if let Some(requests) = &self.requests {
            if requests.send(line.to_owned()).is_err() {
                self.requests = None;
            }
        }
    }

    /// Closes the port's input once what was sent is written: the end of
    /// the conversation, which a port answers by exiting.
    pub fn end_input(&mut self) {
        self.requests = None;
    }

    /// Returns the next line, or why none came within `timeout`.
    pub fn receive(&mut self, timeout: Duration) -> Result<String, Silence> {
        match self.lines.recv_timeout(timeout) {
            Ok(Read1::Line(line)) => Ok(line),
            Ok(Read1::Unreadable(why)) => Err(Silence::Unreadable(why)),
            Ok(Read1::End) | Err(RecvTimeoutError::Disconnected) => {
                Err(Silence::Exited(self.exit_status()))
            }
            Err(RecvTimeoutError::Timeout) => Err(Silence::Timeout(timeout)),
        }
    }

    /// Returns the last lines of the port's standard error, each shortened.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr_since(0)
    }

    /// Waits until the port's standard error has been quiet for a moment
    /// (at most [`SETTLE_MOST`]): what a port writes as it starts, just
    /// after its hello, is then not taken for what it wrote about its first
    /// case.
    pub fn settle_stderr(&self) {
        let started = Instant::now();
        let mut seen = self.stderr_mark();
        while started.elapsed() < SETTLE_MOST {
            thread::sleep(SETTLE_QUIET);
            let now = self.stderr_mark();
            if now == seen {
                return;
            }
            seen = now;
        }
    }

    /// Returns how many bytes the port has written to its standard error
    /// so far, all it wrote before this moment read: a mark for
    /// [`PortProcess::stderr_since`].
    pub fn stderr_mark(&self) -> u64 {
        let Some(stderr) = &self.stderr else {
            return 0;
        };
        stderr.drain();
        stderr.tail.lock().map(|t| t.written).unwrap_or_default()
    }

    /// Returns the last lines of what the port wrote to its standard error
    /// after `mark` and before this moment, each shortened: what it said
    /// about one case, once its answer came (or it ended).
    pub fn stderr_since(&self, mark: u64) -> Vec<String> {
        let Some(stderr) = &self.stderr else {
            return Vec::new();
        };
        stderr.drain();
        #[cfg(not(unix))]
        // Only a thread reads it: give it a moment to catch up.
        thread::sleep(Duration::from_millis(20));
        stderr
            .tail
            .lock()
            .map(|t| t.lines(mark))
            .unwrap_or_default()
    }

    /// Asks the port to end (closing its input), waits briefly, then kills
    /// its whole process group and what still holds its pipes.
    pub fn stop(mut self) {
        self.requests = None;
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills what is left: the port, or what a wrapper started.
    }

    /// Kills the port's process group, then the port, and reaps it; then
    /// every process still holding one of its pipes.
    fn kill(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.pipes.kill_holders();
        running(|ports| ports.remove(&self.child.id()));
    }

    /// Says how the port ended, once it closed its output: a port that
    /// exits closes it a moment before its exit can be seen, a moment a
    /// loaded machine stretches, so the wait is long (2 s) and ends as soon
    /// as the exit is seen.
    fn exit_status(&mut self) -> String {
        for _ in 0..200 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("the port exited ({status})");
            }
            thread::sleep(Duration::from_millis(10));
        }
        "the port closed its standard output".to_owned()
    }
}

impl Drop for PortProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The process ids of the ports started and not yet killed, with their
/// pipes: for [`kill_running`], when the runner itself is interrupted.
static RUNNING: Mutex<BTreeMap<u32, Pipes>> = Mutex::new(BTreeMap::new());

fn running<T>(change: impl FnOnce(&mut BTreeMap<u32, Pipes>) -> T) {
    // A poisoned lock still holds the map: a thread panicked while holding
    // it, which these one-line changes cannot.
    let mut ports = RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    change(&mut ports);
}

/// Kills the process group of every port still running, and what holds
/// its pipes: what a runner that is interrupted (Ctrl-C, SIGTERM) does
/// before it ends, since a port in a group of its own does not get the
/// terminal's signals.
pub fn kill_running() {
    running(|ports| {
        for (&pid, pipes) in ports.iter() {
            kill_group(pid);
            pipes.kill_holders();
        }
    });
}

/// Kills every process of the group of port `pid` (the port is its leader,
/// so the group's id is its process id). A group already gone is no error.
#[cfg(unix)]
fn kill_group(pid: u32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    // Process ids fit in i32 (the kernel's pid_t); 0 or one that does not
    // fit names no group, and nothing is sent.
    let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
        return;
    };
    // The group outlives a reaped leader while any member lives, and a
    // process id is not reused as a group's while that group exists.
    let _ = kill_process_group(pid, Signal::KILL);
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}

fn write_requests(mut stdin: ChildStdin, requests: &Receiver<String>) {
    for line in requests {
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
    // The sender is gone: dropping `stdin` closes the port's input.
}

/// Reads the port's output a line at a time, each at most [`LINE_LIMIT`]
/// bytes, until the port closes it, writes a line it cannot read, or the
/// runner stops listening.
fn read_lines(stdout: ChildStdout, send: &SyncSender<Read1>) {
    let mut reader = BufReader::with_capacity(64 << 10, stdout);
    loop {
        let message = match read_line(&mut reader, LINE_LIMIT) {
            Ok(Some(line)) => Read1::Line(line),
            Ok(None) => Read1::End,
            Err(why) => Read1::Unreadable(why),
        };
        let last = !matches!(message, Read1::Line(_));
        if send.send(message).is_err() || last {
            return;
        }
    }
}

/// Reads one line of at most `limit` bytes (its end not counted): `None` at
/// the end of the output.
///
/// # Errors
///
/// A line longer than `limit`, one that is not UTF-8, or a read error, in
/// words.
fn read_line(reader: &mut impl BufRead, limit: usize) -> Result<Option<String>, String> {
    let mut line = Vec::new();
    // The line and its `\n`; `as u64` is lossless on every platform Rust runs on.
    let most = limit as u64 + 1;
    let n = reader
        .by_ref()
        .take(most)
        .read_until(b'\n', &mut line)
        .map_err(|e| format!("the port's output could not be read: {e}"))?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    } else if line.len() > limit {
        let size = if limit >= 1 << 20 && limit % (1 << 20) == 0 {
            format!("{} MiB", limit >> 20)
        } else {
            format!("{limit} bytes")
        };
        return Err(format!(
            "a line longer than {size}, expected an answer of one line of at most {size}"
        ));
    }
    String::from_utf8(line).map(Some).map_err(|e| {
        format!(
            "a line whose byte {} is not UTF-8, expected UTF-8 JSON",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_up_to_its_limit_and_no_further() {
        let mut input: &[u8] = b"short\r\nexactly10!\nthis one is too long\nnext";
        assert_eq!(read_line(&mut input, 10), Ok(Some("short".to_owned())));
        assert_eq!(read_line(&mut input, 10), Ok(Some("exactly10!".to_owned())));
        let err = read_line(&mut input, 10).unwrap_err();
        assert!(err.starts_with("a line longer than 10 bytes"), "{err}");
    }

    #[test]
    fn a_last_line_without_its_end_is_a_line_then_the_end() {
        let mut input: &[u8] = b"last";
        assert_eq!(read_line(&mut input, 10), Ok(Some("last".to_owned())));
        assert_eq!(read_line(&mut input, 10), Ok(None));
        let mut input: &[u8] = b"\xff\n";
        assert!(read_line(&mut input, 10).unwrap_err().contains("not UTF-8"));
    }

    /// An endless line stops at the limit: reading a 1 GiB line with a limit
    /// of 1 MiB takes 1 MiB and a bit from the stream.
    #[test]
    fn an_endless_line_is_not_read_to_its_end() {
        let mut endless = std::io::repeat(b'x');
        let mut reader = BufReader::new(&mut endless);
        assert!(read_line(&mut reader, 1 << 20).is_err());
    }
}
