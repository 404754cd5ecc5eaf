//! A port's process: one line out, one line back, never waiting forever.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// How many lines of the port's standard error a failure report shows.
const STDERR_TAIL: usize = 20;

/// A running port.
#[derive(Debug)]
pub struct PortProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

/// Why no answer came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Silence {
    /// Nothing within the timeout.
    Timeout(Duration),
    /// The port closed its output or exited.
    Exited(String),
}

impl PortProcess {
    /// Starts `command` (program and arguments).
    ///
    /// # Errors
    ///
    /// The program cannot be started.
    pub fn spawn(command: &[String]) -> std::io::Result<Self> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| std::io::Error::other("no command given"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        let stderr_pipe = child
            .stderr
            .take()
            .ok_or_else(|| std::io::Error::other("no stderr"))?;
        let (send, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        if send.send(Some(line)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = send.send(None);
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines().map_while(Result::ok) {
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == STDERR_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(Self {
            child,
            stdin,
            lines,
            stderr,
        })
    }

    /// Sends one line. A port that has closed its input is reported by the
    /// next [`PortProcess::receive`].
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = &mut self.stdin {
            if writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_err()
            {
                self.stdin = None;
            }
        }
    }

    /// Returns the next line, or why none came within `timeout`.
    pub fn receive(&mut self, timeout: Duration) -> Result<String, Silence> {
        match self.lines.recv_timeout(timeout) {
            Ok(Some(line)) => Ok(line),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                Err(Silence::Exited(self.exit_status()))
            }
            Err(RecvTimeoutError::Timeout) => Err(Silence::Timeout(timeout)),
        }
    }

    /// Returns the last lines of the port's standard error.
    pub fn stderr_tail(&self) -> Vec<String> {
        // Give the reader thread a moment to catch up with a crash's last words.
        thread::sleep(Duration::from_millis(20));
        self.stderr
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Asks the port to end (closing its input), waits briefly, then kills it.
    pub fn stop(mut self) {
        self.stdin = None;
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn exit_status(&mut self) -> String {
        for _ in 0..50 {
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
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
