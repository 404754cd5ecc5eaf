//! What every test module uses: the built binary run from the repository root, and its output.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The `fairdeal` binary, to be run from the repository root: for a test
/// that sets its environment.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fairdeal"));
    command.current_dir(root());
    command
}

pub fn fairdeal(args: &[&str]) -> Output {
    command()
        .args(args)
        .output()
        .expect("the fairdeal binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Returns the field names of a JSON object, in order.
pub fn keys_of(v: &Value) -> Vec<&str> {
    v.as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect()
}

/// Returns card codes as the table shows a hand with `--ascii`: sorted by
/// suit (spades, hearts, clubs, diamonds) and rank, high first.
pub fn hand(codes: &str) -> String {
    let rank = |c: char| "AKQJT98765432".find(c).unwrap_or(99);
    let suit = |c: char| "shcd".find(c).unwrap_or(99);
    let mut cards: Vec<&str> = codes.split(' ').collect();
    cards.sort_by_key(|code| {
        let mut chars = code.chars();
        let r = chars.next().unwrap_or('?');
        let s = chars.next().unwrap_or('?');
        (suit(s), rank(r))
    });
    cards.join(" ")
}

/// Runs `fairdeal ARGS` with `input` on standard input.
pub fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fairdeal starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input)
        .expect("written");
    child.wait_with_output().expect("fairdeal ends")
}

/// A file of one test module's own in the temp folder, removed when
/// dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// Writes `contents` to a temp file named for `module`, this process
    /// and `name`.
    pub fn new(module: &str, name: &str, contents: &[u8]) -> Self {
        let path =
            std::env::temp_dir().join(format!("fairdeal-{module}-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("the temp folder is writable");
        Self(path)
    }

    /// Returns the file's path as text, for an argument.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        drop(std::fs::remove_file(&self.0));
    }
}

/// Waits for `child`, killing it (and failing the test) after `limit`: a
/// safety net for a run that a regression could make endless, never a
/// measure of speed (the limit is far above any good run's time).
pub fn wait_or_kill(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            return status;
        }
        if started.elapsed() > limit {
            drop(child.kill());
            drop(child.wait());
            panic!("{what} still ran after {limit:?}: killed");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `child` (its stdout and stderr piped) to its end under
/// [`wait_or_kill`], reading both pipes on their own threads so that a
/// full pipe cannot stall it.
pub fn output_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let drain = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            drop(pipe.read_to_end(&mut bytes));
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped")));
    let err = drain(Box::new(child.stderr.take().expect("piped")));
    let status = wait_or_kill(&mut child, limit, what);
    Output {
        status,
        stdout: out.join().expect("read"),
        stderr: err.join().expect("read"),
    }
}
