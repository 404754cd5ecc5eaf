//! One number of a scheme's random stream, as vectors and `--json` write it.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::input::fields::{json_type, list};
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

/// A 64-bit draw, written as 16 lowercase hex digits: JSON numbers lose
/// precision past 2^53 in many languages (docs/schemes/showdown.md, "Output";
/// docs/vectors.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex64(pub u64);

impl fmt::Debug for Hex64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl fmt::Display for Hex64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl Serialize for Hex64 {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Draw for Hex64 {
    fn from_json(field: &str, value: &Value) -> Result<Self, Error> {
        const EXPECTED: &str = "16 lowercase hexadecimal digits (a u64)";
        let text = crate::input::fields::as_text(field, value, EXPECTED)?;
        let refuse = || {
            Error::new(
                field,
                ErrorKind::Value {
                    got: text.to_owned(),
                    expected: EXPECTED.to_owned(),
                },
            )
        };
        if text.len() != 16 || !text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Err(refuse());
        }
        u64::from_str_radix(text, 16)
            .map(Self)
            .map_err(|_| refuse())
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn draws_read_and_refuse_with_the_item_named() {
        assert_eq!(u32::from_json("randoms[0]", &json!(7)).unwrap(), 7);
        assert_eq!(
            u32::from_json("randoms[0]", &json!(4_294_967_296u64))
                .unwrap_err()
                .kind()
                .code(),
            "range"
        );
        assert_eq!(
            Hex64::from_json("r", &json!("00000000000000ff")).unwrap(),
            Hex64(255)
        );
        assert_eq!(
            Hex64::from_json("r", &json!("ff"))
                .unwrap_err()
                .kind()
                .code(),
            "value"
        );
        assert_eq!(
            Hex64::from_json("r", &json!("00000000000000FF"))
                .unwrap_err()
                .kind()
                .code(),
            "value"
        );
        assert_eq!(
            Hex64::from_json("r", &json!(255))
                .unwrap_err()
                .kind()
                .code(),
            "type"
        );
        assert_eq!(
            serde_json::to_value(Hex64(1)).unwrap(),
            json!("0000000000000001")
        );
    }
}
