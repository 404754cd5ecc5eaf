//! `fairdeal serve`: no token, no service (exit 2); the address bound on
//! the first line; every registered scheme's receipts fetched over HTTP and
//! checked by `fairdeal verify` itself; the JavaScript example of
//! docs/dealer.md run against it; SIGTERM answering the request in flight
//! before the exit.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Output, Stdio};
use std::time::Duration;

use serde_json::{Map, Value, json};

use crate::util::{Scratch, command, output_within, stderr, stdout};

const TOKEN: &str = "cli-test-token-0123456789abcdef";

/// A `fairdeal serve` on 127.0.0.1:0 over a store of its own.
struct Service {
    child: Option<Child>,
    addr: String,
    store: PathBuf,
    _token: Scratch,
}

impl Service {
    fn start(name: &str) -> Self {
        let store = std::env::temp_dir().join(format!(
            "fairdeal-cli-serve-{}-{name}.sqlite",
            std::process::id()
        ));
        remove(&store);
        let token = Scratch::new(
            "serve",
            &format!("{name}-token"),
            format!("{TOKEN}\n").as_bytes(),
        );
        let mut child = command()
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--token-file",
                token.path(),
                "--store",
            ])
            .arg(&store)
            .env_remove("FAIRDEAL_SERVE_TOKEN")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fairdeal serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().expect("piped"))
            .read_line(&mut line)
            .expect("its first line");
        let addr = line
            .trim()
            .strip_prefix("http://")
            .unwrap_or_else(|| panic!("the address bound, as a URL: {line:?}"))
            .to_owned();
        Self {
            child: Some(child),
            addr,
            store,
            _token: token,
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Sends SIGTERM and returns how the service ended.
    fn stop(&mut self) -> Output {
        terminate(self.child.as_ref().expect("running"));
        self.ended()
    }

    /// Waits for a service sent SIGTERM; its store stays until it is
    /// dropped.
    fn ended(&mut self) -> Output {
        let child = self.child.take().expect("running");
        output_within(
            child,
            Duration::from_secs(60),
            "fairdeal serve after SIGTERM",
        )
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            drop(child.kill());
            drop(child.wait());
        }
        remove(&self.store);
    }
}

fn remove(store: &std::path::Path) {
    for end in ["", "-wal", "-shm"] {
        let mut name = store.as_os_str().to_owned();
        name.push(end);
        drop(std::fs::remove_file(name));
    }
}

#[cfg(unix)]
fn terminate(child: &Child) {
    let pid = i32::try_from(child.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .expect("a pid");
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).expect("signalled");
}

#[cfg(not(unix))]
fn terminate(_: &Child) {
    panic!("the shutdown test needs SIGTERM");
}

