//! Dealing patterns: four packet sizes, each 2 or 3 (docs/schemes/showdown.md,
//! step 5: the set-up, and step 8: the deal).

use std::fmt;

use fairdeal_core::{Error, ErrorKind};
use serde::{Serialize, Serializer};

/// A dealing pattern such as `3232`: the first-round packet sizes for the
/// seats after the dealer, then the dealer; the second round gives 5 - p.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern([u8; 4]);

impl Pattern {
    /// Returns `PATTERNS[i]`: the 16 patterns over {2, 3} in ascending order,
    /// index i written in four bits, 0 as 2 and 1 as 3 (`2222` .. `3333`).
    ///
    /// # Panics
    ///
    /// When `i >= 16`.
    pub fn nth(i: u64) -> Self {
        assert!(i < 16, "there are 16 patterns");
        let digit = |bit: u64| if i >> bit & 1 == 1 { 3 } else { 2 };
        Self([digit(3), digit(2), digit(1), digit(0)])
    }

    /// Parses `text`: characters first (each `2` or `3`), then the length.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Character`] or [`ErrorKind::Length`] naming `field`.
    pub fn parse(field: &str, text: &str) -> Result<Self, Error> {
        const EXPECTED: &str = "four digits, each 2 or 3 (\"3232\")";
        if let Some((at, got)) = text
            .chars()
            .enumerate()
            .find(|(_, c)| !matches!(c, '2' | '3'))
        {
            return Err(Error::new(
                field,
                ErrorKind::Character {
                    at: at + 1,
                    got,
                    expected: "2 or 3",
                },
            ));
        }
        let digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
        let digits: [u8; 4] = digits.try_into().map_err(|_| {
            Error::new(
                field,
                ErrorKind::Length {
                    got: text.len(),
                    expected: EXPECTED,
                },
            )
        })?;
        Ok(Self(digits))
    }

    /// Returns the packet sizes of the first round.
    pub fn first_round(self) -> [usize; 4] {
        self.0.map(usize::from)
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.0 {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Serialize for Pattern {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixteen_patterns_ascend() {
        let all: Vec<String> = (0..16).map(|i| Pattern::nth(i).to_string()).collect();
        assert_eq!(all[..3], ["2222", "2223", "2232"]);
        assert_eq!(all[10], "3232");
        assert_eq!(all[15], "3333");
        assert!(all.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn parse_checks_characters_then_length() {
        assert_eq!(Pattern::parse("p", "3232").unwrap().to_string(), "3232");
        assert_eq!(
            Pattern::parse("p", "42").unwrap_err().kind().code(),
            "character"
        );
        assert_eq!(
            Pattern::parse("p", "32").unwrap_err().kind().code(),
            "length"
        );
    }
}
