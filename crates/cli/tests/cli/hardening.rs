//! Hostile and odd inputs (issue 14): sizes checked before anything is
//! allocated, numbers that must not panic, inputs that must not reach the
//! terminal raw, repeated keys and odd JSON. Each run that could exhaust the
//! machine on a regression runs under a memory limit and a time limit, so
//! that it fails instead.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::Duration;

use crate::util::{Scratch, fairdeal, output_within, root, stderr, stdout};

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
    let output = output_within(child, TIME_LIMIT, &format!("fairdeal {args:?}"));
    drop(feeder.join());
    output
}

fn run(args: &[&str]) -> Output {
    bounded(args, MEMORY_KIB, &[], b"")
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
    let big = Scratch::new("hardening", "big.json", &vec![b' '; 5 << 20]);
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

// 3. Inputs that reach the terminal.

/// Asserts that `o`'s stderr holds no byte that could act on a terminal.
fn no_control_bytes(o: &Output) {
    let bad: Vec<u8> = o
        .stderr
        .iter()
        .copied()
        .filter(|&b| b != b'\n' && (b < 0x20 || b == 0x7F))
        .collect();
    assert!(bad.is_empty(), "{bad:?} in {}", stderr(o));
}

#[test]
fn keys_and_values_from_a_receipt_are_escaped() {
    let file = Scratch::new(
        "hardening",
        "escape-key.json",
        br#"{"\u001b[31mseed\r": 1}"#,
    );
    let o = run(&["deal", "euchremaster", "--input", file.path()]);
    refused(
        &o,
        "\\u{1b}[31mseed\\r: not a field of this scheme, expected one of seed, cut, dealer, joker",
    );
    no_control_bytes(&o);
    let o = run(&[
        "deal",
        "atout-v1",
        "--secret",
        "s",
        "--variant",
        "\u{1b}]0;owned\u{7}\u{202e}",
    ]);
    refused(
        &o,
        "variant: \"\\u{1b}]0;owned\\u{7}\\u{202e}\" is not accepted, expected coinche, belote or duo",
    );
    no_control_bytes(&o);
    let o = run(&["deal", "euchremaster", "--input", "no\u{1b}[2J\nsuch.json"]);
    refused(
        &o,
        "no\\u{1b}[2J\\nsuch.json: No such file or directory (os error 2)",
    );
    no_control_bytes(&o);
}

#[test]
fn long_values_are_clipped_in_messages() {
    // Before, a value was echoed whole: 3 MB of stderr here.
    let variant = "v".repeat(3_000_000);
    let file = Scratch::new(
        "hardening",
        "long-value.json",
        format!(r#"{{"secret": "s", "variant": "{variant}"}}"#).as_bytes(),
    );
    let o = run(&["deal", "atout-v1", "--input", file.path()]);
    refused(
        &o,
        &format!(
            "variant: \"{}\"... (3000000 characters) is not accepted, expected coinche, belote or duo",
            "v".repeat(80)
        ),
    );
    let o = run(&[
        "deal",
        "atout-v1",
        "--secret",
        "s",
        "--variant",
        &variant[..100_000],
    ]);
    assert!(o.stderr.len() < 300, "{} bytes", o.stderr.len());
    assert!(stderr(&o).contains("\"... (100000 characters) is not accepted"));
}

#[test]
fn a_long_unknown_key_makes_a_short_verdict() {
    // Before, the field was echoed whole: a 4 MB verdict line.
    let key = "k".repeat(4_000_000);
    let line = format!(r#"{{"scheme": "euchremaster", "{key}": 1}}"#);
    let o = bounded(
        &["verify", "--batch", "-"],
        MEMORY_KIB,
        &[],
        line.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.len() < 400, "{} bytes", out.len());
    let verdict: serde_json::Value = serde_json::from_str(&out).expect("one JSON line");
    let clipped = format!("{}... (4000000 characters)", "k".repeat(80));
    assert_eq!(verdict["error"]["field"], clipped.as_str());
    assert_eq!(verdict["error"]["kind"], "unknown");
    assert_eq!(
        verdict["error"]["message"],
        format!("{clipped}: not a field of this scheme, expected one of seed, cut, dealer, joker")
    );
}

// 4. Repeated keys and odd JSON.

const HMAC_SEED: &str = "8d8a59e2bd3a36fd1cb8bdf0e6c4a0f6a50b4e5d6d39a8c3b4b0e8d4c5f2a1b0";

#[test]
fn a_key_given_twice_is_refused_in_files_and_on_stdin() {
    let receipt = format!(
        r#"{{"server_seed": "{HMAC_SEED}", "client_seed": "a", "nonce": 1, "client_seed": "b"}}"#
    );
    let file = Scratch::new("hardening", "twice.json", receipt.as_bytes());
    let o = run(&["deal", "hmac-blackjack", "--input", file.path()]);
    refused(
        &o,
        &format!(
            "{}: client_seed: given twice, expected each key of an object once",
            file.path()
        ),
    );
    let o = bounded(
        &["verify", "hmac-blackjack", "--input", "-"],
        MEMORY_KIB,
        &[],
        receipt.as_bytes(),
    );
    refused(
        &o,
        "-: client_seed: given twice, expected each key of an object once",
    );
    let record = format!(
        r#"{{"house_seed": "{HOUSE}", "phrase": "p", "rules": {{"shuffle": "fisher-yates", "cut": false}},
            "hands": [{{"pattern": "3232"}}, {{"pattern": "3232", "pattern": "2323"}}]}}"#
    );
    let file = Scratch::new("hardening", "twice-nested.json", record.as_bytes());
    let o = run(&["deal", "showdown", "--input", file.path()]);
    refused(
        &o,
        &format!(
            "{}: hands[1].pattern: given twice, expected each key of an object once",
            file.path()
        ),
    );
    // Once each, the same receipt deals.
    let once = receipt.replace(r#", "client_seed": "b""#, "");
    let file = Scratch::new("hardening", "once.json", once.as_bytes());
    assert_eq!(
        run(&["deal", "hmac-blackjack", "--input", file.path()])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn a_byte_order_mark_is_dropped() {
    let receipt = format!(
        "\u{feff}{{\"server_seed\": \"{HMAC_SEED}\", \"client_seed\": \"a\", \"nonce\": 1}}"
    );
    let file = Scratch::new("hardening", "bom.json", receipt.as_bytes());
    let with = run(&["deal", "hmac-blackjack", "--input", file.path(), "--json"]);
    assert_eq!(with.status.code(), Some(0), "{}", stderr(&with));
    let without = run(&[
        "deal",
        "hmac-blackjack",
        "--server-seed",
        HMAC_SEED,
        "--client-seed",
        "a",
        "--nonce",
        "1",
        "--json",
    ]);
    assert_eq!(stdout(&with), stdout(&without));
}

#[test]
fn integers_written_as_floats_are_not_integers() {
    let seed = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
    for (dealer, message) in [
        (
            "1.0",
            "dealer: 1.0 is not an integer, expected a seat from 0 to 3",
        ),
        (
            "1e2",
            "dealer: 100.0 is not an integer, expected a seat from 0 to 3",
        ),
        (
            "-1",
            "dealer: -1 is out of range, expected a seat from 0 to 3",
        ),
    ] {
        let file = Scratch::new(
            "hardening",
            "float.json",
            format!(r#"{{"seed": "{seed}", "cut": "c", "dealer": {dealer}}}"#).as_bytes(),
        );
        refused(
            &run(&["deal", "euchremaster", "--input", file.path()]),
            message,
        );
    }
}

#[test]
fn integer_flags_name_the_field_what_was_wrong_and_the_range() {
    let seed = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
    for (dealer, message) in [
        (
            "-1",
            "dealer: -1 is out of range, expected a seat from 0 to 3",
        ),
        (
            "99999999999999999999",
            "dealer: 99999999999999999999 is out of range, expected a seat from 0 to 3",
        ),
        (
            "1.5",
            "dealer: 1.5 is not an integer, expected a seat from 0 to 3",
        ),
        (
            "two",
            "dealer: two is not an integer, expected a seat from 0 to 3",
        ),
        (
            "",
            "dealer: an empty text given, expected a seat from 0 to 3",
        ),
    ] {
        let o = run(&[
            "deal",
            "euchremaster",
            "--seed",
            seed,
            "--cut",
            "c",
            "--dealer",
            dealer,
        ]);
        refused(&o, message);
    }
    refused(
        &run(&["deal", "showdown", HOUSE, "p", "--hands", "-1"]),
        "hands: -1 is out of range, expected a count of hands from 1 to 64",
    );
    refused(
        &run(&[
            "roll",
            "mines",
            "--server-seed",
            "s",
            "--client-seed",
            "c",
            "--nonce",
            "0",
            "--mines",
            "-3",
        ]),
        "mines: -3 is out of range, expected 1 to 24 mines",
    );
}

/// A copy of vectors/SCHEME.json in a folder of its own, with `edit`
/// applied to its text; removed when dropped.
struct VectorDir(PathBuf, &'static str);

impl VectorDir {
    fn new(name: &str, scheme: &'static str, edit: impl Fn(&str) -> String) -> Self {
        let file = format!("{scheme}.json");
        let text = std::fs::read_to_string(root().join("vectors").join(&file))
            .expect("the committed vectors");
        let edited = edit(&text);
        assert!(edited != text, "the edit applies");
        // Made only now, so that a failed edit leaves nothing behind.
        let dir = Self(
            std::env::temp_dir().join(format!("fairdeal-hardening-{}-{name}", std::process::id())),
            scheme,
        );
        std::fs::create_dir_all(&dir.0).expect("the temp folder is writable");
        std::fs::write(dir.file(), edited).expect("writable");
        dir
    }

    fn file(&self) -> PathBuf {
        self.0.join(format!("{}.json", self.1))
    }

    fn dir(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }

    fn text(&self) -> String {
        std::fs::read_to_string(self.file()).expect("readable")
    }
}

impl Drop for VectorDir {
    fn drop(&mut self) {
        drop(std::fs::remove_dir_all(&self.0));
    }
}

#[test]
fn a_vector_count_is_bounded() {
    // Before: the runner collected 10^12 numbers and aborted.
    let dir = VectorDir::new("count", "sfc32-lock", |t| {
        t.replacen("\"count\": 20", "\"count\": 1000000000000", 1)
    });
    let file = dir.file();
    let file = file.to_str().expect("UTF-8");
    let o = run(&["vectors", "check", file]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let message = stderr(&o);
    assert!(
        message.starts_with(&format!("error: {file}: case \""))
            && message
                .ends_with(": count 1000000000000 is out of range, expected 0 to 65536 numbers\n"),
        "{message}"
    );
}

#[test]
fn vectors_generate_refuses_numbers_it_would_rewrite() {
    // Before, generate rewrote 1.0 written as 1e0 to 1.0, and 1e20 to
    // 1e+20: an input changed by regenerating.
    for (written, rewritten) in [("1e0", "1.0"), ("100000000000000000000", "1e+20")] {
        let dir = VectorDir::new("floats", "euchremaster", |t| {
            t.replacen("\"dealer\": 1.0", &format!("\"dealer\": {written}"), 1)
        });
        let before = dir.text();
        let o = run(&["vectors", "generate", "--dir", dir.dir()]);
        refused(
            &o,
            &format!(
                "{}: case \"dealer-fraction-form\": input.dealer: {written} would be rewritten as {rewritten}, expected an integer within 64 bits or a decimal written in full (1.5, not 1.50 or 15e-1)",
                dir.file().display()
            ),
        );
        assert_eq!(dir.text(), before, "the file is left alone");
    }
}

#[test]
fn vectors_generate_writes_only_registered_schemes_inside_dir() {
    // Before, --scheme PATH read and rewrote PATH.json wherever it was.
    let outside = VectorDir::new("outside", "euchremaster", |t| t.replacen("\n", "\n\n", 1));
    let before = outside.text();
    let target = outside.file().with_extension("");
    let target = target.to_str().expect("UTF-8");
    let o = run(&["vectors", "generate", "--scheme", target]);
    let known: Vec<&str> = fairdeal::SCHEMES.iter().map(|s| s.id()).collect();
    let known = known.join(", ");
    refused(
        &o,
        &format!("--scheme: \"{target}\" is not a registered scheme, expected one of {known}"),
    );
    assert_eq!(outside.text(), before);
    refused(
        &run(&[
            "vectors",
            "generate",
            "--check",
            "--scheme",
            "../vectors/euchremaster",
        ]),
        &format!(
            "--scheme: \"../vectors/euchremaster\" is not a registered scheme, expected one of {known}"
        ),
    );
}
