//! The count of trumps and of aces in a hand of the 32-card French deck
//! (7 to A of each suit: coinche, belote, piquet; docs/schemes/atout-v1.md),
//! any hand size.
//!
//! Trump is a suit named in turn with the hand's place in its group
//! (clubs, diamonds, hearts, spades, ...), never from the hand; French
//! games have no bowers, so a suit's trumps are its 8 cards. A hand of k
//! cards holds j of the 8 trumps with the hypergeometric chance
//! C(8, j) C(24, k - j) / C(32, k), and j of the 4 aces with
//! C(4, j) C(28, k - j) / C(32, k).
//!
//! Each count is tested as a whole distribution, chi-squared over its
//! classes (the rare counts pooled, as the classes module says), rather
//! than by one exact test per count: a site that drops hands with 2 aces
//! or more moves every class at once, and one test of all of them spends
//! one test's share of the correction.

use fairdeal::core::cards::{Card, Rank, SUITS};
use num_rational::BigRational;

use super::Draft;
use super::classes::{self, Classes};
use super::deck::Deck;
use super::hypergeometric::distribution;

/// Cards in the deck.
const CARDS: u64 = 32;
/// Trumps in the deck, and aces.
const TRUMPS: usize = 8;
const ACES: usize = 4;

/// Returns whether `deck` is the 32-card deck, 7 to A once each.
pub fn shape(deck: &Deck) -> bool {
    deck.len() == 32
        && deck
            .cards()
            .all(|(card, n)| n == 1 && matches!(card, Card::Suited(rank, _) if rank >= Rank::Seven))
}

/// The counts of a group of hands.
#[derive(Clone, Debug)]
pub struct French {
    /// The exact chance of each count of trumps, and of aces.
    trump_chances: Vec<BigRational>,
    ace_chances: Vec<BigRational>,
    /// The named suit of the next hand.
    next: usize,
    /// Hands by their count of trumps, and of aces.
    trumps: [u64; TRUMPS + 1],
    aces: [u64; ACES + 1],
}

impl French {
    /// Returns no hands yet, of `hand` cards.
    pub fn new(hand: usize) -> Self {
        let k = u64::try_from(hand).unwrap_or(u64::MAX).min(CARDS);
        Self {
            trump_chances: distribution(CARDS, TRUMPS as u64, k),
            ace_chances: distribution(CARDS, ACES as u64, k),
            next: 0,
            trumps: [0; TRUMPS + 1],
            aces: [0; ACES + 1],
        }
    }

    /// Counts the next hand.
    pub fn add(&mut self, cards: &[Card]) {
        let trump = SUITS[self.next];
        self.next = (self.next + 1) % SUITS.len();
        let (mut trumps, mut aces) = (0usize, 0usize);
        for &card in cards {
            if let Card::Suited(rank, suit) = card {
                trumps += usize::from(suit == trump);
                aces += usize::from(rank == Rank::Ace);
            }
        }
        // A hand of the deck holds at most 8 of a suit and 4 aces.
        self.trumps[trumps.min(TRUMPS)] += 1;
        self.aces[aces.min(ACES)] += 1;
    }

    /// Returns the tests of the hands counted.
    pub(super) fn tests(&self, scheme: &'static str, deck: &str) -> Vec<Draft> {
        let labelled = |chances: &[BigRational]| -> Vec<(String, BigRational)> {
            chances
                .iter()
                .enumerate()
                .map(|(j, c)| (j.to_string(), c.clone()))
                .collect()
        };
        let trumps = Classes {
            scheme,
            deck,
            name: "trump-count",
            what: "the cards of a suit named in turn (clubs, diamonds, hearts, spades) in a hand",
        };
        let aces = Classes {
            scheme,
            deck,
            name: "ace-count",
            what: "the aces in a hand",
        };
        let n = self.trump_chances.len();
        let m = self.ace_chances.len();
        [
            classes::test(trumps, &labelled(&self.trump_chances), &self.trumps[..n]),
            classes::test(aces, &labelled(&self.ace_chances), &self.aces[..m]),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::decks::STANDARD;
    use fairdeal_audit::exact::{fraction, ratio};

    use super::super::simulate::subsets;
    use super::*;

    fn deck() -> Vec<Card> {
        STANDARD
            .into_iter()
            .filter(|c| matches!(c, Card::Suited(r, _) if *r >= Rank::Seven))
            .collect()
    }

    /// Every 8-card hand of the real deck (10518300 of them, bit masks:
    /// suits are runs of 8 bits, the ace the top bit of each) and every
    /// 5-card one: the counts agree with the exact chances.
    #[test]
    fn every_hand_counted_agrees_with_the_exact_chances() {
        let clubs = 0xff_u64;
        let aces = 0x8080_8080_u64;
        for hand in [5u32, 8] {
            let (mut t, mut a) = ([0u64; 9], [0u64; 5]);
            let mut all = 0u64;
            for mask in subsets(32, hand) {
                all += 1;
                t[(mask & clubs).count_ones() as usize] += 1;
                a[(mask & aces).count_ones() as usize] += 1;
            }
            let k = u64::from(hand);
            for (j, chance) in distribution(CARDS, TRUMPS as u64, k).iter().enumerate() {
                assert_eq!(ratio(t[j], all), *chance, "{hand} cards, {j} trumps");
            }
            for (j, chance) in distribution(CARDS, ACES as u64, k).iter().enumerate() {
                assert_eq!(ratio(a[j], all), *chance, "{hand} cards, {j} aces");
            }
        }
        // The layout of the masks is the deck's: the card at bit i.
        let cards = deck();
        assert!(
            cards[..8]
                .iter()
                .all(|c| matches!(c, Card::Suited(_, s) if *s == SUITS[0]))
        );
        assert!(
            (0..32)
                .filter(|i| aces >> i & 1 == 1)
                .all(|i| { matches!(cards[i], Card::Suited(Rank::Ace, _)) })
        );
        let shown: Vec<String> = distribution(CARDS, TRUMPS as u64, 8)
            .iter()
            .map(fraction)
            .collect();
        assert_eq!(shown[0], "81719/1168700");
        assert_eq!(shown[8], "1/10518300");
    }

    #[test]
    fn the_deck_and_its_counts() {
        let cards = deck();
        assert!(shape(&Deck::of(&cards)));
        assert!(!shape(&Deck::of(&cards[1..])));
        assert!(!shape(&Deck::of(&STANDARD)));
        let mut french = French::new(8);
        // Clubs named first: 7c 8c Ac hold 3 clubs and one ace.
        let card = |s: &str| s.parse::<Card>().unwrap();
        let hand = ["7c", "8c", "Ac", "Kd", "Qh", "Js", "Ts", "9s"].map(card);
        french.add(&hand);
        french.add(&hand); // diamonds: one trump.
        assert_eq!(
            (french.trumps[3], french.trumps[1], french.aces[1]),
            (1, 1, 2)
        );
    }
}
