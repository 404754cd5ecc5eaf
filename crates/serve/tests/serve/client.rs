//! A minimal HTTP/1.1 client over one kept-alive connection: hyper's own
//! client half, which axum's server already pulls in. Shared by the tests
//! and the throughput example (examples/throughput.rs).

use std::net::SocketAddr;

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::{self, SendRequest};
use hyper::{HeaderMap, Method, Request, StatusCode, header};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::net::TcpStream;

/// One answer: its status, headers and body.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// A connection to the service, sending the token when given one; a new
/// one when the service closed it (as it does after a body it refused
/// unread).
pub struct Client {
    addr: SocketAddr,
    send: SendRequest<Full<Bytes>>,
    token: Option<String>,
}

impl Client {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr, token: Option<&str>) -> Self {
        Self {
            addr,
            send: open(addr).await,
            token: token.map(str::to_owned),
        }
    }

    /// Sends `method path` with `body` as JSON (none when `None`).
    pub async fn send(&mut self, method: Method, path: &str, body: Option<&Value>) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(token) = &self.token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match body {
            Some(v) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Full::new(Bytes::from(v.to_string()))
            }
            None => Full::new(Bytes::new()),
        };
        self.raw(request.body(body).expect("a request")).await
    }

    /// Sends `request` as it is.
    pub async fn raw(&mut self, request: Request<Full<Bytes>>) -> Answer {
        if self.send.ready().await.is_err() {
            self.send = open(self.addr).await;
        }
        let response = self.send.send_request(request).await.expect("an answer");
        let (parts, body) = response.into_parts();
        let body = body.collect().await.expect("the whole body").to_bytes();
        Answer {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.send(Method::GET, path, None).await
    }

    pub async fn post(&mut self, path: &str, body: &Value) -> Answer {
        self.send(Method::POST, path, Some(body)).await
    }
}

async fn open(addr: SocketAddr) -> SendRequest<Full<Bytes>> {
    let stream = TcpStream::connect(addr).await.expect("the service accepts");
    stream.set_nodelay(true).expect("nodelay");
    let (send, conn) = http1::handshake(TokioIo::new(stream))
        .await
        .expect("an HTTP/1.1 connection");
    tokio::spawn(conn);
    send
}
