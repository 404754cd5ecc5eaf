//! A blackjack player's first two cards from a shoe of m 52-card decks
//! (docs/schemes/hmac-blackjack.md, step 5: eight decks): a natural, and
//! the two-card total.
//!
//! Any deck of the 52 cards m times each (m = 1 is a single deck), dealt 2
//! cards a hand. The shoe holds N = 52m cards: 4m of each value 2 to 9 and
//! of aces, 16m ten-valued ones (10 J Q K). The player's two cards are two
//! positions of a uniform shuffle, so every pair of the N cards is as
//! likely: values a and b come with chance n_a n_b / C(N, 2), or
//! C(n_a, 2) / C(N, 2) for a pair of one value.
//!
//! - A **natural** (an ace and a ten-valued card): 4m 16m / C(52m, 2), 256/5395
//!   for 8 decks, 32/663 for one; an exact binomial test.
//! - The **total** as the scheme's page counts it: an ace is 11 when that
//!   does not pass 21, and the hand is then soft. Hard 4 (2 2) to hard 20,
//!   soft 12 (A A) to soft 20 (A 9), and the natural (soft 21): 27 classes,
//!   chi-squared with the rare ones pooled.

use fairdeal::core::cards::{Card, Rank};
use fairdeal_audit::exact::{binomial, ratio};
use num_bigint::BigInt;
use num_rational::BigRational;

use super::Draft;
use super::binomial::{self as exact_test, Event};
use super::classes::{self, Classes};
use super::deck::Deck;

/// Cards in a hand.
pub const HAND: usize = 2;

/// The totals: hard 4 to 20, soft 12 to 20, the natural.
const TOTALS: usize = 17 + 9 + 1;

/// Returns the decks in the shoe `deck` is, or `None` when it is not one.
pub fn shape(deck: &Deck) -> Option<u16> {
    let copies = deck.count(Card::new(Rank::Two, fairdeal::core::cards::Suit::Clubs));
    let shoe = copies >= 1
        && deck.count(Card::Joker) == 0
        && deck.cards().count() == 52
        && deck.cards().all(|(_, n)| n == copies);
    shoe.then_some(copies)
}

/// The value of a card: 2 to 10, the ace 11.
fn value(card: Card) -> usize {
    match card {
        Card::Suited(Rank::Ace, _) => 11,
        Card::Suited(rank, _) => (rank as usize + 2).min(10),
        Card::Joker => 0,
    }
}

/// The class of two values: hard 4..20 first, then soft 12..20, then the
/// natural.
fn class(a: usize, b: usize) -> usize {
    match (a.max(b), a.min(b)) {
        (11, 11) => 17,
        (11, 10) => TOTALS - 1,
        (11, other) => 17 + other - 1,
        (high, low) => (high + low).saturating_sub(4).min(16),
    }
}

/// Returns the label of each class.
fn labels() -> impl Iterator<Item = String> {
    (4..=20)
        .map(|t| format!("hard {t}"))
        .chain((12..=20).map(|t| format!("soft {t}")))
        .chain(["natural".to_owned()])
}

/// Returns the exact chance of each two-card class, and of a natural, in
/// a shoe of `decks` decks.
pub fn chances(decks: u16) -> (Vec<BigRational>, BigRational) {
    let m = u64::from(decks);
    let pairs = BigInt::from(binomial(52 * m, 2));
    let of = |v: usize| if v == 10 { 16 * m } else { 4 * m };
    let mut ways = vec![BigInt::from(0); TOTALS];
    for a in 2..=11 {
        for b in a..=11 {
            let n = if a == b {
                binomial(of(a), 2)
            } else {
                binomial(of(a), 1) * binomial(of(b), 1)
            };
            ways[class(a, b)] += BigInt::from(n);
        }
    }
    let natural = ratio(of(11) * of(10), pairs.clone());
    (
        ways.into_iter().map(|w| ratio(w, pairs.clone())).collect(),
        natural,
    )
}

/// The first two cards of a group of hands, counted.
#[derive(Clone, Debug)]
pub struct Shoe {
    totals: [u64; TOTALS],
    chances: Vec<BigRational>,
    natural: BigRational,
}

