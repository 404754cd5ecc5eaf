//! Exit codes that tell the truth in a pipeline (issue 27): a standard
//! output closed early (`fairdeal ... | head -1`) is never a success, a
//! failure keeps its code, and a batch holding no receipt is refused.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

use crate::util::{Scratch, command, root, stderr, stdout, with_stdin};

const SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";

/// Returns the write end of a pipe whose reader has already ended: every
/// write to it fails (EPIPE), whenever it comes, so a run into it sees its
/// standard output closed for certain, not by the luck of scheduling.
fn pipe_with_no_reader() -> Stdio {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("true runs");
    let writer = reader.stdin.take().expect("piped");
    reader.wait().expect("true ends");
    Stdio::from(writer)
}

/// Runs `fairdeal ARGS` with its standard output closed before it starts.
fn into_closed_pipe(args: &[&str]) -> Output {
    command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(pipe_with_no_reader())
        .stderr(Stdio::piped())
        .output()
        .expect("fairdeal runs")
}

#[test]
fn a_batch_read_by_head_is_never_a_success() {
    // Before, `verify --batch FILE | head -1` exited 0 whatever the
    // verdicts. 24,000 verdicts (over 3 MB) cannot all wait in a pipe, so
    // the run is certain to see the reader go.
    let text = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("batch");
    let batch = Scratch::new("pipeline", "head.jsonl", text.repeat(2000).as_bytes());
    let mut child = command()
        .args(["verify", "--batch", batch.path()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fairdeal starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a verdict");
    assert!(first.starts_with(r#"{"line":1,"#), "{first}");
    // The reader is dropped: the pipe is closed, as `head -1` closes it.
    let o = child.wait_with_output().expect("fairdeal ends");
    let message = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{message}");
    let said = message
        .strip_prefix("error: standard output closed after ")
        .and_then(|m| {
            m.strip_suffix(&format!(
                " of {}: the lines after it were not checked\n",
                batch.path()
            ))
        })
        .and_then(|m| m.split_once(" verdicts, to line "))
        .map(|(n, line)| (n.parse::<u64>(), line.parse::<u64>()));
    let Some((Ok(verdicts), Ok(line))) = said else {
        panic!("{message}");
    };
    // The file has no blank line: one verdict a line.
    assert!(
        (1..24_000).contains(&verdicts) && line == verdicts,
        "{message}"
    );
}

#[test]
fn a_closed_standard_output_keeps_a_failure_and_is_never_a_success() {
    let zeros = "0".repeat(64);
    let not_verified = [
        "verify",
        "euchremaster",
        "--seed",
        SEED,
        "--cut",
        "K7 cut",
        "--dealer",
        "1",
        "--fingerprint",
        &zeros,
    ];
    let verified = [
        "verify",
        "euchremaster",
        "--input",
        "docs/receipts/euchremaster.json",
    ];
    let closed = "error: standard output closed before all of the output was written\n";
    let cases: [(&[&str], i32); 5] = [
        // Before, each of these exited 0.
        (&not_verified, 1),
        (&[&not_verified[..], &["--json"]].concat(), 1),
        (&verified, 2),
        (&["schemes"], 2),
        (
            &[
                "deal",
                "euchremaster",
                "--seed",
                SEED,
                "--cut",
                "c",
                "--dealer",
                "0",
            ],
            2,
        ),
    ];
    for (args, code) in cases {
        let o = into_closed_pipe(args);
        assert_eq!(
            (o.status.code(), stderr(&o).as_str()),
            (Some(code), closed),
            "{args:?}"
        );
    }
    let o = into_closed_pipe(&["verify", "--batch", "docs/receipts/batch.jsonl"]);
    assert_eq!(
        (o.status.code(), stderr(&o).as_str()),
        (
            Some(2),
            "error: standard output closed before the first verdict: no line of docs/receipts/batch.jsonl was checked\n"
        )
    );
}

#[test]
fn a_batch_without_receipts_is_refused_and_blank_lines_are_skipped() {
    // Before, both exited 0 ("0 receipts").
    let empty = Scratch::new("pipeline", "empty.jsonl", b"");
    let o = command()
        .args(["verify", "--batch", empty.path()])
        .output()
        .expect("fairdeal runs");
    assert_eq!(
        (o.status.code(), stderr(&o), stdout(&o)),
        (
            Some(2),
            format!(
                "error: {}: holds no receipts (the input is empty), expected one JSON receipt per line\n",
                empty.path()
            ),
            String::new()
        )
    );
    let o = with_stdin(&["verify", "--batch", "-"], b"\n \t\r\n\xef\xbb\xbf\n");
    assert_eq!(
        (o.status.code(), stderr(&o).as_str(), stdout(&o).as_str()),
        (
            Some(2),
            "error: -: holds no receipts (its 3 lines are all blank), expected one JSON receipt per line\n",
            ""
        )
    );
    // A blank line is skipped, as the web package's verifyBatch skips it
    // (before, the CLI called it invalid), and still counted in the line
    // numbers.
    let text = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("batch");
    let first: Vec<&str> = text.lines().take(2).collect();
    let input = format!("\n{}\n  \r\n{}\n\n", first[0], first[1]);
    let o = with_stdin(&["verify", "--batch", "-"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<(u64, String)> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            (v["line"].as_u64().unwrap_or(0), v["verdict"].to_string())
        })
        .collect();
    assert_eq!(
        lines,
        [
            (2, "\"verified\"".to_owned()),
            (4, "\"verified\"".to_owned())
        ]
    );
    assert_eq!(
        stderr(&o),
        "2 receipts: 2 verified, 0 not verified, 0 invalid\n"
    );
}
