//! `fairdeal conformance --port`: the runner against misbehaving, mutated and partial ports.

use std::collections::BTreeMap;
use std::process::Output;

use serde_json::Value;

use crate::util::{command, fairdeal, root, stderr, stdout};

/// Runs the conformance runner against crates/cli/tests/ports/broken_port.py,
/// which answers through the independent Python port but misbehaves on one
/// request, as `mode` says.
fn conformance(mode: &str, extra: &[&str]) -> Output {
    let port = "python3 crates/cli/tests/ports/broken_port.py";
    let mut args = vec![
        "conformance",
        "--port",
        port,
        "--scheme",
        "euchremaster",
        "--case",
        "dealer-1,-joker,-deal-",
    ];
    args.extend_from_slice(extra);
    command()
        .args(&args)
        .env("BROKEN_PORT", mode)
        .output()
        .expect("the fairdeal binary runs")
}

#[test]
fn conformance_a_good_port_passes_every_case_and_its_derived_stages() {
    let o = conformance("", &[]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    // dealer-1, dealer-1/shuffle, dealer-1/deal, the unsupported rest skipped.
    assert!(
        out.contains("euchremaster: 3 passed, 0 failed, 0 unsupported"),
        "{out}"
    );
    assert!(out.ends_with("3 passed, 0 failed, 0 skipped\n"), "{out}");
}

#[test]
fn conformance_records_each_kind_of_misbehaviour_against_its_case_and_goes_on() {
    let cases = [
        ("hang", "no answer within 3 s"),
        ("crash", "the port exited"),
        ("garbage", "a line that is not JSON: this is not JSON"),
        ("wrong-seq", "an answer with seq 3, expected 2"),
        ("stray", "a line that is not an answer"),
    ];
    for (mode, reason) in cases {
        // Only the hung port may meet the timeout: a port that answers at
        // once must not be timed out by a loaded machine.
        let timeout = if mode == "hang" { "3" } else { "600" };
        let o = conformance(mode, &["--timeout", timeout]);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{mode}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        let out = stdout(&o);
        assert!(
            out.contains("FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: "),
            "{mode}: {out}"
        );
        assert!(out.contains(reason), "{mode}: {out}");
        // The port was started again and the next case still ran.
        assert!(out.contains("2 passed, 1 failed"), "{mode}: {out}");
        assert!(
            out.contains("the port was started again 1 times"),
            "{mode}: {out}"
        );
        if mode == "crash" {
            assert!(out.contains("stderr: boom: the port fell over"), "{out}");
        }
    }
}

#[test]
fn conformance_names_the_first_differing_stage_and_value() {
    let o = conformance(
        "wrong",
        &[
            "--report",
            "target/conformance-report.json",
            "--junit",
            "target/conformance.xml",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("FAIL euchremaster/dealer-1/shuffle (shuffle): first differing stage: deck, at /deck/0: expected \"Kh\", got \"Jh\""),
        "{out}"
    );
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("target/conformance-report.json")).unwrap(),
    )
    .unwrap();
    let failed = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["status"] == "fail")
        .unwrap();
    assert_eq!(
        (
            failed["id"].as_str(),
            failed["stage"].as_str(),
            failed["pointer"].as_str()
        ),
        (Some("dealer-1/shuffle"), Some("deck"), Some("/deck/0"))
    );
    let junit = std::fs::read_to_string(root().join("target/conformance.xml")).unwrap();
    assert!(
        junit
            .contains("<testsuite name=\"euchremaster\" tests=\"3\" failures=\"1\" skipped=\"0\">"),
        "{junit}"
    );
    assert!(
        junit.contains("<failure message=\"first differing stage: deck"),
        "{junit}"
    );
}

