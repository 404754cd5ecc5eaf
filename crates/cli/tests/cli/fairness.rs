//! `fairdeal riffles`, `odds` and `audit`: the output's fields and figures,
//! and refused flags. The figures themselves are tested in fairdeal-audit.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use serde_json::Value;

use crate::util::{command, fairdeal, output_within, stderr, stdout, wait_or_kill};

/// More deals than any test waits for: a run that reaches them is a bug.
const ENDLESS: &str = "1000000000000";
/// How long a run of [`ENDLESS`] deals may take before it is killed and
/// its test fails: a net under a regression, never what a test asserts.
const SAFETY_NET: Duration = Duration::from_secs(60);

/// Runs `fairdeal ARGS` and returns its JSON output.
fn json_of(args: &[&str]) -> Value {
    let o = fairdeal(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("--json prints JSON")
}

#[test]
fn riffles_prints_the_exact_distances() {
    let report = json_of(&["riffles", "--cards", "52", "--up-to", "10", "--json"]);
    assert_eq!(report["cards"], 52);
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[6]["riffles"], 7);
    assert_eq!(rows[6]["total_variation_4"], "0.3341");
    let tv = rows[6]["total_variation"].as_f64().unwrap();
    assert!((tv - 0.3341).abs() < 1e-4, "{tv}");
    let o = fairdeal(&["riffles", "--cards", "24", "--up-to", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("0.9979"), "{}", stdout(&o));
}

#[test]
fn riffles_refuses_decks_and_counts_out_of_range() {
    for args in [
        ["riffles", "--cards", "1", "--up-to", "3"],
        ["riffles", "--cards", "417", "--up-to", "3"],
        ["riffles", "--cards", "52", "--up-to", "0"],
        ["riffles", "--cards", "52", "--up-to", "65"],
    ] {
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("--"), "{}", stderr(&o));
    }
}

#[test]
fn odds_prints_every_line_exactly_beside_the_site() {
    let report = json_of(&["odds", "--json"]);
    let odds = report["odds"].as_array().unwrap();
    let ids: Vec<&str> = odds.iter().map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "one-trump-or-none",
            "three-weak-in-a-row",
            "no-bower-of-named-suit",
            "five-without-bower",
            "ten-without-right-bower",
            "farmers-hand",
            "farmers-in-100"
        ]
    );
    assert_eq!(odds[0]["exact"], "136/253");
    assert_eq!(odds[0]["site"], "53.8%");
    assert_eq!(odds[5]["exact"], "1/759");
    assert!((odds[5]["one_in"].as_f64().unwrap() - 759.0).abs() < 1e-9);
    assert!((odds[2]["percent"].as_f64().unwrap() - 61.956_521).abs() < 1e-4);
    let o = fairdeal(&["odds"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains("53.75%") && text.contains("1 in 759"),
        "{text}"
    );
}

