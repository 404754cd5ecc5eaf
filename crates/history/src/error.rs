//! [`Error`]: a history that cannot be read at all (an unreadable file, a
//! CSV header naming a field twice, a CSV record over the size limit), as
//! opposed to a receipt refused, which is counted as invalid and read on.

use std::fmt;

/// Why a history cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The line (from 1), when the trouble is at one.
    pub line: Option<u64>,
    /// What was wrong, and what is expected.
    pub message: String,
}

impl Error {
    /// Returns the error `message` at `line`.
    pub fn at(line: u64, message: impl Into<String>) -> Self {
        Self {
            line: Some(line),
            message: message.into(),
        }
    }

    /// Returns the error `message`, at no line.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}
