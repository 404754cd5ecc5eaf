//! The euchre odds of the sfc32-lock site's page, computed exactly
//! (docs/fairness.md, "Euchre odds"), and the tests of one hand that the
//! audit counts to observe them.
//!
//! The deck is the 24-card euchre deck (9 10 J Q K A of four suits); a hand
//! is 5 of its cards, every one of the C(24, 5) = 42504 hands equally likely
//! in a fair deal. Trump is a suit named after the deal, which the holder did
//! not choose; its 7 trumps are its 6 cards and the left bower, the jack of
//! the other suit of its colour. The right bower is the jack of trump.
//! Hands "running" are successive deals, independent in a fair deal.

use fairdeal::core::cards::{Card, Rank, Suit};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;

use crate::exact::{binomial, ratio};

/// Cards in a euchre deck, and in a hand.
const DECK: u64 = 24;
const HAND: u64 = 5;

/// One line of the table.
#[derive(Clone, Debug)]
pub struct Odds {
    /// Its id, as the issue and `--json` name it.
    pub id: &'static str,
    /// What it is, in a line.
    pub what: &'static str,
    /// The site's figure, as its page prints it; `None` where the issue
    /// quotes none.
    pub site: Option<&'static str>,
    /// The exact probability.
    pub exact: BigRational,
    /// How many successive hands one trial spans (1 for one hand).
    pub hands: usize,
}

/// The one-hand events the table is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// At most one of the 7 trumps of the named suit.
    Weak,
    /// Neither jack of the named suit's colour.
    NoBower,
    /// Not the jack of the named suit.
    NoRightBower,
    /// All five cards 9s and 10s.
    Farmers,
}

impl Event {
    /// Every event, in a fixed order (the audit's bit per event).
    pub const ALL: [Self; 4] = [Self::Weak, Self::NoBower, Self::NoRightBower, Self::Farmers];

    /// Returns whether `hand` shows the event, trump being `trump`.
    pub fn holds(self, hand: &[Card], trump: Suit) -> bool {
        match self {
            Self::Weak => hand.iter().filter(|&&c| is_trump(c, trump)).count() <= 1,
            Self::NoBower => !hand
                .iter()
                .any(|&c| c == right_bower(trump) || c == left_bower(trump)),
            Self::NoRightBower => !hand.contains(&right_bower(trump)),
            Self::Farmers => hand
                .iter()
                .all(|c| matches!(c, Card::Suited(Rank::Nine | Rank::Ten, _))),
        }
    }

    /// Returns its exact probability for one hand of a fair deal, by
    /// counting hands.
    pub fn exact(self) -> BigRational {
        let hands = binomial(DECK, HAND);
        let count = match self {
            // None of the 7 trumps, or one of them and 4 of the other 17.
            Self::Weak => binomial(17, 5) + binomial(7, 1) * binomial(17, 4),
            Self::NoBower => binomial(22, 5),
            Self::NoRightBower => binomial(23, 5),
            // 5 of the eight 9s and 10s.
            Self::Farmers => binomial(8, 5),
        };
        ratio(BigInt::from(count), BigInt::from(hands))
    }
}

/// The bit of a euchre card in a hand's mask: 6 a suit, 9 10 J Q K A; none
/// for another card.
pub fn bit(card: Card) -> u32 {
    match card {
        Card::Suited(rank, suit) if rank >= Rank::Nine => {
            1 << (suit as u32 * 6 + (rank as u32 - Rank::Nine as u32))
        }
        _ => 0,
    }
}

/// The masks of one named suit's events, for [`Masks::events`].
#[derive(Clone, Copy, Debug)]
pub struct Masks {
    trumps: u32,
    bowers: u32,
    right: u32,
    farmers: u32,
}

impl Masks {
    /// Returns the masks with `trump` named.
    pub fn new(trump: Suit) -> Self {
        let farmers = FARMERS;
        let suit = 0b11_1111 << (trump as u32 * 6);
        Self {
            trumps: suit | bit(left_bower(trump)),
            bowers: bit(right_bower(trump)) | bit(left_bower(trump)),
            right: bit(right_bower(trump)),
            farmers,
        }
    }

