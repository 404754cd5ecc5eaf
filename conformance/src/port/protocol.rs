//! The line protocol of docs/porting.md: what the runner sends and what it
//! accepts back.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

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
    let value: Value =
        serde_json::from_str(line).map_err(|e| format!("the hello is not JSON ({e}): {line}"))?;
    if value.get("type").and_then(Value::as_str) != Some("hello") {
        return Err(format!("expected a hello, got: {line}"));
    }
    match value.get("protocol").and_then(Value::as_u64) {
        Some(PROTOCOL) => {}
        other => {
            return Err(format!(
                "the port speaks protocol {other:?}; this runner speaks {PROTOCOL}"
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
    let value: Value = serde_json::from_str(line)
        .map_err(|_| format!("a line that is not JSON: {}", clip(line)))?;
    let kind = value.get("type").and_then(Value::as_str);
    if !matches!(kind, Some("output" | "error" | "skip")) {
        return Err(format!("a line that is not an answer: {}", clip(line)));
    }
    match value.get("seq").and_then(Value::as_u64) {
        Some(got) if got == seq => {}
        got => return Err(format!("an answer with seq {got:?}, expected {seq}")),
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
                .contains("seq Some(2)")
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
        assert!(parse_hello(r#"{"type":"hello","protocol":2,"schemes":{}}"#).is_err());
    }
}
