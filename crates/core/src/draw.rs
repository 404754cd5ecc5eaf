//! One number of a scheme's random stream, as vectors and `--json` write it.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::fields::{json_type, list};
use crate::{Error, ErrorKind};

/// A raw number of a random stream: `u32` (a JSON number) or, for 64-bit
/// streams, a newtype written as 16 lowercase hex digits.
pub trait Draw: Copy + PartialEq + Serialize + fmt::Debug {
    /// Reads one number given to a shuffle stage (`randoms[3]`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Type`] for the wrong JSON type, [`ErrorKind::Range`] for
    /// a number outside the type.
    fn from_json(field: &str, value: &Value) -> Result<Self, Error>;
}

impl Draw for u32 {
    fn from_json(field: &str, value: &Value) -> Result<Self, Error> {
        const EXPECTED: &str = "an integer from 0 to 4294967295";
        let Value::Number(n) = value else {
            return Err(Error::new(
                field,
                ErrorKind::Type {
                    got: json_type(value),
                    expected: EXPECTED,
                },
            ));
        };
        n.as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                Error::new(
                    field,
                    ErrorKind::Range {
                        got: n.to_string(),
                        expected: EXPECTED,
                    },
                )
            })
    }
}

/// Returns the numbers a stage vector gives in place of the stream (its
/// `randoms` list), each read with [`Draw::from_json`].
///
/// # Errors
///
/// [`ErrorKind::Type`] (field `randoms`) for a value that is not a list, or
/// the first bad item (`randoms[3]`).
pub fn given_randoms<D: Draw>(randoms: &Value) -> Result<Vec<D>, Error> {
    list(
        "randoms",
        randoms,
        "a list of the stream's numbers",
        D::from_json,
    )
}
