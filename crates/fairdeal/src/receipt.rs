//! A receipt as one JSON object, the form of a batch line (and of the web
//! page's paste box): `{"scheme": "<id>", "game": "<name>" (optional),
//! ...the scheme's or game's fields, "fingerprint" (or its alias), "hand"
//! and "seat" (optional), "next_fingerprint" (optional)}`, and its verdict
//! as one JSON object.
//!
//! `next_fingerprint` is the commitment of the next period's secret, as
//! seed-pair sites publish it before they rotate: a verdict checks only its
//! form (the fingerprint's 64 hex digits); a history checks the chain it
//! makes (`fairdeal history`, docs/history.md).

pub mod forms;

use fairdeal_core::{DynScheme, Error, ErrorKind, Game};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::verdict::{Claim, Failure, Verdict, Verified, verify, verify_game};

/// The most a receipt may hold, in bytes: an input file, a batch line, a
/// pasted, dropped or linked receipt on the web page. A receipt is a few
/// hundred bytes, a game record of 64 hands a few KiB.
pub const INPUT_LIMIT: u64 = 4 << 20;

/// The fields of a receipt that are not the scheme's inputs.
const OWN: &[&str] = &[
    "scheme",
    "game",
    "fingerprint",
    "hand",
    "seat",
    NEXT_FINGERPRINT,
];

/// The key of the next period's commitment, when a receipt gives it.
pub const NEXT_FINGERPRINT: &str = "next_fingerprint";

/// The verdict on one receipt, as a batch writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The scheme, when the receipt names a registered one.
    pub scheme: Option<&'static str>,
    /// `verified`, `not-verified` or `invalid`.
    pub verdict: &'static str,
    /// What was checked (verified), or the check that failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// Why the receipt was refused (invalid).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Value>,
    /// The slips that explain a mismatch.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
}

impl Outcome {
    /// Returns the outcome of a receipt refused with `error`, with the
    /// error's hints (whitespace copied around a hex value, a slip that
    /// would make the receipt verify).
    pub fn invalid(scheme: Option<&'static str>, error: &Error) -> Self {
        Self {
            scheme,
            verdict: "invalid",
            check: None,
            error: Some(json!({
                "field": error.field(),
                "kind": error.kind().code(),
                "message": error.to_string(),
            })),
            hints: error.hints().to_vec(),
        }
    }
}

/// Returns the verdict on `receipt`.
pub fn check(receipt: &Value) -> Outcome {
    examine(receipt).outcome
}

/// The verdict on a receipt, with what a verified one holds besides: what a
/// history checks across receipts (`fairdeal history`).
#[derive(Clone, Debug)]
pub struct Examined {
    /// The verdict, as [`check`] returns it.
    pub outcome: Outcome,
    /// What the receipt holds, when it is verified.
    pub verified: Option<Details>,
}

/// What a verified receipt holds, as its verdict computed it: nothing here
/// is computed twice.
#[derive(Clone)]
pub struct Details {
    /// The scheme.
    pub scheme: &'static dyn DynScheme,
    /// The game, for a game's receipt.
    pub game: Option<&'static Game>,
    /// The verdict's details: the inputs (as read), and for a deal the view
    /// it was reached on ([`Verified::computed`]).
    pub verified: Verified,
    /// A game's output, as its verdict computed it.
    pub output: Option<Value>,
    /// The next period's commitment, when the receipt gives it: 64
    /// lowercase hex digits.
    pub next_fingerprint: Option<String>,
}

impl std::fmt::Debug for Details {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Details")
            .field("scheme", &self.scheme.id())
            .field("game", &self.game.map(|g| g.name))
            .field("fingerprint", &self.verified.fingerprint)
            .field("next_fingerprint", &self.next_fingerprint)
            .finish_non_exhaustive()
    }
}

