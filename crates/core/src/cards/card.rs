//! Cards and their two-character codes: rank then suit (`Th`), and `Jk`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Error, ErrorKind};

/// A rank, in the order of the codes `2 3 4 5 6 7 8 9 T J Q K A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // the variants are their own documentation
pub enum Rank {
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

/// A suit, in the order of the codes `c d h s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

/// One card: a rank of a suit, or the joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// An ordinary card.
    Suited(Rank, Suit),
    /// The joker (`Jk`), the 25th card of EuchreMaster's joker deck.
    Joker,
}

const RANK_CODES: &[u8; 13] = b"23456789TJQKA";
const SUIT_CODES: &[u8; 4] = b"cdhs";
/// Every rank, two first, in the order of the codes.
pub const RANKS: [Rank; 13] = [
    Rank::Two,
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];
/// Every suit, in the order of the codes: clubs, diamonds, hearts, spades.
pub const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

impl Rank {
    /// Returns the one-character code (`T` for ten).
    pub fn code(self) -> char {
        char::from(RANK_CODES[self as usize])
    }

    /// Returns the rank of code `c`, if it is one.
    pub fn from_code(c: char) -> Option<Self> {
        RANK_CODES
            .iter()
            .position(|&r| char::from(r) == c)
            .map(|i| RANKS[i])
    }
}

impl Suit {
    /// Returns the one-character code (`c d h s`).
    pub fn code(self) -> char {
        char::from(SUIT_CODES[self as usize])
    }

    /// Returns the suit of code `c`, if it is one.
    pub fn from_code(c: char) -> Option<Self> {
        SUIT_CODES
            .iter()
            .position(|&s| char::from(s) == c)
            .map(|i| SUITS[i])
    }
}

impl Card {
    /// Returns the card `rank` of `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Self {
        Self::Suited(rank, suit)
    }
}

/// Returns the codes of `cards` in order, one space between (`9c Tc Jc`):
/// how the scheme pages write a deck or a hand.
pub fn codes(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Suited(rank, suit) => write!(f, "{}{}", rank.code(), suit.code()),
            Self::Joker => f.write_str("Jk"),
        }
    }
}

impl FromStr for Card {
    type Err = Error;

    /// Parses a two-character code. The error names no field; callers add it
    /// with [`Error::within`].
    fn from_str(code: &str) -> Result<Self, Error> {
        if code == "Jk" {
            return Ok(Self::Joker);
        }
        let mut chars = code.chars();
        match (
            chars.next().and_then(Rank::from_code),
            chars.next().and_then(Suit::from_code),
            chars.next(),
        ) {
            (Some(rank), Some(suit), None) => Ok(Self::new(rank, suit)),
            _ => Err(Error::new(
                "",
                ErrorKind::Value {
                    got: code.to_owned(),
                    expected:
                        "a card code: rank 2-9 T J Q K A then suit c d h s (\"Th\"), or \"Jk\""
                            .to_owned(),
                },
            )),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in ["2c", "9d", "Th", "Js", "Qc", "Kd", "Ah", "Jk"] {
            assert_eq!(code.parse::<Card>().unwrap().to_string(), code);
        }
        for bad in ["", "T", "10h", "Tx", "th", "Thh", "JK"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}
