//! The operator's endpoints, behind the bearer token: commit, deal,
//! reveal, bet, rotate, the receipts and the log. Each is one call of the
//! dealer, answered once its transaction is synced: an answer received is
//! an event that survives a crash.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use fairdeal::ErrorKind as FieldError;
use fairdeal::core::input::fields::json_type;
use fairdeal_dealer::{CommitOptions, Rotation};
use serde_json::{Map, Value, json};

use crate::body;
use crate::error::Failure;
use crate::ids::Ids;
use crate::routes::{App, json};
use crate::stream;

/// The fields `POST /rounds` takes.
const COMMIT_FIELDS: &str = "scheme, variant, rotate_after";

/// `POST /rounds` `{"scheme", "variant"?, "rotate_after"?}`: commits to a
/// fresh secret; 201 with `{"id", "scheme", "pair", "fingerprint",
/// "settings"}` and `Location: /rounds/ID`.
pub(crate) async fn commit(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    request: Body,
) -> Result<Response, Failure> {
    let fields = body::object(app.limits(), &headers, request).await?;
    let (scheme, options) = commit_fields(&fields)?;
    let c = app.call(move |d| d.commit(&scheme, &options)).await?;
    let mut response = json(
        StatusCode::CREATED,
        &json!({
            "id": c.id,
            "scheme": c.scheme,
            "pair": c.pair,
            "fingerprint": c.fingerprint,
            "settings": c.settings,
        }),
    );
    if let Ok(location) = HeaderValue::from_str(&format!("/rounds/{}", c.id)) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    Ok(response)
}

/// Reads `POST /rounds`'s body.
fn commit_fields(fields: &Map<String, Value>) -> Result<(String, CommitOptions), Failure> {
    if let Some(unknown) = fields
        .keys()
        .find(|k| !COMMIT_FIELDS.split(", ").any(|f| f == k.as_str()))
    {
        return Err(fairdeal::Error::new(
            unknown.as_str(),
            FieldError::Unknown {
                expected: COMMIT_FIELDS.to_owned(),
            },
        )
        .into());
    }
    let text = |name: &str, expected: &'static str| -> Result<Option<String>, Failure> {
        match fields.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(fairdeal::Error::new(
                name,
                FieldError::Type {
                    got: json_type(other),
                    expected,
                },
            )
            .into()),
        }
    };
    let scheme = text("scheme", "a scheme's id, as text")?.ok_or_else(|| {
        fairdeal::Error::new(
            "scheme",
            FieldError::Missing {
                expected: "a registered scheme's id (fairdeal schemes lists them)",
            },
        )
    })?;
    let variant = text("variant", "the table's variant, as text")?;
    let rotate_after = match fields.get("rotate_after") {
        None => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| {
            let expected = "a count of bets from 1 to 2^53";
            let kind = if v.is_number() {
                FieldError::Range {
                    got: v.to_string(),
                    expected,
                }
            } else {
                FieldError::Type {
                    got: json_type(v),
                    expected,
                }
            };
            fairdeal::Error::new("rotate_after", kind)
        })?),
    };
    Ok((
        scheme,
        CommitOptions {
            variant,
            rotate_after,
        },
    ))
}

/// `POST /rounds/{id}/deal` with the player's (and the table's) fields:
/// deals once; `{"id", "scheme", "deal": the trace}`.
pub(crate) async fn deal(
    State(app): State<Arc<App>>,
    Ids([id]): Ids<1>,
    headers: HeaderMap,
    request: Body,
) -> Result<Response, Failure> {
    let input = body::object(app.limits(), &headers, request).await?;
    let out = app
        .call(move |d| {
            let dealt = d.deal(id, &input)?;
            Ok(json!({
                "id": id,
                "scheme": dealt.scheme.id(),
                "deal": dealt.computed.trace_json(),
            }))
        })
        .await?;
    Ok(json(StatusCode::OK, &out))
}

