//! The functions the JavaScript package exports, JSON in and JSON out, so
//! that they are tested on the host without a browser; `lib.rs` only turns
//! JavaScript values into [`Value`]s and back (through JSON text read by
//! [`parse`]).
//!
//! Everything here asks the registry (`fairdeal::SCHEMES`) and the facade's
//! verdict: no scheme logic of its own. The shapes are those of the CLI's
//! `--json` output, listed in web/pkg-node/README.md.

use std::convert::Infallible;

use fairdeal::core::info::{Player, SchemeInfo, SeatNames};
use fairdeal::core::input::json::parse_json;
use fairdeal::core::input::{Field, Rule, Seats};
use fairdeal::receipt::{self, INPUT_LIMIT};
use fairdeal::verdict::{self, Claim, Verdict};
use fairdeal::{DynScheme, Error, ErrorKind, Game, SCHEMES, Verb};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::batch::Batch;

/// The most lines `verifyBatch(text)` takes, which returns every verdict at
/// once: some 15 MB of them.
pub const BATCH_LINES: usize = 10_000;

/// The most numbers a `stream` or `generator` call returns: as many as a
/// vector case may ask for (docs/vectors.md).
pub const MAX_COUNT: u64 = 65_536;

/// Returns every registered scheme's description: id, site, summary,
/// method, commitment, fields with their rules, seats, player and games.
pub fn schemes() -> Value {
    Value::Array(SCHEMES.iter().map(|s| describe(s.info())).collect())
}

/// Returns exactly what `fairdeal deal SCHEME --json` prints for `input`:
/// the trace, every stage in the method's order. `input` holds the scheme's
/// fields alone, as a vector case's does: a receipt's fingerprint is
/// refused as an unknown field (`verify` checks receipts).
///
/// # Errors
///
/// An unknown scheme (field `scheme`), or the first refused input field.
pub fn deal(scheme: &str, input: &Value) -> Result<Value, Error> {
    scheme_named(scheme)?.trace_json(input)
}

/// Returns what a person sees of `input`: the fingerprint, the set-up of a
/// series, and each deal's table with its shuffled deck.
///
/// # Errors
///
/// An unknown scheme (field `scheme`), or the first refused input field.
pub fn view(scheme: &str, input: &Value) -> Result<Value, Error> {
    Ok(to_json(&scheme_named(scheme)?.view(input)?))
}

/// Returns the verdict on `receipt` (the scheme's input fields, the
/// fingerprint under its name or an alias, optionally `hand` and `seat`):
/// the facade's verdict as JSON, with the trace and the view when verified.
///
/// # Errors
///
/// An unknown scheme; a receipt that is not an object (field `receipt`),
/// names another scheme (`scheme`) or a game (`game`: `play` and `roll`
/// check those); a refused input field; a missing or malformed fingerprint
/// (`fingerprint`), as the CLI refuses them; a refused `hand` or `seat`.
pub fn verify(scheme: &str, receipt: &Value) -> Result<Value, Error> {
    let scheme = scheme_named(scheme)?;
    let fields = object("receipt", receipt, "an object: the receipt's fields")?;
    match fields.get("scheme") {
        Some(Value::String(id)) if id == scheme.id() => {}
        Some(other) => {
            return Err(Error::new(
                "scheme",
                ErrorKind::Value {
                    got: shown(other),
                    expected: format!("{}, the scheme it is verified as", scheme.id()),
                },
            ));
        }
        None => {}
    }
    if fields.contains_key("game") {
        return Err(Error::new(
            "game",
            ErrorKind::Unknown {
                expected: "no game: play() and roll() check a game's receipt".to_owned(),
            },
        ));
    }
    let (input, fingerprint) = receipt::split(scheme, fields)?;
    let claim = Claim {
        fingerprint: fingerprint.as_deref(),
        hand: fields.get("hand"),
        seat: fields.get("seat"),
    };
    let verdict = verdict::verify(scheme, &input, &claim)?;
    let mut out = to_json(&verdict);
    // What the verdict dealt is what the page shows: nothing is dealt again.
    if let (Value::Object(out), Verdict::Verified(v)) = (&mut out, &verdict) {
        if let Some(computed) = &v.computed {
            out.insert("trace".to_owned(), computed.trace_json());
            out.insert("view".to_owned(), to_json(&computed.view));
        }
    }
    Ok(out)
}

