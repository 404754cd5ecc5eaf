//! `fairdeal dealer`: a full round in the CLI, its receipts through
//! `verify --batch` and `history`, the refusals (exit 2), the log's check
//! (exit 1 naming the bad entry), and the store after `kill -9` in the
//! middle of bets and rotations.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Output, Stdio};

use fairdeal_dealer::Dealer;
use serde_json::{Value, json};

use crate::util::{command, stderr, stdout};

/// A store file of one test's own, removed with its WAL files when dropped.
struct Store(PathBuf);

impl Store {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "fairdeal-cli-dealer-{}-{name}.sqlite",
            std::process::id()
        ));
        let store = Self(path);
        store.remove();
        store
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }

    fn remove(&self) {
        for end in ["", "-wal", "-shm"] {
            drop(std::fs::remove_file(format!("{}{end}", self.path())));
        }
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        self.remove();
    }
}

fn dealer(store: &Store, args: &[&str]) -> Output {
    command()
        .args(["dealer", "--store", store.path()])
        .args(args)
        .output()
        .expect("fairdeal runs")
}

fn json_line(o: &Output) -> Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(stdout(o).trim()).expect("one JSON line")
}

fn id_of(o: &Output) -> String {
    json_line(o)["id"].to_string()
}

#[test]
fn a_round_in_the_cli_issues_a_receipt_that_verify_and_history_accept() {
    let store = Store::new("round");
    let c = json_line(&dealer(&store, &["commit", "euchremaster", "--json"]));
    assert_eq!(
        c.as_object().expect("an object").keys().collect::<Vec<_>>(),
        ["id", "scheme", "fingerprint"]
    );
    let id = c["id"].to_string();
    // Before the deal, the seed is not revealed: exit 2, saying why.
    let early = dealer(&store, &["reveal", &id]);
    assert_eq!(early.status.code(), Some(2));
    assert!(
        stderr(&early).contains("not dealt yet"),
        "{}",
        stderr(&early)
    );
    assert!(stdout(&early).is_empty());
    // The seed is the dealer's: a player who gives one is refused.
    let seeded = dealer(
        &store,
        &[
            "deal",
            &id,
            "--seed",
            &"ab".repeat(32),
            "--cut",
            "x",
            "--dealer",
            "0",
        ],
    );
    assert_eq!(seeded.status.code(), Some(2));
    assert!(stderr(&seeded).contains("seed:"), "{}", stderr(&seeded));
    let bad = dealer(&store, &["deal", &id, "--cut", "K7 cut", "--dealer", "7"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("dealer: 7 is out of range"),
        "{}",
        stderr(&bad)
    );
    let dealt = dealer(
        &store,
        &["deal", &id, "--cut", "K7 cut", "--dealer", "1", "--ascii"],
    );
    assert!(dealt.status.success(), "{}", stderr(&dealt));
    let table = stdout(&dealt);
    assert!(
        table.starts_with(&format!(
            "fingerprint  {}",
            c["fingerprint"].as_str().expect("text")
        )),
        "{table}"
    );
    assert!(
        table.contains("left (1)") && table.contains("(dealer)"),
        "{table}"
    );
    assert!(
        !table.contains("seed"),
        "no seed before the reveal: {table}"
    );
    // The same as `fairdeal deal` shows for the revealed inputs.
    let receipt = json_line(&dealer(&store, &["reveal", &id]));
    assert_eq!(receipt["fingerprint"], c["fingerprint"]);
    let seed = receipt["seed"].as_str().expect("the seed");
    let again = command()
        .args([
            "deal",
            "euchremaster",
            "--seed",
            seed,
            "--cut",
            "K7 cut",
            "--dealer",
            "1",
            "--ascii",
        ])
        .output()
        .expect("runs");
    assert!(
        stdout(&again).starts_with(table.split("\nround").next().expect("the table")),
        "{}",
        stdout(&again)
    );
    let verify = command()
        .args(["verify", "--input", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("a pipe")
                .write_all(receipt.to_string().as_bytes())?;
            child.wait_with_output()
        })
        .expect("verify runs");
    assert!(verify.status.success(), "{}", stdout(&verify));
    // The log holds the commit, the deal and the reveal, and checks.
    let log = dealer(&store, &["log", "--verify"]);
    assert!(
        stdout(&log).starts_with("log: 3 entries, the chain holds"),
        "{}",
        stdout(&log)
    );
}

#[test]
fn every_scheme_exported_verifies_in_a_batch_and_a_history_finds_nothing() {
    let store = Store::new("export");
    for scheme in fairdeal::SCHEMES {
        let info = scheme.info();
        // The scheme's first bench case, less what the dealer draws or
        // sets: the player's and the table's fields, as a file.
        let Ok(Value::Object(mut sample)) = serde_json::from_str(info.bench[0].input) else {
            panic!("{}: a bench case", scheme.id());
        };
        let mut commit = vec![
            "commit".to_owned(),
            scheme.id().to_owned(),
            "--json".to_owned(),
        ];
        if let Some(v) = info.dealer.variant {
            commit.extend([
                "--variant".to_owned(),
                sample[v].as_str().expect("a variant").to_owned(),
            ]);
            sample.remove(v);
        }
        sample.remove(info.history.secret);
        for d in info.dealer.drawn {
            sample.remove(d.field);
        }
        let commit: Vec<&str> = commit.iter().map(String::as_str).collect();
        if let fairdeal::core::info::Period::Nonce { nonce, with } = info.history.period {
            let pair = id_of(&dealer(
                &store,
                &[&commit[..], &["--rotate-after", "4"]].concat(),
            ));
            sample.remove(nonce);
            let mut args = vec![
                "bet".to_owned(),
                pair,
                "--count".to_owned(),
                "10".to_owned(),
            ];
            for w in with {
                args.push(format!("--{}", w.replace('_', "-")));
                args.push(sample[*w].as_str().expect("a text").to_owned());
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let bets = dealer(&store, &args);
            assert!(bets.status.success(), "{}", stderr(&bets));
            continue;
        }
        let file = std::env::temp_dir().join(format!(
            "fairdeal-cli-dealer-{}-{}.json",
            std::process::id(),
            scheme.id()
        ));
        std::fs::write(&file, Value::Object(sample).to_string()).expect("written");
        let input = file.to_str().expect("UTF-8").to_owned();
        for _ in 0..5 {
            // Where the sample does not fit the secret (showdown's first
            // hand dealt by the player, who must give its pattern), that
            // table is left and another committed, as a site would.
            let dealt = (0..20).find(|_| {
                let id = id_of(&dealer(&store, &commit));
                let dealt = dealer(&store, &["deal", &id, "--input", &input]);
                dealt.status.success() && dealer(&store, &["reveal", &id]).status.success()
            });
            assert!(
                dealt.is_some(),
                "{}: no table of 20 took the sample",
                scheme.id()
            );
        }
        drop(std::fs::remove_file(&file));
    }
    let export = dealer(&store, &["export"]);
    assert!(export.status.success(), "{}", stderr(&export));
    let lines = stdout(&export);
    let schemes: BTreeSet<String> = lines
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("JSON")["scheme"]
                .as_str()
                .expect("a scheme")
                .to_owned()
        })
        .collect();
    assert_eq!(schemes.len(), fairdeal::SCHEMES.len(), "{lines}");
    let file = std::env::temp_dir().join(format!(
        "fairdeal-cli-dealer-{}-export.jsonl",
        std::process::id()
    ));
    std::fs::write(&file, &lines).expect("written");
    let path = file.to_str().expect("UTF-8");
    let batch = command()
        .args(["verify", "--batch", path])
        .output()
        .expect("runs");
    assert!(batch.status.success(), "{}", stdout(&batch));
    let history = command()
        .args(["history", path, "--json"])
        .output()
        .expect("runs");
    let report: Value = serde_json::from_slice(&history.stdout).expect("JSON");
    drop(std::fs::remove_file(&file));
    assert_eq!(report["findings"], json!([]), "{report}");
    assert_eq!(report["verified"], report["receipts"]);
    // 8 of the 10 bets are revealed: two rotations after 4 each.
    assert_eq!(
        lines
            .lines()
            .filter(|l| l.contains("\"next_fingerprint\""))
            .count(),
        8
    );
}

