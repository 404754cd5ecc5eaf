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

    /// Returns the seat `steps` places on, at a table of `seats`, for any
    /// `steps` (it never overflows); at a table of no seats, the seat itself.
    #[must_use]
    pub fn after(self, steps: usize, seats: u8) -> Self {
        let seats = usize::from(seats);
        let Some(steps) = steps.checked_rem(seats) else {
            return self;
        };
        // Both terms are below 256, so the sum cannot overflow, and the
        // result is below `seats`, a u8: the conversion cannot fail.
        Self(u8::try_from((usize::from(self.0) + steps) % seats).unwrap_or(self.0))
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

    #[test]
    fn any_number_of_steps_wraps_without_overflow() {
        let s = Seat::new("dealer", 3, 4, "0 to 3").unwrap();
        assert_eq!(s.after(usize::MAX, 4).index(), (3 + usize::MAX % 4) % 4);
        assert_eq!(
            s.after(usize::MAX - 1, 4).index(),
            (3 + (usize::MAX - 1) % 4) % 4
        );
        let last = Seat::new("seat", 254, 255, "0 to 254").unwrap();
        assert_eq!(
            last.after(usize::MAX, 255).index(),
            (254 + usize::MAX % 255) % 255
        );
        assert_eq!(s.after(5, 0), s);
    }
}