/// Runs game `name`, which `verb` must offer, as `fairdeal play|roll NAME
/// --json` does: with a fingerprint in `input` (under its name or an
/// alias), the verdict and, when verified, the output; without one, the
/// output with `fingerprint_checked: false`. `randoms`, when given, replaces
/// the stream (a `game` vector case's numbers), and no fingerprint may be
/// given with it.
///
/// # Errors
///
/// An unknown game, or one of the other verb (field `game`); a malformed
/// fingerprint; a fingerprint given with `randoms` (field `randoms`); the
/// game's refusal of its input, an action or a given number.
pub fn game(
    verb: Verb,
    name: &str,
    input: &Value,
    randoms: Option<&Value>,
) -> Result<Value, Error> {
    let (scheme, game) = game_named(Some(verb), name)?;
    let (input, fingerprint) = match input {
        Value::Object(fields) => {
            let (_, fingerprint) = receipt::split(scheme, fields)?;
            let names = scheme.info().commitment.aliases;
            let input: Map<String, Value> = fields
                .iter()
                .filter(|(k, v)| {
                    let k = k.as_str();
                    // A pasted receipt names its scheme and game.
                    let named = (k == "scheme" && v.as_str() == Some(scheme.id()))
                        || (k == "game" && v.as_str() == Some(game.name));
                    k != "fingerprint" && !names.contains(&k) && !named
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            (Value::Object(input), fingerprint)
        }
        // Not an object: the game refuses it as it would any input.
        other => (other.clone(), None),
    };
    match (fingerprint, randoms) {
        (None, randoms) => {
            // Without a fingerprint the input is the method's own, as a
            // vector case's (`HS`, not `h s`); a receipt's is read as a
            // person writes it, by its verdict.
            let mut output = (game.run)(&input, randoms)?;
            if let Value::Object(fields) = &mut output {
                fields.insert("fingerprint_checked".to_owned(), Value::Bool(false));
            }
            Ok(output)
        }
        (Some(_), Some(_)) => Err(Error::new(
            "randoms",
            ErrorKind::Unknown {
                expected: "no randoms with a fingerprint: a verdict is on the seed's own numbers"
                    .to_owned(),
            },
        )),
        (Some(given), None) => {
            let (verdict, output) = verdict::verify_game(scheme, game, &input, Some(&given))?;
            let mut out = to_json(&verdict);
            if let (Value::Object(out), Some(mut output)) = (&mut out, output) {
                if let Value::Object(fields) = &mut output {
                    fields.insert("fingerprint_checked".to_owned(), Value::Bool(true));
                }
                out.insert("output".to_owned(), output);
            }
            Ok(out)
        }
    }
}

/// Returns `input` with each of game `name`'s fields that a person may
/// write in their own words read into the method's form (`{"actions": "h
/// s"}` is `{"actions": "HS"}`), as the CLI and a receipt's verdict read
/// them; the other keys as given. The page gives a round typed without its
/// fingerprint through this before `play`, which takes the method's own
/// form (a vector case's) and refuses any other.
///
/// # Errors
///
/// An unknown game (field `game`); a value that is none of its field's
/// forms, with the field's words.
pub fn read_written(name: &str, input: &Value) -> Result<Value, Error> {
    let (_, game) = game_named(None, name)?;
    Ok(fairdeal::core::input::read_written(game.fields, input)?.into_owned())
}

/// Returns the verdict on every line of `text` but the blank ones, one
/// receipt per line, as `fairdeal verify --batch` writes them: `{line,
/// scheme, verdict, check?, error?, hints?}`, lines numbered from 1 (see
/// [`Batch`]). Every verdict is held until the last is given, so `text` may
/// hold at most [`BATCH_LINES`] lines and [`INPUT_LIMIT`] bytes; a longer
/// batch is read by a [`Batch`] (`verifyBatch(text, onVerdict)` or a
/// `BatchVerifier`), which gives each verdict as its line ends.
///
/// # Errors
///
/// A `text` over either bound (field `text`, kind `range`), before any
/// line is read.
pub fn verify_batch(text: &str) -> Result<Value, Error> {
    if u64::try_from(text.len()).unwrap_or(u64::MAX) > INPUT_LIMIT {
        return Err(batch_too_big(format!("more than {INPUT_LIMIT} bytes")));
    }
    let lines = text.bytes().filter(|&b| b == b'\n').count() + usize::from(!text.ends_with('\n'));
    if lines > BATCH_LINES {
        return Err(batch_too_big(format!("{lines} lines")));
    }
    let mut verdicts = Vec::new();
    let mut batch = Batch::new();
    let mut keep = |verdict| {
        verdicts.push(verdict);
        Ok::<(), Infallible>(())
    };
    let Ok(()) = batch.feed(text.as_bytes(), &mut keep);
    let Ok(_) = batch.finish(&mut keep);
    Ok(Value::Array(verdicts))
}

/// Returns the refusal of a batch too long to return whole.
pub fn batch_too_big(got: String) -> Error {
    Error::new(
        "text",
        ErrorKind::Range {
            got,
            expected: "at most 10000 lines and 4 MiB for verifyBatch(text); give \
                       verifyBatch(text, onVerdict) or a BatchVerifier any longer batch",
        },
    )
}

/// Returns `{randoms}`: the first `count` numbers of the stream of deal
/// `deal` (from 1; 1 when absent), a `stream` vector case's expected value.
///
/// # Errors
///
/// An unknown scheme, a refused input field, a `count` that is not an
/// integer up to [`MAX_COUNT`], a deal that the input does not hold.
pub fn stream(
    scheme: &str,
    input: &Value,
    count: &Value,
    deal: Option<&Value>,
) -> Result<Value, Error> {
    let scheme = scheme_named(scheme)?;
    let count = count_of(count)?;
    let randoms = scheme.stream_json(input, deal_of(deal)?, count)?;
    Ok(json!({ "randoms": randoms }))
}

/// Returns `{consumed, positions, deck}`: the starting deck of deal `deal`
/// shuffled with the given `randoms` instead of the stream, a `shuffle`
/// vector case's expected value.
///
/// # Errors
///
/// An unknown scheme, a refused input field, a number of the wrong form
/// (`randoms[3]`), a list that runs out before the shuffle does.
pub fn shuffle(
    scheme: &str,
    input: &Value,
    randoms: &Value,
    deal: Option<&Value>,
) -> Result<Value, Error> {
    scheme_named(scheme)?.shuffle_json(input, deal_of(deal)?, randoms)
}

/// Returns the deal's fields (`hands`, `upcard`, `kitty`, ...) of the given
/// shuffled `deck`, a `deal` vector case's expected value.
///
/// # Errors
///
/// An unknown scheme, a refused input field, a deck that is not the
/// starting deck's cards each once (`deck[4]`).
pub fn deal_deck(
    scheme: &str,
    input: &Value,
    deck: &Value,
    deal: Option<&Value>,
) -> Result<Value, Error> {
    scheme_named(scheme)?.deal_json(input, deal_of(deal)?, deck)
}

/// Returns `{randoms}`: the first `count` draws of the scheme's raw
/// generator from `state`, a `generator` vector case's expected value.
///
/// # Errors
///
/// An unknown scheme; a scheme without a raw generator (field `state`,
/// kind `unsupported`); a refused state field (`state.d`); a bad `count`.
pub fn generator(scheme: &str, state: &Value, count: &Value) -> Result<Value, Error> {
    let scheme = scheme_named(scheme)?;
    let Some(generator) = scheme.info().hints.generator else {
        return Err(Error::new(
            "state",
            ErrorKind::Unsupported {
                what: "raw generator stage",
            },
        ));
    };
    let count = count_of(count)?;
    Ok(json!({ "randoms": generator(state, count)? }))
}

/// Returns a receipt pasted or dropped as the site gives it (the JSON
/// object, the site's verifier command, the lines of the site's page) as
/// `{scheme, game?, form, receipt, missing}`: the scheme (and game) found
/// from its fields, the form it came in (`json`, `command`, `labels`), the
/// receipt as one JSON object (the form of a batch line, which
/// [`verify`] takes), and what it lacks (`[{field: "fingerprint", ask:
/// "the fingerprint the app showed before play", where}]`), read by the
/// facade's one parser (`fairdeal::receipt::forms`), as the CLI's
/// `verify --input FILE` reads it.
///
/// # Errors
///
/// Text over [`INPUT_LIMIT`] bytes, or not a receipt in any form (field
/// `receipt`, or the line or field at fault); fields that fit two schemes
/// (`scheme`).
pub fn read_receipt(text: &str) -> Result<Value, Error> {
    Ok(receipt::forms::read(text, None)?.to_json())
}

/// The most bytes `history(text)` takes: a history is read whole into the
/// page's memory, which never shrinks; the CLI (`fairdeal history FILE`)
/// streams any longer one.
pub const HISTORY_LIMIT: u64 = 64 << 20;

/// `history(text)`: the report on a history (JSONL receipts, or CSV with a
/// header row naming the fields) as `fairdeal history --json` prints it,
/// read, verified and checked on the page's one thread.
///
/// # Errors
///
/// Text over [`HISTORY_LIMIT`] bytes, or a history that cannot be read (a
/// CSV header naming a field twice, a record over 4 MiB) or holds no
/// receipt: field `history`, kind `value`, the message naming the line.
pub fn history(text: &str) -> Result<Value, Error> {
    let expected = "JSON receipts one per line, or CSV with a header row naming the fields";
    if u64::try_from(text.len()).unwrap_or(u64::MAX) > HISTORY_LIMIT {
        return Err(history_too_big(format!("more than {HISTORY_LIMIT} bytes")));
    }
    let report = fairdeal_history::history_text(text).map_err(|e| {
        Error::new(
            "history",
            ErrorKind::Value {
                got: e.to_string(),
                expected: expected.to_owned(),
            },
        )
    })?;
    // OK because the report is numbers and strings, which serialize.
    Ok(serde_json::to_value(&report).unwrap_or_default())
}

/// The refusal of a history over [`HISTORY_LIMIT`] bytes.
pub fn history_too_big(got: String) -> Error {
    Error::new(
        "history",
        ErrorKind::Value {
            got,
            expected: format!(
                "a history of at most {HISTORY_LIMIT} bytes on the page; `fairdeal history \
                 FILE` reads any longer one"
            ),
        },
    )
}

/// Reads a JavaScript caller's JSON text: strictly, as the CLI reads an
/// input file (at most [`INPUT_LIMIT`] bytes, a leading byte-order mark
/// dropped, nested at most 128 deep, a key given twice refused), so that
/// numbers a JavaScript object cannot hold (`1.0`, an integer past 2^53)
/// reach the scheme as written.
///
/// # Errors
///
/// Text over the limit ([`too_big`]), not JSON, or giving a key twice,
/// naming `field`.
pub fn parse(field: &str, text: &str) -> Result<Value, Error> {
    check_size(field, u64::try_from(text.len()).unwrap_or(u64::MAX))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    parse_json(text).map_err(|e| e.within(field))
}

/// Checks that `bytes` of JSON text are within [`INPUT_LIMIT`], before any
/// of it is read (the web page asks with a dropped file's size).
///
/// # Errors
///
/// [`too_big`] when they are not.
pub fn check_size(field: &str, bytes: u64) -> Result<(), Error> {
    if bytes > INPUT_LIMIT {
        return Err(too_big(field));
    }
    Ok(())
}

/// Returns the refusal of JSON text over [`INPUT_LIMIT`] bytes.
pub fn too_big(field: &str) -> Error {
    Error::new(
        field,
        ErrorKind::Value {
            got: format!("more than {INPUT_LIMIT} bytes"),
            expected: "at most 4 MiB of JSON, as the CLI reads an input file".to_owned(),
        },
    )
}

/// Returns the registered scheme `id`.
fn scheme_named(id: &str) -> Result<&'static dyn DynScheme, Error> {
    fairdeal::scheme(id).ok_or_else(|| {
        let ids: Vec<&str> = SCHEMES.iter().map(|s| s.id()).collect();
        Error::new(
            "scheme",
            ErrorKind::Value {
                got: id.to_owned(),
                expected: format!("one of {}", ids.join(", ")),
            },
        )
    })
}

/// Returns game `name` and its scheme, when `verb` offers it (any game
/// for `None`).
fn game_named(
    verb: Option<Verb>,
    name: &str,
) -> Result<(&'static dyn DynScheme, &'static Game), Error> {
    let offered = |g: &Game| verb.is_none_or(|v| g.verb == v);
    match fairdeal::game(name) {
        Some((scheme, game)) if offered(game) => Ok((scheme, game)),
        _ => {
            let names: Vec<&str> = fairdeal::games()
                .filter(|(_, g)| offered(g))
                .map(|(_, g)| g.name)
                .collect();
            let expected = match verb {
                Some(verb) => format!("a game to {verb}: one of {}", names.join(", ")),
                None => format!("one of {}", names.join(", ")),
            };
            Err(Error::new(
                "game",
                ErrorKind::Value {
                    got: name.to_owned(),
                    expected,
                },
            ))
        }
    }
}

/// Returns `value` as an object's fields.
fn object<'a>(
    field: &str,
    value: &'a Value,
    expected: &'static str,
) -> Result<&'a Map<String, Value>, Error> {
    value.as_object().ok_or_else(|| {
        Error::new(
            field,
            ErrorKind::Type {
                got: fairdeal::core::input::fields::json_type(value),
                expected,
            },
        )
    })
}