#[test]
fn conformance_known_failures_must_match_exactly() {
    let dir = root().join("target");
    let known = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let ok = known(
        "known-ok.txt",
        "# listed\neuchremaster/dealer-1/shuffle  todo  deck\n",
    );
    let o = conformance("wrong", &["--known-failures", &ok]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("KNOWN euchremaster/dealer-1/shuffle"),
        "{}",
        stdout(&o)
    );

    let stale = known(
        "known-stale.txt",
        "euchremaster/dealer-1/shuffle todo positions\neuchremaster/dealer-1 wontfix deck\neuchremaster/no-such-case todo deck\n",
    );
    let o = conformance("wrong", &["--known-failures", &stale]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("euchremaster/dealer-1/shuffle: fails at stage deck, not positions"),
        "{out}"
    );
    assert!(
        out.contains("euchremaster/dealer-1: now passes; remove the line"),
        "{out}"
    );
    assert!(
        out.contains("euchremaster/no-such-case: names no case"),
        "{out}"
    );
    assert!(
        out.contains("these lines would bring it up to date:\neuchremaster/dealer-1/shuffle"),
        "{out}"
    );

    let bad = known("known-bad.txt", "euchremaster/dealer-1 later deck\n");
    let o = conformance("", &["--known-failures", &bad]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 1: status \"later\", expected todo or wontfix"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn conformance_a_port_that_cannot_say_hello_is_a_protocol_error() {
    let o = conformance("no-hello", &["--timeout", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("protocol error:"), "{}", stderr(&o));
    let o = fairdeal(&["conformance", "--port", "no-such-program-xyz"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot start"), "{}", stderr(&o));
}

/// Every mutant of the catalogue (conformance/ports/python/mutants.json: a
/// mistake real ports make, switched on in the Python port) is caught by the
/// runner, at the case and stage the catalogue says.
#[test]
fn conformance_catches_every_mutant_at_its_stage() {
    let catalogue: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("conformance/ports/python/mutants.json")).unwrap(),
    )
    .unwrap();
    let mutants = catalogue.as_array().unwrap();
    assert!(
        mutants.len() >= 10,
        "the catalogue holds {} mutants",
        mutants.len()
    );
    let mut missed = Vec::new();
    for m in mutants {
        let [name, scheme, case, stage] =
            ["name", "scheme", "case", "stage"].map(|k| m[k].as_str().unwrap());
        let report = root().join(format!("target/mutant-{name}.json"));
        let o = command()
            .args([
                "conformance",
                "--port",
                "python3 conformance/ports/python/port.py",
                "--scheme",
                scheme,
            ])
            .args(["--case", case, "--report", &report.display().to_string()])
            .env("FAIRDEAL_MUTANT", name)
            .output()
            .unwrap();
        let caught = o.status.code() == Some(1);
        let report: Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap_or_default())
                .unwrap_or_default();
        let at = report["cases"]
            .as_array()
            .and_then(|cases| cases.iter().find(|c| c["id"] == case))
            .map(|c| c["stage"].clone());
        if !caught || at != Some(Value::from(stage)) {
            missed.push(format!(
                "{name}: exit {:?}, {case} at {at:?}, expected {stage}\n{}",
                o.status.code(),
                stdout(&o)
            ));
        }
    }
    assert!(
        missed.is_empty(),
        "mutants not caught as the catalogue says:\n{}",
        missed.join("\n")
    );
}

/// docs/porting.md lists every mutant as a pitfall to check first.
#[test]
fn porting_guide_lists_every_mutant() {
    let catalogue: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("conformance/ports/python/mutants.json")).unwrap(),
    )
    .unwrap();
    let guide = std::fs::read_to_string(root().join("docs/porting.md")).unwrap();
    for m in catalogue.as_array().unwrap() {
        let name = m["name"].as_str().unwrap();
        assert!(
            guide.contains(&format!("`{name}`")),
            "docs/porting.md does not list mutant {name}"
        );
    }
}