/// Returns the verdict on `receipt`, with the details of a verified one.
pub fn examine(receipt: &Value) -> Examined {
    let scheme = receipt
        .get("scheme")
        .and_then(Value::as_str)
        .and_then(crate::scheme);
    match verdict(receipt) {
        Ok((Verdict::Verified(v), details)) => {
            let mut checked = vec!["fingerprint".to_owned()];
            checked.extend(v.checks.iter().map(|c| c.what.clone()));
            checked.extend(v.hands.iter().map(|h| format!("hand {}", h.deal)));
            Examined {
                outcome: Outcome {
                    scheme: scheme.map(DynScheme::id),
                    verdict: "verified",
                    check: Some(checked.join(", ")),
                    error: None,
                    hints: Vec::new(),
                },
                verified: details.map(|d| Details {
                    scheme: d.scheme,
                    game: d.game,
                    verified: v,
                    output: d.output,
                    next_fingerprint: d.next_fingerprint,
                }),
            }
        }
        Ok((Verdict::NotVerified(n), _)) => Examined {
            outcome: Outcome {
                scheme: scheme.map(DynScheme::id),
                verdict: "not-verified",
                check: Some(match n.failure {
                    Failure::Fingerprint { .. } => "fingerprint".to_owned(),
                    Failure::Record(c) => c.what,
                    Failure::Hand { deal, .. } => format!("hand {deal}"),
                }),
                error: None,
                hints: n.hints,
            },
            verified: None,
        },
        Err(e) => Examined {
            outcome: Outcome::invalid(scheme.map(DynScheme::id), &e),
            verified: None,
        },
    }
}

/// What [`verdict`] read besides the verdict.
struct Read {
    scheme: &'static dyn DynScheme,
    game: Option<&'static Game>,
    output: Option<Value>,
    next_fingerprint: Option<String>,
}

/// Returns the verdict on `receipt`, or why it was refused, with what was
/// read besides it.
fn verdict(receipt: &Value) -> Result<(Verdict, Option<Read>), Error> {
    let Value::Object(fields) = receipt else {
        return Err(Error::new(
            "receipt",
            ErrorKind::Type {
                got: fairdeal_core::input::fields::json_type(receipt),
                expected: "an object: one receipt per line",
            },
        ));
    };
    let scheme = scheme_of(fields)?;
    let (input, fingerprint) = split(scheme, fields)?;
    let next_fingerprint = next_fingerprint_of(fields)?;
    match fields.get("game") {
        None => {
            let verdict = verify(
                scheme,
                &input,
                &Claim {
                    fingerprint: fingerprint.as_deref(),
                    hand: fields.get("hand"),
                    seat: fields.get("seat"),
                },
            )?;
            let read = Read {
                scheme,
                game: None,
                output: None,
                next_fingerprint,
            };
            Ok((verdict, Some(read)))
        }
        Some(name) => {
            let game = game_of(scheme, name)?;
            let (verdict, output) = verify_game(scheme, game, &input, fingerprint.as_deref())?;
            let read = Read {
                scheme,
                game: Some(game),
                output,
                next_fingerprint,
            };
            Ok((verdict, Some(read)))
        }
    }
}

/// Returns the next period's commitment a receipt gives, as lowercase hex.
///
/// # Errors
///
/// A value that is not 64 hexadecimal digits (field `next_fingerprint`).
pub fn next_fingerprint_of(fields: &Map<String, Value>) -> Result<Option<String>, Error> {
    match fields.get(NEXT_FINGERPRINT) {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(
            fairdeal_core::Fingerprint::parse(NEXT_FINGERPRINT, text)?.to_string(),
        )),
        Some(other) => Err(Error::new(
            NEXT_FINGERPRINT,
            ErrorKind::Type {
                got: fairdeal_core::input::fields::json_type(other),
                expected: "64 hexadecimal digits: the next period's fingerprint",
            },
        )),
    }
}

