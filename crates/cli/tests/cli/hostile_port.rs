//! `fairdeal conformance --port` against a hostile port (issues 14 and 27):
//! the runner stays bounded in memory and time, leaves no process behind,
//! stops a run that cannot go on, and never loses or overwrites what it
//! must not.
//!
//! Each test is a reproducer that failed before: the port is
//! crates/cli/tests/ports/broken_port.py in one of its hostile modes. No
//! outcome here depends on how fast the machine is: a case that must time
//! out hangs for good, every other case has [`TIMEOUT`] (or [`PATIENT`]) to
//! answer in, and the time a run takes is never asserted (only [`SAFETY`]
//! stops a runner that hangs).

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::util::{command, root, stderr, stdout};

const PORT: &str = "python3 crates/cli/tests/ports/broken_port.py";
/// dealer-1 and its derived shuffle: the port misbehaves on the shuffle
/// (seq 2), and the deal (seq 3) shows the run went on.
const ONE_CASE: [&str; 4] = [
    "--scheme",
    "euchremaster",
    "--case",
    "dealer-1,-joker,-deal-",
];
/// The timeout where a case must time out (it hangs for good): a port
/// answers every other case in milliseconds, and seconds are far more than
/// a loaded machine needs.
const TIMEOUT: &str = "3";
/// The timeout where no case may time out: what ends a case is what the
/// port does, however long the machine takes to do it.
const PATIENT: &str = "600";
/// The longest a run may take before the test kills it and fails: a net
/// for a runner that hangs, far above what a loaded machine takes.
const SAFETY: Duration = Duration::from_secs(180);
/// How long a process the runner killed may take to be gone: SIGKILL takes
/// effect at once, the wait is for a loaded machine.
const GONE: Duration = Duration::from_secs(30);
/// The address space the runner may use where a test bounds it: it needs
/// under 64 MiB; the hostile ports once made it take gigabytes.
const MEMORY_KIB: u64 = 256 << 10;

/// The runner with `args`, run by `sh` with its address space limited to
/// [`MEMORY_KIB`] (the limit goes to the port too, which needs far less).
fn limited(args: &[&str]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!(r#"ulimit -v {MEMORY_KIB} && exec "$0" "$@""#))
        .arg(env!("CARGO_BIN_EXE_fairdeal"))
        .args(args)
        // glibc reserves 64 MiB of address space for each thread that
        // meets another in malloc (an arena), which the runner's reader
        // threads do or not as the machine's load has it: one arena keeps
        // what the limit measures the runner's own memory.
        .env("MALLOC_ARENA_MAX", "1")
        .current_dir(root());
    c
}

fn conformance(args: &[&str]) -> Vec<String> {
    let mut all = vec![
        "conformance".to_owned(),
        "--port".to_owned(),
        PORT.to_owned(),
    ];
    all.extend(args.iter().map(|a| (*a).to_owned()));
    all
}

/// Runs `c` with the port in `mode` and returns its output; a run that has
/// not ended within [`SAFETY`] is killed and fails the test.
fn run(mut c: Command, mode: &str, env: &[(&str, &str)]) -> Output {
    let mut child = c
        .env("BROKEN_PORT", mode)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fairdeal binary runs");
    let all = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let out = all(child
        .stdout
        .take()
        .map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = all(child
        .stderr
        .take()
        .map(|p| Box::new(p) as Box<dyn Read + Send>));
    let until = Instant::now() + SAFETY;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the runner can be waited for") {
            break status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the runner did not end within {SAFETY:?}");
        }
        thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().expect("stdout read"),
        stderr: err.join().expect("stderr read"),
    }
}

/// A scratch folder of this test's own under target/.
fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/hostile-port").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("target/ is writable");
    dir
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

