//! fairdeal for JavaScript: the registry's deal, view, verify and games as
//! wasm-bindgen functions, for the web page (web/pkg, an ES module) and for
//! JavaScript ports checking themselves (web/pkg-node, CommonJS). Built by
//! web/build.sh; the API is listed in web/pkg-node/README.md.
//!
//! Inputs are plain JavaScript objects (or their JSON text, read strictly as
//! the CLI reads a file), outputs plain objects with the CLI's `--json`
//! shapes. A refusal is thrown as an `Error` whose `field`, `kind` and
//! `message` are the CLI's. The work is in [`api`] and [`batch`], JSON in
//! and out, so that it is tested on the host; this file only takes the
//! arguments, checked and converted by `convert` (any JavaScript value, a
//! deep, circular or hostile one included, is an `Error`, never a trap that
//! would break every later call), and a batch fed in pieces is `verifier`'s.

pub mod api;
pub mod batch;
mod convert;
mod verifier;

use fairdeal::{Error, ErrorKind, Verb};
use js_sys::JsString;
use wasm_bindgen::prelude::*;

use convert::{Out, enter, json, name, optional, out, thrown, to_js};
pub use verifier::BatchVerifier;

/// What a scheme argument must be.
const SCHEME: &str = "a scheme's id, a string such as \"euchremaster\"";
/// What a game argument must be.
const GAME: &str = "a game's name, a string such as \"blackjack\"";

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** What `readReceipt(text)` returns: a receipt as the site gives it, read. */
export interface ReadReceipt {
  /** The scheme's id, named by the receipt or found from its fields. */
  scheme: string;
  /** The game's name, for a game's receipt (`play`/`roll`). */
  game?: string;
  /** The form it came in. */
  form: "json" | "command" | "labels";
  /** The receipt as one JSON object, the form of a batch line: `scheme`, `game`, the fields, `fingerprint`, `hand`, `seat`. */
  receipt: Record<string, any>;
  /** What it lacks that the player must give, and where they saw it. */
  missing: { field: string; ask: string; where: string }[];
}

/** What `verifyBatch(text, onVerdict)` and `BatchVerifier.finish()` return. */
export interface BatchTally {
  receipts: number;
  verified: number;
  not_verified: number;
  invalid: number;
}
"#;

/// `schemes()`: every scheme's description (id, site, fields with their
/// rules, seats, player, games).
///
/// # Errors
///
/// Throws only when called nested too deep inside other calls (`call`).
#[wasm_bindgen]
pub fn schemes() -> Out {
    let _entered = enter()?;
    to_js(&api::schemes())
}

/// `deal(scheme, input)`: the trace, as `fairdeal deal SCHEME --json`.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a string
/// (`scheme`, `type`) or not registered (`scheme`, `value`), or the first
/// refused input field.
#[wasm_bindgen]
pub fn deal(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    input: JsValue,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let input = json("input", &input)?;
    out(api::deal(&scheme, &input))
}

/// `view(scheme, input)`: what a person sees of the deal.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a
/// string or not registered (`scheme`), or the first refused input field.
#[wasm_bindgen]
pub fn view(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    input: JsValue,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let input = json("input", &input)?;
    out(api::view(&scheme, &input))
}

/// `verify(scheme, receipt)`: the verdict, with the trace and the view when
/// verified. The receipt may be its JSON text, read as the CLI reads a
/// file (the web page gives it so).
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a
/// string or not registered, a refused input field, a missing or malformed
/// fingerprint (`fingerprint`), a refused `hand` or `seat`.
#[wasm_bindgen]
pub fn verify(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    receipt: JsValue,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let receipt = json("receipt", &receipt)?;
    out(api::verify(&scheme, &receipt))
}

/// `play(game, input, randoms?)`: a game played from the player's decisions
/// (blackjack), as `fairdeal play GAME --json`.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a game that is not a string
/// (`game`, `type`), unknown or one rolled (`game`, `value`), a malformed
/// fingerprint, a refused input field or action.
#[wasm_bindgen]
pub fn play(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    input: JsValue,
    randoms: Option<JsValue>,
) -> Out {
    run_game(Verb::Play, &game, &input, randoms.as_ref())
}

/// `roll(game, input, randoms?)`: a game decided by the numbers alone, as
/// `fairdeal roll GAME --json`.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a game that is not a string
/// (`game`, `type`), unknown or one played (`game`, `value`), a malformed
/// fingerprint, a refused input field.
#[wasm_bindgen]
pub fn roll(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    input: JsValue,
    randoms: Option<JsValue>,
) -> Out {
    run_game(Verb::Roll, &game, &input, randoms.as_ref())
}

