//! What the test modules share: a service on 127.0.0.1:0 over a store
//! file of the test's own, and each scheme's sample input from the
//! registry.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use fairdeal::DynScheme;
use fairdeal_serve::{App, Limits, Token};
use serde_json::{Map, Value, json};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::client::Client;

/// The operator's token in the tests.
pub const TOKEN: &str = "test-token-0123456789abcdef";

/// A service running in the test's runtime, over a store file removed
/// when it is dropped.
pub struct Server {
    pub addr: SocketAddr,
    store: PathBuf,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl Server {
    pub async fn start(name: &str) -> Self {
        Self::with_limits(name, Limits::default()).await
    }

    pub async fn with_limits(name: &str, limits: Limits) -> Self {
        let store = std::env::temp_dir().join(format!(
            "fairdeal-serve-{}-{name}.sqlite",
            std::process::id()
        ));
        remove(&store);
        let app = App::open(&store, Token::new(TOKEN).expect("a token"), limits.clone())
            .expect("the store opens");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("bound");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            fairdeal_serve::serve(listener, app.router(), &limits, async {
                drop(stopped.await);
            })
            .await
        });
        Self {
            addr,
            store,
            stop: Some(stop),
            task: Some(task),
        }
    }

    pub fn store(&self) -> &Path {
        &self.store
    }

    /// A client with the operator's token.
    pub async fn operator(&self) -> Client {
        Client::connect(self.addr, Some(TOKEN)).await
    }

    /// A client without a token.
    pub async fn player(&self) -> Client {
        Client::connect(self.addr, None).await
    }

    /// Stops the service once every request in flight is answered.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(()).unwrap_or_default();
        }
        if let Some(task) = self.task.take() {
            task.await.expect("the service ran").expect("served");
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        remove(&self.store);
    }
}

fn remove(store: &Path) {
    for end in ["", "-wal", "-shm"] {
        let mut name = store.as_os_str().to_owned();
        name.push(end);
        drop(std::fs::remove_file(name));
    }
}

/// A scheme's first bench case as a JSON object: a valid input.
pub fn sample(scheme: &dyn DynScheme) -> Map<String, Value> {
    let case = scheme.info().bench.first().expect("a bench case");
    match serde_json::from_str(case.input) {
        Ok(Value::Object(map)) => map,
        _ => panic!("{}: the bench case is an object", scheme.id()),
    }
}

/// `POST /rounds`'s body for `scheme`: with the sample's variant.
pub fn commit_body(scheme: &dyn DynScheme, rotate_after: Option<u64>) -> Value {
    let info = scheme.info();
    let mut body = json!({"scheme": info.id});
    if let Some(v) = info
        .dealer
        .variant
        .and_then(|v| sample(scheme).get(v).cloned())
    {
        body["variant"] = v;
    }
    if let Some(n) = rotate_after {
        body["rotate_after"] = json!(n);
    }
    body
}

/// The sample's fields the player and the table give after the
/// commitment: every one but those the dealer draws or sets (and a seed
/// pair's nonce).
pub fn player_input(scheme: &dyn DynScheme) -> Value {
    Value::Object(fairdeal_dealer::player_input(scheme, sample(scheme), true))
}

/// Whether the scheme deals in seed periods.
pub fn pair(scheme: &dyn DynScheme) -> bool {
    fairdeal_dealer::deals_in_periods(scheme)
}

/// Commits and deals a round of `scheme` with its sample input; where the
/// sample does not fit the secret (showdown's hand dealt by the player,
/// who gives its pattern: 400), the table is left and another committed,
/// as a site would. Returns the commitment and the deal's answer.
pub async fn dealt_round(client: &mut Client, scheme: &dyn DynScheme) -> (Value, Value) {
    let input = player_input(scheme);
    for _ in 0..40 {
        let c = client.post("/rounds", &commit_body(scheme, None)).await;
        assert_eq!(c.status, 201, "{}", c.text());
        let c = c.json();
        let d = client
            .post(&format!("/rounds/{}/deal", c["id"]), &input)
            .await;
        match d.status.as_u16() {
            200 => return (c, d.json()),
            400 => {}
            other => panic!("{}: deal answered {other}: {}", scheme.id(), d.text()),
        }
    }
    panic!("{}: no table among 40 that the sample fits", scheme.id());
}

/// Whether `receipt` verifies as `fairdeal verify` checks it.
pub fn verified(receipt: &Value) -> bool {
    fairdeal::receipt::check(receipt).verdict == "verified"
}
