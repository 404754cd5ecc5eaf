//! fairdeal for JavaScript: the registry's deal, view, verify and games as
//! wasm-bindgen functions, for the web page (web/pkg, an ES module) and for
//! JavaScript ports checking themselves (web/pkg-node, CommonJS). Built by
//! web/build.sh; the API is listed in web/pkg-node/README.md.
//!
//! Inputs are plain JavaScript objects (or their JSON text, read strictly as
//! the CLI reads a file), outputs plain objects with the CLI's `--json`
//! shapes. A refusal is thrown as an `Error` whose `field`, `kind` and
//! `message` are the CLI's. The work is in [`api`], JSON in and out, so that
//! it is tested on the host; this file only converts.

pub mod api;

use fairdeal::{Error, ErrorKind, Verb};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// What the functions return to JavaScript: a plain value, or the thrown
/// `Error`.
type Out = Result<JsValue, JsValue>;

/// `schemes()`: every scheme's description (id, site, fields with their
/// rules, seats, player, games).
///
/// # Errors
///
/// Throws only if a description cannot be made into JS objects, which does
/// not happen.
#[wasm_bindgen]
pub fn schemes() -> Out {
    to_js(&api::schemes())
}

/// `deal(scheme, input)`: the trace, as `fairdeal deal SCHEME --json`.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme (`scheme`), or
/// the first refused input field.
#[wasm_bindgen]
pub fn deal(scheme: &str, input: JsValue) -> Out {
    let input = from_js("input", &input)?;
    out(api::deal(scheme, &input))
}

/// `view(scheme, input)`: what a person sees of the deal.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme (`scheme`), or
/// the first refused input field.
#[wasm_bindgen]
pub fn view(scheme: &str, input: JsValue) -> Out {
    let input = from_js("input", &input)?;
    out(api::view(scheme, &input))
}

/// `verify(scheme, receipt)`: the verdict, with the trace and the view when
/// verified.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme, a refused
/// input field, a missing or malformed fingerprint (`fingerprint`), a
/// refused `hand` or `seat`.
#[wasm_bindgen]
pub fn verify(scheme: &str, receipt: JsValue) -> Out {
    let receipt = from_js("receipt", &receipt)?;
    out(api::verify(scheme, &receipt))
}

/// `play(game, input, randoms?)`: a game played from the player's decisions
/// (blackjack), as `fairdeal play GAME --json`.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown game or one rolled
/// (`game`), a malformed fingerprint, a refused input field or action.
#[wasm_bindgen]
pub fn play(game: &str, input: JsValue, randoms: Option<JsValue>) -> Out {
    run_game(Verb::Play, game, &input, randoms.as_ref())
}

/// `roll(game, input, randoms?)`: a game decided by the numbers alone, as
/// `fairdeal roll GAME --json`.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown game or one played
/// (`game`), a malformed fingerprint, a refused input field.
#[wasm_bindgen]
pub fn roll(game: &str, input: JsValue, randoms: Option<JsValue>) -> Out {
    run_game(Verb::Roll, game, &input, randoms.as_ref())
}

/// `verifyBatch(text)`: one verdict per non-empty line, as `fairdeal verify
/// --batch`.
///
/// # Errors
///
/// Throws only if the verdicts cannot be made into JS objects, which does
/// not happen: a bad line is an `invalid` verdict.
#[wasm_bindgen(js_name = verifyBatch)]
pub fn verify_batch(text: &str) -> Out {
    to_js(&api::verify_batch(text))
}

/// `stream(scheme, input, count, deal?)`: `{randoms}`, a `stream` vector
/// case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme, a refused
/// input field, a bad `count` or `deal`.
#[wasm_bindgen]
pub fn stream(scheme: &str, input: JsValue, count: JsValue, deal: Option<JsValue>) -> Out {
    let input = from_js("input", &input)?;
    let count = from_js("count", &count)?;
    let deal = optional("deal", deal.as_ref())?;
    out(api::stream(scheme, &input, &count, deal.as_ref()))
}