/// `verifyBatch(text, onVerdict?)`: a verdict per line but the blank ones,
/// as `fairdeal verify --batch`. Without `onVerdict`, the list of them, for
/// at most 10,000 lines and 4 MiB; with it, each verdict given to
/// `onVerdict` as its line is read, any length of text, and the count
/// returned.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a `text` that is not a
/// string (`text`, `type`), one too long to return whole (`text`, `range`),
/// an `onVerdict` that is not a function; or what `onVerdict` throws. A bad
/// line is an `invalid` verdict, not a refusal.
#[wasm_bindgen(js_name = verifyBatch, unchecked_return_type = "any[] | BatchTally")]
pub fn verify_batch(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(js_name = onVerdict, unchecked_optional_param_type = "(verdict: any) => void")]
    on_verdict: Option<JsValue>,
) -> Out {
    let _entered = enter()?;
    let Some(text) = text.dyn_ref::<JsString>() else {
        return Err(thrown(&Error::new(
            "text",
            ErrorKind::Type {
                got: convert::js_type(&text),
                expected: "a string: receipts, one per line",
            },
        )));
    };
    match on_verdict.filter(|f| !f.is_undefined() && !f.is_null()) {
        Some(f) => to_js(&verifier::verify_batch_streaming(
            text,
            &verifier::callback(&f)?,
        )?),
        // Refused before it is copied, as api::verify_batch refuses it.
        None if text.length() > convert::limit() => Err(thrown(&api::batch_too_big(format!(
            "more than {} bytes",
            fairdeal::receipt::INPUT_LIMIT
        )))),
        None => out(api::verify_batch(&String::from(text))),
    }
}

/// `readJson(text, field?)`: the value of JSON text, read as the CLI reads
/// a file: at most 4 MiB, nested at most 128 deep, a key given twice
/// refused. The web page reads a pasted, dropped or linked receipt, and a
/// field of JSON, with it.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind` naming `field` (`receipt` when
/// left out): text that is not a string (`type`), over the limit (`value`),
/// not JSON or giving a key twice (`syntax`).
#[wasm_bindgen(js_name = readJson)]
pub fn read_json(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] field: Option<JsValue>,
) -> Out {
    let _entered = enter()?;
    let field = field_name(field.as_ref())?;
    let Some(text) = text.dyn_ref::<JsString>() else {
        return Err(thrown(&Error::new(
            &field,
            ErrorKind::Type {
                got: convert::js_type(&text),
                expected: "JSON text, a string",
            },
        )));
    };
    json(&field, text).and_then(|value| to_js(&value))
}