#[test]
fn audit_reports_every_field_and_exits_by_its_verdict() {
    let report = json_of(&[
        "audit",
        "sfc32-lock",
        "--deals",
        "5000",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(report["scheme"], "sfc32-lock");
    assert_eq!(report["deals"], 5000);
    assert_eq!(report["seed"], 3);
    assert_eq!(report["threads"], 2);
    assert!(report["deals_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(report["uniformity"]["df"], 529);
    assert!(report["uniformity"]["p_value"].as_f64().unwrap() > 1e-6);
    assert!(report["rising_sequences"]["p_value"].as_f64().is_some());
    assert_eq!(report["odds"].as_array().unwrap().len(), 7);
    for field in ["id", "observed", "exact", "z"] {
        assert!(report["odds"][0].get(field).is_some(), "{field}");
    }
    assert_eq!(report["draw_bias"][0]["method"], "multiply-shift");
    assert_eq!(report["flagged"], false);
    // The kitchen-table hand is not random: exit 1.
    let o = fairdeal(&[
        "audit",
        "showdown",
        "--shuffle",
        "kitchen-table",
        "--deals",
        "2000",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("NOT RANDOM"), "{}", stdout(&o));
}

#[test]
fn audit_refuses_unknown_schemes_and_shuffles() {
    for args in [
        vec!["audit", "nope", "--deals", "10"],
        vec!["audit", "sfc32-lock", "--deals", "0"],
        vec!["audit", "sfc32-lock", "--deals", "10", "--threads", "0"],
        vec![
            "audit",
            "sfc32-lock",
            "--deals",
            "10",
            "--shuffle",
            "kitchen-table",
        ],
        vec![
            "audit",
            "sfc32-lock",
            "--deals",
            "10",
            "--shuffle",
            "overhand",
        ],
    ] {
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn audit_plot_writes_svg_files_into_a_new_folder() {
    let dir = std::env::temp_dir().join(format!("fairdeal-cli-plots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("made");
    let o = fairdeal(&[
        "audit",
        "showdown",
        "--deals",
        "1200",
        "--plot",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for name in [
        "showdown-positions.svg",
        "showdown-odds.svg",
        "showdown-rising.svg",
        "riffles-24.svg",
    ] {
        let svg = std::fs::read_to_string(folder.join(name)).unwrap();
        assert!(svg.starts_with("<svg"), "{name}");
        assert!(stderr(&o).contains(name), "{}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder of this test's own in the temp folder, removed when dropped.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("fairdeal-audit-{}-{name}", std::process::id()));
        drop(std::fs::remove_dir_all(&dir));
        std::fs::create_dir_all(&dir).expect("the temp folder is writable");
        Self(dir)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        drop(std::fs::remove_dir_all(&self.0));
    }
}

/// Runs `fairdeal ARGS` to its end, under [`SAFETY_NET`].
fn bounded(args: &[&str]) -> Output {
    let child = command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fairdeal starts");
    output_within(child, SAFETY_NET, &format!("fairdeal {args:?}"))
}

#[test]
fn audit_refuses_a_plot_folder_it_cannot_write_before_any_deal() {
    // Before, the folder was made after every deal: 10^12 of them here.
    let scratch = ScratchDir::new("plot-file");
    let file = scratch.0.join("a-file");
    std::fs::write(&file, "in the way").unwrap();
    let below = file.join("sub");
    for (dir, why) in [
        (&file, "not a folder"),
        (&below, "Not a directory (os error 20)"),
    ] {
        let dir = dir.to_str().unwrap();
        let o = bounded(&["audit", "sfc32-lock", "--deals", ENDLESS, "--plot", dir]);
        // No "audit: N deals of ..." line: no deal was dealt.
        assert_eq!(
            (o.status.code(), stderr(&o), stdout(&o)),
            (
                Some(2),
                format!(
                    "error: --plot {dir}: {why}, expected a folder that can be made and written to\n"
                ),
                String::new()
            )
        );
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "in the way");
}

#[test]
fn audit_plot_replaces_a_planted_link_and_writes_nothing_through_it() {
    use std::os::unix::fs::symlink;
    // Before, the picture was written through the link, into its target.
    let scratch = ScratchDir::new("plot-link");
    let outside = scratch.0.join("outside.txt");
    std::fs::write(&outside, "not a picture").unwrap();
    let dir = scratch.0.join("plots");
    std::fs::create_dir(&dir).unwrap();
    let link = dir.join("sfc32-lock-positions.svg");
    symlink(&outside, &link).unwrap();
    let o = bounded(&[
        "audit",
        "sfc32-lock",
        "--deals",
        "3000",
        "--plot",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "not a picture");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_file()
    );
    assert!(std::fs::read_to_string(&link).unwrap().starts_with("<svg"));
    // Every picture is there, and no temp file is left beside them.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "riffles-24.svg",
            "sfc32-lock-odds.svg",
            "sfc32-lock-positions.svg",
            "sfc32-lock-rising.svg"
        ]
    );
}

#[test]
fn an_interrupted_audit_reports_the_deals_done_and_exits_130() {
    // Before, it exited 0, as if the audit had been run in full.
    let mut child = command()
        .args(["audit", "sfc32-lock", "--deals", ENDLESS, "--seed", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fairdeal starts");
    let out = child.stdout.take().expect("piped");
    let out = thread::spawn(move || {
        let mut text = String::new();
        drop(BufReader::new(out).read_to_string(&mut text));
        text
    });
    // Each line of stderr as it comes: the signal is sent once the run
    // says it has started, after its handlers are in.
    let (lines, said) = mpsc::channel();
    let err = child.stderr.take().expect("piped");
    let err = thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            all.push_str(&line);
            all.push('\n');
            drop(lines.send(line));
        }
        all
    });
    let started = said.recv_timeout(SAFETY_NET);
    if !started
        .as_deref()
        .is_ok_and(|l| l.starts_with("audit: 1000000000000 deals of sfc32-lock on "))
    {
        drop(child.kill());
        drop(child.wait());
        panic!("the audit did not say it started: {started:?}");
    }
    let kill = command_sh(&format!("kill -INT {}", child.id()));
    assert!(kill.success());
    let status = wait_or_kill(&mut child, SAFETY_NET, "the interrupted audit");
    let (out, err) = (out.join().expect("read"), err.join().expect("read"));
    assert_eq!(status.code(), Some(130), "{err}");
    let head = out.lines().next().unwrap_or_default();
    assert!(
        head.starts_with("audit of sfc32-lock: ")
            && head.ends_with(" asked for")
            && head.contains(", interrupted: "),
        "{out}"
    );
    assert!(err.contains("audit: interrupted after "), "{err}");
}

fn command_sh(script: &str) -> ExitStatus {
    std::process::Command::new("sh")
        .args(["-c", script])
        .status()
        .expect("sh runs")
}
