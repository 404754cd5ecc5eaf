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
/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A card's code, as the vectors write it: `Th`, `9s`, `Jk` for the joker. */
export type Card = string;

/**
 * A scheme's or game's input: its fields by the names of
 * docs/schemes/<id>.md, or their JSON text (read as the CLI reads a file,
 * so that a number such as `1.0` reaches the scheme as written).
 */
export type Input = { [field: string]: Json } | string;

/**
 * A receipt: the scheme's input fields, the fingerprint shown before play
 * (or its alias, such as `lock`), optionally the cards you recorded
 * (`hand`: "Tc 9s 9d Jd Ad" or a list of codes, a list of such for a
 * series) and your `seat`; or its JSON text.
 */
export type Receipt = {
  [field: string]: Json | undefined;
  fingerprint?: string;
  hand?: string | Json[];
  seat?: number;
} | string;

/** A field's own rule, as `schemes()` states it. */
export type FieldRule =
  | { kind: "hex"; digits: number }
  | { kind: "printable"; min: number; max: number }
  | { kind: "at-most"; max: number }
  | { kind: "between"; min: number; max: number }
  | { kind: "exactly"; value: number; max: number }
  | { kind: "fixed-seat"; max: number }
  | { kind: "seat" | "per-seat"; of: string; tables?: { name: string; seats: number; required: boolean }[] }
  | { kind: "one-of"; words: string[] }
  | { kind: "check" }
  | { kind: "any" };

/** One of a field's fixed choices: the value to give, and its words (`left (1)`). */
export interface FieldChoice {
  value: number | string;
  label: string;
}

/** One input field of a scheme or game. */
export interface FieldInfo {
  name: string;
  kind: "text" | "integer" | "bool" | "json" | "text-per-seat";
  /** The CLI's flag for it (`--server-seed`). */
  flag: string;
  required: boolean;
  /** What the value is, as a player reads it. */
  help: string;
  /** What a good value is, as the messages say it. */
  expected: string;
  rule: FieldRule;
  /** The values it may take, when they are a few fixed ones (a seat, a variant). */
  choices?: FieldChoice[];
}

/** One of a site's other games played with the same seeds. */
export interface GameInfo {
  name: string;
  verb: "play" | "roll";
  summary: string;
  fields: FieldInfo[];
}

/** How a scheme names seats: only numbered, or named at a table of as many seats as names. */
export type SeatNames = "numbered" | { named: string[] };

/** Which cards a receipt's `hand` is checked against. */
export type PlayerInfo = { seat: number; choosable: boolean } | { positions: number[] };

/** What `schemes()` lists of each scheme. */
export interface SchemeInfo {
  id: string;
  site: string;
  summary: string;
  method: string;
  /** The commitment: what it hashes, its other names, the inputs it covers, and where the player saw it before play. */
  commitment: { hashes: string; aliases: string[]; covers: string[]; seen: string };
  /** The words the site's page puts before a field's value. */
  labels: { field: string; words: string }[];
  /** The site's own verifier command, if it has one. */
  command: { interpreters: string[]; script: string; label: string } | null;
  fields: FieldInfo[];
  seats: SeatNames;
  player: PlayerInfo;
  games: GameInfo[];
}

/** Every stage of a deal in the method's order (`fingerprint`, `randoms`, `positions`, `deck`, `hands`, ...): `fairdeal deal SCHEME --json`. */
export type Trace = { [stage: string]: Json };

/** A role at a deal's table (dealer, taker) and its seat. */
export interface Role {
  name: string;
  seat: number;
  with?: string;
}

/** A named part of a deal besides the seats' hands (the up-card, the kitty). */
export interface Part {
  name: string;
  value: Card[] | Card[][] | string[];
}

/** One deal's table: its seat count, roles, each seat's hand and the rest. */
export interface TableView {
  seats: number;
  roles: Role[];
  hands: Card[][];
  rest: Part[];
}

/** What a person sees of an input: `view()`, and a verified receipt's `view`. */
export interface DealView {
  fingerprint: string;
  setup: [string, string][];
  series: boolean;
  deals: [TableView, Card[]][];
}

/** One of the method's checks of a record beyond the fingerprint. */
export interface RecordCheck {
  what: string;
  ok: boolean;
  expected: string;
  given: string;
}

/** A recorded hand that matched the cards dealt. */
export interface HandCheck {
  deal: number;
  seat: number | null;
  dealt: Card[];
}