/// `readReceipt(text)`: a receipt pasted or dropped as the site gives it
/// (the JSON object, the site's verifier command, the lines of the site's
/// page), as `{scheme, game?, form, receipt, missing}` (web/pkg-node's
/// README): its scheme found from its fields, the receipt as the object
/// `verify(scheme, receipt)` takes, and what it lacks (the fingerprint, with
/// the words to ask for it and where the player saw it).
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a `text` that is not a string
/// (`receipt`, `type`), over 4 MiB (`receipt`, `value`), not a receipt in any
/// form (`receipt`, a line `receipt line N`, or the field at fault), fields
/// that fit two schemes (`scheme`).
#[wasm_bindgen(js_name = readReceipt, unchecked_return_type = "ReadReceipt")]
pub fn read_receipt(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Out {
    let _entered = enter()?;
    let Some(text) = text.dyn_ref::<JsString>() else {
        return Err(thrown(&Error::new(
            "receipt",
            ErrorKind::Type {
                got: convert::js_type(&text),
                expected: "a string: the receipt as the site gives it",
            },
        )));
    };
    let text = convert::read_text("receipt", text)?;
    out(api::read_receipt(&text))
}

/// `checkSize(bytes, field?)`: nothing when `bytes` of JSON text are within
/// what `readJson` and the CLI read (4 MiB); the web page asks with a
/// dropped file's size before reading it.
///
/// # Errors
///
/// Throws the `Error` `readJson` would for such a text (`value`), naming
/// `field` (`receipt` when left out); `bytes` that is not a count
/// (`bytes`, `type`).
#[wasm_bindgen(js_name = checkSize)]
pub fn check_size(
    #[wasm_bindgen(unchecked_param_type = "number")] bytes: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] field: Option<JsValue>,
) -> Result<(), JsValue> {
    let _entered = enter()?;
    let field = field_name(field.as_ref())?;
    let count = bytes.as_f64().filter(|n| *n >= 0.0).ok_or_else(|| {
        thrown(&Error::new(
            "bytes",
            ErrorKind::Type {
                got: convert::js_type(&bytes),
                expected: "a count of bytes, a number from 0",
            },
        ))
    })?;
    if count > f64::from(convert::limit()) {
        return Err(thrown(&api::too_big(&field)));
    }
    Ok(())
}

/// `shown(value)`: a receipt's value as the CLI's verdict writes it, a
/// string quoted, with every control, direction and zero-width character
/// written as its escape (`"\u{202e}ykcul\u{202c}"`). The page shows every
/// value of a receipt so.
///
/// # Errors
///
/// Throws an `Error` (`value`) for a value JSON cannot hold.
#[wasm_bindgen(unchecked_return_type = "string")]
pub fn shown(value: JsValue) -> Out {
    let _entered = enter()?;
    let value = match value.dyn_ref::<JsString>() {
        Some(text) => serde_json::Value::String(convert::read_text("value", text)?),
        None => json("value", &value)?,
    };
    Ok(fairdeal::render::value(&value).into())
}

/// `stream(scheme, input, count, deal?)`: `{randoms}`, a `stream` vector
/// case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a
/// string or not registered, a refused input field, a bad `count` or
/// `deal`.
#[wasm_bindgen]
pub fn stream(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    input: JsValue,
    count: JsValue,
    deal: Option<JsValue>,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let input = json("input", &input)?;
    let count = json("count", &count)?;
    let deal = optional("deal", deal.as_ref())?;
    out(api::stream(&scheme, &input, &count, deal.as_ref()))
}

/// `shuffle(scheme, input, randoms, deal?)`: `{consumed, positions, deck}`,
/// a `shuffle` vector case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a
/// string or not registered, a refused input field, a bad number
/// (`randoms[3]`), a list that runs out.
#[wasm_bindgen]
pub fn shuffle(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    input: JsValue,
    randoms: JsValue,
    deal: Option<JsValue>,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let input = json("input", &input)?;
    let randoms = json("randoms", &randoms)?;
    let deal = optional("deal", deal.as_ref())?;
    out(api::shuffle(&scheme, &input, &randoms, deal.as_ref()))
}

/// `dealDeck(scheme, input, deck, deal?)`: the deal's fields of a given
/// deck, a `deal` vector case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a
/// string or not registered, a refused input field, a deck that is not the
/// starting deck's cards (`deck[4]`).
#[wasm_bindgen(js_name = dealDeck)]
pub fn deal_deck(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    input: JsValue,
    deck: JsValue,
    deal: Option<JsValue>,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let input = json("input", &input)?;
    let deck = json("deck", &deck)?;
    let deal = optional("deal", deal.as_ref())?;
    out(api::deal_deck(&scheme, &input, &deck, deal.as_ref()))
}

/// `generator(scheme, state, count)`: `{randoms}`, a `generator` vector
/// case's expected value.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a scheme that is not a
/// string or not registered, one without a raw generator (`state`,
/// `unsupported`), a refused state field, a bad `count`.
#[wasm_bindgen]
pub fn generator(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    state: JsValue,
    count: JsValue,
) -> Out {
    let _entered = enter()?;
    let scheme = name("scheme", &scheme, SCHEME)?;
    let state = json("state", &state)?;
    let count = json("count", &count)?;
    out(api::generator(&scheme, &state, &count))
}

/// Runs a game for `play` or `roll`.
fn run_game(verb: Verb, game: &JsValue, input: &JsValue, randoms: Option<&JsValue>) -> Out {
    let _entered = enter()?;
    let game = name("game", game, GAME)?;
    let input = json("input", input)?;
    let randoms = optional("randoms", randoms)?;
    out(api::game(verb, &game, &input, randoms.as_ref()))
}

/// Returns the field a refusal of `readJson` or `checkSize` names:
/// `receipt`, or the one given.
fn field_name(field: Option<&JsValue>) -> Result<String, JsValue> {
    match field {
        Some(f) if !f.is_undefined() && !f.is_null() => {
            name("field", f, "the name of the field the text is, a string")
        }
        _ => Ok("receipt".to_owned()),
    }
}