/// Returns the input of a receipt of `scheme` (its fields less `scheme`,
/// `game`, the fingerprint under any of its names, `hand` and `seat`) and
/// the fingerprint it gives. The web package reads a receipt's parts here,
/// as a batch line's are read.
///
/// # Errors
///
/// A fingerprint that is not a text, or given under two names.
pub fn split(
    scheme: &dyn DynScheme,
    fields: &Map<String, Value>,
) -> Result<(Value, Option<String>), Error> {
    let fingerprint = fingerprint_of(scheme, fields)?;
    let input: Map<String, Value> = fields
        .iter()
        .filter(|(k, _)| {
            !OWN.contains(&k.as_str()) && !scheme.info().commitment.aliases.contains(&k.as_str())
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Ok((Value::Object(input), fingerprint))
}

/// Returns the registered scheme a receipt names.
fn scheme_of(fields: &Map<String, Value>) -> Result<&'static dyn DynScheme, Error> {
    let ids = || {
        crate::SCHEMES
            .iter()
            .map(|s| s.id())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match fields.get("scheme") {
        None => Err(Error::new(
            "scheme",
            ErrorKind::Missing {
                expected: "the scheme's id",
            },
        )),
        Some(Value::String(id)) => crate::scheme(id).ok_or_else(|| {
            Error::new(
                "scheme",
                ErrorKind::Value {
                    got: id.clone(),
                    expected: format!("one of {}", ids()),
                },
            )
        }),
        Some(other) => Err(Error::new(
            "scheme",
            ErrorKind::Type {
                got: fairdeal_core::input::fields::json_type(other),
                expected: "the scheme's id",
            },
        )),
    }
}

/// Returns the fingerprint a receipt gives, under its name or an alias.
fn fingerprint_of(
    scheme: &dyn DynScheme,
    fields: &Map<String, Value>,
) -> Result<Option<String>, Error> {
    let names =
        std::iter::once("fingerprint").chain(scheme.info().commitment.aliases.iter().copied());
    let given: Vec<(&str, &Value)> = names
        .filter_map(|n| fields.get(n).map(|v| (n, v)))
        .collect();
    match given.as_slice() {
        [] => Ok(None),
        [(_, Value::String(f))] => Ok(Some(f.clone())),
        [(name, other)] => Err(Error::new(
            *name,
            ErrorKind::Type {
                got: fairdeal_core::input::fields::json_type(other),
                expected: "64 hexadecimal digits",
            },
        )),
        [_, (name, _), ..] => Err(Error::new(
            *name,
            ErrorKind::Value {
                got: "the fingerprint twice, under two names".to_owned(),
                expected: "it once".to_owned(),
            },
        )),
    }
}

/// Returns the game of `scheme` a receipt names.
fn game_of(scheme: &dyn DynScheme, name: &Value) -> Result<&'static Game, Error> {
    let games = scheme.info().games;
    let names = || games.iter().map(|g| g.name).collect::<Vec<_>>().join(", ");
    let expected = || {
        if games.is_empty() {
            format!("no game: {} has none", scheme.id())
        } else {
            format!("one of {}", names())
        }
    };
    match name {
        Value::String(n) => games.iter().find(|g| g.name == n).ok_or_else(|| {
            Error::new(
                "game",
                ErrorKind::Value {
                    got: n.clone(),
                    expected: expected(),
                },
            )
        }),
        other => Err(Error::new(
            "game",
            ErrorKind::Type {
                got: fairdeal_core::input::fields::json_type(other),
                expected: "a game's name",
            },
        )),
    }
}

/// Returns the verdict on one line of a batch (a JSONL file, the CLI's
/// `verify --batch` or the web package's `verifyBatch`), or `None` for a
/// blank line, which both skip: a line holding nothing but spaces, tabs and
/// a carriage return, after an optional byte-order mark. Every other line is
/// a receipt: UTF-8, then JSON as [`parse_json`] reads it, then [`check`].
///
/// [`parse_json`]: fairdeal_core::input::json::parse_json
pub fn check_line(line: &[u8]) -> Option<Outcome> {
    examine_line(line).map(|e| e.outcome)
}

/// Returns the verdict on one line of a batch, as [`check_line`] does, with
/// the details of a verified receipt ([`examine`]); `None` for a blank line.
pub fn examine_line(line: &[u8]) -> Option<Examined> {
    let line = line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line);
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        return None;
    }
    let receipt = std::str::from_utf8(line)
        .map_err(|e| {
            Error::new(
                "receipt",
                ErrorKind::Value {
                    got: format!("byte {} not UTF-8", e.valid_up_to() + 1),
                    expected: "UTF-8 text".to_owned(),
                },
            )
        })
        .and_then(|text| {
            fairdeal_core::input::json::parse_json(text.trim_end()).map_err(|e| e.within("receipt"))
        });
    Some(match receipt {
        Ok(receipt) => examine(&receipt),
        Err(e) => Examined {
            outcome: Outcome::invalid(None, &e),
            verified: None,
        },
    })
}