#[test]
fn an_edited_log_entry_is_named_and_exits_1() {
    let store = Store::new("tampered");
    let id = id_of(&dealer(&store, &["commit", "sfc32-lock", "--json"]));
    assert!(dealer(&store, &["deal", &id]).status.success());
    assert!(dealer(&store, &["reveal", &id]).status.success());
    let ok = dealer(&store, &["log", "--verify"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    // The deal's entry rewritten with another nonce, as someone with the
    // file might.
    let conn = rusqlite::Connection::open(store.path()).expect("the file");
    conn.execute(
        "UPDATE log SET entry = replace(entry, '\"round\":1', '\"round\":2') WHERE seq = 2",
        [],
    )
    .expect("edited");
    drop(conn);
    let check = dealer(&store, &["log", "--verify"]);
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    assert!(
        stdout(&check).starts_with("log: entry 2 is bad"),
        "{}",
        stdout(&check)
    );
}

/// Reads acknowledgements from a child taking bets until `k` are read,
/// then kills its process group with SIGKILL. Returns every
/// acknowledgement it wrote: the `k` and those still in the pipe.
#[cfg(unix)]
fn bets_killed_after(store: &Store, pair: &str, k: usize) -> Vec<Value> {
    use std::os::unix::process::CommandExt;
    let mut child = command()
        .args(["dealer", "--store", store.path(), "bet", pair])
        .args(["--client-seed", "crash", "--count", "1000000", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("fairdeal starts");
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    let mut acks = Vec::new();
    while acks.len() < k {
        let line = lines.next().expect("an acknowledgement").expect("read");
        acks.push(serde_json::from_str(&line).expect("a JSON line"));
    }
    let pid = i32::try_from(child.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .expect("a pid");
    rustix::process::kill_process_group(pid, rustix::process::Signal::KILL).expect("killed");
    let status = child.wait().expect("reaped");
    assert!(!status.success(), "killed, not ended");
    // Lines the child wrote before it died, still in the pipe, were
    // acknowledged too; a line cut short by the kill was not.
    for line in lines.map_while(Result::ok) {
        match serde_json::from_str(&line) {
            Ok(ack) => acks.push(ack),
            Err(_) => break,
        }
    }
    acks
}

#[cfg(unix)]
#[test]
fn kill_9_in_a_loop_of_bets_and_rotations_loses_nothing_acknowledged() {
    let store = Store::new("crash");
    let pair = id_of(&dealer(
        &store,
        &["commit", "hmac-blackjack", "--rotate-after", "3", "--json"],
    ));
    let pair_id: u64 = pair.parse().expect("an id");
    let mut acked: BTreeSet<(u64, u64)> = BTreeSet::new();
    let mut revealed_acked: BTreeSet<u64> = BTreeSet::new();
    let kills = [1, 2, 3, 5, 8, 13];
    for k in kills {
        for ack in bets_killed_after(&store, &pair, k) {
            let key = (
                ack["period"].as_u64().expect("a period"),
                ack["nonce"].as_u64().expect("a nonce"),
            );
            assert!(acked.insert(key), "nonce {key:?} acknowledged twice");
            if let Some(r) = ack.get("rotated") {
                revealed_acked.insert(r["period"].as_u64().expect("a period"));
            }
        }
        // After each restart: the log's chain holds.
        let check = dealer(&store, &["log", "--verify"]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "after kill at {k}: {}",
            stdout(&check)
        );
    }
    let d = Dealer::open(std::path::Path::new(store.path())).expect("the store");
    let stored = d.nonces(pair_id).expect("nonces");
    let keys: Vec<(u64, u64)> = stored.iter().map(|&(p, n, _)| (p, n)).collect();
    let distinct: BTreeSet<(u64, u64)> = keys.iter().copied().collect();
    assert_eq!(distinct.len(), keys.len(), "a nonce stored twice");
    // Every acknowledged bet is stored.
    assert!(
        acked.is_subset(&distinct),
        "lost: {:?}",
        acked.difference(&distinct).collect::<Vec<_>>()
    );
    // Each period's nonces run from 0 without a gap: none handed out twice
    // or skipped across the restarts.
    let mut by_period: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    for &(p, n) in &keys {
        by_period.entry(p).or_default().push(n);
    }
    for (p, nonces) in &by_period {
        assert_eq!(
            *nonces,
            (0..nonces.len() as u64).collect::<Vec<_>>(),
            "period {p}"
        );
    }
    // At most one bet per kill was stored but never acknowledged: the one
    // the kill caught between its commit and its line.
    assert!(keys.len() - acked.len() <= kills.len());
    // A seed revealed is one acknowledged as revealed, or the rotation of
    // such an unacknowledged last bet (at most one per kill).
    let revealed: BTreeSet<u64> = stored.iter().filter(|s| s.2).map(|s| s.0).collect();
    let extra: Vec<&u64> = revealed.difference(&revealed_acked).collect();
    assert!(
        extra.len() <= kills.len(),
        "revealed unacknowledged: {extra:?}"
    );
    for p in &extra {
        assert!(
            !acked.contains(&(**p, 2)),
            "period {p}'s third bet was acknowledged without its rotation"
        );
    }
    // The receipts of every revealed period verify.
    let export = dealer(&store, &["export"]);
    let file = std::env::temp_dir().join(format!(
        "fairdeal-cli-dealer-{}-crash.jsonl",
        std::process::id()
    ));
    std::fs::write(&file, stdout(&export)).expect("written");
    let batch = command()
        .args(["verify", "--batch", file.to_str().expect("UTF-8")])
        .output()
        .expect("runs");
    drop(std::fs::remove_file(&file));
    assert!(batch.status.success(), "{}", stdout(&batch));
    // A bet after the last restart takes the next nonce.
    let (last_p, last_n) = *keys.last().expect("bets");
    let next = json_line(&dealer(&store, &["bet", &pair, "--json"]));
    let expected = if last_n == 2 {
        (last_p + 1, 0)
    } else {
        (last_p, last_n + 1)
    };
    assert_eq!(
        (next["period"].as_u64(), next["nonce"].as_u64()),
        (Some(expected.0), Some(expected.1))
    );
}

/// A bet's receipt, as the dealer issues it after a rotation, passes
/// `verify --input` as it is: its `next_fingerprint` is checked for its form
/// and named as not checked by one receipt (history follows the chain); a
/// malformed one is refused naming the field.
#[test]
fn a_bet_receipt_with_its_next_fingerprint_passes_verify_input() {
    let store = Store::new("verify-next");
    let pair = id_of(&dealer(&store, &["commit", "hmac-blackjack", "--json"]));
    let o = dealer(&store, &["bet", &pair, "--client-seed", "lucky"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = dealer(&store, &["rotate", &pair]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = dealer(&store, &["export"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let receipt: Value =
        serde_json::from_str(stdout(&o).lines().next().expect("a receipt")).unwrap();
    let next = receipt["next_fingerprint"]
        .as_str()
        .expect("next_fingerprint")
        .to_owned();
    let path = PathBuf::from(format!("{}.bet.json", store.path()));
    std::fs::write(&path, receipt.to_string()).unwrap();
    let o = command()
        .args(["verify", "--input", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).starts_with("VERIFIED"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!(
            "The next period's fingerprint ({next}) is not checked by one receipt"
        )),
        "{}",
        stdout(&o)
    );
    let o = command()
        .args(["verify", "--input", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let out: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        out["next_fingerprint"],
        json!({ "value": next, "checked": false })
    );
    let mut bad = receipt.clone();
    bad["next_fingerprint"] = json!("zz");
    std::fs::write(&path, bad.to_string()).unwrap();
    let o = command()
        .args(["verify", "--input", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("next_fingerprint: "), "{}", stderr(&o));
    drop(std::fs::remove_file(&path));
}