/// An answer line with no end once grew the runner without bound (2 GB in
/// the 10 s of one case); a line stops at 16 MiB, a broken answer.
#[test]
fn hostile_an_endless_answer_line_is_cut_at_16_mib() {
    let args = conformance(&[&ONE_CASE[..], &["--timeout", PATIENT]].concat());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(limited(&args), "long-line", &[]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: a line longer than 16 MiB"
        ),
        "{out}"
    );
    assert!(out.contains("2 passed, 1 failed"), "{out}");
}

/// Standard error with no line end once grew the runner as much as the
/// port wrote (2.3 GB in 10 s); only its last 64 KiB are kept.
#[test]
fn hostile_a_flood_of_standard_error_keeps_only_its_tail() {
    let args = conformance(&[&ONE_CASE[..], &["--timeout", PATIENT]].concat());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let flood = (384u64 << 20).to_string();
    let o = run(limited(&args), "stderr-flood", &[("BROKEN_BYTES", &flood)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).ends_with("3 passed, 0 failed, 0 skipped\n"));
}

/// Each "pid pgid" line the port's starts wrote to `file`.
fn started(file: &Path) -> Vec<(u32, u32)> {
    fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| {
            let (pid, pgid) = l.split_once(' ').expect("pid pgid");
            (pid.parse().expect("a pid"), pgid.parse().expect("a pgid"))
        })
        .collect()
}

/// The state and process group of a process, from /proc/PID/stat.
fn proc_stat(pid: &str) -> Option<(char, u32)> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name, in parentheses, may hold anything: the fields follow its end.
    let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let pgid = fields.nth(1)?.parse().ok()?;
    Some((state, pgid))
}

/// The live processes (zombies excepted) of group `pgid`.
fn group_members(pgid: u32) -> Vec<String> {
    fs::read_dir("/proc")
        .expect("/proc can be listed")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| proc_stat(pid).is_some_and(|(state, g)| g == pgid && state != 'Z'))
        .collect()
}

/// Asserts that each port the runner started (and each helper a port
/// recorded) ran in a process group of its own, and that no process of
/// those groups is left (within [`GONE`]). What is left is killed before
/// the test fails, so that a failing test leaves nothing behind either.
fn assert_groups_gone(pids: &Path) {
    let ours = proc_stat("self").expect("/proc/self/stat").1;
    let ports = started(pids);
    assert!(!ports.is_empty(), "the port never started");
    let until = Instant::now() + GONE;
    let mut left = Vec::new();
    for &(pid, pgid) in &ports {
        assert_ne!(
            pgid, ours,
            "process {pid} ran in the runner's process group"
        );
        while !group_members(pgid).is_empty() && Instant::now() < until {
            thread::sleep(Duration::from_millis(50));
        }
        left.extend(group_members(pgid).into_iter().map(|p| (pgid, p)));
    }
    if !left.is_empty() {
        for (_, pid) in &left {
            let _ = Command::new("kill").args(["-KILL", pid]).status();
        }
        panic!("processes left, as (group, pid): {left:?}");
    }
}

/// A port started through a wrapper (`sh -c '...; exit'` forks it) that
/// hung was left running, one orphan per hung case: the runner kills the
/// port's whole process group.
#[test]
fn hostile_a_hung_port_behind_a_wrapper_leaves_no_process_behind() {
    let dir = scratch("wrapper");
    let pids = dir.join("pids");
    let wrapped = format!("sh -c '{PORT}; exit $?'");
    let mut c = command();
    c.args(["conformance", "--port", &wrapped, "--timeout", TIMEOUT])
        .args(ONE_CASE);
    let o = run(c, "hang", &[("BROKEN_PIDS", &text(&pids))]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains(&format!("no answer within {TIMEOUT} s")),
        "{}",
        stdout(&o)
    );
    assert_eq!(started(&pids).len(), 2, "the port and its restart");
    assert_groups_gone(&pids);
}