impl Shoe {
    /// Returns no hands yet, from a shoe of `decks` decks.
    pub fn new(decks: u16) -> Self {
        let (chances, natural) = chances(decks);
        Self {
            totals: [0; TOTALS],
            chances,
            natural,
        }
    }

    /// Counts the next hand (two cards).
    pub fn add(&mut self, cards: &[Card]) {
        if let [a, b] = *cards {
            self.totals[class(value(a), value(b))] += 1;
        }
    }

    /// Returns the tests of `n` hands counted.
    pub(super) fn tests(&self, scheme: &'static str, deck: &str, n: u64) -> Vec<Draft> {
        let natural = Event {
            scheme,
            deck,
            name: "natural",
            what: "first two cards an ace and a ten-valued card (a natural, a blackjack)",
            label: "naturals",
        };
        let mut drafts = vec![exact_test::test(
            natural,
            n,
            self.totals[TOTALS - 1],
            &self.natural,
        )];
        let totals = Classes {
            scheme,
            deck,
            name: "two-card-total",
            what: "the total of the first two cards, hard or soft (an ace 11 when that does not pass 21)",
        };
        let labelled: Vec<(String, BigRational)> = labels().zip(self.chances.clone()).collect();
        drafts.extend(classes::test(totals, &labelled, &self.totals));
        drafts
    }
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::decks::STANDARD;
    use fairdeal_audit::exact::fraction;
    use num_traits::One;

    use super::*;

    /// The total by the scheme page's words: the sum with aces as 1, plus
    /// 10 for one ace when that does not pass 21 (then soft).
    fn written(hand: [Card; 2]) -> String {
        let ones = |c: Card| match c {
            Card::Suited(Rank::Ace, _) => 1,
            Card::Suited(Rank::Jack | Rank::Queen | Rank::King | Rank::Ten, _) => 10,
            Card::Suited(rank, _) => rank as usize + 2,
            Card::Joker => unreachable!(),
        };
        let sum = ones(hand[0]) + ones(hand[1]);
        let ace = hand.iter().any(|&c| ones(c) == 1);
        match (ace && sum + 10 <= 21, sum + 10) {
            (true, 21) => "natural".to_owned(),
            (true, soft) => format!("soft {soft}"),
            (false, _) => format!("hard {sum}"),
        }
    }

    /// Every pair of positions of shoes of 1, 2 and 8 decks, classed by the
    /// page's rule: the counts agree with the exact chances.
    #[test]
    fn every_pair_counted_agrees_with_the_exact_chances() {
        let names: Vec<String> = labels().collect();
        for decks in [1u16, 2, 8] {
            let shoe: Vec<Card> = (0..decks).flat_map(|_| STANDARD).collect();
            let mut counts = vec![0u64; TOTALS];
            let mut pairs = 0u64;
            for i in 0..shoe.len() {
                for j in i + 1..shoe.len() {
                    pairs += 1;
                    let name = written([shoe[i], shoe[j]]);
                    let at = names.iter().position(|n| *n == name).unwrap();
                    assert_eq!(at, class(value(shoe[i]), value(shoe[j])), "{name}");
                    counts[at] += 1;
                }
            }
            let (chances, natural) = chances(decks);
            for (c, chance) in counts.iter().zip(&chances) {
                assert_eq!(ratio(*c, pairs), *chance);
            }
            assert_eq!(natural, chances[TOTALS - 1]);
            assert_eq!(chances.iter().sum::<BigRational>(), BigRational::one());
        }
        assert_eq!(fraction(&chances(8).1), "256/5395");
        assert_eq!(fraction(&chances(1).1), "32/663");
    }

    #[test]
    fn only_shoes_are_shoes() {
        let shoe: Vec<Card> = (0..8).flat_map(|_| STANDARD).collect();
        assert_eq!(shape(&Deck::of(&shoe)), Some(8));
        assert_eq!(shape(&Deck::of(&STANDARD)), Some(1));
        assert_eq!(shape(&Deck::of(&shoe[1..])), None);
        assert_eq!(
            shape(&Deck::of(&fairdeal::core::cards::decks::EUCHRE)),
            None
        );
        let joker: Vec<Card> = STANDARD.into_iter().chain([Card::Joker]).collect();
        assert_eq!(shape(&Deck::of(&joker)), None);
    }
}
