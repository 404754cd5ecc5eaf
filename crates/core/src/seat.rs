//! Seats round the table.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Error, ErrorKind};

/// A seat, numbered from 0 in the order the scheme gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(u8);

impl Seat {
    /// Seat 0, at every table.
    pub const FIRST: Self = Self(0);

    /// Returns seat `n` of a table of `seats`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Range`] naming `field` when `n >= seats`.
    pub fn new(field: &str, n: u64, seats: u8, expected: &'static str) -> Result<Self, Error> {
        match u8::try_from(n) {
            Ok(s) if s < seats => Ok(Self(s)),
            _ => Err(Error::new(
                field,
                ErrorKind::Range {
                    got: n.to_string(),
                    expected,
                },
            )),
        }
    }

    /// Returns the seat's number.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Returns the seat `steps` places on, at a table of `seats`.
    #[must_use]
    pub fn after(self, steps: usize, seats: u8) -> Self {
        // OK because the result is reduced mod `seats`, which is a u8.
        Self(u8::try_from((usize::from(self.0) + steps) % usize::from(seats)).unwrap_or(0))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_wrap_round_the_table() {
        let s = Seat::new("dealer", 3, 4, "0 to 3").unwrap();
        assert_eq!(s.after(1, 4).index(), 0);
        assert_eq!(s.after(6, 4).index(), 1);
        assert_eq!(
            Seat::new("dealer", 4, 4, "0 to 3")
                .unwrap_err()
                .kind()
                .code(),
            "range"
        );
        assert!(Seat::new("dealer", 256, 4, "0 to 3").is_err());
    }
}
