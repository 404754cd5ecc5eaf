//! What went wrong, and the exit code it maps to. Nothing else decides exit
//! codes.

use std::io;
use std::process::ExitCode;

use fairdeal::Error;
use fairdeal::core::input::text::printable_lines;

/// A run that could not produce its result.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: a field refused by the scheme (exit 2).
    Input(Error),
    /// A usage error the argument parser could not see (exit 2).
    Usage(String),
    /// A file that could not be read or written (exit 2).
    Io { path: String, source: io::Error },
    /// Standard output closed before all of the output was written
    /// (`fairdeal ... | head -1`): never a success, since what was not
    /// written was not seen (and a batch's lines after it not checked).
    /// Exit 2, or the exit code of the failure the run had reached.
    Closed {
        /// What was written and what was not.
        what: String,
        /// The outcome the run had reached before it printed, if any.
        outcome: Option<Outcome>,
    },
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
    /// Stopped by Ctrl-C (or SIGTERM) after reporting what was done (exit
    /// 130, as a shell reports a command ended by SIGINT).
    Interrupted,
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            Self::Ok => ExitCode::SUCCESS,
            Self::Failed => ExitCode::from(1),
            Self::Invalid => ExitCode::from(2),
            Self::Interrupted => ExitCode::from(130),
        }
    }

    /// Returns this outcome once its output was `written`: if standard
    /// output closed first, the run still ends with this outcome's exit
    /// code when it is a failure (a receipt NOT VERIFIED exits 1 into
    /// `head`), else with 2.
    ///
    /// # Errors
    ///
    /// The error `written` holds.
    pub fn after(self, written: Result<(), CliError>) -> Result<Self, CliError> {
        match written {
            Ok(()) => Ok(self),
            Err(CliError::Closed { what, .. }) => Err(CliError::Closed {
                what,
                outcome: Some(self),
            }),
            Err(e) => Err(e),
        }
    }
}

impl CliError {
    /// Prints the error and returns its exit code: 2, or for a closed
    /// standard output the code of the failure the run had reached.
    pub fn report(self) -> ExitCode {
        let (message, code) = match self {
            Self::Input(e) => (e.to_string(), ExitCode::from(2)),
            Self::Usage(m) => (m, ExitCode::from(2)),
            Self::Io { path, source } => (format!("{path}: {source}"), ExitCode::from(2)),
            Self::Closed { what, outcome } => {
                let code = match outcome {
                    Some(o) if o != Outcome::Ok => o.exit_code(),
                    _ => ExitCode::from(2),
                };
                (what, code)
            }
        };
        // Every value in a message is escaped where it is put in; this is
        // the net under them, so that no message can drive the terminal.
        eprintln!("error: {}", printable_lines(&message));
        code
    }

    /// Returns the error of a standard output that closed before all of
    /// the output was written.
    pub fn closed() -> Self {
        Self::Closed {
            what: "standard output closed before all of the output was written".to_owned(),
            outcome: None,
        }
    }
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        Self::Input(e)
    }
}

/// An error writing standard output.
impl From<io::Error> for CliError {
    fn from(source: io::Error) -> Self {
        if source.kind() == io::ErrorKind::BrokenPipe {
            return Self::closed();
        }
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