/** What a matched fingerprint vouches for, and what it does not. */
export interface Matched {
  verdict: "verified";
  /** The fingerprint matched, lowercase hex. */
  fingerprint: string;
  /** What it hashes (`SHA-256(seed)`). */
  commitment: string;
  /** The inputs it covers, with their values. */
  covered: [string, Json][];
  /** The inputs it does not cover, with their values. */
  not_covered: [string, Json][];
  checks: RecordCheck[];
  hands: HandCheck[];
}

/** `verify()` of a receipt whose fingerprint, record and hand hold. */
export interface Verified extends Matched {
  trace: Trace;
  view: DealView;
}

/** The check that failed. */
export type Failure =
  | { check: "fingerprint"; commitment: string; given: string; computed: string }
  | ({ check: "record" } & RecordCheck)
  | { check: "hand"; deal: number; seat: number | null; dealt: Card[]; recorded: Card[]; dealt_differs: boolean[]; recorded_differs: boolean[] };

/** A receipt that did not verify, with the slips that would explain it. */
export interface NotVerified {
  verdict: "not-verified";
  failure: Failure;
  hints: string[];
}

/** What `verify()` returns. */
export type Verdict = Verified | NotVerified;

/** A game's outcome: `fairdeal play|roll NAME --json`. */
export type GameOutput = { fingerprint_checked: boolean; [field: string]: Json };

/** A game's receipt whose fingerprint matched, with its outcome. */
export interface GameVerified extends Matched {
  output: GameOutput;
}

/** What `play()` and `roll()` return: the outcome alone without a fingerprint, else the verdict. */
export type GameResult = GameOutput | GameVerified | NotVerified;

/** A batch line's verdict, as `fairdeal verify --batch` writes it. */
export interface BatchVerdict {
  line: number;
  scheme: string | null;
  verdict: "verified" | "not-verified" | "invalid";
  check?: string;
  error?: { field: string; kind: string; message: string };
  hints?: string[];
}

/** What `readReceipt(text)` returns: a receipt as the site gives it, read. */
export interface ReadReceipt {
  /** The scheme's id, named by the receipt or found from its fields. */
  scheme: string;
  /** The game's name, for a game's receipt (`play`/`roll`). */
  game?: string;
  /** The form it came in. */
  form: "json" | "command" | "labels";
  /** The receipt as one JSON object, the form of a batch line: `scheme`, `game`, the fields, `fingerprint`, `hand`, `seat`. */
  receipt: { [field: string]: Json };
  /** What it lacks that the player must give, and where they saw it. */
  missing: { field: string; ask: string; where: string }[];
}

/** What `history(text)` returns: the report `fairdeal history --json` prints (docs/history.md). */
export interface HistoryReport {
  receipts: number;
  verified: number;
  not_verified: number;
  invalid: number;
  /** Each finding across receipts, naming the lines involved. */
  findings: {
    kind: "seed-reused" | "deal-repeated" | "nonce-repeated" | "nonce-gap" | "chain-broken";
    lines: number[];
    message: string;
  }[];
  /** Each test of the player's cards against the exact odds (Holm-corrected). */
  tests: {
    scheme: string;
    /** The cards the hands were dealt from, and how many a hand. */
    deck: string;
    /** Stable id: "weak-hand", "card-frequency", ... */
    name: string;
    what: string;
    method: "binomial" | "longest-run" | "chi-squared";
    hands: number;
    /** The hands showing the event, the longest run, or the chi-squared statistic. */
    observed: number;
    /** The exact chance a hand ("136/253"), the longest run's fair range, or the statistic's law. */
    expected: string;
    df: number | null;
    p_value: number;
    p_corrected: number;
    /** The hands needed to see a shift of `shift` (a chance) at the corrected threshold, 4 times in 5. */
    detect: { shift: number; hands: number } | null;
    /** What was counted against what a fair deal gives, a class a row: the plot's rows. */
    classes: { label: string; observed: number; expected: number; low: number; high: number; exact: string | null }[];
  }[];
  /** Never "fair": consistent with a fair deal, suspicious, or failed. */
  verdict: "consistent" | "suspicious" | "failed";
}

/** What `verifyBatch(text, onVerdict)` and `BatchVerifier.finish()` return. */
export interface BatchTally {
  receipts: number;
  verified: number;
  not_verified: number;
  invalid: number;
}

/** `stream()` and `generator()`: the numbers, as the vectors write them (64-bit ones as 16 hex digits). */
export interface Randoms {
  randoms: (number | string)[];
}

/** `shuffle()`: the numbers it took, the positions drawn and the shuffled deck. */
export interface Shuffled {
  consumed: number;
  positions: number[];
  deck: Card[];
}

/** `dealDeck()`: the deal's fields of a given deck (`hands`, `upcard`, `kitty`, ...). */
export type DealtDeck = { [field: string]: Json };