/// `shuffle(scheme, input, randoms, deal?)`: `{consumed, positions, deck}`,
/// a `shuffle` vector case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme, a refused
/// input field, a bad number (`randoms[3]`), a list that runs out.
#[wasm_bindgen]
pub fn shuffle(scheme: &str, input: JsValue, randoms: JsValue, deal: Option<JsValue>) -> Out {
    let input = from_js("input", &input)?;
    let randoms = from_js("randoms", &randoms)?;
    let deal = optional("deal", deal.as_ref())?;
    out(api::shuffle(scheme, &input, &randoms, deal.as_ref()))
}

/// `dealDeck(scheme, input, deck, deal?)`: the deal's fields of a given
/// deck, a `deal` vector case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme, a refused
/// input field, a deck that is not the starting deck's cards (`deck[4]`).
#[wasm_bindgen(js_name = dealDeck)]
pub fn deal_deck(scheme: &str, input: JsValue, deck: JsValue, deal: Option<JsValue>) -> Out {
    let input = from_js("input", &input)?;
    let deck = from_js("deck", &deck)?;
    let deal = optional("deal", deal.as_ref())?;
    out(api::deal_deck(scheme, &input, &deck, deal.as_ref()))
}

/// `generator(scheme, state, count)`: `{randoms}`, a `generator` vector
/// case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: an unknown scheme, one without
/// a raw generator (`state`, `unsupported`), a refused state field, a bad
/// `count`.
#[wasm_bindgen]
pub fn generator(scheme: &str, state: JsValue, count: JsValue) -> Out {
    let state = from_js("state", &state)?;
    let count = from_js("count", &count)?;
    out(api::generator(scheme, &state, &count))
}

/// Runs a game for `play` or `roll`.
fn run_game(verb: Verb, game: &str, input: &JsValue, randoms: Option<&JsValue>) -> Out {
    let input = from_js("input", input)?;
    let randoms = optional("randoms", randoms)?;
    out(api::game(verb, game, &input, randoms.as_ref()))
}

/// Returns an argument as JSON: a JavaScript value as it is, or a string
/// read as JSON text (which keeps numbers such as `1.0` as written).
fn from_js(field: &str, value: &JsValue) -> Result<Value, JsValue> {
    let read = match value.as_string() {
        Some(text) => api::parse(field, &text),
        None => serde_wasm_bindgen::from_value(value.clone()).map_err(|e| {
            Error::new(
                field,
                ErrorKind::Value {
                    got: e.to_string(),
                    expected: "a plain object, list, text or number".to_owned(),
                },
            )
        }),
    };
    read.map_err(|e| thrown(&e))
}

/// Returns an optional argument: `None` when left out, `undefined` or
/// `null`.
fn optional(field: &str, value: Option<&JsValue>) -> Result<Option<Value>, JsValue> {
    match value {
        Some(v) if !v.is_undefined() && !v.is_null() => from_js(field, v).map(Some),
        _ => Ok(None),
    }
}

/// Returns a result to JavaScript: the value, or the error thrown.
fn out(result: Result<Value, Error>) -> Out {
    match result {
        Ok(value) => to_js(&value),
        Err(e) => Err(thrown(&e)),
    }
}

/// Returns `value` as plain JavaScript objects, lists, texts and numbers
/// (not `Map`s), as `JSON.parse` would give it.
fn to_js<T: Serialize>(value: &T) -> Out {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(JsValue::from)
}

/// Returns the JavaScript `Error` for `e`: its message as the CLI prints
/// it, with `field` and `kind` (the vector files' error kind) set.
fn thrown(e: &Error) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    // Setting a property of a new Error object cannot fail: it is neither
    // frozen nor a proxy.
    let _ = js_sys::Reflect::set(&error, &"field".into(), &e.field().into());
    let _ = js_sys::Reflect::set(&error, &"kind".into(), &e.kind().code().into());
    error.into()
}
