//! The exact chance that a hand of `hand` cards, drawn from `cards` cards of
//! which `marked` are marked (the trumps, the aces, the bowers), holds
//! exactly `j` marked cards: C(marked, j) C(cards - marked, hand - j) /
//! C(cards, hand), every hand of a uniformly shuffled deck being equally
//! likely. Every event the odds test is a sum of these.

use fairdeal_audit::exact::{binomial, ratio};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

/// Returns the chance of exactly `j` marked cards in the hand.
pub fn exactly(cards: u64, marked: u64, hand: u64, j: u64) -> BigRational {
    if j > hand || hand > cards || marked > cards {
        return BigRational::zero();
    }
    let ways = binomial(marked, j) * binomial(cards - marked, hand - j);
    ratio(BigInt::from(ways), BigInt::from(binomial(cards, hand)))
}

/// Returns the chance of at most `j` marked cards in the hand.
pub fn at_most(cards: u64, marked: u64, hand: u64, j: u64) -> BigRational {
    (0..=j).map(|i| exactly(cards, marked, hand, i)).sum()
}

/// Returns the chance of each count of marked cards, 0 to `marked.min(hand)`.
pub fn distribution(cards: u64, marked: u64, hand: u64) -> Vec<BigRational> {
    (0..=marked.min(hand))
        .map(|j| exactly(cards, marked, hand, j))
        .collect()
}

#[cfg(test)]
mod tests {
    use num_traits::One;

    use super::*;

    /// Every hand of a small deck counted, for every shape of it.
    #[test]
    fn counting_every_hand_of_small_decks_agrees() {
        for cards in 1..=12u32 {
            for marked in 0..=cards {
                for hand in 0..=cards {
                    let mut counts = vec![0u64; usize::try_from(hand).unwrap() + 1];
                    let mut all = 0;
                    for mask in 0u32..1 << cards {
                        if mask.count_ones() == hand {
                            all += 1;
                            // The marked cards are the low ones.
                            let j = (mask & ((1 << marked) - 1)).count_ones();
                            counts[usize::try_from(j).unwrap()] += 1;
                        }
                    }
                    let (c, m, h) = (u64::from(cards), u64::from(marked), u64::from(hand));
                    for (j, &n) in counts.iter().enumerate() {
                        let j = u64::try_from(j).unwrap();
                        assert_eq!(exactly(c, m, h, j), ratio(n, all), "{c} {m} {h} {j}");
                    }
                    let total: BigRational = distribution(c, m, h).into_iter().sum();
                    assert_eq!(total, BigRational::one());
                }
            }
        }
    }

    #[test]
    fn edges() {
        assert_eq!(exactly(5, 2, 6, 0), BigRational::zero());
        assert_eq!(exactly(5, 2, 2, 3), BigRational::zero());
        assert_eq!(at_most(24, 7, 5, 1), ratio(136, 253));
    }
}