/** What every function throws for a refused argument: the CLI's message, the field it names and a vector file's error kind. */
export interface FairdealError extends Error {
  field: string;
  kind: string;
}
"#;

/// `schemes()`: every scheme's description (id, site, fields with their
/// rules, seats, player, games).
///
/// # Errors
///
/// Throws only when called nested too deep inside other calls (`call`).
#[wasm_bindgen(unchecked_return_type = "SchemeInfo[]")]
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
#[wasm_bindgen(unchecked_return_type = "Trace")]
pub fn deal(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
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
#[wasm_bindgen(unchecked_return_type = "DealView")]
pub fn view(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
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
#[wasm_bindgen(unchecked_return_type = "Verdict")]
pub fn verify(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Receipt")] receipt: JsValue,
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
#[wasm_bindgen(unchecked_return_type = "GameResult")]
pub fn play(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Json[] | string")] randoms: Option<JsValue>,
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
#[wasm_bindgen(unchecked_return_type = "GameResult")]
pub fn roll(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Json[] | string")] randoms: Option<JsValue>,
) -> Out {
    run_game(Verb::Roll, &game, &input, randoms.as_ref())
}

/// `readWritten(game, input)`: the JSON text of a game's input with each
/// value a person writes in their own words (blackjack's `actions`: `h s`,
/// `H,S`, `hit stand`) read into the method's form (`HS`), the other keys
/// as given; what `play` takes without a fingerprint, which reads only the
/// method's own form, as a vector case gives it. Text, so that a number a
/// JavaScript number cannot hold (a 64-bit nonce) reaches `play` whole.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a game that is not a string
/// or not registered (`game`), input that is not JSON, a value none of its
/// field's forms.
#[wasm_bindgen(js_name = readWritten, unchecked_return_type = "string")]
pub fn read_written(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
) -> Out {
    let _entered = enter()?;
    let game = name("game", &game, GAME)?;
    let input = json("input", &input)?;
    let read = api::read_written(&game, &input).map_err(|e| thrown(&e))?;
    Ok(JsValue::from_str(&read.to_string()))
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
#[wasm_bindgen(js_name = verifyBatch, unchecked_return_type = "BatchVerdict[] | BatchTally")]
pub fn verify_batch(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(
        js_name = onVerdict,
        unchecked_optional_param_type = "(verdict: BatchVerdict) => void"
    )]
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
#[wasm_bindgen(js_name = readJson, unchecked_return_type = "Json")]
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

/// `history(text)`: the report on a history dropped on the page (JSONL
/// receipts, or CSV with a header row naming the fields), as `fairdeal
/// history --json` prints it: `{receipts, verified, not_verified, invalid,
/// findings, tests, verdict}` (docs/history.md). Nothing leaves the page.
///
/// # Errors
///
/// Throws an `Error` with `field` and `kind`: a `text` that is not a string
/// (`history`, `type`), over 64 MiB or not readable as a history, or
/// holding no receipt (`history`, `value`, naming the line).
#[wasm_bindgen(js_name = history, unchecked_return_type = "HistoryReport")]
pub fn history(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Out {
    let _entered = enter()?;
    let Some(text) = text.dyn_ref::<JsString>() else {
        return Err(thrown(&Error::new(
            "history",
            ErrorKind::Type {
                got: convert::js_type(&text),
                expected: "a string: the history's text",
            },
        )));
    };
    // Refused before it is copied into wasm memory, which never shrinks: a
    // string of more UTF-16 code units than the limit has more bytes too.
    if u64::from(text.length()) > api::HISTORY_LIMIT {
        return Err(thrown(&api::history_too_big(format!(
            "{} characters",
            text.length()
        ))));
    }
    out(api::history(&String::from(text)))
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
pub fn shown(#[wasm_bindgen(unchecked_param_type = "Json")] value: JsValue) -> Out {
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
#[wasm_bindgen(unchecked_return_type = "Randoms")]
pub fn stream(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | string")] count: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number | string")] deal: Option<JsValue>,
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
#[wasm_bindgen(unchecked_return_type = "Shuffled")]
pub fn shuffle(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Json[] | string")] randoms: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number | string")] deal: Option<JsValue>,
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
#[wasm_bindgen(js_name = dealDeck, unchecked_return_type = "DealtDeck")]
pub fn deal_deck(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Card[] | string")] deck: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number | string")] deal: Option<JsValue>,
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
#[wasm_bindgen(unchecked_return_type = "Randoms")]
pub fn generator(
    #[wasm_bindgen(unchecked_param_type = "string")] scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Input")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | string")] count: JsValue,
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
