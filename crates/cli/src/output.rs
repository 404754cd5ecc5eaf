//! Writing to standard output. A closed pipe (`fairdeal ... | head`) is
//! [`CliError::Closed`]: the run stops, and does not end as a success.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
#[cfg(unix)]
use std::os::fd::AsFd;
#[cfg(windows)]
use std::os::windows::io::AsHandle;

use indicatif::{ProgressBar, ProgressStyle};
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

/// Returns standard output without the standard library's line buffer
/// (a handle of its own to the same file), so that what a write says it
/// wrote was handed on: a batch counts the verdicts a reader could have
/// read before the pipe closed.
///
/// # Errors
///
/// Standard output that cannot be duplicated (no descriptor left).
pub fn unbuffered_stdout() -> Result<File, CliError> {
    #[cfg(unix)]
    let handle = io::stdout().as_fd().try_clone_to_owned();
    #[cfg(windows)]
    let handle = io::stdout().as_handle().try_clone_to_owned();
    Ok(File::from(handle?))
}

/// Returns a progress bar on standard error when it is a terminal: by bytes
/// of an input of known size, else a spinner; hidden otherwise, so that a
/// pipe or a log gets none.
pub fn progress(size: Option<u64>) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    match size {
        Some(size) => ProgressBar::new(size).with_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner(),
    }
}
