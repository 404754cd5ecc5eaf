//! A batch fed from JavaScript in pieces: `BatchVerifier` (a chunk at a
//! time, strings or bytes, say a file's stream) and the streaming form of
//! `verifyBatch(text, onVerdict)`, each verdict handed to `onVerdict` as
//! its line ends ([`Batch`]). A chunk, however long, is copied into wasm
//! memory a piece at a time, so that what the module holds stays bounded
//! by the longest line it may keep (4 MiB) and a piece.

use std::cell::RefCell;

use fairdeal::{Error, ErrorKind};
use js_sys::{Function, JsString, Uint8Array};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::batch::{Batch, Tally};
use crate::convert::{Out, enter, js_type, thrown, to_js};

/// The UTF-16 code units of a string, or bytes of a `Uint8Array`, copied
/// into wasm memory at a time.
const PIECE: u32 = 1 << 16;

/// `new BatchVerifier(onVerdict)`: a batch of receipts, one per line, fed
/// in chunks (`push`), each line's verdict given to `onVerdict` as the line
/// ends, as `fairdeal verify --batch` writes it; `finish()` ends it.
#[wasm_bindgen]
#[derive(Debug)]
pub struct BatchVerifier {
    on_verdict: Function,
    state: RefCell<State>,
}

/// What a batch fed in chunks holds between them.
#[derive(Debug, Default)]
struct State {
    batch: Batch,
    /// A chunk's last UTF-16 code unit when it began a surrogate pair: it
    /// is read with the next chunk's first.
    pending: Option<JsString>,
    /// `onVerdict` threw: the rest of the chunk was not read, so no more
    /// is.
    stopped: bool,
}

#[wasm_bindgen]
impl BatchVerifier {
    /// `new BatchVerifier(onVerdict)`.
    ///
    /// # Errors
    ///
    /// Throws an `Error` (`onVerdict`, `type`) unless `onVerdict` is a
    /// function.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(
            js_name = onVerdict,
            unchecked_param_type = "(verdict: BatchVerdict) => void"
        )]
        on_verdict: JsValue,
    ) -> Result<Self, JsValue> {
        let _entered = enter()?;
        Ok(Self {
            on_verdict: callback(&on_verdict)?,
            state: RefCell::new(State::default()),
        })
    }

    /// `push(chunk)`: the next piece of the batch, a string or bytes (a
    /// `Uint8Array`, such as a file stream's chunks). Chunks may split the
    /// text anywhere: a line, a character's UTF-8 bytes, a string's
    /// surrogate pair run on into the next chunk.
    ///
    /// # Errors
    ///
    /// Throws what `onVerdict` throws, after which the verifier takes no
    /// more; an `Error` (`chunk`, `type`) for a chunk that is neither; an
    /// `Error` (`call`) when called from its own `onVerdict` or after
    /// `onVerdict` threw.
    pub fn push(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] chunk: JsValue,
    ) -> Result<(), JsValue> {
        let _entered = enter()?;
        let mut state = self.borrow()?;
        let on = &self.on_verdict;
        let result = if let Some(text) = chunk.dyn_ref::<JsString>() {
            feed_text(&mut state, text, on)
        } else if let Some(bytes) = chunk.dyn_ref::<Uint8Array>() {
            flush_pending(&mut state, on).and_then(|()| feed_bytes(&mut state.batch, bytes, on))
        } else {
            return Err(thrown(&Error::new(
                "chunk",
                ErrorKind::Type {
                    got: js_type(&chunk),
                    expected: "a string or a Uint8Array: the batch's next piece",
                },
            )));
        };
        state.stopped = result.is_err();
        result
    }

    /// `finish()`: ends the batch, giving the verdict of a last line
    /// without a newline, and returns the count `{ receipts, verified,
    /// not_verified, invalid }`. The verifier may then start a new batch.
    ///
    /// # Errors
    ///
    /// As `push`.
    #[wasm_bindgen(unchecked_return_type = "BatchTally")]
    pub fn finish(&self) -> Out {
        let _entered = enter()?;
        let mut state = self.borrow()?;
        let on = &self.on_verdict;
        let result = flush_pending(&mut state, on)
            .and_then(|()| state.batch.finish(&mut give(on)))
            .and_then(|tally| to_js(&tally));
        *state = State {
            stopped: result.is_err(),
            ..State::default()
        };
        result
    }
}

