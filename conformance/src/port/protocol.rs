//! The line protocol of docs/porting.md: what the runner sends and what it
//! accepts back.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use fairdeal::core::ErrorKind;
use fairdeal::core::input::json::parse_json;

use crate::diff::brief;

/// The protocol version this runner speaks.
pub const PROTOCOL: u64 = 1;

/// What a port said about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The port's name.
    pub name: String,
    /// Its language.
    pub language: String,
    /// For each scheme it supports, the kinds of case it runs.
    pub schemes: BTreeMap<String, Vec<String>>,
}

/// One answer to a `run`.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The output.
    Output(Value),
    /// A refusal.
    Error {
        /// Its kind.
        kind: String,
        /// Its field.
        field: String,
        /// Its message.
        message: String,
    },
    /// The port does not run this case.
    Skip(String),
}

/// Returns the runner's hello line.
pub fn hello() -> String {
    json!({ "type": "hello", "protocol": PROTOCOL }).to_string()
}

/// Returns the bye line.
pub fn bye() -> String {
    json!({ "type": "bye" }).to_string()
}

/// Returns a run line: the case's kind and its fields (input, count, ...).
pub fn run(seq: u64, scheme: &str, kind: &str, fields: &Map<String, Value>) -> String {
    let mut message = Map::new();
    message.insert("type".to_owned(), json!("run"));
    message.insert("seq".to_owned(), json!(seq));
    message.insert("scheme".to_owned(), json!(scheme));
    message.insert("kind".to_owned(), json!(kind));
    message.extend(fields.clone());
    Value::Object(message).to_string()
}

