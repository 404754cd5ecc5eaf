//! A conversation with a port: hello, runs, and a fresh start after any
//! misbehaviour.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use fairdeal::core::input::text::quoted;
use serde_json::{Map, Value};

use super::child::{PortProcess, Silence};
use super::protocol::{self, Answer, Hello};

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A well-formed answer.
    Answer(Answer),
    /// No usable answer; the port will be started again.
    Broken {
        /// What went wrong.
        reason: String,
        /// The last lines of the port's standard error.
        stderr: Vec<String>,
    },
}

/// A running port and what it said it supports.
#[derive(Debug)]
pub struct Session {
    command: Vec<String>,
    timeout: Duration,
    deadline: Option<Deadline>,
    port: Option<PortProcess>,
    /// The port's hello.
    pub hello: Hello,
    seq: u64,
    /// How many bytes of standard error the port had written when the last
    /// case was sent.
    mark: u64,
    /// The seq of the last case, when it was sent.
    sent: Option<u64>,
    /// For each case the port answered more than once, by seq: how many
    /// answers more. One count per case sent, however many answers come.
    repeated: BTreeMap<u64, u64>,
    /// How many times the port was started again.
    pub restarts: usize,
    /// How many restarts in a row failed.
    failed_restarts: usize,
}

/// When the whole run must end.
#[derive(Clone, Copy, Debug)]
struct Deadline {
    at: Instant,
    /// As given, for messages.
    after: Duration,
}

/// How many restarts in a row may fail before the run stops: a port that
/// cannot be started again would otherwise cost a hello's wait per case.
pub const FAILED_RESTARTS: usize = 3;

impl Session {
    /// Starts the port and exchanges hellos. The whole run ends by
    /// `deadline` from now, when given.
    ///
    /// # Errors
    ///
    /// The port cannot be started, or does not say a valid hello in time:
    /// a protocol error, not a conformance failure.
    pub fn start(
        command: Vec<String>,
        timeout: Duration,
        deadline: Option<Duration>,
    ) -> Result<Self, String> {
        let deadline = deadline.map(|after| Deadline {
            // A deadline too far to represent is no deadline.
            at: Instant::now().checked_add(after).unwrap_or_else(far_future),
            after,
        });
        let (port, hello) = handshake(&command, timeout, deadline)?;
        Ok(Self {
            command,
            timeout,
            deadline,
            port: Some(port),
            hello,
            seq: 0,
            mark: 0,
            sent: None,
            repeated: BTreeMap::new(),
            restarts: 0,
            failed_restarts: 0,
        })
    }

    /// Sends one case and returns the port's answer.
    ///
    /// # Errors
    ///
    /// Why the run must stop: its deadline passed, or the port could not be
    /// started again [`FAILED_RESTARTS`] times in a row.
    pub fn run(
        &mut self,
        scheme: &str,
        kind: &str,
        fields: &Map<String, Value>,
    ) -> Result<Reply, String> {
        self.sent = None;
        self.wait(Duration::ZERO)?;
        let mut port = match self.port.take() {
            Some(port) => port,
            None => match handshake(&self.command, self.timeout, self.deadline) {
                Ok((port, _)) => {
                    self.restarts += 1;
                    self.failed_restarts = 0;
                    port
                }
                Err(reason) => {
                    self.wait(Duration::ZERO)?;
                    self.failed_restarts += 1;
                    if self.failed_restarts >= FAILED_RESTARTS {
                        return Err(format!(
                            "the port could not be started again {FAILED_RESTARTS} times in a row; the last time: {reason}"
                        ));
                    }
                    return Ok(Reply::Broken {
                        reason: format!("could not start the port again: {reason}"),
                        stderr: Vec::new(),
                    });
                }
            },
        };
        // After a restart, which takes its own time: what is left now.
        let timeout = self.wait(self.timeout)?;
        let until = Instant::now() + timeout;
        self.seq += 1;
        self.sent = Some(self.seq);
        self.mark = port.stderr_mark();
        port.send(&protocol::run(self.seq, scheme, kind, fields));
        let reply = loop {
            let left = until.saturating_duration_since(Instant::now());
            break match port.receive(left) {
                Ok(line) => match protocol::parse_answer(&line, self.seq) {
                    Ok(answer) => Reply::Answer(answer),
                    Err(reason) => match protocol::earlier_answer(&line, self.seq) {
                        // A second answer to an earlier case: that case's
                        // fault, not this one's, which may still come.
                        Some(earlier) => {
                            again(&mut self.repeated, earlier);
                            continue;
                        }
                        None => Reply::Broken {
                            reason,
                            stderr: port.stderr_since(self.mark),
                        },
                    },
                },
                Err(Silence::Timeout(_)) => {
                    if let Err(passed) = self.wait(Duration::ZERO) {
                        port.stop();
                        return Err(passed);
                    }
                    Reply::Broken {
                        reason: format!("no answer within {} s", timeout.as_secs_f64()),
                        stderr: port.stderr_since(self.mark),
                    }
                }
                Err(Silence::Exited(how) | Silence::Unreadable(how)) => Reply::Broken {
                    reason: how,
                    stderr: port.stderr_since(self.mark),
                },
            };
        };
        match reply {
            Reply::Answer(_) => self.port = Some(port),
            Reply::Broken { .. } => port.stop(),
        }
        Ok(reply)
    }

    /// Returns the seq of the last case, when it was sent to the port.
    pub fn sent(&self) -> Option<u64> {
        self.sent
    }

    /// Returns the last lines the port wrote to its standard error since
    /// the last case was sent, while it still runs: what it said about that
    /// case.
    pub fn case_stderr(&self) -> Vec<String> {
        self.port
            .as_ref()
            .map(|port| port.stderr_since(self.mark))
            .unwrap_or_default()
    }