impl BatchVerifier {
    /// Returns the state to feed, unless a call of this verifier is running
    /// (this one came from its `onVerdict`) or `onVerdict` threw.
    fn borrow(&self) -> Result<std::cell::RefMut<'_, State>, JsValue> {
        let refused = |got: &str| {
            thrown(&Error::new(
                "call",
                ErrorKind::Value {
                    got: got.to_owned(),
                    expected: "calls of a BatchVerifier one at a time, \
                               and none after its onVerdict threw"
                        .to_owned(),
                },
            ))
        };
        let state = self
            .state
            .try_borrow_mut()
            .map_err(|_| refused("a call from its own onVerdict"))?;
        if state.stopped {
            return Err(refused("a call after its onVerdict threw"));
        }
        Ok(state)
    }
}

/// The streaming form of `verifyBatch(text, onVerdict)`: every verdict
/// given to `on_verdict`, the count returned.
///
/// # Errors
///
/// What `on_verdict` throws.
pub fn verify_batch_streaming(text: &JsString, on_verdict: &Function) -> Result<Tally, JsValue> {
    let mut state = State::default();
    feed_text(&mut state, text, on_verdict)?;
    flush_pending(&mut state, on_verdict)?;
    state.batch.finish(&mut give(on_verdict))
}

/// Returns `value` as a function to call with each verdict.
///
/// # Errors
///
/// An `Error` (`onVerdict`, `type`) when it is not one.
pub fn callback(value: &JsValue) -> Result<Function, JsValue> {
    value.dyn_ref::<Function>().cloned().ok_or_else(|| {
        thrown(&Error::new(
            "onVerdict",
            ErrorKind::Type {
                got: js_type(value),
                expected: "a function, called with each verdict",
            },
        ))
    })
}

/// Returns what hands each verdict to `on`.
fn give(on: &Function) -> impl FnMut(Value) -> Result<(), JsValue> + '_ {
    |verdict| on.call1(&JsValue::UNDEFINED, &to_js(&verdict)?).map(drop)
}

/// Feeds a string a piece at a time, no piece ending inside a surrogate
/// pair; the string's last code unit, when it begins a pair, is held for
/// the next chunk.
fn feed_text(state: &mut State, text: &JsString, on: &Function) -> Result<(), JsValue> {
    let joined;
    let text = match state.pending.take() {
        Some(high) => {
            joined = high.concat(text);
            &joined
        }
        None => text,
    };
    let len = text.length();
    let mut start = 0;
    while start < len {
        let mut end = len.min(start.saturating_add(PIECE));
        if is_high_surrogate(text.char_code_at(end - 1)) {
            end -= 1;
            if end + 1 == len {
                state.pending = Some(text.slice(end, len));
            }
        }
        if end > start {
            let piece = String::from(text.slice(start, end));
            state.batch.feed(piece.as_bytes(), &mut give(on))?;
        }
        if state.pending.is_some() {
            break;
        }
        start = end;
    }
    Ok(())
}

/// Feeds what a held code unit is alone: the replacement character, as a
/// JavaScript string with a lone surrogate is encoded.
fn flush_pending(state: &mut State, on: &Function) -> Result<(), JsValue> {
    match state.pending.take() {
        Some(alone) => state
            .batch
            .feed(String::from(alone).as_bytes(), &mut give(on)),
        None => Ok(()),
    }
}

/// Feeds bytes a piece at a time.
fn feed_bytes(batch: &mut Batch, bytes: &Uint8Array, on: &Function) -> Result<(), JsValue> {
    let len = bytes.length();
    let mut start = 0;
    while start < len {
        let end = len.min(start.saturating_add(PIECE));
        batch.feed(&bytes.subarray(start, end).to_vec(), &mut give(on))?;
        start = end;
    }
    Ok(())
}

/// Whether a UTF-16 code unit begins a surrogate pair (U+D800 to U+DBFF).
fn is_high_surrogate(unit: f64) -> bool {
    (f64::from(0xD800_u16)..f64::from(0xDC00_u16)).contains(&unit)
}
