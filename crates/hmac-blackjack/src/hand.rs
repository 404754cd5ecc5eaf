//! Blackjack values and totals, outcomes and the exact net
//! (docs/schemes/hmac-blackjack.md, step 5: blackjack replay).

use std::fmt;

use fairdeal_core::cards::{Card, Rank};
use serde::{Serialize, Serializer};

/// The best total; a hand that reaches it stands by itself.
pub const TWENTY_ONE: u8 = 21;
/// The dealer draws below this total and stands on it, soft 17 too.
pub const DEALER_STANDS_ON: u8 = 17;
/// What one ace adds when it counts 11 instead of 1.
const SOFT_ACE: u8 = 10;

/// Returns the card's value with an ace as 1: 2 to 10 their number, J Q K
/// 10. The joker, which no shoe holds, counts 0.
pub fn value(card: Card) -> u8 {
    let Card::Suited(rank, _) = card else {
        return 0;
    };
    match rank {
        Rank::Ace => 1,
        Rank::Two => 2,
        Rank::Three => 3,
        Rank::Four => 4,
        Rank::Five => 5,
        Rank::Six => 6,
        Rank::Seven => 7,
        Rank::Eight => 8,
        Rank::Nine => 9,
        Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 10,
    }
}

/// Returns whether `card` is an ace.
pub fn is_ace(card: Card) -> bool {
    value(card) == 1
}

/// Returns whether `card` is worth 10 (10 J Q K).
pub fn is_ten_valued(card: Card) -> bool {
    value(card) == 10
}

/// A hand's total, with one ace counted as 11 when that does not pass 21.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Total {
    /// The total.
    pub total: u8,
    /// Whether an ace is counted as 11 in it.
    pub soft: bool,
}

impl Total {
    /// Returns the total of `cards`.
    pub fn of(cards: &[Card]) -> Self {
        let hard: u8 = cards.iter().map(|&c| value(c)).sum();
        if cards.iter().any(|&c| is_ace(c)) && hard + SOFT_ACE <= TWENTY_ONE {
            Self {
                total: hard + SOFT_ACE,
                soft: true,
            }
        } else {
            Self {
                total: hard,
                soft: false,
            }
        }
    }

    /// Returns whether the total is over 21.
    pub fn is_bust(self) -> bool {
        self.total > TWENTY_ONE
    }
}

/// Returns whether `cards` are a blackjack: an ace and a ten-valued card as
/// the first two cards (the caller says whether they came before a split).
pub fn is_two_card_21(cards: &[Card]) -> bool {
    cards.len() == 2 && Total::of(cards).total == TWENTY_ONE
}

/// How a hand settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Won its bet.
    Win,
    /// Lost its bet.
    Lose,
    /// Got its bet back.
    Push,
    /// A blackjack, paid 3:2.
    Blackjack,
}

/// A win or loss in units of the initial bet, kept exactly in half units
/// (a blackjack pays 1.5).
///
/// Serialized as a string holding the exact decimal (`"1.5"`, `"-2"`,
/// `"0"`): the vectors carry no floating-point numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Net {
    halves: i32,
}

impl Net {
    /// Returns `bets` initial bets (negative for a loss).
    pub fn bets(bets: i32) -> Self {
        Self { halves: 2 * bets }
    }

    /// Returns the 3:2 payout of a blackjack.
    pub fn blackjack() -> Self {
        Self { halves: 3 }
    }
}

impl std::ops::Add for Net {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        Self {
            halves: self.halves + other.halves,
        }
    }
}

impl std::iter::Sum for Net {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), |a, b| a + b)
    }
}

impl fmt::Display for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.halves < 0 { "-" } else { "" };
        let halves = self.halves.unsigned_abs();
        if halves % 2 == 0 {
            write!(f, "{sign}{}", halves / 2)
        } else {
            write!(f, "{sign}{}.5", halves / 2)
        }
    }
}

impl Serialize for Net {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(codes: &str) -> Vec<Card> {
        codes.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn totals_count_one_ace_as_11_when_it_fits() {
        assert_eq!(
            Total::of(&cards("Ah 6c")),
            Total {
                total: 17,
                soft: true
            }
        );
        assert_eq!(
            Total::of(&cards("Ah 6c Tc")),
            Total {
                total: 17,
                soft: false
            }
        );
        assert_eq!(
            Total::of(&cards("Ah As")),
            Total {
                total: 12,
                soft: true
            }
        );
        assert_eq!(
            Total::of(&cards("Kh Qs 5d")),
            Total {
                total: 25,
                soft: false
            }
        );
        assert!(Total::of(&cards("Kh Qs 5d")).is_bust());
        assert!(is_two_card_21(&cards("As Jd")));
        assert!(!is_two_card_21(&cards("7s 7d 7c")));
    }

    #[test]
    fn net_is_an_exact_decimal() {
        let shown: Vec<String> = [Net::blackjack(), Net::bets(-2), Net::bets(0), Net::bets(1)]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(shown, ["1.5", "-2", "0", "1"]);
        assert_eq!((Net::bets(-2) + Net::blackjack()).to_string(), "-0.5");
        assert_eq!(
            [Net::bets(2), Net::bets(-1)]
                .into_iter()
                .sum::<Net>()
                .to_string(),
            "1"
        );
    }
}
