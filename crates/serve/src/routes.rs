//! [`App`]: the service's shared state and its routes. The operator's
//! endpoints are behind the bearer token; the player's are open, and show
//! only what the dealer has made public (docs/dealer.md, "The service").

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use fairdeal_dealer::Dealer;
use serde_json::Value;

use crate::error::Failure;
use crate::limits::Limits;
use crate::token::Token;
use crate::{operator, player};

/// What every handler shares: one dealer over the store, the store's path
/// (the answers streamed from it read through a connection of their own),
/// the operator's token and the limits.
#[derive(Debug)]
pub struct App {
    dealer: Arc<Dealer>,
    store: PathBuf,
    token: Token,
    limits: Limits,
}

impl App {
    /// Opens (or creates) the store at `store` for the service.
    ///
    /// # Errors
    ///
    /// The store cannot be opened or is not a dealer's store.
    pub fn open(
        store: &Path,
        token: Token,
        limits: Limits,
    ) -> Result<Self, fairdeal_dealer::Error> {
        Ok(Self {
            dealer: Arc::new(Dealer::open(store)?),
            store: store.to_owned(),
            token,
            limits,
        })
    }

    /// Returns the service's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Returns the service's routes (docs/dealer.md, "The service").
    pub fn router(self) -> Router {
        let app = Arc::new(self);
        let player = Router::new()
            .route("/rounds/{id}", get(player::round))
            .route("/rounds/{id}/receipt", get(player::receipt))
            .route(
                "/rounds/{id}/periods/{period}/bets/{nonce}/receipt",
                get(player::bet_receipt),
            );
        let operator = Router::new()
            .route("/rounds", post(operator::commit))
            .route("/rounds/{id}/deal", post(operator::deal))
            .route("/rounds/{id}/reveal", post(operator::reveal))
            .route("/rounds/{id}/bets", post(operator::bet))
            .route("/rounds/{id}/rotate", post(operator::rotate))
            .route("/receipts", get(operator::receipts))
            .route("/log", get(operator::log))
            .route("/log/verify", get(operator::verify_log))
            .route_layer(middleware::from_fn_with_state(app.clone(), authorize));
        player
            .merge(operator)
            .fallback(no_endpoint)
            .method_not_allowed_fallback(no_method)
            .layer(middleware::from_fn(close_after_refusal))
            .with_state(app)
    }

    /// Runs `f` with the dealer on a blocking thread (every call is one
    /// synced transaction), answered within [`Limits::answer`].
    pub(crate) async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Dealer) -> Result<T, fairdeal_dealer::Error> + Send + 'static,
    ) -> Result<T, Failure> {
        let dealer = self.dealer.clone();
        self.blocking(move || f(&dealer)).await
    }

    /// Opens a connection of its own to the store, for an answer read
    /// from a snapshot of it (the receipts, the log) without holding the
    /// dealer's.
    pub(crate) async fn reader(&self) -> Result<Dealer, Failure> {
        let store = self.store.clone();
        self.blocking(move || Dealer::open(&store)).await
    }

    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, fairdeal_dealer::Error> + Send + 'static,
    ) -> Result<T, Failure> {
        let task = tokio::task::spawn_blocking(f);
        match tokio::time::timeout(self.limits.answer, task).await {
            Err(_) => Err(Failure::timeout(&format!(
                "{} s",
                self.limits.answer.as_secs_f64()
            ))),
            Ok(Err(e)) => Err(Failure::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "store",
                "store",
                format!("store: the call failed ({e}); its transaction was rolled back"),
            )),
            Ok(Ok(out)) => out.map_err(Failure::from),
        }
    }
}

/// Returns `value` as the answer, with `status`: one line of JSON (its
/// line break ends a `curl` answer on a terminal).
pub(crate) fn json(status: StatusCode, value: &Value) -> Response {
    let mut response = (status, format!("{value}\n")).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// Lets a request through to an operator's endpoint only with the token:
/// `Authorization: Bearer TOKEN`.
async fn authorize(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    match check_token(&app.token, request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

fn check_token(token: &Token, headers: &HeaderMap) -> Result<(), Failure> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(Failure::unauthorized(
            "missing; expected `Authorization: Bearer TOKEN` with the token given to \
             fairdeal serve (--token-file or FAIRDEAL_SERVE_TOKEN): this endpoint is the \
             operator's",
        ));
    };
    let given = value
        .to_str()
        .ok()
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, given)| given.trim());
    match given {
        None => Err(Failure::unauthorized(
            "not a bearer token; expected `Authorization: Bearer TOKEN`",
        )),
        Some(given) if token.matches(given.as_bytes()) => Ok(()),
        Some(_) => Err(Failure::unauthorized(
            "the token is not the service's; expected the one given to fairdeal serve",
        )),
    }
}

/// Closes the connection after a refusal of a request that sent a body,
/// saying so (`Connection: close`): the body may be left unread (a 413,
/// a 415, a 401), and a client that sent its next request on the same
/// connection would otherwise find it closed under it.
async fn close_after_refusal(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let body = headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|n| n.as_bytes() != b"0");
    let mut response = next.run(request).await;
    let status = response.status();
    if body && (status.is_client_error() || status.is_server_error()) {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

async fn no_endpoint() -> Failure {
    Failure::new(
        StatusCode::NOT_FOUND,
        "not-found",
        "path",
        "path: no endpoint here; docs/dealer.md lists them (/rounds, /rounds/ID, ...)".to_owned(),
    )
}

async fn no_method() -> Failure {
    Failure::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method",
        "method",
        "method: this endpoint does not take it; docs/dealer.md lists each endpoint's".to_owned(),
    )
}