/// Parses the port's hello.
///
/// # Errors
///
/// What is wrong with the line, in words.
pub fn parse_hello(line: &str) -> Result<Hello, String> {
    let value = strict(line).map_err(|e| format!("the hello is {e}: {}", clip(line)))?;
    if value.get("type").and_then(Value::as_str) != Some("hello") {
        return Err(format!("expected a hello, got: {}", clip(line)));
    }
    match value.get("protocol") {
        Some(v) if v.as_u64() == Some(PROTOCOL) => {}
        Some(other) => {
            return Err(format!(
                "the port speaks protocol {}; this runner speaks {PROTOCOL}",
                brief(other)
            ));
        }
        None => {
            return Err(format!(
                "the hello has no \"protocol\"; this runner speaks {PROTOCOL}"
            ));
        }
    }
    let text = |k: &str| {
        value
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let Some(Value::Object(schemes)) = value.get("schemes") else {
        return Err("the hello has no \"schemes\" object".to_owned());
    };
    let mut supported = BTreeMap::new();
    for (id, kinds) in schemes {
        let Value::Array(kinds) = kinds else {
            return Err(format!("schemes.{id} must be a list of kinds"));
        };
        let kinds = kinds.iter().map(|k| {
            k.as_str()
                .map(str::to_owned)
                .ok_or(format!("schemes.{id}: a kind is not a string"))
        });
        supported.insert(id.clone(), kinds.collect::<Result<_, _>>()?);
    }
    Ok(Hello {
        name: text("name"),
        language: text("language"),
        schemes: supported,
    })
}

/// Parses an answer to run number `seq`.
///
/// # Errors
///
/// What is wrong with the line, in words: not JSON, not an answer, or the
/// wrong sequence number.
pub fn parse_answer(line: &str, seq: u64) -> Result<Answer, String> {
    let value = strict(line).map_err(|e| format!("a line that is {e}: {}", clip(line)))?;
    let kind = value.get("type").and_then(Value::as_str);
    if !matches!(kind, Some("output" | "error" | "skip")) {
        return Err(format!("a line that is not an answer: {}", clip(line)));
    }
    match value.get("seq") {
        Some(got) if got.as_u64() == Some(seq) => {}
        Some(got) => return Err(format!("an answer with seq {}, expected {seq}", brief(got))),
        None => return Err(format!("an answer without a seq, expected {seq}")),
    }
    let text = |k: &str| {
        value
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    Ok(match kind {
        Some("output") => Answer::Output(value.get("output").cloned().unwrap_or(Value::Null)),
        Some("error") => Answer::Error {
            kind: text("kind"),
            field: text("field"),
            message: text("message"),
        },
        _ => Answer::Skip(text("reason")),
    })
}

/// Parses a line as JSON, refusing a key given twice (which JSON parsers
/// resolve differently); the error says what the line is instead.
fn strict(line: &str) -> Result<Value, String> {
    parse_json(line).map_err(|e| match e.kind() {
        ErrorKind::Duplicate { .. } => format!("JSON with the key `{}` twice", e.field()),
        _ => "not JSON".to_owned(),
    })
}

/// Returns the seq of `line` when it is an answer to an earlier case than
/// run number `seq`: a second answer to that case.
pub fn earlier_answer(line: &str, seq: u64) -> Option<u64> {
    let value: Value = serde_json::from_str(line).ok()?;
    let kind = value.get("type").and_then(Value::as_str)?;
    let earlier = value.get("seq").and_then(Value::as_u64)?;
    (matches!(kind, "output" | "error" | "skip") && (1..seq).contains(&earlier)).then_some(earlier)
}

/// Says what `line`, written after the answer to the last case (run number
/// `last`) and not a second answer to a case sent, is: a noun phrase, for
/// "the port wrote ...".
pub fn stray(line: &str, last: u64) -> String {
    let value = match strict(line) {
        Ok(value) => value,
        Err(e) => return format!("a line that is {e}: {}", clip(line)),
    };
    let kind = value.get("type").and_then(Value::as_str);
    if !matches!(kind, Some("output" | "error" | "skip")) {
        return format!("a line that is not an answer: {}", clip(line));
    }
    match value.get("seq") {
        Some(seq) => format!(
            "an answer with seq {}, which the runner never sent (the last was {last})",
            brief(seq)
        ),
        None => "an answer without a seq".to_owned(),
    }
}

/// Shortens a line for a message.
fn clip(line: &str) -> String {
    let mut out: String = line.chars().take(200).collect();
    if out.len() < line.len() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_checked_for_form_and_seq() {
        assert_eq!(
            parse_answer(r#"{"type":"skip","seq":3,"reason":"no"}"#, 3),
            Ok(Answer::Skip("no".to_owned()))
        );
        assert!(
            parse_answer(r#"{"type":"output","seq":2,"output":{}}"#, 3)
                .unwrap_err()
                .contains("an answer with seq 2, expected 3")
        );
        assert!(
            parse_answer("hello there", 3)
                .unwrap_err()
                .contains("not JSON")
        );
        assert!(
            parse_answer(r#"{"type":"log"}"#, 3)
                .unwrap_err()
                .contains("not an answer")
        );
        let h = parse_hello(
            r#"{"type":"hello","protocol":1,"name":"p","language":"L","schemes":{"x":["trace"]}}"#,
        );
        assert_eq!(h.unwrap().schemes["x"], ["trace"]);
        assert_eq!(
            parse_hello(r#"{"type":"hello","protocol":2,"schemes":{}}"#).unwrap_err(),
            "the port speaks protocol 2; this runner speaks 1"
        );
        assert_eq!(
            parse_hello(r#"{"type":"hello","schemes":{}}"#).unwrap_err(),
            "the hello has no \"protocol\"; this runner speaks 1"
        );
        assert_eq!(
            parse_answer(r#"{"type":"skip","reason":"no"}"#, 3).unwrap_err(),
            "an answer without a seq, expected 3"
        );
        assert_eq!(
            parse_answer(r#"{"type":"skip","seq":3,"seq":4,"reason":"no"}"#, 3).unwrap_err(),
            r#"a line that is JSON with the key `seq` twice: {"type":"skip","seq":3,"seq":4,"reason":"no"}"#
        );
        assert_eq!(
            earlier_answer(r#"{"type":"output","seq":2,"output":{}}"#, 3),
            Some(2)
        );
        assert_eq!(earlier_answer(r#"{"type":"output","seq":4}"#, 3), None);
        assert_eq!(earlier_answer(r#"{"type":"log","seq":2}"#, 3), None);
    }

    /// After the last case, a line that is no second answer is named for
    /// what it is: an answer to a seq never sent is not "expected" anything.
    #[test]
    fn a_line_after_the_last_case_is_named_for_what_it_is() {
        assert_eq!(
            stray(r#"{"type":"skip","seq":99}"#, 3),
            "an answer with seq 99, which the runner never sent (the last was 3)"
        );
        assert_eq!(
            stray(r#"{"type":"skip","seq":0}"#, 3),
            "an answer with seq 0, which the runner never sent (the last was 3)"
        );
        assert_eq!(stray(r#"{"type":"skip"}"#, 3), "an answer without a seq");
        assert_eq!(stray("bye", 3), "a line that is not JSON: bye");
        assert_eq!(
            stray(r#"{"type":"log"}"#, 3),
            r#"a line that is not an answer: {"type":"log"}"#
        );
    }
}
