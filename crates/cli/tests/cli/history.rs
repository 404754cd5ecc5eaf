//! `fairdeal history FILE`: the report, its exit codes, the threads.

use serde_json::Value;

use crate::util::{Scratch, fairdeal, root, stderr, stdout, with_stdin};

/// Each scheme's sample receipt (docs/receipts), one JSONL line each: no
/// two share a seed or a deal.
fn samples() -> String {
    let mut text = String::new();
    for scheme in fairdeal::SCHEMES {
        let path = root().join(format!("docs/receipts/{}.json", scheme.id()));
        let file = std::fs::read_to_string(path).expect("a sample receipt");
        let Ok(Value::Object(mut receipt)) = serde_json::from_str(&file) else {
            panic!("{}: a JSON object", scheme.id());
        };
        receipt.insert("scheme".to_owned(), scheme.id().into());
        text.push_str(&Value::Object(receipt).to_string());
        text.push('\n');
    }
    text
}

#[test]
fn a_history_of_distinct_verified_receipts_is_consistent() {
    let history = Scratch::new("history", "fair.jsonl", samples().as_bytes());
    let o = fairdeal(&["history", history.path()]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{text}{}", stderr(&o));
    let n = fairdeal::SCHEMES.len();
    assert!(
        text.starts_with(&format!(
            "{n} receipts: {n} verified, 0 not verified, 0 invalid\n"
        )),
        "{text}"
    );
    assert!(
        text.contains("\nVerdict: consistent with a fair deal\n"),
        "{text}"
    );
    assert!(
        text.contains("It cannot show that a site is fair"),
        "{text}"
    );
}

#[test]
fn a_repeated_deal_is_suspicious_and_named_in_the_json() {
    // The batch example's first two lines: one euchremaster deal twice
    // (without and with the hand).
    let batch = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("batch");
    let two: String = batch.lines().take(2).map(|l| format!("{l}\n")).collect();
    let history = Scratch::new("history", "repeated.jsonl", two.as_bytes());
    let o = fairdeal(&["history", "--json", history.path()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let json: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(json["verdict"], "suspicious");
    assert_eq!(json["findings"][0]["kind"], "deal-repeated");
    assert_eq!(json["findings"][0]["lines"], serde_json::json!([1, 2]));
    assert_eq!(json["receipts"], json["verified"]);
}

#[test]
fn one_and_two_threads_give_the_same_report() {
    // Over a chunk of records (4096), with findings on many lines and
    // receipts refused.
    let text = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("batch");
    let history = Scratch::new("history", "threads.jsonl", text.repeat(400).as_bytes());
    let run = |threads: &str| {
        let o = fairdeal(&["history", "--json", "--threads", threads, history.path()]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        stdout(&o)
    };
    let one = run("1");
    assert_eq!(run("2"), one);
    let json: Value = serde_json::from_str(&one).expect("JSON");
    assert_eq!(json["receipts"], 12 * 400);
    let listed = json["findings"].as_array().map_or(0, Vec::len);
    assert!(listed > 100, "{listed}");
}

#[test]
fn a_csv_history_on_standard_input_is_read_by_its_header() {
    let csv = "scheme,seed,nonce,lock\n\
               sfc32-lock,340cbd92ae497b96429e4f63942c9dfa,hand-12,565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c\n";
    let o = with_stdin(&["history", "--json", "-"], csv.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        (&json["verified"], &json["verdict"]),
        (&1.into(), &"consistent".into())
    );
    // A receipt whose fingerprint differs fails the history.
    let bad = csv.replace(",565d", ",665d");
    let o = with_stdin(&["history", "-"], bad.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("\nVerdict: failed: 1 not verified"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn an_unreadable_history_exits_2_naming_the_file_and_line() {
    let history = Scratch::new("history", "twice.csv", b"\nseed,seed\n1,2\n");
    let o = fairdeal(&["history", history.path()]);
    assert_eq!(
        (o.status.code(), stderr(&o)),
        (
            Some(2),
            format!(
                "error: {}: line 2: the CSV header names `seed` twice, expected each field once\n",
                history.path()
            )
        )
    );
    let o = with_stdin(&["history", "-"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: -: holds no receipts (it is empty)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_plot_folder_that_cannot_be_written_is_refused_before_reading() {
    let file = Scratch::new("history", "not-a-folder", b"");
    let o = fairdeal(&["history", "--plot", file.path(), "no-such-history"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--plot"), "{}", stderr(&o));
}