/// One HTTP/1.0 exchange on a connection of its own (the answer's body
/// then ends with the connection, streamed or not): the status and body.
fn http(addr: &str, method: &str, path: &str, token: bool, body: Option<&Value>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("the service accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    let mut request = format!("{method} {path} HTTP/1.0\r\nHost: {addr}\r\n");
    if token {
        request.push_str(&format!("Authorization: Bearer {TOKEN}\r\n"));
    }
    let body = body.map(Value::to_string).unwrap_or_default();
    if !body.is_empty() {
        request.push_str("Content-Type: application/json\r\n");
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(request.as_bytes()).expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("the answer");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status: {head}"));
    (status, body.to_owned())
}

/// The JSON answer of an exchange that must answer `status`.
fn call(
    addr: &str,
    method: &str,
    path: &str,
    token: bool,
    body: Option<&Value>,
    status: u16,
) -> Value {
    let (got, text) = http(addr, method, path, token, body);
    assert_eq!(got, status, "{method} {path}: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Runs `fairdeal verify ARGS` on `receipt` written to a file.
fn verify(args: &[&str], name: &str, contents: &str) -> Output {
    let file = Scratch::new("serve", name, contents.as_bytes());
    command()
        .args(args)
        .arg(file.path())
        .output()
        .expect("fairdeal verify runs")
}

/// A scheme's first bench case as the commit's body and the player's
/// fields: the registry's data, no scheme named.
fn sample(scheme: &dyn fairdeal::DynScheme) -> (Value, Value) {
    let info = scheme.info();
    let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(info.bench[0].input) else {
        panic!("{}: a bench case", scheme.id());
    };
    let mut commit = json!({"scheme": scheme.id()});
    if let Some(v) = info.dealer.variant {
        commit["variant"] = fields.remove(v).expect("the sample's variant");
    }
    fields.remove(info.history.secret);
    for d in info.dealer.drawn {
        fields.remove(d.field);
    }
    if let fairdeal::core::info::Period::Nonce { nonce, .. } = info.history.period {
        fields.remove(nonce);
    }
    (commit, Value::Object(fields))
}

#[test]
fn serve_refuses_to_start_without_a_token_or_with_a_weak_one() {
    let store = std::env::temp_dir().join(format!(
        "fairdeal-cli-serve-{}-none.sqlite",
        std::process::id()
    ));
    let none = command()
        .args(["serve", "--listen", "127.0.0.1:0", "--store"])
        .arg(&store)
        .env_remove("FAIRDEAL_SERVE_TOKEN")
        .output()
        .expect("runs");
    assert_eq!(none.status.code(), Some(2), "{}", stderr(&none));
    assert!(stdout(&none).is_empty());
    for how in ["--token-file", "FAIRDEAL_SERVE_TOKEN"] {
        assert!(stderr(&none).contains(how), "{}", stderr(&none));
    }
    let weak = Scratch::new("serve", "weak-token", b"hunter2\n");
    let short = command()
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--token-file",
            weak.path(),
            "--store",
        ])
        .arg(&store)
        .output()
        .expect("runs");
    assert_eq!(short.status.code(), Some(2), "{}", stderr(&short));
    assert!(stderr(&short).contains("16"), "{}", stderr(&short));
    assert!(
        !stderr(&short).contains("hunter2"),
        "the token is never shown"
    );
    let env = command()
        .args(["serve", "--listen", "127.0.0.1:0", "--store"])
        .arg(&store)
        .env("FAIRDEAL_SERVE_TOKEN", "hunter2")
        .output()
        .expect("runs");
    assert_eq!(env.status.code(), Some(2), "{}", stderr(&env));
    assert!(
        stderr(&env).contains("FAIRDEAL_SERVE_TOKEN"),
        "{}",
        stderr(&env)
    );
    let listen = command()
        .args(["serve", "--listen", "localhost"])
        .output()
        .expect("runs");
    assert_eq!(listen.status.code(), Some(2));
    assert!(stderr(&listen).contains("IP:PORT"), "{}", stderr(&listen));
    // Nothing was served, so no store was made.
    assert!(!store.exists());
}

#[test]
fn every_schemes_receipts_over_http_verify_with_fairdeal_verify() {
    let mut service = Service::start("schemes");
    let addr = service.addr.clone();
    let mut fetched = Vec::new();
    for scheme in fairdeal::SCHEMES {
        let (commit, input) = sample(*scheme);
        let pair = matches!(
            scheme.info().history.period,
            fairdeal::core::info::Period::Nonce { .. }
        );
        if pair {
            let c = call(&addr, "POST", "/rounds", true, Some(&commit), 201);
            let id = &c["id"];
            for _ in 0..2 {
                call(
                    &addr,
                    "POST",
                    &format!("/rounds/{id}/bets"),
                    true,
                    Some(&input),
                    201,
                );
            }
            call(
                &addr,
                "POST",
                &format!("/rounds/{id}/rotate"),
                true,
                None,
                200,
            );
            for nonce in 0..2 {
                let path = format!("/rounds/{id}/periods/1/bets/{nonce}/receipt");
                fetched.push((scheme.id(), call(&addr, "GET", &path, false, None, 200)));
            }
            continue;
        }
        // Where the sample does not fit the secret (a hand the player
        // deals, whose pattern depends on it), another table is committed.
        let id = (0..40)
            .find_map(|_| {
                let c = call(&addr, "POST", "/rounds", true, Some(&commit), 201);
                let (status, text) = http(
                    &addr,
                    "POST",
                    &format!("/rounds/{}/deal", c["id"]),
                    true,
                    Some(&input),
                );
                match status {
                    200 => Some(c["id"].clone()),
                    400 => None,
                    _ => panic!("{}: {status} {text}", scheme.id()),
                }
            })
            .expect("a table the sample fits, among 40");
        let (status, early) = http(&addr, "GET", &format!("/rounds/{id}/receipt"), false, None);
        assert_eq!(status, 409, "{early}");
        call(
            &addr,
            "POST",
            &format!("/rounds/{id}/reveal"),
            true,
            None,
            200,
        );
        fetched.push((
            scheme.id(),
            call(
                &addr,
                "GET",
                &format!("/rounds/{id}/receipt"),
                false,
                None,
                200,
            ),
        ));
    }
    for (scheme, receipt) in &fetched {
        // A bet's receipt carries `next_fingerprint`, which `verify --input`
        // does not take yet: it goes through `--batch`, as `history` reads
        // it.
        let how: &[&str] = if receipt.get("next_fingerprint").is_some() {
            &["verify", "--batch"]
        } else {
            &["verify", "--input"]
        };
        let checked = verify(how, &format!("{scheme}.json"), &receipt.to_string());
        assert!(
            checked.status.success(),
            "{scheme}: {}{}",
            stdout(&checked),
            stderr(&checked)
        );
        assert!(
            stdout(&checked).starts_with("VERIFIED") || stdout(&checked).contains("\"verified\""),
            "{scheme}: {}",
            stdout(&checked)
        );
    }
    // The operator's export, as JSONL, through `verify --batch`.
    let (status, lines) = http(&addr, "GET", "/receipts", true, None);
    assert_eq!(status, 200, "{lines}");
    assert_eq!(lines.lines().count(), fetched.len());
    let batch = verify(&["verify", "--batch"], "receipts.jsonl", &lines);
    assert!(
        batch.status.success(),
        "{}{}",
        stdout(&batch),
        stderr(&batch)
    );
    let log = call(&addr, "GET", "/log/verify", true, None, 200);
    assert_eq!(log["holds"], true, "{log}");
    let ended = service.stop();
    assert_eq!(ended.status.code(), Some(0), "{}", stderr(&ended));
}

#[test]
fn sigterm_answers_the_request_in_flight_then_exits_0() {
    let mut service = Service::start("sigterm");
    let scheme = fairdeal::SCHEMES[0];
    let (commit, _) = sample(scheme);
    let body = commit.to_string();
    // The request's head, and a wait for the service's `100 Continue`: it
    // has read the head and is reading the body, in flight.
    let mut stream = TcpStream::connect(&service.addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    let head = format!(
        "POST /rounds HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {TOKEN}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nExpect: 100-continue\r\n\r\n",
        service.addr,
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("sent");
    let mut reader = BufReader::new(stream.try_clone().expect("a clone"));
    let mut line = String::new();
    reader.read_line(&mut line).expect("100 Continue");
    assert!(line.starts_with("HTTP/1.1 100"), "{line}");
    reader.read_line(&mut line).expect("its blank line");
    let child = service.child.as_ref().expect("running");
    terminate(child);
    // The body sent after the signal: the request is still answered, and
    // the round stored.
    stream.write_all(body.as_bytes()).expect("sent");
    let mut answer = String::new();
    reader.read_to_string(&mut answer).expect("the answer");
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    let c: Value =
        serde_json::from_str(answer.split_once("\r\n\r\n").expect("a body").1).expect("JSON");
    let ended = service.ended();
    assert_eq!(ended.status.code(), Some(0), "{}", stderr(&ended));
    assert!(stderr(&ended).contains("SIGTERM"), "{}", stderr(&ended));
    let dealer = fairdeal_dealer::Dealer::open(&service.store).expect("the store");
    let status = dealer
        .status(c["id"].as_u64().expect("an id"))
        .expect("stored");
    assert_eq!(status.fingerprint, c["fingerprint"].as_str().expect("text"));
}

#[test]
fn the_javascript_example_plays_a_round_whose_receipt_verifies() {
    if command_exists("node").is_none() {
        println!("skipped: node is not on PATH (the example needs Node 18 or later)");
        return;
    }
    let mut service = Service::start("node");
    let example = crate::util::root().join("docs/dealer-example.mjs");
    let child = std::process::Command::new("node")
        .arg(&example)
        .arg(service.url())
        .env("FAIRDEAL_SERVE_TOKEN", TOKEN)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs");
    let ran = output_within(
        child,
        Duration::from_secs(120),
        "node docs/dealer-example.mjs",
    );
    assert!(ran.status.success(), "{}{}", stdout(&ran), stderr(&ran));
    let out = stdout(&ran);
    assert!(out.contains("refused (409)"), "{out}");
    let receipt = out.lines().last().expect("the receipt, last");
    let parsed: Map<String, Value> = serde_json::from_str(receipt).expect("a JSON object");
    assert!(parsed.contains_key("fingerprint"));
    let checked = verify(&["verify", "--input"], "node-receipt.json", receipt);
    assert!(checked.status.success(), "{}", stdout(&checked));
    let ended = service.stop();
    assert_eq!(ended.status.code(), Some(0), "{}", stderr(&ended));
}

/// Returns the version `NAME --version` prints, if it runs.
fn command_exists(name: &str) -> Option<String> {
    let out = std::process::Command::new(name)
        .arg("--version")
        .output()
        .ok()?;
    out.status.success().then(|| stdout(&out))
}
