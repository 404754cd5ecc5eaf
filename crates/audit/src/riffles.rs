//! How far k riffle shuffles leave a deck from random, exactly: the
//! Gilbert-Shannon-Reeds model (Bayer and Diaconis, "Trailing the dovetail
//! shuffle to its lair", 1992), the model of showdown's kitchen-table riffle.
//!
//! After k riffles of n cards, a deck order with r rising sequences has
//! probability C(2^k + n - r, n) / 2^(kn), and A(n, r - 1) orders (an
//! Eulerian number) have r rising sequences. So the total variation distance
//! from the uniform 1/n! is
//!
//! TV = 1/2 sum over r of A(n, r-1) |C(2^k + n - r, n) / 2^(kn) - 1/n!|,
//!
//! summed here in integers over the common denominator 2^(kn) n!, then kept
//! as a fraction in lowest terms.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde::Serialize;

use crate::exact::{factorial, fixed, to_f64};

/// The most cards `riffles` takes: hmac-blackjack's 8-deck shoe. 64 riffles
/// of 416 cards take half a second; 1024 cards took six.
pub const MAX_CARDS: usize = 416;
/// The most riffles: 2^64 piles is past any deck here.
pub const MAX_RIFFLES: u32 = 64;

/// The distance after one number of riffles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Riffled {
    /// How many riffles.
    pub riffles: u32,
    /// The total variation distance from uniform, exactly.
    pub total_variation: BigRational,
    /// The share of the n! orders that k riffles can give at all (those
    /// with at most 2^k rising sequences).
    pub reachable: BigRational,
}

/// One row as `--json` shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// How many riffles.
    pub riffles: u32,
    /// The distance, as a float.
    pub total_variation: f64,
    /// The distance rounded to 4 decimals, exactly.
    pub total_variation_4: String,
    /// The share of orders reachable, as a float.
    pub reachable: f64,
}

impl Riffled {
    /// Returns the row as `--json` shows it.
    pub fn row(&self) -> Row {
        Row {
            riffles: self.riffles,
            total_variation: to_f64(&self.total_variation),
            total_variation_4: fixed(&self.total_variation, 4),
            reachable: to_f64(&self.reachable),
        }
    }
}

/// Returns the Eulerian numbers A(n, m) for m = 0 .. n - 1: how many orders
/// of n cards have m descents (m + 1 rising sequences). Row by row:
/// A(n, m) = (n - m) A(n-1, m-1) + (m + 1) A(n-1, m).
pub fn eulerian_row(n: usize) -> Vec<BigUint> {
    let mut row = vec![BigUint::one()];
    for size in 2..=n {
        let mut next = Vec::with_capacity(size);
        for m in 0..size {
            let from_below = match m.checked_sub(1).and_then(|i| row.get(i)) {
                Some(a) => a * BigUint::from(size - m),
                None => BigUint::zero(),
            };
            let same = match row.get(m) {
                Some(a) => a * BigUint::from(m + 1),
                None => BigUint::zero(),
            };
            next.push(from_below + same);
        }
        row = next;
    }
    if n == 0 { Vec::new() } else { row }
}

/// Returns the distance from uniform after 1, 2, ..., `up_to` riffles of
/// `cards` cards.
///
/// # Panics
///
/// When `cards` is 0 or above [`MAX_CARDS`], or `up_to` above
/// [`MAX_RIFFLES`]: the CLI refuses those first.
pub fn distances(cards: usize, up_to: u32) -> Vec<Riffled> {
    assert!((1..=MAX_CARDS).contains(&cards), "cards: {cards}");
    assert!(up_to <= MAX_RIFFLES, "riffles: {up_to}");
    let eulerian = eulerian_row(cards);
    let n_factorial = factorial(cards);
    let n = cards as u128;
    (1..=up_to)
        .map(|k| {
            let piles = 1u128 << k;
            let power = BigUint::one() << (u64::from(k) * cards as u64);
            // C(m, n) for m = 2^k + n - r, from r = 1 (m = 2^k + n - 1)
            // downwards: C(m - 1, n) = C(m, n) (m - n) / m, exact.
            let mut m = piles + n - 1;
            let mut c = falling(m, cards) / &n_factorial;
            let mut sum = BigUint::zero();
            let mut reachable = BigUint::zero();
            let uniform = &power;
            for a in &eulerian {
                // Every order: |C n! - 2^(kn)| over 2^(kn) n!.
                let scaled = &c * &n_factorial;
                let gap = if &scaled >= uniform {
                    scaled - uniform
                } else {
                    uniform - scaled
                };
                sum += a * gap;
                if !c.is_zero() {
                    reachable += a;
                }
                if m > n {
                    c = c * BigUint::from(m - n) / BigUint::from(m);
                } else {
                    c = BigUint::zero();
                }
                m = m.saturating_sub(1);
            }
            let den = BigInt::from(power * &n_factorial * 2u32);
            Riffled {
                riffles: k,
                total_variation: BigRational::new(BigInt::from(sum), den),
                reachable: BigRational::new(
                    BigInt::from(reachable),
                    BigInt::from(n_factorial.clone()),
                ),
            }
        })
        .collect()
}

/// Returns m (m - 1) ... (m - count + 1).
fn falling(m: u128, count: usize) -> BigUint {
    (0..count as u128).fold(BigUint::one(), |acc, i| {
        acc * BigUint::from(m.saturating_sub(i))
    })
}