/// A port that could not be started again cost a hello's wait for every
/// case left: after 3 failed restarts in a row the run stops, exit 2.
#[test]
fn hostile_a_port_that_cannot_be_started_again_stops_the_run() {
    let dir = scratch("restart-dies");
    let state = text(&dir.join("started"));
    let mut c = command();
    c.args(conformance(&[
        "--scheme",
        "euchremaster",
        "--case",
        "dealer-,-joker",
    ]));
    let o = run(c, "restart-dies", &[("BROKEN_STATE", &state)]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    let message =
        "the port could not be started again 3 times in a row; the last time: the port exited";
    assert!(stderr(&o).contains(message), "{}", stderr(&o));
    // The summary of the cases that ran comes first, with why the run stopped.
    let out = stdout(&o);
    assert!(out.contains("stopped after 4 cases: "), "{out}");
    assert!(out.ends_with("1 passed, 3 failed, 0 skipped\n"), "{out}");
}

/// A restarted port that never says hello: `--deadline` bounds the whole
/// run (it cost 10 s per remaining case, 80 minutes for the vectors), and
/// every port it started is gone.
///
/// The port passes the first case, crashes on the second, and its restart
/// hangs for good; with a timeout of 600 s only the deadline can end that
/// wait. The deadline is the one clock here: it must leave time for the
/// first two cases (half a second on an idle machine, several under a load
/// of 9, where a 2 s deadline passed before them), so it is 10 s.
#[test]
fn hostile_the_deadline_stops_a_port_that_never_says_hello_again() {
    let dir = scratch("restart-hangs");
    let (state, pids) = (text(&dir.join("started")), dir.join("pids"));
    let mut c = command();
    c.args(conformance(&[
        "--scheme",
        "euchremaster",
        "--case",
        "dealer-,-joker",
        "--timeout",
        PATIENT,
        "--deadline",
        "10",
    ]));
    let env = [
        ("BROKEN_STATE", state.as_str()),
        ("BROKEN_PIDS", &text(&pids)),
    ];
    let o = run(c, "restart-hangs", &env);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("error: the run stopped early: the run's deadline of 10 s passed"),
        "{}",
        stderr(&o)
    );
    let out = stdout(&o);
    assert!(out.contains("stopped after 2 cases: "), "{out}");
    assert!(out.ends_with("1 passed, 1 failed, 0 skipped\n"), "{out}");
    assert_groups_gone(&pids);
}

/// A port's helper that called `setsid()` left the port's process group,
/// which the kill of a hung port missed: one orphan per hung case. The
/// runner kills every process still holding one of the port's pipes, here
/// the helper of the hung port and that of its restart (which also kept the
/// run's end waiting, for the timeout at most, since it holds the output).
#[test]
fn hostile_a_helper_in_a_session_of_its_own_is_not_left_behind() {
    let dir = scratch("setsid");
    let pids = dir.join("pids");
    let mut c = command();
    c.args(conformance(&ONE_CASE)).args(["--timeout", TIMEOUT]);
    let o = run(c, "setsid-hang", &[("BROKEN_PIDS", &text(&pids))]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: no answer within {TIMEOUT} s"
        )),
        "{out}"
    );
    assert!(out.ends_with("2 passed, 1 failed, 0 skipped\n"), "{out}");
    let started = started(&pids);
    assert_eq!(started.len(), 4, "two ports, a helper each: {started:?}");
    // Each helper is the leader of a group (and a session) of its own.
    assert!(started.iter().filter(|(pid, pgid)| pid == pgid).count() >= 2);
    assert_groups_gone(&pids);
}

/// Each second answer to a case made its failure 60 bytes longer, with no
/// cap (200,000 of them: 11 MB of output): the case fails once, saying how
/// many times it was answered.
#[test]
fn hostile_a_case_answered_again_and_again_fails_in_one_short_line() {
    let args = conformance(&[&ONE_CASE[..], &["--timeout", PATIENT]].concat());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(limited(&args), "again", &[("BROKEN_COUNT", "20000")]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(out.len() < 2000, "{} bytes of output", out.len());
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1 (trace): the port misbehaved: the port answered \
             this case (seq 1) 20001 times\n"
        ),
        "{out}"
    );
    assert!(out.ends_with("2 passed, 1 failed, 0 skipped\n"), "{out}");
}

