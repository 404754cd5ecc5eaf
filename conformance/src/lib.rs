//! The vector format, the runner that checks vector files against the
//! registered schemes, and the generator that fills in their expected values.
//!
//! A vector file (`vectors/<scheme>.json`, documented for newcomers in
//! docs/vectors.md and formally in vectors/schema.json) holds test groups by
//! kind; each case has a stable id and number, a comment, flags, its inputs,
//! and either the expected value of every stage or the expected error (kind
//! and field). The inputs are written by people; the expected values are only
//! ever written by [`generate`], and the drift test fails when regenerating
//! would change a committed file.

mod canonical;
mod compute;
pub mod diff;
pub mod embedded;
pub mod format;
pub mod generate;
mod lexemes;
pub mod port;
pub mod release;
pub mod runner;
pub mod sweep;

pub use canonical::to_canonical_string;
pub use diff::Difference;
pub use format::{
    BugType, Case, CaseStatus, ExpectedError, Flag, FormatError, Group, Kind, Source, VectorFile,
};
pub use release::vectors_version;
pub use runner::{CaseReport, FileReport, Filter, Status};