    /// Says bye, closes the port's input and reads what the port still
    /// writes until it closes its output (a port exits at once), then ends
    /// it. The reading is bounded as a case's is, by the timeout and the
    /// deadline, and takes [`AFTER_LINES`] lines at most: a second answer to
    /// the last case is found whenever the port writes it, and a port that
    /// writes without end is no reason to wait without end.
    pub fn finish(mut self) -> Extra {
        let mut extra = Extra {
            repeated: std::mem::take(&mut self.repeated),
            after_last: None,
        };
        let Some(mut port) = self.port.take() else {
            return extra;
        };
        port.send(&protocol::bye());
        port.end_input();
        // A deadline that has passed leaves no time to read.
        if let Ok(wait) = self.wait(self.timeout) {
            let why = after_last(&mut port, wait, self.seq, &mut extra.repeated);
            extra.after_last = why.map(|why| (self.seq, why));
        }
        // What is left of it, whether it ended or not, is killed.
        drop(port);
        extra
    }

    /// Returns `wait`, shortened to what is left before the deadline.
    ///
    /// # Errors
    ///
    /// The deadline has passed (`wait` zero: is passing).
    fn wait(&self, wait: Duration) -> Result<Duration, String> {
        within(self.deadline, wait)
    }
}

/// Returns `wait`, shortened to what is left before `deadline`.
///
/// # Errors
///
/// Nothing is left: the deadline has passed.
fn within(deadline: Option<Deadline>, wait: Duration) -> Result<Duration, String> {
    let Some(deadline) = deadline else {
        return Ok(wait);
    };
    let left = deadline.at.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(format!(
            "the run's deadline of {} s passed",
            deadline.after.as_secs_f64()
        ));
    }
    Ok(wait.min(left))
}

/// An instant about a century from now.
fn far_future() -> Instant {
    let now = Instant::now();
    now.checked_add(Duration::from_secs(100 * 365 * 86_400))
        .unwrap_or(now)
}

/// What the port wrote beside its answers, over the whole run.
#[derive(Debug, Default)]
pub struct Extra {
    /// For each case the port answered more than once, by seq: how many
    /// answers more.
    pub repeated: BTreeMap<u64, u64>,
    /// The seq of the last case, and what was wrong with what the port wrote
    /// after answering it (a line that answers no case sent, or too many).
    pub after_last: Option<(u64, String)>,
}

/// How many lines the runner reads after the answer to the last case: a
/// port writes none, a port that answers a case twice writes one.
pub const AFTER_LINES: usize = 1000;

/// Counts one more answer to case `seq`.
fn again(repeated: &mut BTreeMap<u64, u64>, seq: u64) {
    let more = repeated.entry(seq).or_default();
    *more = more.saturating_add(1);
}

/// Reads what `port` writes after its answer to case `last`, for `wait`
/// at most, until it closes its output: each second answer is counted in
/// `repeated`. Returns what else it wrote, in words, when it wrote
/// something else (a line that answers no case sent, what cannot be read)
/// or more than [`AFTER_LINES`] lines; reading stops there.
fn after_last(
    port: &mut PortProcess,
    wait: Duration,
    last: u64,
    repeated: &mut BTreeMap<u64, u64>,
) -> Option<String> {
    let until = Instant::now() + wait;
    for _ in 0..AFTER_LINES {
        let left = until.saturating_duration_since(Instant::now());
        match port.receive(left) {
            Ok(line) => match protocol::earlier_answer(&line, last.saturating_add(1)) {
                Some(seq) => again(repeated, seq),
                None => return Some(protocol::stray(&line, last)),
            },
            // It ended, or did not within the wait: it is killed either way.
            Err(Silence::Exited(_) | Silence::Timeout(_)) => return None,
            Err(Silence::Unreadable(why)) => return Some(why),
        }
    }
    match port.receive(until.saturating_duration_since(Instant::now())) {
        Ok(_) => Some(format!(
            "more than {AFTER_LINES} lines (the runner read no further)"
        )),
        Err(Silence::Unreadable(why)) => Some(why),
        Err(_) => None,
    }
}

/// The least time a port has to say hello: starting an interpreter or a
/// runtime can take longer than a case may (a short `--timeout` that finds
/// a hung case must not fail a port still starting on a loaded machine).
const STARTUP: Duration = Duration::from_secs(10);

/// Starts the port and waits for its hello, for `timeout` and at least
/// [`STARTUP`], but not past `deadline`.
fn handshake(
    command: &[String],
    timeout: Duration,
    deadline: Option<Deadline>,
) -> Result<(PortProcess, Hello), String> {
    let wait = within(deadline, timeout.max(STARTUP))?;
    let mut port = PortProcess::spawn(command)
        .map_err(|e| format!("cannot start {}: {e}", quoted(&command.join(" "))))?;
    port.send(&protocol::hello());
    let line = port.receive(wait).map_err(|silence| {
        let why = match silence {
            Silence::Timeout(t) => match within(deadline, Duration::ZERO) {
                Err(passed) => return passed,
                Ok(_) => format!("no hello within {} s", t.as_secs_f64()),
            },
            Silence::Exited(how) => format!("{how} before saying hello"),
            Silence::Unreadable(why) => format!("{why}, instead of a hello"),
        };
        let tail = port.stderr_tail();
        if tail.is_empty() {
            why
        } else {
            format!("{why}; its standard error ended:\n{}", tail.join("\n"))
        }
    })?;
    let hello = protocol::parse_hello(&line)?;
    port.settle_stderr();
    Ok((port, hello))
}