/// Returns the bounds on the distance from uniform of `riffled` followed by
/// a cut chosen among `cuts` ways (showdown's shuffler cuts 1 to 23 cards:
/// 23 ways): no more than after the riffles alone (a shuffle applied to both
/// the deck and a uniform deck brings them no further apart), and no less
/// than 1 − the share of orders the riffles and the cut can reach, at most
/// `cuts` × [`Riffled::reachable`].
pub fn after_cut(riffled: &Riffled, cuts: u32) -> (BigRational, BigRational) {
    let reach = &riffled.reachable * BigRational::from_integer(BigInt::from(cuts));
    let one = BigRational::one();
    let lower = if reach >= one {
        BigRational::zero()
    } else {
        one - reach
    };
    (lower, riffled.total_variation.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::ratio;

    #[test]
    fn reproduces_the_published_52_card_table() {
        // Bayer and Diaconis (1992), table 1: k = 1 .. 10.
        let published = [
            "1.000", "1.000", "1.000", "1.000", "0.924", "0.614", "0.334", "0.167", "0.085",
            "0.043",
        ];
        let rows = distances(52, 10);
        let ours: Vec<String> = rows.iter().map(|r| fixed(&r.total_variation, 3)).collect();
        assert_eq!(ours, published);
        assert_eq!(fixed(&rows[6].total_variation, 4), "0.3341");
    }

    #[test]
    fn eulerian_numbers_count_every_order() {
        assert_eq!(
            eulerian_row(4),
            [1u32, 11, 11, 1].map(BigUint::from).to_vec()
        );
        for n in 1..12 {
            let total: BigUint = eulerian_row(n).iter().sum();
            assert_eq!(total, factorial(n), "n = {n}");
        }
    }

    /// Three cards by hand: one riffle is a cut at k ~ Binomial(3, 1/2) and
    /// a GSR merge. It gives the identity with probability 4/8 and each of
    /// the four orders with two rising sequences 1/8; the two orders with
    /// three (321 and its like) never. TV = 1/2 (|4/8 - 1/6| + 4 |1/8 - 1/6|
    /// + 1/6) = 1/2 (1/3 + 1/6 + 1/6) = 1/3.
    #[test]
    fn three_cards_one_riffle_by_hand() {
        let rows = distances(3, 2);
        assert_eq!(rows[0].total_variation, ratio(1, 3));
        assert_eq!(rows[0].reachable, ratio(5, 6));
        // Two riffles: 4 piles, every order reachable.
        assert_eq!(rows[1].reachable, ratio(1, 1));
    }

    #[test]
    fn probabilities_add_up_to_one() {
        // sum over r of A(n, r-1) C(2^k + n - r, n) = 2^(kn).
        for (n, k) in [(5usize, 1u32), (24, 3), (13, 5)] {
            let e = eulerian_row(n);
            let total: BigUint = (1..=n)
                .map(|r| {
                    let top = (1u64 << k) + n as u64 - r as u64;
                    &e[r - 1] * crate::exact::binomial(top, n as u64)
                })
                .sum();
            assert_eq!(total, BigUint::one() << (u64::from(k) * n as u64));
        }
    }

    #[test]
    fn showdowns_24_cards_after_three_riffles() {
        let rows = distances(24, 3);
        assert_eq!(fixed(&rows[2].total_variation, 4), "0.9979");
        // 0.21% of the orders can come out of three riffles; a cut of 1 to
        // 23 cards reaches at most 23 times as many.
        assert_eq!(fixed(&rows[2].reachable, 6), "0.002119");
        let (lower, upper) = after_cut(&rows[2], 23);
        assert_eq!(
            (fixed(&lower, 4), fixed(&upper, 4)),
            ("0.9513".into(), "0.9979".into())
        );
    }

    /// Brute force, independent of the formula: a k-riffle is the inverse
    /// of an a-shuffle with a = 2^k piles (every card a digit 0..a-1, each
    /// of the a^n labelings equally likely, cards then stacked by digit,
    /// keeping order). Inverting orders keeps the distance from uniform.
    #[test]
    fn small_decks_against_every_labeling() {
        use std::collections::HashMap;
        for (n, k) in [(4u32, 1u32), (4, 2), (5, 1), (5, 2), (6, 1)] {
            let a = 1usize << k;
            let labelings = a.pow(n);
            let mut counts: HashMap<Vec<usize>, u64> = HashMap::new();
            for code in 0..labelings {
                let digits: Vec<usize> = (0..n).map(|i| code / a.pow(i) % a).collect();
                let mut order: Vec<usize> = (0..n as usize).collect();
                order.sort_by_key(|&i| digits[i]);
                *counts.entry(order).or_default() += 1;
            }
            let all = factorial(n as usize);
            // TV = 1/2 sum |c / a^n - 1/n!| over every order, unseen ones too.
            let den = BigInt::from(labelings) * BigInt::from(all.clone());
            let uniform = BigInt::from(labelings);
            let mut sum: BigInt = counts
                .values()
                .map(|&c| {
                    (BigInt::from(c) * BigInt::from(all.clone()) - &uniform)
                        .magnitude()
                        .clone()
                })
                .map(BigInt::from)
                .sum();
            let unseen = BigInt::from(all.clone()) - BigInt::from(counts.len());
            sum += unseen * &uniform;
            let expected = BigRational::new(sum, den * 2);
            let row = &distances(n as usize, k)[k as usize - 1];
            assert_eq!(row.total_variation, expected, "n = {n}, k = {k}");
            assert_eq!(
                row.reachable,
                BigRational::new(BigInt::from(counts.len()), BigInt::from(all)),
                "n = {n}, k = {k}"
            );
        }
    }
}
