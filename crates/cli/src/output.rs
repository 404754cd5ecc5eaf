//! Writing to standard output, where a closed pipe ends the run quietly.

use std::io::{self, Write};

use serde_json::Value;

use crate::error::CliError;

/// Writes `text` to standard output.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Writes `value` as pretty JSON and a newline.
pub fn print_json(value: &Value) -> Result<(), CliError> {
    // OK because a Value always serializes.
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    print(&format!("{text}\n"))
}