/// Returns the refusal of a batch line over [`INPUT_LIMIT`] bytes (the
/// newline not counted), which a batch reads no further than the limit and
/// skips to its end, so that one bad line cannot hold the rest up.
pub fn too_long() -> Error {
    Error::new(
        "receipt",
        ErrorKind::Value {
            got: format!("a line over {INPUT_LIMIT} bytes"),
            expected: "one receipt per line, each a few KiB at most".to_owned(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_line_is_skipped_and_every_other_line_is_a_receipt() {
        for blank in ["", "\n", " \t\r\n", "\u{feff}", "\u{feff}  \r\n"] {
            assert_eq!(check_line(blank.as_bytes()), None, "{blank:?}");
        }
        for (line, field) in [
            ("x", "receipt"),
            ("{}", "scheme"),
            ("\u{feff}[]", "receipt"),
            ("\u{a0}", "receipt"),
        ] {
            let outcome = check_line(line.as_bytes()).expect("not blank");
            assert_eq!(outcome.verdict, "invalid", "{line:?}");
            assert_eq!(
                outcome.error.as_ref().map(|e| &e["field"]),
                Some(&json!(field))
            );
        }
        let outcome = check_line(b"\xff{}").expect("not blank");
        assert_eq!(
            outcome.error.map(|e| e["message"].clone()),
            Some(json!(
                "receipt: \"byte 1 not UTF-8\" is not accepted, expected UTF-8 text"
            ))
        );
    }

    #[test]
    fn a_line_over_the_limit_is_refused_as_the_cli_refuses_it() {
        let e = too_long();
        assert_eq!((e.field(), e.kind().code()), ("receipt", "value"));
        assert_eq!(
            e.to_string(),
            "receipt: \"a line over 4194304 bytes\" is not accepted, \
             expected one receipt per line, each a few KiB at most"
        );
    }

    #[test]
    fn a_next_fingerprint_is_checked_for_its_form_and_otherwise_ignored() {
        let line = r#"{"scheme": "euchremaster", "seed": "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a", "cut": "K7 cut", "dealer": 1, "fingerprint": "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53""#;
        let next = "AB".repeat(32);
        let with = format!(r#"{line}, "next_fingerprint": "{next}"}}"#);
        let examined = examine_line(with.as_bytes()).expect("a receipt");
        assert_eq!(
            examined.outcome,
            check_line(format!("{line}}}").as_bytes()).expect("a receipt")
        );
        assert_eq!(examined.outcome.verdict, "verified");
        let details = examined.verified.expect("verified");
        assert_eq!(details.next_fingerprint, Some("ab".repeat(32)));
        assert!(details.verified.computed.is_some());
        for (bad, kind) in [(r#""abc""#, "length"), ("7", "type")] {
            let line = format!(r#"{line}, "next_fingerprint": {bad}}}"#);
            let outcome = check_line(line.as_bytes()).expect("a receipt");
            assert_eq!(outcome.verdict, "invalid");
            let error = outcome.error.expect("an error");
            assert_eq!(
                (&error["field"], &error["kind"]),
                (&json!("next_fingerprint"), &json!(kind)),
                "{bad}"
            );
        }
    }
}
