//! Checks every case of a vector file against its registered scheme,
//! collecting every failure rather than stopping at the first.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use fairdeal::DynScheme;
use fairdeal::core::input::text::quoted;

use crate::compute;
use crate::diff::{Difference, first_difference};
use crate::{Case, Kind, VectorFile};

/// How one case went.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Every stage as expected.
    Pass,
    /// Left out by the filter.
    Skipped,
    /// An output that differs from the expected one.
    Mismatch(Difference),
    /// An error where output was expected.
    UnexpectedError {
        /// The error's kind code.
        kind: String,
        /// Its field.
        field: String,
        /// Its message.
        message: String,
    },
    /// The wrong refusal, or output where a refusal was expected.
    WrongError {
        /// The expected `kind` and `field`.
        expected: String,
        /// What happened instead.
        actual: String,
    },
    /// Neither expected values nor an error: the case was never generated.
    NotGenerated,
    /// The scheme panicked.
    Panic(String),
}

/// One case's result.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseReport {
    /// The case id.
    pub id: String,
    /// The case number.
    pub number: u32,
    /// What happened.
    pub status: Status,
}

/// Every case's result for one file.
#[derive(Clone, Debug, PartialEq)]
pub struct FileReport {
    /// The scheme id.
    pub scheme: String,
    /// The cases, in file order.
    pub cases: Vec<CaseReport>,
}

/// Which cases to run: `FAIRDEAL_CASE=sub,-sub` runs the cases whose id
/// contains some `sub` (all when none is given) and none that contains a
/// `-sub`.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    include: Vec<String>,
    exclude: Vec<String>,
}

impl Filter {
    /// Returns the filter written as `sub,-sub`.
    pub fn parse(spec: &str) -> Self {
        let mut filter = Self::default();
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.strip_prefix('-') {
                Some(out) => filter.exclude.push(out.to_owned()),
                None => filter.include.push(part.to_owned()),
            }
        }
        filter
    }

    /// Returns the filter of the `FAIRDEAL_CASE` environment variable.
    pub fn from_env() -> Self {
        Self::parse(&std::env::var("FAIRDEAL_CASE").unwrap_or_default())
    }

    /// Returns whether case `id` runs.
    pub fn accepts(&self, id: &str) -> bool {
        (self.include.is_empty() || self.include.iter().any(|s| id.contains(s.as_str())))
            && !self.exclude.iter().any(|s| id.contains(s.as_str()))
    }
}

/// Runs every case of `file` that `filter` accepts against `scheme`.
pub fn check(file: &VectorFile, scheme: &dyn DynScheme, filter: &Filter) -> FileReport {
    let cases = file
        .cases()
        .map(|(kind, case)| CaseReport {
            id: case.id.clone(),
            number: case.number,
            status: if filter.accepts(&case.id) {
                check_case(scheme, kind, case)
            } else {
                Status::Skipped
            },
        })
        .collect();
    FileReport {
        scheme: file.scheme.clone(),
        cases,
    }
}

fn check_case(scheme: &dyn DynScheme, kind: Kind, case: &Case) -> Status {
    let output = match catch_unwind(AssertUnwindSafe(|| compute::output(scheme, kind, case))) {
        Ok(output) => output,
        Err(panic) => return Status::Panic(panic_message(&*panic)),
    };
    match (&case.expected, &case.error, output) {
        (Some(expected), _, Ok(actual)) => match first_difference(expected, &actual) {
            None => Status::Pass,
            Some(d) => Status::Mismatch(d),
        },
        (Some(_), _, Err(e)) => Status::UnexpectedError {
            kind: e.kind().code().to_owned(),
            field: e.field().to_owned(),
            message: e.to_string(),
        },
        (None, Some(want), Err(e)) if want.kind == e.kind().code() && want.field == e.field() => {
            Status::Pass
        }
        (None, Some(want), got) => Status::WrongError {
            expected: format!("{} error in {}", want.kind, quoted(&want.field)),
            actual: match got {
                Ok(_) => "no error: the input was accepted".to_owned(),
                Err(e) => format!("{} error in {} ({e})", e.kind().code(), quoted(e.field())),
            },
        },
        (None, None, _) => Status::NotGenerated,
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

impl FileReport {
    /// Returns the cases that neither passed nor were skipped.
    pub fn failures(&self) -> impl Iterator<Item = &CaseReport> {
        self.cases
            .iter()
            .filter(|c| !matches!(c.status, Status::Pass | Status::Skipped))
    }

    /// Returns how many cases passed, failed and were skipped.
    pub fn counts(&self) -> (usize, usize, usize) {
        let skipped = self
            .cases
            .iter()
            .filter(|c| c.status == Status::Skipped)
            .count();
        let failed = self.failures().count();
        (self.cases.len() - failed - skipped, failed, skipped)
    }
}

impl fmt::Display for CaseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {} (#{}): ", self.id, self.number)?;
        match &self.status {
            Status::Pass => f.write_str("passed"),
            Status::Skipped => f.write_str("skipped by the filter"),
            Status::Mismatch(d) => d.fmt(f),
            Status::UnexpectedError {
                kind,
                field,
                message,
            } => {
                write!(
                    f,
                    "expected output, got a {kind} error in {}: {message}",
                    quoted(field)
                )
            }
            Status::WrongError { expected, actual } => {
                write!(f, "expected a {expected}, got {actual}")
            }
            Status::NotGenerated => f.write_str(
                "holds no expected values: run `fairdeal vectors generate` to fill them in",
            ),
            Status::Panic(m) => write!(f, "the scheme panicked: {m}"),
        }
    }
}