    /// Returns the events of the hand whose mask is `hand` (the [`bit`]s
    /// of its cards), bit `Event as u8` each: what [`Event::holds`] says,
    /// with masks (a test holds the two together on every hand).
    pub fn events(self, hand: u32) -> u8 {
        u8::from((hand & self.trumps).count_ones() <= 1)
            | u8::from(hand & self.bowers == 0) << Event::NoBower as u8
            | u8::from(hand & self.right == 0) << Event::NoRightBower as u8
            | u8::from(hand & !self.farmers == 0) << Event::Farmers as u8
    }
}

/// The 9s and 10s of every suit.
const FARMERS: u32 = 0b11 | 0b11 << 6 | 0b11 << 12 | 0b11 << 18;

/// The other suit of `suit`'s colour.
pub fn partner(suit: Suit) -> Suit {
    match suit {
        Suit::Clubs => Suit::Spades,
        Suit::Spades => Suit::Clubs,
        Suit::Diamonds => Suit::Hearts,
        Suit::Hearts => Suit::Diamonds,
    }
}

/// The jack of trump.
pub fn right_bower(trump: Suit) -> Card {
    Card::new(Rank::Jack, trump)
}

/// The jack of the other suit of trump's colour.
pub fn left_bower(trump: Suit) -> Card {
    Card::new(Rank::Jack, partner(trump))
}

/// Whether `card` is one of the 7 trumps: of the trump suit, or the left
/// bower.
pub fn is_trump(card: Card, trump: Suit) -> bool {
    match card {
        Card::Suited(_, suit) if suit == trump => true,
        other => other == left_bower(trump),
    }
}

/// How a line of the table is made from one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trial {
    /// The event in `hands` hands running, every one.
    Every {
        /// The event.
        event: Event,
        /// How many hands.
        hands: usize,
    },
    /// The event at least once in `hands` hands.
    Any {
        /// The event.
        event: Event,
        /// How many hands.
        hands: usize,
    },
}

impl Trial {
    /// Returns the trial's event and its span in hands.
    pub fn parts(self) -> (Event, usize) {
        match self {
            Self::Every { event, hands } | Self::Any { event, hands } => (event, hands),
        }
    }

    /// Returns its exact probability: hands are independent in a fair deal.
    pub fn exact(self) -> BigRational {
        let (event, hands) = self.parts();
        let p = event.exact();
        let n = i32::try_from(hands).unwrap_or(i32::MAX);
        match self {
            Self::Every { .. } => p.pow(n),
            Self::Any { .. } => BigRational::one() - (BigRational::one() - p).pow(n),
        }
    }

    /// Returns whether the hands' results (bit `event as usize` of each)
    /// make the trial a success.
    pub fn success(self, bits: &[u8]) -> bool {
        let (event, _) = self.parts();
        let bit = 1 << event as u8;
        // Folds, not `all` and `any`: stopping at the first hand that
        // decides would be a branch on a coin toss, for every hand.
        match self {
            Self::Every { .. } => bits.iter().fold(bit, |acc, b| acc & b) != 0,
            Self::Any { .. } => bits.iter().fold(0, |acc, b| acc | b) & bit != 0,
        }
    }
}

/// The site's table: id, what, the site's figure, and how it is made.
pub const TABLE: [(&str, &str, Option<&str>, Trial); 7] = [
    (
        "one-trump-or-none",
        "one trump or none, in a suit named after the deal (7 trumps with the left bower)",
        Some("53.8%"),
        Trial::Every {
            event: Event::Weak,
            hands: 1,
        },
    ),
    (
        "three-weak-in-a-row",
        "one trump or none, three hands running",
        None,
        Trial::Every {
            event: Event::Weak,
            hands: 3,
        },
    ),
    (
        "no-bower-of-named-suit",
        "neither jack of the named suit's colour (no right or left bower)",
        Some("62.0%"),
        Trial::Every {
            event: Event::NoBower,
            hands: 1,
        },
    ),
    (
        "five-without-bower",
        "no bower of the named suit, five hands running",
        None,
        Trial::Every {
            event: Event::NoBower,
            hands: 5,
        },
    ),
    (
        "ten-without-right-bower",
        "no right bower (the jack of trump), ten hands running",
        None,
        Trial::Every {
            event: Event::NoRightBower,
            hands: 10,
        },
    ),
    (
        "farmers-hand",
        "a farmer's hand: all five cards 9s and 10s",
        Some("1 in 759"),
        Trial::Every {
            event: Event::Farmers,
            hands: 1,
        },
    ),
    (
        "farmers-in-100",
        "at least one farmer's hand in 100 hands",
        Some("12%"),
        Trial::Any {
            event: Event::Farmers,
            hands: 100,
        },
    ),
];

