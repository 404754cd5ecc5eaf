//! What a dealer's operation refused, and why: each error names the field
//! (or the round) it is about and maps to one HTTP status, so that a
//! service answers it as it is.

use std::fmt;

/// Why an operation of the dealer failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// The kind of an [`Error`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An input refused, naming its field: the scheme's own refusal, or a
    /// field the dealer draws given by the player (400).
    Input(fairdeal::Error),
    /// No round or pair has this id (404).
    NotFound {
        /// The id asked for.
        id: u64,
    },
    /// A round's period or bet that is not there (404): a period not
    /// started, a nonce not handed out.
    Absent {
        /// The field asked for (`period`, `nonce`).
        field: &'static str,
        /// What is there instead.
        why: String,
    },
    /// The round is not at the step the operation needs: a reveal before
    /// the deal, a second deal, a bet on a single-deal round (409).
    Conflict {
        /// The field the refusal is about (`id`, `client_seed`).
        field: &'static str,
        /// Why, and what to do instead.
        why: String,
    },
    /// The store could not be read or written, or holds what this dealer
    /// never wrote (500).
    Store(String),
}

impl Error {
    /// Returns the error of `kind`.
    pub fn new(kind: ErrorKind) -> Self {
        Self { kind }
    }

    /// Returns a refusal of the round's step.
    pub(crate) fn conflict(field: &'static str, why: String) -> Self {
        Self::new(ErrorKind::Conflict { field, why })
    }

    /// Returns a refusal of a period or bet that is not there.
    pub(crate) fn absent(field: &'static str, why: String) -> Self {
        Self::new(ErrorKind::Absent { field, why })
    }

    /// Returns a failure of the store.
    pub(crate) fn store(why: String) -> Self {
        Self::new(ErrorKind::Store(why))
    }

    /// Returns what went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Returns the field the error is about (`id` for a round that is not
    /// there, `period` or `nonce` for a bet, `store` for the store
    /// itself).
    pub fn field(&self) -> &str {
        match &self.kind {
            ErrorKind::Input(e) => e.field(),
            ErrorKind::NotFound { .. } => "id",
            ErrorKind::Absent { field, .. } | ErrorKind::Conflict { field, .. } => field,
            ErrorKind::Store(_) => "store",
        }
    }

    /// Returns a short code for the kind: the input's own code (`missing`,
    /// `range`, ...), `not-found`, `conflict` or `store`.
    pub fn code(&self) -> &'static str {
        match &self.kind {
            ErrorKind::Input(e) => e.kind().code(),
            ErrorKind::NotFound { .. } | ErrorKind::Absent { .. } => "not-found",
            ErrorKind::Conflict { .. } => "conflict",
            ErrorKind::Store(_) => "store",
        }
    }

    /// Returns the HTTP status a service answers with: 400 for an input,
    /// 404 for an id, a period or a bet that is not there, 409 for a step out of order, 500 for
    /// the store.
    pub fn status(&self) -> u16 {
        match &self.kind {
            ErrorKind::Input(_) => 400,
            ErrorKind::NotFound { .. } | ErrorKind::Absent { .. } => 404,
            ErrorKind::Conflict { .. } => 409,
            ErrorKind::Store(_) => 500,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Input(e) => e.fmt(f),
            ErrorKind::NotFound { id } => write!(
                f,
                "id: no round {id} in the store, expected the id `commit` printed"
            ),
            ErrorKind::Absent { field, why } | ErrorKind::Conflict { field, why } => {
                write!(f, "{field}: {why}")
            }
            ErrorKind::Store(why) => write!(f, "store: {why}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<fairdeal::Error> for Error {
    fn from(e: fairdeal::Error) -> Self {
        Self::new(ErrorKind::Input(e))
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Self {
        Self::store(e.to_string())
    }
}