/// `POST /rounds/{id}/reveal`, with no body (or `{}`): reveals the secret
/// of a dealt round; its receipt.
pub(crate) async fn reveal(
    State(app): State<Arc<App>>,
    Ids([id]): Ids<1>,
    headers: HeaderMap,
    request: Body,
) -> Result<Response, Failure> {
    let fields = body::object(app.limits(), &headers, request).await?;
    if let Some(field) = fields.keys().next() {
        return Err(fairdeal::Error::new(
            field.as_str(),
            FieldError::Unknown {
                expected: "none: a reveal takes no fields".to_owned(),
            },
        )
        .into());
    }
    let receipt = app.call(move |d| d.reveal(id)).await?;
    Ok(json(StatusCode::OK, &receipt))
}

/// `POST /rounds/{id}/bets` with the pair's fields (the client seed) and
/// the bet's own: the next nonce; 201 with `{"pair", "period", "nonce",
/// "fingerprint", "deal", "rotated"?}`.
pub(crate) async fn bet(
    State(app): State<Arc<App>>,
    Ids([pair]): Ids<1>,
    headers: HeaderMap,
    request: Body,
) -> Result<Response, Failure> {
    let fields = body::object(app.limits(), &headers, request).await?;
    let out = app
        .call(move |d| {
            let bet = d.bet(pair, &fields)?;
            let mut out = json!({
                "pair": bet.pair,
                "period": bet.period,
                "nonce": bet.nonce,
                "fingerprint": bet.fingerprint,
                "deal": bet.computed.trace_json(),
            });
            if let Some(r) = &bet.rotated {
                out["rotated"] = rotation_json(r);
            }
            Ok(out)
        })
        .await?;
    Ok(json(StatusCode::CREATED, &out))
}

/// `POST /rounds/{id}/rotate` with the next period's pair fields, or none:
/// reveals the period's server seed; `{"pair", "period", "fingerprint",
/// the secret, "next_fingerprint", "bets"}`.
pub(crate) async fn rotate(
    State(app): State<Arc<App>>,
    Ids([pair]): Ids<1>,
    headers: HeaderMap,
    request: Body,
) -> Result<Response, Failure> {
    let fields = body::object(app.limits(), &headers, request).await?;
    let r = app.call(move |d| d.rotate(pair, &fields)).await?;
    Ok(json(StatusCode::OK, &rotation_json(&r)))
}

/// A rotation as `fairdeal dealer rotate --json` prints it.
fn rotation_json(r: &Rotation) -> Value {
    let mut out = Map::new();
    out.insert("pair".to_owned(), json!(r.pair));
    out.insert("period".to_owned(), json!(r.period));
    out.insert("fingerprint".to_owned(), json!(r.fingerprint));
    out.extend(r.revealed.clone());
    out.insert("next_fingerprint".to_owned(), json!(r.next_fingerprint));
    out.insert("bets".to_owned(), json!(r.bets));
    Value::Object(out)
}

/// `GET /receipts`: every revealed receipt, one JSON line each (the format
/// of `fairdeal verify --batch` and `fairdeal history`).
pub(crate) async fn receipts(State(app): State<Arc<App>>) -> Result<Response, Failure> {
    stream::jsonl(&app, |dealer, line| {
        dealer.export(|receipt| line(&receipt.to_string()))
    })
    .await
}

/// `GET /log`: the log's entries, one canonical JSON line each
/// (docs/dealer.md, "The log").
pub(crate) async fn log(State(app): State<Arc<App>>) -> Result<Response, Failure> {
    stream::jsonl(&app, |dealer, line| dealer.log_entries(line)).await
}

/// `GET /log/verify`: the check of the log's chain: `{"entries", "head",
/// "holds"}`, and `"bad": {"seq", "why"}` when it does not hold.
pub(crate) async fn verify_log(State(app): State<Arc<App>>) -> Result<Response, Failure> {
    let reader = app.reader().await?;
    let check = app.call(move |_| reader.check_log()).await?;
    let mut out = json!({
        "entries": check.entries,
        "head": check.head,
        "holds": check.bad.is_none(),
    });
    if let Some(bad) = check.bad {
        out["bad"] = json!({"seq": bad.seq, "why": bad.why});
    }
    Ok(json(StatusCode::OK, &out))
}
