//! What went wrong, and the exit code it maps to. Nothing else decides exit
//! codes.

use std::io;
use std::process::ExitCode;

use fairdeal::Error;
use fairdeal::core::text::printable_lines;

/// A run that could not produce its result.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: a field refused by the scheme (exit 2).
    Input(Error),
    /// A usage error the argument parser could not see (exit 2).
    Usage(String),
    /// A file that could not be read or written (exit 2).
    Io { path: String, source: io::Error },
}

/// How a run that completed ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything checked out (exit 0).
    Ok,
    /// A check failed: a fingerprint that does not match, a vector that
    /// differs (exit 1).
    Failed,
    /// Some input was refused, and what could be checked was (a batch with
    /// an invalid line: exit 2).
    Invalid,
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            Self::Ok => ExitCode::SUCCESS,
            Self::Failed => ExitCode::from(1),
            Self::Invalid => ExitCode::from(2),
        }
    }
}

impl CliError {
    /// Prints the error and returns its exit code. A closed stdout (`fairdeal
    /// ... | head`) is not an error worth a message.
    pub fn report(self) -> ExitCode {
        let message = match self {
            Self::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe => {
                return ExitCode::SUCCESS;
            }
            Self::Input(e) => e.to_string(),
            Self::Usage(m) => m,
            Self::Io { path, source } => format!("{path}: {source}"),
        };
        // Every value in a message is escaped where it is put in; this is
        // the net under them, so that no message can drive the terminal.
        eprintln!("error: {}", printable_lines(&message));
        ExitCode::from(2)
    }
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        Self::Input(e)
    }
}

impl From<io::Error> for CliError {
    fn from(source: io::Error) -> Self {
        Self::Io {
            path: "standard output".to_owned(),
            source,
        }
    }
}

/// Returns the message of a usage error, for a test that expects one.
#[cfg(test)]
pub fn usage<T: std::fmt::Debug>(r: Result<T, CliError>) -> String {
    match r {
        Err(CliError::Usage(m)) => m,
        other => panic!("expected a usage error, got {other:?}"),
    }
}
