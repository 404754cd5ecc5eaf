//! JSONL answers streamed from the store (the receipts, the log): read
//! on a blocking thread through a connection of their own, from one
//! snapshot, and sent in chunks through a bounded channel, so that a long
//! store is never held whole in memory and never blocks the dealer. A
//! client that stops reading for longer than [`Limits::answer`] is cut
//! off; a failure midway ends the answer without its last chunk, so that
//! a cut answer is never taken for a whole one.
//!
//! [`Limits::answer`]: crate::Limits::answer

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fairdeal_dealer::Dealer;
use http_body::Frame;
use tokio::sync::mpsc;

use crate::error::Failure;
use crate::routes::App;

/// Bytes gathered before a chunk is sent.
const CHUNK: usize = 64 << 10;

/// Chunks sent but not yet written to the client.
const CHUNKS_AHEAD: usize = 4;

/// Why a stream stopped early.
pub(crate) enum Stop {
    /// The store failed.
    Store(fairdeal_dealer::Error),
    /// The client went away, or stopped reading.
    Gone,
}

impl From<fairdeal_dealer::Error> for Stop {
    fn from(e: fairdeal_dealer::Error) -> Self {
        Self::Store(e)
    }
}

/// Answers with the lines `produce` gives, one JSON text each.
pub(crate) async fn jsonl<F>(app: &Arc<App>, produce: F) -> Result<Response, Failure>
where
    F: FnOnce(&Dealer, &mut dyn FnMut(&str) -> Result<(), Stop>) -> Result<u64, Stop>
        + Send
        + 'static,
{
    let reader = app.reader().await?;
    let (tx, rx) = mpsc::channel(CHUNKS_AHEAD);
    let runtime = tokio::runtime::Handle::current();
    let wait = app.limits().answer;
    let send = move |chunk: Result<Bytes, io::Error>| -> Result<(), Stop> {
        match runtime.block_on(tokio::time::timeout(wait, tx.send(chunk))) {
            Ok(Ok(())) => Ok(()),
            _ => Err(Stop::Gone),
        }
    };
    tokio::task::spawn_blocking(move || {
        let mut buf = Vec::new();
        let result = produce(&reader, &mut |line: &str| {
            buf.extend_from_slice(line.as_bytes());
            buf.push(b'\n');
            if buf.len() >= CHUNK {
                send(Ok(Bytes::from(std::mem::take(&mut buf))))?;
            }
            Ok(())
        });
        // A client gone has nothing to be told.
        drop(match result {
            Ok(_) if buf.is_empty() => Ok(()),
            Ok(_) => send(Ok(Bytes::from(buf))),
            Err(Stop::Store(e)) => {
                eprintln!("fairdeal serve: 500 {e} (a JSONL answer cut short)");
                send(Err(io::Error::other(e.to_string())))
            }
            Err(Stop::Gone) => Ok(()),
        });
    });
    let mut response = (StatusCode::OK, Body::new(Lines(rx))).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    Ok(response)
}

/// The answer's body: the chunks as they come.
struct Lines(mpsc::Receiver<Result<Bytes, io::Error>>);

impl http_body::Body for Lines {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        self.0
            .poll_recv(cx)
            .map(|next| next.map(|chunk| chunk.map(Frame::data)))
    }
}