/// Returns a stage call's deal number: 1 when absent (`null`).
fn deal_of(deal: Option<&Value>) -> Result<usize, Error> {
    match deal {
        None | Some(Value::Null) => Ok(1),
        Some(v) => {
            let expected = "a deal that the input holds, from 1";
            let n = fairdeal::core::input::fields::as_integer("deal", v, expected)?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        }
    }
}

/// Returns a stage call's count of numbers, at most [`MAX_COUNT`].
fn count_of(count: &Value) -> Result<usize, Error> {
    let expected = "how many numbers: an integer from 0 to 65536";
    let n = fairdeal::core::input::fields::as_integer("count", count, expected)?;
    if n > MAX_COUNT {
        return Err(Error::new(
            "count",
            ErrorKind::Range {
                got: n.to_string(),
                expected,
            },
        ));
    }
    // OK because MAX_COUNT fits in a usize on every target (wasm32's 32 bits).
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// Returns a value as a message shows it.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Returns a scheme's description, as [`schemes`] lists it.
fn describe(info: &SchemeInfo) -> Value {
    let player = match info.player {
        Player::Seat { default, choosable } => json!({ "seat": default, "choosable": choosable }),
        Player::Positions(at) => json!({ "positions": at }),
    };
    let games: Vec<Value> = info
        .games
        .iter()
        .map(|g| {
            json!({
                "name": g.name,
                "verb": g.verb.name(),
                "summary": g.summary,
                "fields": fields(g.fields, info.seat_names),
            })
        })
        .collect();
    json!({
        "id": info.id,
        "site": info.site,
        "summary": info.summary,
        "method": info.method,
        "commitment": {
            "hashes": info.commitment.hashes,
            "aliases": info.commitment.aliases,
            "covers": info.commitment.covers,
            "seen": info.forms.seen,
        },
        "labels": info
            .forms
            .labels
            .iter()
            .map(|l| json!({ "field": l.field, "words": l.words }))
            .collect::<Vec<_>>(),
        "command": info.forms.command.map(|c| json!({
            "interpreters": c.interpreters,
            "script": c.script,
            "label": c.label,
        })),
        "fields": fields(info.fields, info.seat_names),
        "seats": info.seat_names,
        "player": player,
        "games": games,
    })
}

/// Returns a field list as [`schemes`] lists it: the CLI's `fairdeal
/// schemes --json` fields, each with its rule for a form to check before
/// asking (`describe::field`), and, for a field of fixed choices (a seat,
/// one of a few words), its `choices`: `[{value, label}]`, a seat labelled
/// by the scheme's `seats` names at a table of as many seats as the rule
/// allows (`left (1)`, or `seat 1`), so that a form offers them without
/// knowing a scheme. A seat of a table another field names offers the
/// seats of its largest table; the verifier refuses a seat the input's
/// own table lacks, in the table's words.
fn fields(fields: &[Field], seats: SeatNames) -> Vec<Value> {
    fields
        .iter()
        .map(|f| {
            let mut described = fairdeal::describe::field(f);
            if let Some(choices) = choices(f.rule, seats) {
                described["choices"] = Value::Array(choices);
            }
            described
        })
        .collect()
}

/// Returns the fixed choices of a field's `rule`, if it has few.
fn choices(rule: Rule, names: SeatNames) -> Option<Vec<Value>> {
    let table = match rule {
        Rule::FixedSeat { max } => u8::try_from(max.saturating_add(1)).unwrap_or(u8::MAX),
        Rule::Seat(Seats::Named { tables, .. }) => tables.iter().map(|t| t.seats).max()?,
        Rule::OneOf(words) => {
            return Some(
                words
                    .iter()
                    .map(|w| json!({ "value": w, "label": w }))
                    .collect(),
            );
        }
        _ => return None,
    };
    Some(
        (0..table)
            .map(|seat| json!({ "value": seat, "label": names.label(usize::from(seat), table) }))
            .collect(),
    )
}

/// Serializes an output. Verdicts, views and outcomes are structs of
/// strings, numbers and lists, which always serialize.
fn to_json<T: Serialize>(value: &T) -> Value {
    // OK because none of them holds a map with non-string keys, the one
    // thing that makes `to_value` fail.
    serde_json::to_value(value).expect("outputs serialize to JSON")
}
