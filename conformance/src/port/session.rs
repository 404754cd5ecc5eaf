//! A conversation with a port: hello, runs, and a fresh start after any
//! misbehaviour.

use std::time::Duration;

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
    port: Option<PortProcess>,
    /// The port's hello.
    pub hello: Hello,
    seq: u64,
    /// How many times the port was started again.
    pub restarts: usize,
}

impl Session {
    /// Starts the port and exchanges hellos.
    ///
    /// # Errors
    ///
    /// The port cannot be started, or does not say a valid hello in time:
    /// a protocol error, not a conformance failure.
    pub fn start(command: Vec<String>, timeout: Duration) -> Result<Self, String> {
        let (port, hello) = handshake(&command, timeout)?;
        Ok(Self {
            command,
            timeout,
            port: Some(port),
            hello,
            seq: 0,
            restarts: 0,
        })
    }

    /// Sends one case and returns the port's answer.
    pub fn run(&mut self, scheme: &str, kind: &str, fields: &Map<String, Value>) -> Reply {
        let port = match self.port.take() {
            Some(port) => port,
            None => match handshake(&self.command, self.timeout) {
                Ok((port, _)) => {
                    self.restarts += 1;
                    port
                }
                Err(reason) => {
                    return Reply::Broken {
                        reason: format!("could not start the port again: {reason}"),
                        stderr: Vec::new(),
                    };
                }
            },
        };
        let mut port = port;
        self.seq += 1;
        port.send(&protocol::run(self.seq, scheme, kind, fields));
        let reply = match port.receive(self.timeout) {
            Ok(line) => match protocol::parse_answer(&line, self.seq) {
                Ok(answer) => Reply::Answer(answer),
                Err(reason) => Reply::Broken {
                    reason,
                    stderr: port.stderr_tail(),
                },
            },
            Err(Silence::Timeout(t)) => Reply::Broken {
                reason: format!("no answer within {} s", t.as_secs_f64()),
                stderr: port.stderr_tail(),
            },
            Err(Silence::Exited(how)) => Reply::Broken {
                reason: how,
                stderr: port.stderr_tail(),
            },
        };
        match reply {
            Reply::Answer(_) => self.port = Some(port),
            Reply::Broken { .. } => port.stop(),
        }
        reply
    }

    /// Says bye and ends the port.
    pub fn finish(mut self) {
        if let Some(mut port) = self.port.take() {
            port.send(&protocol::bye());
            port.stop();
        }
    }
}

/// The least time a port has to say hello: starting an interpreter or a
/// runtime can take longer than a case may (a short `--timeout` that finds
/// a hung case must not fail a port still starting on a loaded machine).
const STARTUP: Duration = Duration::from_secs(10);

/// Starts the port and waits for its hello, for `timeout` and at least
/// [`STARTUP`].
fn handshake(command: &[String], timeout: Duration) -> Result<(PortProcess, Hello), String> {
    let mut port = PortProcess::spawn(command)
        .map_err(|e| format!("cannot start {:?}: {e}", command.join(" ")))?;
    port.send(&protocol::hello());
    let line = port.receive(timeout.max(STARTUP)).map_err(|silence| {
        let tail = port.stderr_tail().join("\n");
        match silence {
            Silence::Timeout(t) => format!("no hello within {} s\n{tail}", t.as_secs_f64()),
            Silence::Exited(how) => format!("{how} before saying hello\n{tail}"),
        }
    })?;
    let hello = protocol::parse_hello(&line)?;
    Ok((port, hello))
}
