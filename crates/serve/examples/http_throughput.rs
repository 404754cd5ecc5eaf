//! Rounds committed, dealt and revealed per second (the first registered
//! scheme of single deals, euchremaster, with its bench case's input), and
//! bets per second (the first of seed periods, hmac-blackjack, one shared
//! pair), through the service over HTTP on loopback, from N client
//! connections at once (docs/performance.md, "The dealer"):
//!
//!     cargo run --release -p fairdeal-serve --example http_throughput -- [DIR] [N...]
//!
//! The service runs in this process on 127.0.0.1:0, over a store made in
//! DIR (default: the system's temp folder) and removed after; N defaults
//! to 1, 16 and 64 connections. Each event is a transaction synced to the
//! disk, as in `fairdeal serve`: DIR on a tmpfs (/dev/shm) shows the cost
//! of the code and HTTP without the disk's.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Instant;

use fairdeal::DynScheme;
use fairdeal_serve::{App, Limits, Token};
use serde_json::{Value, json};
use tokio::net::TcpListener;

#[allow(dead_code)]
#[path = "../tests/serve/client.rs"]
mod client;

use client::Client;

const ROUNDS: usize = 1200;
const BETS: usize = 3000;
const TOKEN: &str = "throughput-example-token";

/// The first registered scheme of single deals (`pair` false) or of seed
/// periods, and its first bench case less what the dealer draws: the
/// player's input.
fn scheme(pair: bool) -> (&'static dyn DynScheme, Value) {
    let scheme = fairdeal::SCHEMES
        .iter()
        .copied()
        .find(|&s| fairdeal_dealer::deals_in_periods(s) == pair)
        .expect("a registered scheme of each kind");
    let info = scheme.info();
    let Ok(Value::Object(input)) = serde_json::from_str(info.bench[0].input) else {
        panic!("{}: the bench case is an object", info.id);
    };
    let input = fairdeal_dealer::player_input(scheme, input, pair);
    (scheme, Value::Object(input))
}

/// Runs `each(client, i)` for i in 0..total, spread over `n` connections;
/// returns the rate per second.
async fn rate<F, Fut>(addr: SocketAddr, n: usize, total: usize, each: F) -> f64
where
    F: Fn(Client, usize) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Client> + Send,
{
    let start = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..n {
        let mut client = Client::connect(addr, Some(TOKEN)).await;
        let each = each.clone();
        tasks.push(tokio::spawn(async move {
            for i in (c..total).step_by(n) {
                client = each(client, i).await;
            }
        }));
    }
    for task in tasks {
        task.await.expect("a client");
    }
    #[allow(clippy::cast_precision_loss)]
    let total = total as f64;
    total / start.elapsed().as_secs_f64()
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or_else(std::env::temp_dir, PathBuf::from);
    let mut ns: Vec<usize> = args
        .map(|a| a.parse().expect("a count of connections"))
        .collect();
    if ns.is_empty() {
        ns = vec![1, 16, 64];
    }
    let path = dir.join(format!(
        "fairdeal-serve-throughput-{}.sqlite",
        std::process::id()
    ));
    let limits = Limits::default();
    let app =
        App::open(&path, Token::new(TOKEN).expect("a token"), limits.clone()).expect("a store");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().expect("bound");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        fairdeal_serve::serve(listener, app.router(), &limits, async {
            drop(stopped.await);
        })
        .await
    });
    let (single, deal_input) = scheme(false);
    let (paired, bet_input) = scheme(true);
    println!("connections   rounds committed+dealt+revealed/s   bets/s");
    for n in ns {
        let body = json!({"scheme": single.id()});
        let input = deal_input.clone();
        let rounds = rate(addr, n, ROUNDS, move |mut client, _| {
            let (body, input) = (body.clone(), input.clone());
            async move {
                let c = client.post("/rounds", &body).await.json();
                let id = &c["id"];
                let dealt = client.post(&format!("/rounds/{id}/deal"), &input).await;
                assert_eq!(dealt.status, 200, "{}", dealt.text());
                let revealed = client
                    .post(&format!("/rounds/{id}/reveal"), &json!({}))
                    .await;
                assert_eq!(revealed.status, 200, "{}", revealed.text());
                client
            }
        })
        .await;
        let mut operator = Client::connect(addr, Some(TOKEN)).await;
        let pair = operator
            .post(
                "/rounds",
                &json!({"scheme": paired.id(), "rotate_after": 1000}),
            )
            .await
            .json()["id"]
            .clone();
        let input = bet_input.clone();
        let bets = rate(addr, n, BETS, move |mut client, _| {
            let (pair, input) = (pair.clone(), input.clone());
            async move {
                let bet = client.post(&format!("/rounds/{pair}/bets"), &input).await;
                assert_eq!(bet.status, 201, "{}", bet.text());
                client
            }
        })
        .await;
        println!("{n:>11}   {rounds:>33.0}   {bets:>6.0}");
    }
    stop.send(()).unwrap_or_default();
    server.await.expect("the service").expect("served");
    for end in ["", "-wal", "-shm"] {
        drop(std::fs::remove_file(format!("{}{end}", path.display())));
    }
}