#[test]
fn conformance_differential_mode_prints_differing_inputs_as_vector_cases() {
    let run = |mutant: &str| {
        command()
            .args([
                "conformance",
                "--port",
                "python3 conformance/ports/python/port.py",
                "--scheme",
                "euchremaster",
            ])
            .args(["--random", "6", "--seed", "11"])
            .env("FAIRDEAL_MUTANT", mutant)
            .output()
            .unwrap()
    };
    let good = run("");
    assert_eq!(good.status.code(), Some(0), "{}", stdout(&good));
    assert!(
        stdout(&good).ends_with("6 passed, 0 failed, 0 skipped\n"),
        "{}",
        stdout(&good)
    );
    let bad = run("packets-from-dealer");
    assert_eq!(bad.status.code(), Some(1));
    let out = stdout(&bad);
    let cases: Vec<Value> = out
        .lines()
        .filter(|l| l.starts_with("{\"id\":\"random-11-"))
        .map(|l| serde_json::from_str(l.trim_end_matches(',')).unwrap())
        .collect();
    assert!(!cases.is_empty(), "{out}");
    // Each printed case is a valid input of the scheme, ready for a trace group.
    for case in &cases {
        let file = std::env::temp_dir().join("fairdeal-random-case.json");
        std::fs::write(&file, case["input"].to_string()).unwrap();
        let o = fairdeal(&[
            "deal",
            "euchremaster",
            "--input",
            &file.display().to_string(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{case}: {}", stderr(&o));
        assert!(case["number"].as_u64().unwrap() > 57, "{case}");
    }
    // The same seed gives the same inputs. Only the cases are compared: the
    // report also shows what the port wrote to stderr around each failing
    // case, which a loaded machine can cut at another line.
    let printed = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("{\"id\":\"random-11-"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(printed(&stdout(&run("packets-from-dealer"))), printed(&out));
}

/// The kinds of case crates/cli/tests/ports/broken_port.py runs, for
/// euchremaster, the only scheme it supports.
const BROKEN_PORT_KINDS: [&str; 4] = ["trace", "stream", "shuffle", "deal"];

/// Per scheme, the port cases that `--case A,B` selects from the vector
/// files (each case whose id holds one of `filters`, and a trace case's
/// derived shuffle and deal stages), as (cases the broken port runs, cases
/// it does not support).
fn broken_port_cases(filters: &[&str]) -> BTreeMap<String, (usize, usize)> {
    let mut counts = BTreeMap::new();
    let dir = std::fs::read_dir(root().join("vectors")).expect("vectors/ can be listed");
    for path in dir.map(|e| e.expect("vectors/ can be listed").path()) {
        if path.extension().is_none_or(|e| e != "json") || path.ends_with("schema.json") {
            continue;
        }
        let file: Value = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let scheme = file["scheme"].as_str().unwrap_or_default();
        let (runs, unsupported) = counts.entry(scheme.to_owned()).or_insert((0, 0));
        for group in file["groups"].as_array().into_iter().flatten() {
            let group_kind = group["kind"].as_str().unwrap_or_default();
            let kind = if group_kind == "invalid" {
                "trace"
            } else {
                group_kind
            };
            for case in group["cases"].as_array().into_iter().flatten() {
                let id = case["id"].as_str().unwrap_or_default();
                if !filters.iter().any(|f| id.contains(f)) {
                    continue;
                }
                // A trace case's expected stages, per deal for a game.
                let expected = &case["expected"];
                let traces: Vec<&Value> = match (group_kind, expected["deals"].as_array()) {
                    ("trace", Some(deals)) => deals.iter().collect(),
                    ("trace", None) if expected.is_object() => vec![expected],
                    _ => Vec::new(),
                };
                let derived = traces
                    .iter()
                    .filter(|t| {
                        ["randoms", "positions", "deck"]
                            .iter()
                            .all(|k| t.get(k).is_some())
                    })
                    .count()
                    * 2;
                if scheme == "euchremaster" {
                    if BROKEN_PORT_KINDS.contains(&kind) {
                        *runs += 1;
                    } else {
                        *unsupported += 1;
                    }
                    *runs += derived;
                } else {
                    *unsupported += 1 + derived;
                }
            }
        }
    }
    counts.retain(|_, (runs, unsupported)| *runs + *unsupported > 0);
    counts
}

#[test]
fn conformance_cases_a_port_does_not_support_are_skipped_not_failed() {
    // The broken port (in its good mode) supports only euchremaster, and no
    // generator or game cases: sfc32-lock's `sample` cases and their derived stages
    // (every case whose id holds "sample") are reported as unsupported, and
    // the `dealer-1` cases it runs pass (a run in which no case ran fails).
    // How many there are, per scheme, comes from the vector files.
    let expected = broken_port_cases(&["sample", "dealer-1"]);
    let unsupported: usize = expected.values().map(|(_, u)| u).sum();
    let runs: usize = expected.values().map(|(r, _)| r).sum();
    assert!(
        unsupported > 0 && runs > 0,
        "no vector case holds \"sample\" that the broken port does not support, or none \"dealer-1\" that it runs: {expected:?}"
    );
    let o = command()
        .args([
            "conformance",
            "--port",
            "python3 crates/cli/tests/ports/broken_port.py",
            "--case",
            "sample,dealer-1",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    for (scheme, (runs, unsupported)) in &expected {
        assert!(
            out.contains(&format!(
                "{scheme}: {runs} passed, 0 failed, {unsupported} unsupported\n"
            )),
            "{out}"
        );
    }
    assert!(
        out.ends_with(&format!("{runs} passed, 0 failed, {unsupported} skipped\n")),
        "{out}"
    );
}

/// Runs crates/cli/tests/ports/broken_port.py in `mode` over the
/// euchremaster cases `case` selects.
fn broken_port(mode: &str, case: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "conformance",
        "--port",
        "python3 crates/cli/tests/ports/broken_port.py",
        "--scheme",
        "euchremaster",
        "--case",
        case,
    ];
    args.extend_from_slice(extra);
    command()
        .args(&args)
        .env("BROKEN_PORT", mode)
        .env("BROKEN_AT", "1")
        .output()
        .expect("the fairdeal binary runs")
}

/// Each case's failure shows what the port wrote to its standard error
/// about that case, and nothing it wrote about another: the port writes a
/// line naming each seq before answering, and seq 1 and 2 fail.
#[test]
fn conformance_stderr_is_shown_under_the_case_that_wrote_it() {
    let report = root().join("target/conformance-chatty.json");
    let o = broken_port(
        "chatty",
        "dealer-1,-joker,-deal-",
        &["--report", &report.display().to_string()],
    );
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let failed: Vec<(String, Vec<String>)> = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] == "fail")
        .map(|c| {
            let lines = c["stderr"].as_array().unwrap().iter();
            (
                c["id"].as_str().unwrap().to_owned(),
                lines.map(|l| l.as_str().unwrap().to_owned()).collect(),
            )
        })
        .collect();
    assert_eq!(
        failed,
        [
            (
                "dealer-1".to_owned(),
                vec!["chatty: about seq 1".to_owned()]
            ),
            (
                "dealer-1/shuffle".to_owned(),
                vec!["chatty: about seq 2".to_owned()]
            ),
        ]
    );
}

/// A refusal mismatch shows the value the case gives at the field and
/// what the port answered, escaped.
#[test]
fn conformance_a_refusal_mismatch_shows_the_given_value_and_the_answer() {
    let o = broken_port("misname", "seed-non-hex", &[]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL euchremaster/seed-non-hex (trace): expected a character error in \"seed\", \
             the port gave a character error in \"elsewhere\""
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "     the case gives: seed = \"a3db4a8e53g2c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a\"\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "     the port answered: a character error in \"elsewhere\": <script>alert('x')</script> & \"more\"\n"
        ),
        "{out}"
    );
}

/// A port that crashes on every case is not started again for each: the
/// run stops after five broken cases in a row, says so with the last
/// standard error, and exits 2.
#[test]
fn conformance_a_port_that_crashes_on_every_case_stops_the_run() {
    let o = broken_port("crash-all", "dealer", &[]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("stopped after 5 cases: the port broke on 5 cases in a row (the last: the port misbehaved: the port exited"),
        "{out}"
    );
    assert!(out.contains("boom: crashed on seq 5"), "{out}");
    assert!(!out.contains("crashed on seq 6"), "{out}");
    assert!(
        stderr(&o).contains("the run stopped early: the port broke on 5 cases in a row"),
        "{}",
        stderr(&o)
    );
}

/// The results page escapes everything a port wrote (its message holds
/// `<script>`), holds no script, and shows the failure's evidence; the badge
/// is a shields.io endpoint.
#[test]
fn conformance_html_page_and_badge() {
    let page = root().join("target/conformance-page.html");
    let badge = root().join("target/conformance-badge.json");
    let o = broken_port(
        "misname",
        "seed-",
        &[
            "--html",
            &page.display().to_string(),
            "--badge",
            &badge.display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("<script"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot;"),
        "{html}"
    );
    assert!(html.contains("<h2>euchremaster</h2>"), "{html}");
    assert!(html.contains("Port: broken (Python)"), "{html}");
    assert!(html.contains("<p>Stages: fingerprint ok, "), "{html}");
    assert!(html.contains("refusals FAIL (9 cases)</p>"), "{html}");
    assert!(html.contains("the case gives: seed = "), "{html}");
    let badge: Value = serde_json::from_str(&std::fs::read_to_string(&badge).unwrap()).unwrap();
    assert_eq!(badge["message"], "6/15 passed", "{badge}");
    assert_eq!(badge["schemaVersion"], 1);
    assert_eq!(badge["label"], "fairdeal conformance");
    assert_eq!(badge["color"], "red");
}

/// A `*` line covers every failing case it names; --fix rewrites the file
/// from the run, comments kept, a line that no longer holds dropped, each
/// new failure added.
#[test]
fn conformance_known_failure_wildcards_and_fix() {
    let known = root().join("target/conformance-known-wild.txt");
    let badge = root().join("target/conformance-badge-wild.json");
    std::fs::write(
        &known,
        "# the misname port\neuchremaster/seed-* wontfix error # fields misnamed\n",
    )
    .unwrap();
    let args = |fix: bool| {
        let mut a = vec![
            "--known-failures".to_owned(),
            known.display().to_string(),
            "--badge".to_owned(),
            badge.display().to_string(),
        ];
        if fix {
            a.push("--fix".to_owned());
        }
        a
    };
    let run = |case: &str, fix: bool| {
        let a = args(fix);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        broken_port("misname", case, &a)
    };
    let o = run("seed-", false);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let badge_json: Value =
        serde_json::from_str(&std::fs::read_to_string(&badge).unwrap()).unwrap();
    assert_eq!(badge_json["color"], "brightgreen", "{badge_json}");
    // cut- cases fail too, and no line names them: --fix adds them.
    let o = run("seed-,cut-empty", true);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let fixed = std::fs::read_to_string(&known).unwrap();
    assert!(
        fixed.starts_with("# the misname port\neuchremaster/seed-* wontfix error # fields misnamed\neuchremaster/cut-empty "),
        "{fixed}"
    );
    let o = run("seed-,cut-empty", false);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    // A wildcard that names no failing case no longer holds; --fix drops it.
    let o = run("cut-empty", true);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("euchremaster/seed-*: names no failing case; remove the line"),
        "{}",
        stdout(&o)
    );
    let fixed = std::fs::read_to_string(&known).unwrap();
    assert!(!fixed.contains("seed-*"), "{fixed}");
    assert!(
        fixed.starts_with("# the misname port\neuchremaster/cut-empty "),
        "{fixed}"
    );
}

/// A port whose cut has no 1024-character bound deals the cuts past it: an
/// informative difference (the page leaves the bound to the port), reported
/// and not failed; the check of characters before the length stays
/// normative; a known-failures line naming an informative case is an error.
#[test]
fn conformance_informative_cases_are_reported_not_failed() {
    let page = root().join("target/conformance-informative.html");
    let badge = root().join("target/conformance-informative-badge.json");
    let junit = root().join("target/conformance-informative.xml");
    let o = broken_port(
        "unbounded",
        "cut-102",
        &[
            "--html",
            &page.display().to_string(),
            "--badge",
            &badge.display().to_string(),
            "--junit",
            &junit.display().to_string(),
        ],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    // cut-1024 and cut-1024-letters (with their stages) pass; cut-1025 and
    // cut-1025-letters differ; cut-1025-with-tab is still `character`.
    assert!(
        out.contains("INFORMATIVE euchremaster/cut-1025 (trace): "),
        "{out}"
    );
    assert!(
        out.contains("INFORMATIVE euchremaster/cut-1025-letters (trace): "),
        "{out}"
    );
    assert!(!out.contains("FAIL "), "{out}");
    assert!(
        out.contains("euchremaster: 7 passed, 0 failed, 0 unsupported, 2 informative differences"),
        "{out}"
    );
    assert!(out.contains("refusals ok, 2 informative"), "{out}");
    assert!(
        out.contains("2 informative differences: where the page leaves a choice"),
        "{out}"
    );
    assert!(out.ends_with("7 passed, 0 failed, 0 skipped\n"), "{out}");
    let badge: Value = serde_json::from_str(&std::fs::read_to_string(&badge).unwrap()).unwrap();
    assert_eq!(badge["message"], "7/7 passed", "{badge}");
    assert_eq!(badge["color"], "brightgreen", "{badge}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("informative difference (the page leaves a choice) cut-1025 (trace)"),
        "{html}"
    );
    assert!(html.contains("2 informative differences"), "{html}");
    let junit = std::fs::read_to_string(&junit).unwrap();
    assert!(
        junit.contains("<skipped message=\"informative difference at error: "),
        "{junit}"
    );
    assert!(junit.contains("failures=\"0\""), "{junit}");

    // The Python port as it is passes them all.
    let o = broken_port("", "cut-102", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(!stdout(&o).contains("INFORMATIVE"), "{}", stdout(&o));

    let known = root().join("target/conformance-known-informative.txt");
    std::fs::write(&known, "euchremaster/cut-1025 wontfix error\n").unwrap();
    let o = broken_port(
        "unbounded",
        "cut-102",
        &["--known-failures", &known.display().to_string()],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("euchremaster/cut-1025: is informative (the page leaves a choice): a difference is reported, not failed; remove the line"),
        "{}",
        stdout(&o)
    );
}
