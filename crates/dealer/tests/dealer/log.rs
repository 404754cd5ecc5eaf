//! The log's chain: checked by the dealer, recomputed by the few lines of
//! Python that docs/dealer.md gives an auditor, and an edited or deleted
//! entry found by both.

use std::io::Write;
use std::process::{Command, Stdio};

use fairdeal_dealer::{CommitOptions, Dealer, Error};
use serde_json::{Value, json};

use crate::util::{Folder, commit_options, player_input};

/// The auditor's script: the block of docs/dealer.md between its markers.
fn auditor_script() -> String {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/dealer.md"))
        .expect("docs/dealer.md");
    let start = doc
        .find("<!-- log-check:start -->")
        .expect("the start marker");
    let end = doc.find("<!-- log-check:end -->").expect("the end marker");
    let block = &doc[start..end];
    let code = block
        .split("```python\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a python block");
    code.to_owned()
}

/// Runs the auditor's script on `lines`; returns its exit success and
/// output.
fn audit(lines: &str) -> (bool, String) {
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(auditor_script())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(lines.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("python3 ends");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn entries(dealer: &Dealer) -> String {
    let mut text = String::new();
    dealer
        .log_entries(|e| -> Result<(), Error> {
            text.push_str(e);
            text.push('\n');
            Ok(())
        })
        .expect("the log");
    text
}

/// A store with every kind of event, and a phrase that is not ASCII.
fn events(dealer: &Dealer) {
    let showdown = fairdeal::scheme("showdown").expect("registered");
    let c = dealer
        .commit("showdown", &commit_options(showdown))
        .expect("committed");
    let mut input = player_input(showdown);
    input.insert("phrase".to_owned(), json!("café ♥ \"cut\"\ttab \u{1}"));
    if let Err(e) = dealer.deal(c.id, &input) {
        // The player deals the first hand: its pattern is theirs to give.
        assert_eq!(e.field(), "hands[0].pattern", "{e}");
        input.insert("hands".to_owned(), json!([{"pattern": "3232"}]));
        dealer.deal(c.id, &input).expect("dealt");
    }
    dealer.reveal(c.id).expect("revealed");
    let pair = dealer
        .commit(
            "hmac-blackjack",
            &CommitOptions {
                rotate_after: Some(2),
                ..CommitOptions::default()
            },
        )
        .expect("committed");
    let client = serde_json::Map::from_iter([("client_seed".to_owned(), json!("naïve"))]);
    for _ in 0..3 {
        dealer.bet(pair.id, &client).expect("a bet");
    }
    dealer
        .rotate(pair.id, &serde_json::Map::new())
        .expect("rotated");
    dealer
        .commit("euchremaster", &CommitOptions::default())
        .expect("committed");
}

#[test]
fn the_auditors_python_recomputes_the_chain_the_dealer_checks() {
    let dealer = Dealer::in_memory().expect("a store");
    events(&dealer);
    let check = dealer.check_log().expect("read");
    assert_eq!(check.bad, None);
    assert_eq!(check.entries, 10);
    let text = entries(&dealer);
    let (ok, out) = audit(&text);
    assert!(ok, "{out}");
    assert_eq!(
        out.trim(),
        format!("{} entries, head {}", check.entries, check.head)
    );
    // Before its reveal, no entry holds a secret: the commit shows the
    // fingerprint alone.
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let kinds: Vec<&str> = lines
        .iter()
        .map(|e| e["event"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        [
            "commit", "deal", "reveal", "commit", "bet", "bet", "rotate", "bet", "rotate", "commit"
        ]
    );
    for e in &lines {
        let secret = e.get("secret").is_some();
        assert_eq!(
            secret,
            matches!(e["event"].as_str(), Some("reveal" | "rotate")),
            "{e}"
        );
    }
}

#[test]
fn an_edited_or_deleted_entry_is_found() {
    let folder = Folder::new("tampered");
    let path = folder.join("store.sqlite");
    {
        let dealer = Dealer::open(&path).expect("a store");
        events(&dealer);
    }
    let conn = rusqlite::Connection::open(&path).expect("the file");
    // Entry 3, the reveal: another seed written in.
    let entry: String = conn
        .query_row("SELECT entry FROM log WHERE seq = 3", [], |r| r.get(0))
        .expect("entry 3");
    let mut edited: Value = serde_json::from_str(&entry).expect("JSON");
    edited["secret"]["house_seed"] = json!("0".repeat(64));
    let edited = fairdeal_dealer::canonical_text(&edited);
    conn.execute("UPDATE log SET entry = ?1 WHERE seq = 3", [&edited])
        .expect("edited");
    let dealer = Dealer::open(&path).expect("the store");
    let bad = dealer.check_log().expect("read").bad.expect("found");
    assert_eq!(bad.seq, 3, "{}", bad.why);
    // Its stored hash rewritten as well: the next entry's prev finds it.
    conn.execute(
        "UPDATE log SET hash = ?1 WHERE seq = 3",
        [fairdeal_dealer::log::hash(&edited)],
    )
    .expect("rehashed");
    let bad = dealer.check_log().expect("read").bad.expect("found");
    assert_eq!(bad.seq, 4, "{}", bad.why);
    let (ok, out) = audit(&entries(&dealer));
    assert!(!ok);
    assert!(out.contains("entry 4"), "{out}");
    // An entry deleted from the middle.
    conn.execute(
        "UPDATE log SET entry = ?1, hash = ?2 WHERE seq = 3",
        [&entry, &fairdeal_dealer::log::hash(&entry)],
    )
    .expect("restored");
    assert_eq!(dealer.check_log().expect("read").bad, None);
    conn.execute("DELETE FROM log WHERE seq = 6", [])
        .expect("deleted");
    let bad = dealer.check_log().expect("read").bad.expect("found");
    assert_eq!(bad.seq, 6, "{}", bad.why);
    let (ok, out) = audit(&entries(&dealer));
    assert!(!ok);
    assert!(out.contains("entry 6"), "{out}");
}