/// Returns the table with its exact values.
pub fn table() -> Vec<Odds> {
    TABLE
        .iter()
        .map(|&(id, what, site, trial)| Odds {
            id,
            what,
            site,
            exact: trial.exact(),
            hands: trial.parts().1,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::SUITS;
    use fairdeal::core::cards::decks::EUCHRE;
    use num_bigint::BigUint;

    use super::*;
    use crate::exact::{fixed, fraction, one_in};

    fn exact(id: &str) -> BigRational {
        table().into_iter().find(|o| o.id == id).unwrap().exact
    }

    /// Every one of the 42504 hands, with each of the 4 suits named: the
    /// events counted by their definitions, independently of the formulas.
    #[test]
    fn every_hand_counted_agrees_with_the_exact_fractions() {
        let mut counts = [0u64; 4];
        let mut hands = 0u64;
        for mask in 0u32..1 << 24 {
            if mask.count_ones() != 5 {
                continue;
            }
            hands += 1;
            let hand: Vec<Card> = (0..24)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| EUCHRE[i])
                .collect();
            let mask = hand.iter().fold(0, |m, &c| m | bit(c));
            for trump in SUITS {
                let bits = Masks::new(trump).events(mask);
                for (n, event) in Event::ALL.into_iter().enumerate() {
                    let holds = event.holds(&hand, trump);
                    assert_eq!(bits >> n & 1 == 1, holds, "{hand:?} {trump:?} {event:?}");
                    counts[n] += u64::from(holds);
                }
            }
        }
        assert_eq!(hands, 42_504);
        for (n, event) in Event::ALL.into_iter().enumerate() {
            assert_eq!(
                ratio(counts[n], 4 * hands),
                event.exact(),
                "{event:?}: {} of {}",
                counts[n],
                4 * hands
            );
        }
        // Runs of hands: powers of the counted one-hand chance, in integers.
        let weak = BigUint::from(counts[0]);
        let all = BigUint::from(4 * hands);
        assert_eq!(
            exact("three-weak-in-a-row"),
            ratio(BigInt::from(weak.pow(3)), BigInt::from(all.pow(3)))
        );
        let none = BigUint::from(4 * hands - counts[3]);
        assert_eq!(
            exact("farmers-in-100"),
            ratio(
                BigInt::from(all.pow(100) - none.pow(100)),
                BigInt::from(all.pow(100))
            )
        );
    }

    #[test]
    fn the_fractions_and_the_sites_figures() {
        assert_eq!(fraction(&exact("one-trump-or-none")), "136/253");
        assert_eq!(
            fixed(&(exact("one-trump-or-none") * ratio(100, 1)), 1),
            "53.8"
        );
        assert_eq!(fraction(&exact("three-weak-in-a-row")), "2515456/16194277");
        assert_eq!(fraction(&exact("no-bower-of-named-suit")), "57/92");
        assert_eq!(
            fixed(&(exact("no-bower-of-named-suit") * ratio(100, 1)), 1),
            "62.0"
        );
        assert_eq!(fraction(&exact("farmers-hand")), "1/759");
        assert_eq!(one_in(&exact("farmers-hand")).as_deref(), Some("759"));
        assert_eq!(fixed(&(exact("farmers-in-100") * ratio(100, 1)), 0), "12");
        assert_eq!(
            fraction(&exact("ten-without-right-bower")),
            "6131066257801/63403380965376"
        );
    }

    #[test]
    fn bowers_and_trumps() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(left_bower(Suit::Hearts), card("Jd"));
        assert!(is_trump(card("Jd"), Suit::Hearts));
        assert!(is_trump(card("Jh"), Suit::Diamonds));
        assert!(!is_trump(card("Js"), Suit::Hearts));
        let hand: Vec<Card> = ["9c", "Tc", "9d", "Th", "9s"].map(card).to_vec();
        assert!(Event::Farmers.holds(&hand, Suit::Clubs));
        assert!(!Event::Weak.holds(&hand, Suit::Clubs));
        assert!(Event::Weak.holds(&hand, Suit::Hearts));
    }
}
