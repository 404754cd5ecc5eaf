//! A request's body read as the operator's endpoints take it: a JSON
//! object, at most [`Limits::body_bytes`] long and arriving within
//! [`Limits::body`], parsed by the same strict reader as a receipt (a key
//! once, at most 128 deep). An empty body is an empty object.

use axum::body::Body;
use axum::http::{HeaderMap, StatusCode, header};
use fairdeal::core::input::fields::json_type;
use fairdeal::core::input::json::parse_json;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::{Map, Value};

use crate::error::Failure;
use crate::limits::Limits;

/// Reads `body` as a JSON object.
///
/// # Errors
///
/// 413 for a body over the limit, 415 for a body that is not declared as
/// JSON, 408 for a body that does not arrive in time, 400 for one that is
/// not a JSON object.
pub(crate) async fn object(
    limits: &Limits,
    headers: &HeaderMap,
    body: Body,
) -> Result<Map<String, Value>, Failure> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| u64::try_from(limits.body_bytes).is_ok_and(|max| n > max)) {
        return Err(too_large(limits));
    }
    let json = match headers.get(header::CONTENT_TYPE) {
        None => false,
        Some(v) => {
            let json = v.to_str().is_ok_and(is_json);
            if !json {
                return Err(media_type());
            }
            json
        }
    };
    let read = Limited::new(body, limits.body_bytes).collect();
    let bytes = match tokio::time::timeout(limits.body, read).await {
        Err(_) => {
            return Err(Failure::new(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                "body",
                format!("body: not received within {} s", limits.body.as_secs_f64()),
            ));
        }
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
            return Err(too_large(limits));
        }
        Ok(Err(e)) => {
            return Err(Failure::new(
                StatusCode::BAD_REQUEST,
                "syntax",
                "body",
                format!("body: could not be read: {e}"),
            ));
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    if bytes.is_empty() {
        return Ok(Map::new());
    }
    if !json {
        return Err(media_type());
    }
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        Failure::new(
            StatusCode::BAD_REQUEST,
            "syntax",
            "body",
            format!("body: not UTF-8 ({e}); expected a JSON object"),
        )
    })?;
    match parse_json(text).map_err(|e| e.within("body"))? {
        Value::Object(map) => Ok(map),
        other => Err(Failure::new(
            StatusCode::BAD_REQUEST,
            "type",
            "body",
            format!("body: {}, expected a JSON object", json_type(&other)),
        )),
    }
}

/// Whether a Content-Type is JSON: `application/json` or a `+json` type,
/// with any parameters.
fn is_json(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

fn too_large(limits: &Limits) -> Failure {
    Failure::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        "body",
        format!(
            "body: over {} bytes, the most a request may send",
            limits.body_bytes
        ),
    )
}

fn media_type() -> Failure {
    Failure::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "media-type",
        "content-type",
        "content-type: expected `Content-Type: application/json` and a JSON object".to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_media_types_are_told_from_others() {
        for yes in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "application/merge-patch+json",
        ] {
            assert!(is_json(yes), "{yes}");
        }
        for no in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "",
            "json",
        ] {
            assert!(!is_json(no), "{no}");
        }
    }
}
