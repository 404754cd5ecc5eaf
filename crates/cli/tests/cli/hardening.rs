//! Hostile and odd inputs (issue 14): sizes checked before anything is
//! allocated, numbers that must not panic, inputs that must not reach the
//! terminal raw, repeated keys and odd JSON. Each run that could exhaust the
//! machine on a regression runs under a memory limit and a time limit, so
//! that it fails instead.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::util::{fairdeal, root, stderr, stdout};

const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";

/// How long a bounded run may take before it is killed and its test fails.
const TIME_LIMIT: Duration = Duration::from_secs(30);
/// The address space a bounded run may take, in KiB (`ulimit -v`): far
/// above what any command needs, far below what a runaway allocation takes.
const MEMORY_KIB: u64 = 1 << 20;

/// Runs `fairdeal ARGS` under `ulimit -v memory_kib`, with `env` set and
/// `stdin` fed; kills it and fails the test after [`TIME_LIMIT`].
fn bounded(args: &[&str], memory_kib: u64, env: &[(&str, &str)], stdin: &[u8]) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {memory_kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_fairdeal"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut input = child.stdin.take().expect("piped");
    let stdin = stdin.to_vec();
    // The command may stop reading early: a broken pipe here is its right.
    let feeder = thread::spawn(move || drop(input.write_all(&stdin)));
    let drain = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            drop(pipe.read_to_end(&mut bytes));
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped")));
    let err = drain(Box::new(child.stderr.take().expect("piped")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            drop(child.kill());
            drop(child.wait());
            panic!("fairdeal {args:?} still ran after {TIME_LIMIT:?}: killed");
        }
        thread::sleep(Duration::from_millis(20));
    };
    drop(feeder.join());
    Output {
        status,
        stdout: out.join().expect("read"),
        stderr: err.join().expect("read"),
    }
}

fn run(args: &[&str]) -> Output {
    bounded(args, MEMORY_KIB, &[], b"")
}

/// A file of this test's own in the temp folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, contents: &[u8]) -> Self {
        let path =
            std::env::temp_dir().join(format!("fairdeal-hardening-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("the temp folder is writable");
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        drop(std::fs::remove_file(&self.0));
    }
}

/// Asserts exit 2, nothing on stdout, and exactly `message` on stderr.
fn refused(o: &Output, message: &str) {
    assert_eq!(
        (o.status.code(), stderr(o).as_str(), stdout(o).as_str()),
        (Some(2), format!("error: {message}\n").as_str(), ""),
    );
}

// 1. Sizes are checked before anything is allocated.

#[test]
fn hands_beyond_the_limit_are_refused_before_any_hand_is_made() {
    // Before: u64::MAX panicked (exit 101), 100000000 aborted, 50000000
    // took 3.5 GB; 65 said hands[2].pattern was missing.
    for n in ["18446744073709551615", "100000000", "50000000", "65", "0"] {
        let o = run(&["deal", "showdown", HOUSE, "phrase", "--hands", n]);
        refused(
            &o,
            &format!("hands: {n} is out of range, expected a count of hands from 1 to 64"),
        );
    }
    let patterns = vec!["3232"; 20_000].join(",");
    let o = run(&["deal", "showdown", HOUSE, "phrase", "--patterns", &patterns]);
    refused(
        &o,
        "patterns: 20000 given, expected one pattern per hand, 1 to 64 hands",
    );
}

#[test]
fn input_files_over_4_mib_are_refused_unread() {
    let o = run(&["deal", "euchremaster", "--input", "/dev/zero"]);
    refused(
        &o,
        "/dev/zero: more than 4194304 bytes, expected a file of at most 4 MiB",
    );
    let big = Scratch::new("big.json", &vec![b' '; 5 << 20]);
    let o = run(&["deal", "euchremaster", "--input", big.path()]);
    refused(
        &o,
        &format!(
            "{}: more than 4194304 bytes, expected a file of at most 4 MiB",
            big.path()
        ),
    );
    let o = bounded(
        &["deal", "euchremaster", "--input", "-"],
        MEMORY_KIB,
        &[],
        &vec![b'['; 5 << 20],
    );
    refused(
        &o,
        "-: more than 4194304 bytes, expected a file of at most 4 MiB",
    );
}

// 2. Numbers that panicked.

#[test]
fn bench_seconds_and_threads_outside_their_ranges_exit_2() {
    let cases = [
        (
            "--seconds",
            "1e20",
            "--seconds: 1e20 is too long, expected more than 0 and at most 3600 seconds",
        ),
        (
            "--seconds",
            "3601",
            "--seconds: 3601 is too long, expected more than 0 and at most 3600 seconds",
        ),
        (
            "--threads",
            "5000",
            "--threads: 5000 threads, expected 1 to 256",
        ),
        (
            "--threads",
            "-1",
            "--threads: -1 threads, expected 1 to 256",
        ),
    ];
    for (flag, value, message) in cases {
        let o = run(&["bench", "sfc32-lock", flag, value]);
        refused(&o, message);
    }
}

#[test]
fn bench_threads_the_system_cannot_start_exit_2_without_deadlock() {
    // Each thread asks for a 1 GiB stack under a 2.5 GB address space: the
    // one-new-thread run fits, then the third of 8 cannot start. Before,
    // spawn panicked and the scope waited for the two started threads,
    // which waited on a barrier for 8: a deadlock (the time limit fails it).
    // A memory limit, not `ulimit -u`: root ignores the process limit.
    let o = bounded(
        &["bench", "sfc32-lock", "--seconds", "0.01", "--threads", "8"],
        2_500_000,
        &[("RUST_MIN_STACK", "1073741824")],
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let message = stderr(&o);
    let last = message.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error: --threads: thread ")
            && last.contains(" of ")
            && last.ends_with(
                "could not be started (Resource temporarily unavailable (os error 11)), expected no more threads than the system allows"
            ),
        "{message}"
    );
    assert!(stdout(&o).is_empty());
}

#[test]
fn bounded_runs_report_a_good_run_as_it_is() {
    let o = run(&["schemes"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), stdout(&fairdeal(&["schemes"])));
}