/// A port that kept answering an earlier case after the last one kept the
/// runner reading with no bound (21.7 s, 250 MB, a 59 MB line): after the
/// last answer it reads 1000 lines at most, and the port is ended.
#[test]
fn hostile_answers_after_the_last_case_are_read_1000_lines_at_most() {
    let dir = scratch("again-forever");
    let pids = text(&dir.join("pids"));
    let args = conformance(&[&ONE_CASE[..], &["--timeout", PATIENT]].concat());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let env = [("BROKEN_AT", "3"), ("BROKEN_PIDS", pids.as_str())];
    let o = run(limited(&args), "again-forever", &env);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: the port \
             answered this case (seq 2) 1001 times\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1/deal (deal): the port misbehaved: after answering \
             this case, the last one, it wrote more than 1000 lines (the runner read no further)\n"
        ),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 2 failed, 0 skipped\n"), "{out}");
    assert_groups_gone(&dir.join("pids"));
}

/// What a port writes after the last answer is read for the timeout at
/// most, as a case's answer is. The port answers seq 2 again every 10 ms
/// and never ends: in the 3 s of the timeout it writes at most 301 lines
/// however slow the machine, so the wait, not the 1000 lines, ends it.
#[test]
fn hostile_answers_after_the_last_case_are_read_for_the_timeout_at_most() {
    let dir = scratch("again-slowly");
    let pids = text(&dir.join("pids"));
    let mut c = command();
    c.args(conformance(&ONE_CASE)).args(["--timeout", TIMEOUT]);
    let env = [
        ("BROKEN_AT", "3"),
        ("BROKEN_PAUSE", "0.01"),
        ("BROKEN_PIDS", pids.as_str()),
    ];
    let o = run(c, "again-forever", &env);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    let answered = "FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: the port \
                    answered this case (seq 2) ";
    let (_, times) = out.split_once(answered).expect(&out);
    let times = times.lines().next().unwrap_or_default();
    // At most the first answer and the 1000 lines read after the last case.
    let most = match times {
        "a second time" => true,
        _ => times
            .strip_suffix(" times")
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n <= 1001),
    };
    assert!(most, "{out}");
    assert!(!out.contains("dealer-1/deal (deal)"), "{out}");
    assert!(out.ends_with("2 passed, 1 failed, 0 skipped\n"), "{out}");
    assert_groups_gone(&dir.join("pids"));
}

/// A case the port does not run took the `seq` of the case before it, and a
/// second answer to that case was blamed on it, a case never sent: only a
/// case sent has a seq, and a second answer fails the case it answers.
#[test]
fn hostile_a_second_answer_is_never_blamed_on_a_case_not_sent() {
    let dir = scratch("not-sent");
    let report = dir.join("report.json");
    let mut c = command();
    c.args(conformance(&ONE_CASE))
        .args(["--report", &text(&report)]);
    let env = [("BROKEN_AT", "1"), ("BROKEN_KINDS", "trace,deal")];
    let o = run(c, "twice", &env);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1 (trace): the port misbehaved: the port answered \
             this case (seq 1) a second time\n"
        ),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 1 failed, 1 skipped\n"), "{out}");
    let report: Value =
        serde_json::from_str(&fs::read_to_string(&report).expect("the report")).expect("JSON");
    let cases: Vec<(&str, &str, Option<u64>)> = report["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            let text = |k: &str| c[k].as_str().expect("a string");
            (
                text("id"),
                text("status"),
                c.get("seq").map(|s| s.as_u64().expect("a seq")),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [
            ("dealer-1", "fail", Some(1)),
            ("dealer-1/shuffle", "unsupported", None),
            ("dealer-1/deal", "pass", Some(2)),
        ]
    );
}

