//! JavaScript values in and out. Every argument is taken as it comes (a
//! `JsValue`) and checked here, never by wasm-bindgen's glue, whose string
//! conversion of a number or a Symbol trapped and corrupted the module. A
//! JSON argument goes through JSON text: `JSON.stringify` of an object
//! (which refuses a circular one), then [`api::parse`], as the CLI reads a
//! file: bounded in size and depth, a key given twice refused. Nothing here
//! walks a JavaScript value by recursion on the wasm stack, whose overflow
//! (a list nested 3,000 deep) trapped that call and every later one.
//! Outputs go back as `JSON.parse` of their text.

use std::sync::atomic::{AtomicUsize, Ordering};

use fairdeal::receipt::INPUT_LIMIT;
use fairdeal::{Error, ErrorKind};
use js_sys::{Array, JsString};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};

use crate::api;

/// What the functions return to JavaScript: a plain value, or the thrown
/// `Error`.
pub type Out = Result<JsValue, JsValue>;

/// The most calls of the package that may run inside one another. A
/// getter or `toJSON` of an argument, or an `onVerdict`, may call it again,
/// but each level holds wasm stack, and a recursion without end would
/// overflow its 1 MiB.
const MAX_NESTED: usize = 8;

/// The calls of the package running now, one inside another.
static NESTED: AtomicUsize = AtomicUsize::new(0);

/// The UTF-16 code units a name argument (`scheme`, `game`) may hold: the
/// longest id is a few dozen; a longer text is refused before it is copied.
const MAX_NAME: u32 = 256;

/// A call of the package running, counted until it returns.
#[must_use]
pub struct Entered(());

