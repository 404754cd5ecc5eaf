//! [`Failure`]: every refusal of the service, answered as
//! `{"error": {"kind", "field", "message"}}` with its HTTP status: the
//! dealer's own (400, 404, 409, 500, by `Error::status`) and the service's
//! (401, 405, 408, 413, 415, 503).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refusal, as the service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub status: StatusCode,
    /// A short code: the dealer's (`missing`, `range`, `not-found`,
    /// `conflict`, `store`, ...) or the service's (`unauthorized`,
    /// `too-large`, `media-type`, `timeout`, `method`).
    pub kind: &'static str,
    /// The field (or the part of the request) the refusal is about.
    pub field: String,
    /// What was wrong and what is expected.
    pub message: String,
}

impl Failure {
    pub fn new(status: StatusCode, kind: &'static str, field: &str, message: String) -> Self {
        Self {
            status,
            kind,
            field: field.to_owned(),
            message,
        }
    }

    /// A request without the operator's token, or with another one.
    pub fn unauthorized(message: &str) -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "authorization",
            format!("authorization: {message}"),
        )
    }

    /// The store did not answer within the limit.
    pub fn timeout(what: &str) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            "request",
            format!(
                "request: the store did not answer within the limit ({what}); the event may \
                 or may not be stored, as after a crash: GET /rounds/ID tells"
            ),
        )
    }
}

impl From<fairdeal_dealer::Error> for Failure {
    fn from(e: fairdeal_dealer::Error) -> Self {
        let status = StatusCode::from_u16(e.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        Self::new(status, e.code(), e.field(), e.to_string())
    }
}

impl From<fairdeal::Error> for Failure {
    fn from(e: fairdeal::Error) -> Self {
        fairdeal_dealer::Error::from(e).into()
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            // The operator's log: the dealer's messages name fields and
            // steps, never a secret, and no request's body is written.
            eprintln!("fairdeal serve: {} {}", self.status.as_u16(), self.message);
        }
        let body = json!({"error": {
            "kind": self.kind,
            "field": self.field,
            "message": self.message,
        }});
        let mut response = (self.status, format!("{body}\n")).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if self.status == StatusCode::UNAUTHORIZED {
            headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}
