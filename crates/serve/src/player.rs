//! The player's endpoints, open without a token: a round's commitment
//! (what was shown before play), its receipt once the secret is revealed,
//! and a bet's once its period is. Nothing here reveals: before the
//! reveal, the receipt is refused (409), never the seed early.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use fairdeal_dealer::Status;
use serde_json::{Map, Value, json};

use crate::error::Failure;
use crate::ids::Ids;
use crate::routes::{App, json};

/// `GET /rounds/{id}`: the commitment and where the round is.
pub(crate) async fn round(
    State(app): State<Arc<App>>,
    Ids([id]): Ids<1>,
) -> Result<Response, Failure> {
    let status = app.call(move |d| d.status(id)).await?;
    Ok(json(StatusCode::OK, &status_json(status)))
}

/// `GET /rounds/{id}/receipt`: the receipt of a revealed round.
pub(crate) async fn receipt(
    State(app): State<Arc<App>>,
    Ids([id]): Ids<1>,
) -> Result<Response, Failure> {
    let receipt = app.call(move |d| d.receipt(id)).await?;
    Ok(json(StatusCode::OK, &receipt))
}

/// `GET /rounds/{id}/periods/{period}/bets/{nonce}/receipt`: the receipt
/// of a bet whose period is revealed.
pub(crate) async fn bet_receipt(
    State(app): State<Arc<App>>,
    Ids([id, period, nonce]): Ids<3>,
) -> Result<Response, Failure> {
    let receipt = app.call(move |d| d.bet_receipt(id, period, nonce)).await?;
    Ok(json(StatusCode::OK, &receipt))
}

/// A round's state as the player sees it: `{"id", "scheme", "pair",
/// "state"}` for a single deal, `{"id", "scheme", "pair", "period",
/// "bets"}` for a seed pair, then the `"fingerprint"` of the current
/// secret and the public `"settings"` set with it.
fn status_json(status: Status) -> Value {
    let mut out = Map::new();
    out.insert("id".to_owned(), json!(status.id));
    out.insert("scheme".to_owned(), json!(status.scheme));
    out.insert("pair".to_owned(), json!(status.pair));
    if status.pair {
        out.insert("period".to_owned(), json!(status.period));
        out.insert("bets".to_owned(), json!(status.bets));
    } else {
        out.insert("state".to_owned(), json!(status.state.name()));
    }
    out.insert("fingerprint".to_owned(), json!(status.fingerprint));
    out.insert("settings".to_owned(), Value::Object(status.settings));
    Value::Object(out)
}