/// An answer to a seq never sent, after the last case, was read and
/// dropped: the run passed. It fails the last case, as such an answer fails
/// the case it comes during.
#[test]
fn hostile_an_answer_to_a_seq_never_sent_after_the_last_case_is_reported() {
    let mut c = command();
    c.args(conformance(&ONE_CASE));
    let o = run(c, "stray-after", &[("BROKEN_AT", "3")]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1/deal (deal): the port misbehaved: after answering \
             this case, the last one, it wrote an answer with seq 99, which the runner never \
             sent (the last was 3)\n"
        ),
        "{out}"
    );
    assert!(out.ends_with("2 passed, 1 failed, 0 skipped\n"), "{out}");
}

/// A port that never reads its input filled the pipe and blocked the
/// runner's write with no timeout (30 s here, forever for a port that never
/// exits): requests are written by a thread of their own.
#[test]
fn hostile_a_port_that_does_not_read_its_input_cannot_block_the_runner() {
    let mut c = command();
    c.args(conformance(&[
        "--scheme",
        "euchremaster",
        "--random",
        "1000",
        "--seed",
        "1",
        "--timeout",
        TIMEOUT,
    ]));
    let o = run(c, "deaf", &[("BROKEN_AT", "1000")]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "FAIL euchremaster/random-1-999 (trace): the port misbehaved: no answer within {TIMEOUT} s"
        )),
        "{out}"
    );
}

/// A run in which no case ran (a `--case` typo, a port that skips
/// everything) exited 0.
#[test]
fn hostile_a_run_in_which_no_case_ran_fails() {
    let mut c = command();
    c.args(conformance(&["--case", "no-such-case-anywhere"]));
    let o = run(c, "", &[]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("no case ran: no case matched the selection (check --scheme and --case)"),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 0 failed, 0 skipped\n"), "{out}");

    let mut c = command();
    c.args(conformance(&ONE_CASE));
    let o = run(c, "skip-all", &[]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o)
            .contains("no case ran: the port skipped or does not support all 3 selected cases"),
        "{}",
        stdout(&o)
    );
}

/// `--timeout 1e300` panicked (Duration), `--random 2^64-1` panicked
/// (capacity) and `--random 3000000` held 1.5 GB before the first case:
/// each is a usage error naming the flag and the range, before any port
/// starts (the port named here does not exist).
#[test]
fn hostile_numbers_out_of_range_are_usage_errors() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--timeout", "1e300"],
            "--timeout: 1e300 is out of range, expected seconds from 0.001 to 3600",
        ),
        (
            &["--timeout", "NaN"],
            "--timeout: NaN is not a number, expected seconds from 0.001 to 3600",
        ),
        (
            &["--deadline", "0"],
            "--deadline: 0.0 is out of range, expected seconds from 0.001 to 604800",
        ),
        (
            &["--random", "18446744073709551615", "--seed", "1"],
            "--random: 18446744073709551615 is out of range, expected a count of inputs per scheme from 1 to 100000",
        ),
        (
            &["--random", "3000000", "--seed", "1"],
            "--random: 3000000 is out of range",
        ),
        (
            &["--random", "0", "--seed", "1"],
            "--random: 0 is out of range",
        ),
        (
            &["--timeout", "-1"],
            "--timeout: -1.0 is out of range, expected seconds from 0.001 to 3600",
        ),
    ];
    for (extra, message) in cases {
        let o = command()
            .args(["conformance", "--port", "no-such-program-xyz"])
            .args(extra)
            .output()
            .expect("the fairdeal binary runs");
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{extra:?}: {}", stderr(&o));
    }
}

