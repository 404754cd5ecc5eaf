//! [`Ids`]: the numbers in a request's path (a round's id, a period, a
//! nonce), read and bounded here so that a bad one is refused naming its
//! part of the path, in the service's JSON.

use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::StatusCode;
use axum::http::request::Parts;
use fairdeal::ErrorKind as FieldError;

use crate::error::Failure;

/// The `N` numbers of the path, in its order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ids<const N: usize>(pub [u64; N]);

impl<S: Send + Sync, const N: usize> FromRequestParts<S> for Ids<N> {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Failure> {
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|e| {
                Failure::new(
                    StatusCode::BAD_REQUEST,
                    "syntax",
                    "path",
                    format!("path: {e}"),
                )
            })?;
        let mut out = [0; N];
        let mut slots = out.iter_mut();
        for (name, text) in &params {
            let slot = slots.next().ok_or_else(|| {
                Failure::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "store",
                    "path",
                    "path: more numbers than the endpoint takes".to_owned(),
                )
            })?;
            *slot = number(name, text)?;
        }
        Ok(Self(out))
    }
}

/// Reads the path's number `name`: a round's id or a period from 1, a
/// nonce from 0, each at most 2^63 - 1 (the store's integers).
fn number(name: &str, text: &str) -> Result<u64, Failure> {
    let (least, expected) = match name {
        "nonce" => (0, "a nonce, 0 to 2^63 - 1"),
        "period" => (1, "a period, 1 to 2^63 - 1"),
        _ => (1, "a round's id, 1 to 2^63 - 1, as the commitment gave it"),
    };
    text.parse::<u64>()
        .ok()
        .filter(|n| *n >= least && i64::try_from(*n).is_ok())
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            fairdeal::Error::new(
                name,
                FieldError::Range {
                    got: text.to_owned(),
                    expected,
                },
            )
            .into()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_bounded_and_named() {
        assert_eq!(number("id", "7").ok(), Some(7));
        assert_eq!(number("nonce", "0").ok(), Some(0));
        assert_eq!(
            number("id", "9223372036854775807").ok(),
            Some(9_223_372_036_854_775_807)
        );
        for bad in ["0", "-1", "+1", "1.0", "x", "", "9223372036854775808", " 1"] {
            let e = number("id", bad).expect_err(bad);
            assert_eq!(
                (e.status, e.field.as_str()),
                (StatusCode::BAD_REQUEST, "id")
            );
        }
        assert_eq!(number("period", "0").expect_err("0").field, "period");
    }
}
