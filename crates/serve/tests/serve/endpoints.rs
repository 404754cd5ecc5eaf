//! Every endpoint's answer and refusals: the token, the body's bounds and
//! form, the lifecycle's order, the paths; and no secret in any answer
//! before its reveal.

use std::time::Duration;

use axum::body::Bytes;
use fairdeal_serve::Limits;
use http_body_util::Full;
use hyper::{Method, Request, header};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::client::{Answer, Client};
use crate::util::{Server, commit_body, dealt_round, pair, player_input, verified};

/// Asserts that `answer` is the refusal `status` of `kind` about `field`.
fn refused(answer: &Answer, status: u16, kind: &str, field: &str) {
    assert_eq!(answer.status, status, "{}", answer.text());
    assert_eq!(
        answer.headers[header::CONTENT_TYPE],
        "application/json",
        "{}",
        answer.text()
    );
    let e = &answer.json()["error"];
    assert_eq!(e["kind"], kind, "{e}");
    assert_eq!(e["field"], field, "{e}");
    assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
}

fn first_scheme(pair_scheme: bool) -> &'static dyn fairdeal::DynScheme {
    fairdeal::SCHEMES
        .iter()
        .copied()
        .find(|s| pair(*s) == pair_scheme)
        .expect("a registered scheme of each kind")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_endpoints_need_the_token_and_the_players_do_not() {
    let server = Server::start("token").await;
    let scheme = first_scheme(false);
    let mut player = server.player().await;
    let body = commit_body(scheme, None);
    refused(
        &player.post("/rounds", &body).await,
        401,
        "unauthorized",
        "authorization",
    );
    let mut wrong = Client::connect(server.addr, Some("not-the-token-at-all-0123")).await;
    let answer = wrong.post("/rounds", &body).await;
    refused(&answer, 401, "unauthorized", "authorization");
    assert_eq!(answer.headers[header::WWW_AUTHENTICATE], "Bearer");
    // The token in another scheme than Bearer is no token.
    let request = Request::builder()
        .method(Method::POST)
        .uri("/rounds")
        .header(
            header::AUTHORIZATION,
            format!("Basic {}", crate::util::TOKEN),
        )
        .header(header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("a request");
    refused(
        &player.raw(request).await,
        401,
        "unauthorized",
        "authorization",
    );
    // No refusal quotes the token given.
    assert!(!answer.text().contains("not-the-token"));
    for path in [
        "/rounds/1/deal",
        "/rounds/1/reveal",
        "/rounds/1/bets",
        "/rounds/1/rotate",
    ] {
        refused(
            &player.post(path, &json!({})).await,
            401,
            "unauthorized",
            "authorization",
        );
    }
    for path in ["/receipts", "/log", "/log/verify"] {
        refused(
            &player.get(path).await,
            401,
            "unauthorized",
            "authorization",
        );
    }
    // The operator's token opens them; the player's endpoints need none.
    let mut operator = server.operator().await;
    let c = operator.post("/rounds", &body).await;
    assert_eq!(c.status, 201, "{}", c.text());
    let id = c.json()["id"].clone();
    assert_eq!(c.headers[header::LOCATION], format!("/rounds/{id}"));
    let status = player.get(&format!("/rounds/{id}")).await;
    assert_eq!(status.status, 200, "{}", status.text());
    assert_eq!(status.json()["fingerprint"], c.json()["fingerprint"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_too_large_not_json_or_late_is_refused() {
    let limits = Limits {
        body: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = Server::with_limits("body", limits.clone()).await;
    let mut operator = server.operator().await;
    let big = json!({"scheme": "x".repeat(limits.body_bytes)});
    let answer = operator.post("/rounds", &big).await;
    refused(&answer, 413, "too-large", "body");
    // The body is left unread: the connection closes, and says so.
    assert_eq!(answer.headers[header::CONNECTION], "close");
    let form = Request::builder()
        .method(Method::POST)
        .uri("/rounds")
        .header(
            header::AUTHORIZATION,
            format!("Bearer {}", crate::util::TOKEN),
        )
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Full::new(Bytes::from("scheme=euchremaster")))
        .expect("a request");
    refused(&operator.raw(form).await, 415, "media-type", "content-type");
    let untyped = Request::builder()
        .method(Method::POST)
        .uri("/rounds")
        .header(
            header::AUTHORIZATION,
            format!("Bearer {}", crate::util::TOKEN),
        )
        .body(Full::new(Bytes::from("{}")))
        .expect("a request");
    refused(
        &operator.raw(untyped).await,
        415,
        "media-type",
        "content-type",
    );
    for (text, kind, field) in [
        ("{", "syntax", "body"),
        ("[1, 2]", "type", "body"),
        (
            "{\"scheme\": \"a\", \"scheme\": \"b\"}",
            "syntax",
            "body.scheme",
        ),
        ("\u{fe}\u{ff}", "syntax", "body"),
    ] {
        let request = Request::builder()
            .method(Method::POST)
            .uri("/rounds")
            .header(
                header::AUTHORIZATION,
                format!("Bearer {}", crate::util::TOKEN),
            )
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(text)))
            .expect("a request");
        refused(&operator.raw(request).await, 400, kind, field);
    }
    // Over the limit without a length declared (chunked), and a body that
    // never arrives: refused as the bytes come, and after the time.
    let head = format!(
        "POST /rounds HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/json\r\n",
        crate::util::TOKEN
    );
    let chunk = "a".repeat(limits.body_bytes + 1);
    let chunked = format!(
        "{head}Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{chunk}\r\n0\r\n\r\n",
        chunk.len()
    );
    let (status, body) = raw_exchange(&server, chunked.as_bytes()).await;
    assert_eq!(status, 413, "{body}");
    let late = format!("{head}Content-Length: 100\r\n\r\n{{\"sch");
    let (status, body) = raw_exchange(&server, late.as_bytes()).await;
    assert_eq!(status, 408, "{body}");
    let e: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(e["error"]["kind"], "timeout");
    server.stop().await;
}

/// Sends `bytes` on a connection of their own and reads the answer's
/// status and body (the service closes the connection after a refused
/// body).
async fn raw_exchange(server: &Server, bytes: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(server.addr).await.expect("connects");
    stream.write_all(bytes).await.expect("written");
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    // Until the head and the whole of a Content-Length body are in.
    loop {
        let n = stream.read(&mut buf).await.expect("read");
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_owned)
                })
                .and_then(|v| v.trim().parse::<usize>().ok())
                .expect("a Content-Length");
            if body.len() >= length || n == 0 {
                let status = head
                    .split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .expect("a status");
                return (status, body.to_owned());
            }
        }
        assert!(n > 0, "the connection closed before an answer: {text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commits_refuse_what_the_dealer_refuses_naming_the_field() {
    let server = Server::start("commit").await;
    let mut operator = server.operator().await;
    let single = first_scheme(false);
    for (body, kind, field) in [
        (json!({}), "missing", "scheme"),
        (json!({"scheme": 7}), "type", "scheme"),
        (json!({"scheme": "no-such-scheme"}), "value", "scheme"),
        (
            json!({"scheme": single.id(), "colour": "red"}),
            "unknown",
            "colour",
        ),
        (
            json!({"scheme": single.id(), "rotate_after": 5}),
            "value",
            "rotate_after",
        ),
        (
            json!({"scheme": single.id(), "rotate_after": -1}),
            "range",
            "rotate_after",
        ),
        (
            json!({"scheme": single.id(), "rotate_after": "5"}),
            "type",
            "rotate_after",
        ),
        (
            json!({"scheme": single.id(), "variant": 1}),
            "type",
            "variant",
        ),
    ] {
        refused(&operator.post("/rounds", &body).await, 400, kind, field);
    }
    let seed_pair = first_scheme(true);
    let answer = operator
        .post(
            "/rounds",
            &json!({"scheme": seed_pair.id(), "rotate_after": 0}),
        )
        .await;
    refused(&answer, 400, "range", "rotate_after");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_is_dealt_once_and_revealed_only_after_its_deal() {
    let server = Server::start("round").await;
    let scheme = first_scheme(false);
    let mut operator = server.operator().await;
    let mut player = server.player().await;
    let c = operator
        .post("/rounds", &commit_body(scheme, None))
        .await
        .json();
    let id = &c["id"];
    assert_eq!(c["scheme"], scheme.id());
    assert_eq!(c["pair"], false);
    let committed = player.get(&format!("/rounds/{id}")).await.json();
    assert_eq!(committed["state"], "committed");
    assert_eq!(committed["settings"], c["settings"]);
    // Before the deal: no reveal, no receipt.
    refused(
        &operator
            .post(&format!("/rounds/{id}/reveal"), &json!({}))
            .await,
        409,
        "conflict",
        "id",
    );
    let early = player.get(&format!("/rounds/{id}/receipt")).await;
    refused(&early, 409, "conflict", "id");
    assert!(early.text().contains("committed"), "{}", early.text());
    let (c, dealt) = dealt_round(&mut operator, scheme).await;
    let id = &c["id"];
    assert_eq!(dealt["id"], *id);
    assert_eq!(dealt["deal"]["fingerprint"], c["fingerprint"]);
    assert_eq!(
        player.get(&format!("/rounds/{id}")).await.json()["state"],
        "dealt"
    );
    refused(
        &operator
            .post(&format!("/rounds/{id}/deal"), &player_input(scheme))
            .await,
        409,
        "conflict",
        "id",
    );
    refused(
        &player.get(&format!("/rounds/{id}/receipt")).await,
        409,
        "conflict",
        "id",
    );
    refused(
        &operator
            .post(&format!("/rounds/{id}/reveal"), &json!({"now": true}))
            .await,
        400,
        "unknown",
        "now",
    );
    let revealed = operator
        .post(&format!("/rounds/{id}/reveal"), &json!({}))
        .await;
    assert_eq!(revealed.status, 200, "{}", revealed.text());
    let receipt = revealed.json();
    assert!(verified(&receipt), "{receipt}");
    assert_eq!(receipt["fingerprint"], c["fingerprint"]);
    // The player's receipt is the reveal's, as often as it is asked for.
    for _ in 0..2 {
        assert_eq!(
            player.get(&format!("/rounds/{id}/receipt")).await.json(),
            receipt
        );
    }
    assert_eq!(
        operator
            .post(&format!("/rounds/{id}/reveal"), &json!({}))
            .await
            .json(),
        receipt
    );
    assert_eq!(
        player.get(&format!("/rounds/{id}")).await.json()["state"],
        "revealed"
    );
    // A field the dealer draws is refused in a deal.
    let c = operator
        .post("/rounds", &commit_body(scheme, None))
        .await
        .json();
    let mut input = player_input(scheme);
    input[scheme.info().history.secret] = json!("0");
    refused(
        &operator
            .post(&format!("/rounds/{}/deal", c["id"]), &input)
            .await,
        400,
        "value",
        scheme.info().history.secret,
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_rounds_bad_ids_paths_and_methods_are_refused() {
    let server = Server::start("paths").await;
    let mut operator = server.operator().await;
    let mut player = server.player().await;
    refused(&player.get("/rounds/999").await, 404, "not-found", "id");
    refused(
        &player.get("/rounds/999/receipt").await,
        404,
        "not-found",
        "id",
    );
    refused(
        &operator.post("/rounds/999/deal", &json!({})).await,
        404,
        "not-found",
        "id",
    );
    refused(
        &operator.post("/rounds/999/reveal", &json!({})).await,
        404,
        "not-found",
        "id",
    );
    refused(
        &operator.post("/rounds/999/bets", &json!({})).await,
        404,
        "not-found",
        "id",
    );
    refused(
        &operator.post("/rounds/999/rotate", &json!({})).await,
        404,
        "not-found",
        "id",
    );
    for bad in [
        "0",
        "x",
        "-1",
        "99999999999999999999",
        "9223372036854775808",
    ] {
        refused(
            &player.get(&format!("/rounds/{bad}")).await,
            400,
            "range",
            "id",
        );
    }
    refused(
        &player.get("/rounds/1/periods/0/bets/0/receipt").await,
        400,
        "range",
        "period",
    );
    refused(
        &player.get("/rounds/1/periods/1/bets/x/receipt").await,
        400,
        "range",
        "nonce",
    );
    refused(&player.get("/no/such/path").await, 404, "not-found", "path");
    refused(&player.get("/").await, 404, "not-found", "path");
    refused(
        &player.send(Method::DELETE, "/rounds/1", None).await,
        405,
        "method",
        "method",
    );
    refused(
        &player.post("/rounds/1/receipt", &json!({})).await,
        405,
        "method",
        "method",
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bets_take_the_next_nonce_and_their_receipts_wait_for_the_rotation() {
    let server = Server::start("bets").await;
    let scheme = first_scheme(true);
    let single = first_scheme(false);
    let mut operator = server.operator().await;
    let mut player = server.player().await;
    let c = operator
        .post("/rounds", &commit_body(scheme, None))
        .await
        .json();
    assert_eq!(c["pair"], true);
    let id = &c["id"];
    let input = player_input(scheme);
    let pair_field = input
        .as_object()
        .and_then(|o| o.keys().next().cloned())
        .expect("the pair's field in the sample");
    // The pair's field is needed at a period's first bet.
    refused(
        &operator
            .post(&format!("/rounds/{id}/bets"), &json!({}))
            .await,
        400,
        "missing",
        &pair_field,
    );
    for nonce in 0..3 {
        let bet = operator.post(&format!("/rounds/{id}/bets"), &input).await;
        assert_eq!(bet.status, 201, "{}", bet.text());
        let bet = bet.json();
        assert_eq!(
            (bet["period"].clone(), bet["nonce"].clone()),
            (json!(1), json!(nonce))
        );
        assert_eq!(bet["fingerprint"], c["fingerprint"]);
        assert!(bet["deal"].is_object());
    }
    let mut changed = input.clone();
    changed[&pair_field] = json!("another one");
    refused(
        &operator.post(&format!("/rounds/{id}/bets"), &changed).await,
        409,
        "conflict",
        "client_seed",
    );
    let status = player.get(&format!("/rounds/{id}")).await.json();
    assert_eq!(
        (status["period"].clone(), status["bets"].clone()),
        (json!(1), json!(3))
    );
    assert_eq!(status["fingerprint"], c["fingerprint"]);
    // A bet's receipt: refused while its period is played, issued after.
    let receipt = |p: u64, n: u64| format!("/rounds/{id}/periods/{p}/bets/{n}/receipt");
    refused(&player.get(&receipt(1, 0)).await, 409, "conflict", "period");
    refused(&player.get(&receipt(1, 3)).await, 404, "not-found", "nonce");
    refused(
        &player.get(&receipt(2, 0)).await,
        404,
        "not-found",
        "period",
    );
    refused(
        &player.get(&format!("/rounds/{id}/receipt")).await,
        409,
        "conflict",
        "id",
    );
    refused(
        &operator.post(&format!("/rounds/{id}/deal"), &input).await,
        409,
        "conflict",
        "id",
    );
    refused(
        &operator
            .post(&format!("/rounds/{id}/reveal"), &json!({}))
            .await,
        409,
        "conflict",
        "id",
    );
    refused(
        &operator
            .post(&format!("/rounds/{id}/rotate"), &json!({"colour": 1}))
            .await,
        400,
        "unknown",
        "colour",
    );
    let rotated = operator
        .post(&format!("/rounds/{id}/rotate"), &changed)
        .await;
    assert_eq!(rotated.status, 200, "{}", rotated.text());
    let rotated = rotated.json();
    assert_eq!(
        (rotated["period"].clone(), rotated["bets"].clone()),
        (json!(1), json!(3))
    );
    assert_eq!(rotated["fingerprint"], c["fingerprint"]);
    let now = player.get(&format!("/rounds/{id}")).await.json();
    assert_eq!(now["fingerprint"], rotated["next_fingerprint"]);
    assert_eq!(
        (now["period"].clone(), now["bets"].clone()),
        (json!(2), json!(0))
    );
    for n in 0..3 {
        let r = player.get(&receipt(1, n)).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let r = r.json();
        assert!(verified(&r), "{r}");
        assert_eq!(r["next_fingerprint"], rotated["next_fingerprint"]);
        assert_eq!(
            r[scheme.info().history.secret],
            rotated[scheme.info().history.secret]
        );
    }
    // The new period takes the client seed the rotation set; an empty
    // body rotates with it again.
    let bet = operator.post(&format!("/rounds/{id}/bets"), &changed).await;
    assert_eq!(bet.status, 201, "{}", bet.text());
    let empty = operator
        .send(Method::POST, &format!("/rounds/{id}/rotate"), None)
        .await;
    assert_eq!(empty.status, 200, "{}", empty.text());
    // A single deal takes no bets and no rotation.
    let s = operator
        .post("/rounds", &commit_body(single, None))
        .await
        .json();
    refused(
        &operator
            .post(&format!("/rounds/{}/bets", s["id"]), &input)
            .await,
        409,
        "conflict",
        "id",
    );
    refused(
        &operator
            .post(&format!("/rounds/{}/rotate", s["id"]), &json!({}))
            .await,
        409,
        "conflict",
        "id",
    );
    // A pair that rotates by itself says so in the bet that set it off.
    let auto = operator
        .post("/rounds", &commit_body(scheme, Some(2)))
        .await
        .json();
    let first = operator
        .post(&format!("/rounds/{}/bets", auto["id"]), &input)
        .await
        .json();
    assert!(first.get("rotated").is_none(), "{first}");
    let second = operator
        .post(&format!("/rounds/{}/bets", auto["id"]), &input)
        .await
        .json();
    assert_eq!(second["rotated"]["bets"], 2, "{second}");
    assert_eq!(second["rotated"]["fingerprint"], auto["fingerprint"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_receipts_and_the_log_stream_as_jsonl_and_the_log_verifies() {
    let server = Server::start("export").await;
    let scheme = first_scheme(false);
    let mut operator = server.operator().await;
    let empty = operator.get("/receipts").await;
    assert_eq!((empty.status.as_u16(), empty.text()), (200, String::new()));
    let mut revealed = Vec::new();
    for _ in 0..3 {
        let (c, _) = dealt_round(&mut operator, scheme).await;
        revealed.push(
            operator
                .post(&format!("/rounds/{}/reveal", c["id"]), &json!({}))
                .await
                .json(),
        );
    }
    // One round left committed, one dealt: neither in the receipts.
    let (pending, _) = dealt_round(&mut operator, scheme).await;
    let receipts = operator.get("/receipts").await;
    assert_eq!(receipts.status, 200);
    assert_eq!(
        receipts.headers[header::CONTENT_TYPE],
        "application/x-ndjson"
    );
    let lines: Vec<Value> = receipts
        .text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines, revealed);
    assert!(lines.iter().all(verified));
    let log = operator.get("/log").await;
    assert_eq!(log.status, 200);
    let entries: Vec<Value> = log
        .text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert!(
        entries
            .iter()
            .enumerate()
            .all(|(i, e)| e["seq"] == json!(i + 1))
    );
    assert!(
        entries
            .iter()
            .any(|e| e["event"] == "deal" && e["round"] == pending["id"])
    );
    let check = operator.get("/log/verify").await.json();
    assert_eq!(check["holds"], true, "{check}");
    assert_eq!(check["entries"], json!(entries.len()));
    assert_eq!(
        check["head"],
        json!(fairdeal_dealer::log::hash(
            log.text().lines().last().expect("an entry")
        ))
    );
    // An entry edited in the file: the check names it.
    let conn = rusqlite::Connection::open(server.store()).expect("the store");
    conn.execute(
        "UPDATE log SET entry = replace(entry, '\"deal\"', '\"deaL\"') WHERE seq = 2",
        [],
    )
    .expect("edited");
    let check = operator.get("/log/verify").await.json();
    assert_eq!(check["holds"], false, "{check}");
    assert_eq!(check["bad"]["seq"], 2, "{check}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_that_does_not_answer_in_time_is_a_503_and_the_event_is_kept() {
    let limits = Limits {
        answer: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = Server::with_limits("slow", limits).await;
    let scheme = first_scheme(false);
    let mut operator = server.operator().await;
    // Another process holds the store's write lock: the commit waits.
    let mut other = rusqlite::Connection::open(server.store()).expect("the store");
    let lock = other
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .expect("the write lock");
    let answer = operator.post("/rounds", &commit_body(scheme, None)).await;
    refused(&answer, 503, "timeout", "request");
    lock.rollback().expect("released");
    drop(other);
    // The commit that waited is stored once the lock is free, as after a
    // crash: asked until the store answers in time (each ask bounded).
    let mut player = server.player().await;
    let mut found = None;
    for _ in 0..100 {
        let answer = player.get("/rounds/1").await;
        if answer.status != 503 {
            found = Some(answer);
            break;
        }
    }
    let found = found.expect("the store answers once the lock is free");
    assert_eq!(found.status, 200, "{}", found.text());
    assert_eq!(found.json()["state"], "committed");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_answer_shows_a_secret_before_its_reveal() {
    let server = Server::start("secrets").await;
    let mut operator = server.operator().await;
    let mut player = server.player().await;
    for scheme in fairdeal::SCHEMES.iter().copied().filter(|s| !pair(*s)) {
        let (c, dealt) = dealt_round(&mut operator, scheme).await;
        let id = &c["id"];
        // The commitment shows the public settings set with it.
        let status = player.get(&format!("/rounds/{id}")).await;
        assert_eq!(status.json()["settings"], c["settings"], "{}", scheme.id());
        let before = [
            c.to_string(),
            dealt.to_string(),
            status.text(),
            player.get(&format!("/rounds/{id}/receipt")).await.text(),
            operator.get("/log").await.text(),
            operator.get("/receipts").await.text(),
        ];
        let receipt = operator
            .post(&format!("/rounds/{id}/reveal"), &json!({}))
            .await
            .json();
        let secret = receipt[scheme.info().history.secret]
            .as_str()
            .expect("the secret, as text")
            .to_owned();
        for text in &before {
            assert!(!text.contains(&secret), "{}: {text}", scheme.id());
        }
    }
    for scheme in fairdeal::SCHEMES.iter().copied().filter(|s| pair(*s)) {
        let c = operator
            .post("/rounds", &commit_body(scheme, None))
            .await
            .json();
        let id = &c["id"];
        let bet = operator
            .post(&format!("/rounds/{id}/bets"), &player_input(scheme))
            .await
            .text();
        let before = [
            c.to_string(),
            bet,
            player.get(&format!("/rounds/{id}")).await.text(),
            player
                .get(&format!("/rounds/{id}/periods/1/bets/0/receipt"))
                .await
                .text(),
            operator.get("/log").await.text(),
            operator.get("/receipts").await.text(),
        ];
        let rotated = operator
            .post(&format!("/rounds/{id}/rotate"), &json!({}))
            .await
            .json();
        let secret = rotated[scheme.info().history.secret]
            .as_str()
            .expect("the secret, as text")
            .to_owned();
        for text in &before {
            assert!(!text.contains(&secret), "{}: {text}", scheme.id());
        }
    }
    server.stop().await;
}