/// `--report` and `--junit` overwrote any file, even a vector file the same
/// run read, and were checked only after the run: each is refused first.
#[test]
fn hostile_output_paths_are_checked_before_the_run_and_never_an_input() {
    let dir = scratch("outputs");
    let vectors = dir.join("vectors");
    fs::create_dir_all(&vectors).expect("target/ is writable");
    let vector = vectors.join("euchremaster.json");
    let original = fs::read(root().join("vectors/euchremaster.json")).expect("the vector file");
    fs::write(&vector, &original).expect("target/ is writable");
    let known = dir.join("known.txt");
    fs::write(&known, "# none\n").expect("target/ is writable");
    let (v, k) = (text(&vector), text(&known));
    let missing = text(&dir.join("no-such-folder/x.xml"));
    let through_dots = format!("{}/../vectors/euchremaster.json", text(&vectors));
    let cases: [(&[&str], String); 6] = [
        (
            &["--report", &v],
            format!("--report: {v} is a file this run reads"),
        ),
        (
            &["--junit", &through_dots],
            format!("--junit: {through_dots} is a file this run reads"),
        ),
        (
            &["--known-failures", &k, "--report", &k],
            format!("--report: {k} is a file this run reads"),
        ),
        (
            &["--junit", &missing],
            format!("--junit: the folder of {missing} does not exist"),
        ),
        (
            &["--report", &text(&dir)],
            format!("--report: {} is a folder", text(&dir)),
        ),
        (
            &["--report", "target/r.json", "--junit", "target/r.json"],
            "--junit: target/r.json is also given to --report".to_owned(),
        ),
    ];
    for (extra, message) in cases {
        let mut c = command();
        c.args(conformance(&[
            "--dir",
            &text(&vectors),
            "--case",
            "dealer-1",
        ]))
        .args(extra);
        let o = run(c, "", &[]);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stdout(&o));
        assert!(stderr(&o).contains(&message), "{extra:?}: {}", stderr(&o));
        // Refused before the port started: no summary.
        assert_eq!(stdout(&o), "", "{extra:?}");
    }
    assert_eq!(fs::read(&vector).expect("the copy"), original);
}

/// A port's words holding U+FFFE or U+FFFF made the JUnit file ill-formed
/// XML; Python's parser reads it now.
#[test]
fn hostile_junit_stays_well_formed_xml() {
    let dir = scratch("junit");
    let junit = text(&dir.join("conformance.xml"));
    let mut c = command();
    c.args(conformance(&ONE_CASE)).args(["--junit", &junit]);
    let o = run(c, "nonchar", &[]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("a line that is not JSON: not JSON"),
        "{}",
        stdout(&o)
    );
    let parse = Command::new("python3")
        .args([
            "-c",
            "import sys, xml.etree.ElementTree as t; t.parse(sys.argv[1])",
        ])
        .arg(&junit)
        .output()
        .expect("python3 runs");
    assert!(parse.status.success(), "{}", stderr(&parse));
}

/// A port runs in a process group of its own, which the terminal's Ctrl-C
/// does not reach: an interrupted runner kills the ports' groups before it
/// ends, by the signal, so that a hung port is not left behind.
#[test]
fn hostile_an_interrupted_run_leaves_no_port_behind() {
    use std::os::unix::process::ExitStatusExt;

    let dir = scratch("interrupt");
    let (pids, hung) = (dir.join("pids"), dir.join("hung"));
    let mut runner = command()
        .args(conformance(&ONE_CASE))
        .args(["--timeout", PATIENT])
        .env("BROKEN_PORT", "hang")
        .env("BROKEN_PIDS", &pids)
        .env("BROKEN_HUNG", &hung)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the fairdeal binary runs");
    // The port answers the first case and says when it hangs on the second.
    let until = Instant::now() + SAFETY;
    while !hung.exists() && Instant::now() < until {
        thread::sleep(Duration::from_millis(20));
    }
    if !hung.exists() {
        let _ = runner.kill();
        panic!("the port never reached the case it hangs on");
    }
    let kill = Command::new("sh")
        .args(["-c", &format!("kill -INT {}", runner.id())])
        .status()
        .expect("sh runs");
    assert!(kill.success());
    let until = Instant::now() + SAFETY;
    let status = loop {
        if let Some(status) = runner.try_wait().expect("the runner can be waited for") {
            break status;
        }
        if Instant::now() > until {
            let _ = runner.kill();
            panic!("the interrupted runner did not end");
        }
        thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.signal(), Some(2), "{status:?}");
    assert_groups_gone(&pids);
}