impl Drop for Entered {
    fn drop(&mut self) {
        NESTED.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts a call of the package, the first thing every export does.
///
/// # Errors
///
/// A call nested more than [`MAX_NESTED`] deep inside others (field `call`,
/// kind `range`), refused before it does anything.
pub fn enter() -> Result<Entered, JsValue> {
    let depth = NESTED.fetch_add(1, Ordering::Relaxed) + 1;
    let entered = Entered(());
    if depth > MAX_NESTED {
        return Err(thrown(&Error::new(
            "call",
            ErrorKind::Range {
                got: format!("a call of fairdeal {depth} deep inside others"),
                expected: "at most 8 calls inside one another (from a getter, toJSON or onVerdict)",
            },
        )));
    }
    Ok(entered)
}

/// Returns a name argument (`scheme`, `game`): a string, whatever else it
/// is refused as of the wrong type.
///
/// # Errors
///
/// Not a string (kind `type`), or one too long to be a name (`length`).
pub fn name(field: &str, value: &JsValue, expected: &'static str) -> Result<String, JsValue> {
    let Some(text) = value.dyn_ref::<JsString>() else {
        return Err(thrown(&Error::new(
            field,
            ErrorKind::Type {
                got: js_type(value),
                expected,
            },
        )));
    };
    if text.length() > MAX_NAME {
        return Err(thrown(&Error::new(
            field,
            ErrorKind::Length {
                got: usize::try_from(text.length()).unwrap_or(usize::MAX),
                expected,
            },
        )));
    }
    Ok(String::from(text))
}

/// Returns a JSON argument: a string read as JSON text, any other value as
/// `JSON.stringify` writes it, both read by [`api::parse`].
///
/// # Errors
///
/// A value JSON cannot hold (`undefined`, a function, a Symbol, a BigInt:
/// kind `type`), one `JSON.stringify` refuses (a circular object: `value`),
/// text over the size limit, not JSON, nested too deep or with a key given
/// twice: each naming `field`.
pub fn json(field: &str, value: &JsValue) -> Result<Value, JsValue> {
    let text = match value.dyn_ref::<JsString>() {
        Some(text) => text.clone(),
        None => stringified(field, value)?,
    };
    read_text(field, &text).and_then(|text| api::parse(field, &text).map_err(|e| thrown(&e)))
}

/// Returns an optional JSON argument: `None` when left out, `undefined` or
/// `null`.
///
/// # Errors
///
/// As [`json`].
pub fn optional(field: &str, value: Option<&JsValue>) -> Result<Option<Value>, JsValue> {
    match value {
        Some(v) if !v.is_undefined() && !v.is_null() => json(field, v).map(Some),
        _ => Ok(None),
    }
}

/// Returns the text of a JavaScript string, refusing one over the size
/// limit before it is copied into wasm memory (which never shrinks): a
/// string of more UTF-16 code units than the limit has more UTF-8 bytes
/// too.
///
/// # Errors
///
/// [`api::too_big`] naming `field`.
pub fn read_text(field: &str, text: &JsString) -> Result<String, JsValue> {
    api::check_size(field, u64::from(text.length())).map_err(|e| thrown(&e))?;
    Ok(String::from(text))
}

/// Returns `JSON.stringify(value)`.
fn stringified(field: &str, value: &JsValue) -> Result<JsString, JsValue> {
    let refused = |got| {
        thrown(&Error::new(
            field,
            ErrorKind::Type {
                got,
                expected: "JSON: a plain object, list, string, number, boolean or null",
            },
        ))
    };
    if value.is_undefined() || value.is_function() || value.is_symbol() || value.is_bigint() {
        return Err(refused(js_type(value)));
    }
    match js_sys::JSON::stringify(value) {
        Ok(text) if text.is_string() => Ok(text),
        // A toJSON that returns undefined.
        Ok(_) => Err(refused(js_type(value))),
        Err(e) => Err(thrown(&Error::new(
            field,
            ErrorKind::Value {
                got: first_line(&e),
                expected: "plain objects, lists, strings, numbers, booleans and null, \
                           as JSON.stringify writes them"
                    .to_owned(),
            },
        ))),
    }
}

/// Returns the first line of a thrown value's message: V8's message for a
/// circular object goes on to draw the circle.
fn first_line(thrown: &JsValue) -> String {
    let message = match thrown.dyn_ref::<js_sys::Error>() {
        Some(e) => String::from(e.message()),
        None => "a value JSON.stringify refused".to_owned(),
    };
    message.lines().next().unwrap_or_default().to_owned()
}

/// Returns the type of a JavaScript value, as a refusal names it.
pub fn js_type(value: &JsValue) -> &'static str {
    if value.is_string() {
        "a string"
    } else if value.as_f64().is_some() {
        "a number"
    } else if value.as_bool().is_some() {
        "a boolean"
    } else if value.is_null() {
        "null"
    } else if value.is_undefined() {
        "undefined"
    } else if value.is_bigint() {
        "a BigInt"
    } else if value.is_symbol() {
        "a Symbol"
    } else if value.is_function() {
        "a function"
    } else if Array::is_array(value) {
        "a list"
    } else {
        "an object"
    }
}

/// Returns a result to JavaScript: the value, or the error thrown.
pub fn out(result: Result<Value, Error>) -> Out {
    match result {
        Ok(value) => to_js(&value),
        Err(e) => Err(thrown(&e)),
    }
}

/// Returns `value` as plain JavaScript objects, lists, strings and numbers:
/// `JSON.parse` of its JSON text.
///
/// # Errors
///
/// Only if `value` does not serialize, which none of the outputs fails to
/// do (they hold no map with keys that are not strings).
pub fn to_js<T: Serialize>(value: &T) -> Out {
    let text = serde_json::to_string(value)
        .map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))?;
    js_sys::JSON::parse(&text)
}

/// Returns the JavaScript `Error` for `e`: its message as the CLI prints
/// it, with `field` and `kind` (the vector files' error kind) set.
pub fn thrown(e: &Error) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    // Setting a property of a new Error object cannot fail: it is neither
    // frozen nor a proxy.
    let _ = js_sys::Reflect::set(&error, &"field".into(), &e.field().into());
    let _ = js_sys::Reflect::set(&error, &"kind".into(), &e.kind().code().into());
    // What probably happened and its fix (whitespace copied around a hex
    // value), beside the message.
    let hints: Array = e.hints().iter().map(|h| JsValue::from_str(h)).collect();
    let _ = js_sys::Reflect::set(&error, &"hints".into(), &hints);
    error.into()
}

/// Returns `INPUT_LIMIT` as a count of UTF-16 code units or bytes of wasm
/// memory: it fits in 32 bits.
pub fn limit() -> u32 {
    u32::try_from(INPUT_LIMIT).unwrap_or(u32::MAX)
}
