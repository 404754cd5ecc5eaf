//! Each card's frequency in the player's hands, any deck: a site that
//! keeps aces or jacks from its players shows here whatever the game.
//!
//! The deck holds N cards, card j m_j times (once each in most decks, m
//! times each in a shoe of m decks); a hand is k of them. Over n hands card
//! j is expected E_j = n k m_j / N times, and Pearson's statistic is
//! X^2 = sum over the distinct cards of (O_j - E_j)^2 / E_j.
//!
//! **Without replacement.** X^2 is not chi-squared on d - 1 degrees of
//! freedom (d distinct cards) here, as it would be for n k cards drawn each
//! from a full deck: the k cards of one hand are drawn without
//! replacement. The counts of one hand are multivariate hypergeometric,
//! with the covariance of k multinomial draws (k p_j (delta_ij - p_i), p_j =
//! m_j / N) times the finite-population factor f = (N - k) / (N - 1); the
//! hands are independent, so over n hands the covariance is f times that
//! of n k multinomial draws, and X^2 tends to f times a chi-squared on
//! d - 1 degrees of freedom. Its mean is exactly f (d - 1) for any n:
//! E[X^2] = sum of Var(O_j) / E_j = sum of f (1 - p_j). So the test is of
//! X^2 (N - 1) / (N - k) on d - 1 degrees of freedom. Left uncorrected, a
//! euchre hand (f = 19/23) or a 32-card deck's 8-card hand (f = 24/31)
//! would hide a fifth of any deviation; a blackjack player's 2 cards of a
//! 416-card shoe are barely touched (f = 414/415).
//!
//! The test is made once every card is expected at least 5 times, where
//! the chi-squared law holds well; and only for hands of at least one card
//! and fewer than the deck's, from a deck of two distinct cards or more.

use fairdeal_audit::exact::{fraction, ratio};
use statrs::distribution::{ChiSquared, ContinuousCDF};

use super::classes::LEAST_EXPECTED;
use super::deck::{CARDS, Deck, index};
use super::power::{Power, SHIFT};
use super::{Class, Draft, Method, Observed, Test};

/// Returns the correction of the statistic for hands of `hand` cards from
/// `cards` cards: (N - 1) / (N - k).
pub fn scale(cards: u32, hand: u32) -> f64 {
    f64::from(cards - 1) / f64::from(cards - hand)
}

/// Returns the test of the cards counted in `seen` (by [`index`]) over `n`
/// hands of `hand` cards from `deck`, or `None` where it is not made.
pub(super) fn test(
    scheme: &'static str,
    described: &str,
    deck: &Deck,
    hand: usize,
    n: u64,
    seen: &[u64; CARDS],
) -> Option<Draft> {
    let cards = deck.len();
    let k = u32::try_from(hand).ok().filter(|&k| k >= 1 && k < cards)?;
    let distinct = deck.cards().count();
    if distinct < 2 {
        return None;
    }
    let f = 1.0 / scale(cards, k);
    let per_card = n as f64 * f64::from(k) / f64::from(cards);
    let classes: Vec<Class> = deck
        .cards()
        .map(|(card, m)| {
            let p = f64::from(m) / f64::from(cards);
            let expected = per_card * f64::from(m);
            let half = 1.96 * (expected * (1.0 - p) * f).sqrt();
            Class {
                label: card.to_string(),
                observed: seen[index(card)],
                expected,
                low: (expected - half).max(0.0),
                high: expected + half,
                exact: Some(fraction(&ratio(m, cards))),
            }
        })
        .collect();
    if classes.iter().any(|c| c.expected < LEAST_EXPECTED) {
        return None;
    }
    let statistic = classes
        .iter()
        .map(|c| (c.observed as f64 - c.expected).powi(2) / c.expected)
        .sum::<f64>()
        / f;
    let df = distinct as u64 - 1;
    let law = ChiSquared::new(df as f64).ok()?;
    // One card (of the most copies) held more often by the shift, the
    // others less in proportion; its expected count a hand is e.
    let most = deck.cards().map(|(_, m)| m).max().unwrap_or(1);
    let e = f64::from(k) * f64::from(most) / f64::from(cards);
    let shift = SHIFT.min(e / 2.0).min((f64::from(k) - e) / 2.0);
    let per_hand = (shift * shift / e + shift * shift / (f64::from(k) - e)) / f;
    Some(Draft {
        test: Test {
            scheme,
            deck: described.to_owned(),
            name: "card-frequency".to_owned(),
            what: "how often each card is in the player's hands".to_owned(),
            method: Method::ChiSquared,
            hands: n,
            observed: Observed::Statistic(statistic),
            expected: format!(
                "chi-squared on {df} degrees of freedom (mean {df}), the sum scaled by (N - 1) / (N - k) = {}",
                fraction(&ratio(cards - 1, cards - k))
            ),
            df: Some(df),
            p_value: law.sf(statistic),
            p_corrected: 1.0,
            detect: None,
            classes,
        },
        power: Power::ChiSquared {
            df,
            shift,
            per_hand,
        },
    })
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::Card;
    use fairdeal::core::cards::decks::STANDARD;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::Zero;

    use super::super::simulate::{Rng, deal};
    use super::*;

    /// The mean of the statistic of one hand, over every hand of a deck
    /// given as copies of each card, scaled: exactly d - 1.
    fn scaled_mean(copies: &[u32], hand: usize) -> BigRational {
        let deck: Vec<usize> = copies
            .iter()
            .enumerate()
            .flat_map(|(j, &m)| (0..m).map(move |_| j))
            .collect();
        let cards = u32::try_from(deck.len()).unwrap();
        let k = u32::try_from(hand).unwrap();
        let mut sum = BigRational::zero();
        let mut hands = 0u64;
        for mask in 0u32..1 << deck.len() {
            if mask.count_ones() != k {
                continue;
            }
            hands += 1;
            let mut c = vec![0i64; copies.len()];
            for (i, &j) in deck.iter().enumerate() {
                c[j] += i64::from(mask >> i & 1 == 1);
            }
            for (j, &m) in copies.iter().enumerate() {
                // E_j = k m_j / N.
                let e = ratio(i64::from(k) * i64::from(m), i64::from(cards));
                let d = BigRational::from_integer(BigInt::from(c[j])) - &e;
                sum += &d * &d / e;
            }
        }
        sum / BigRational::from_integer(BigInt::from(hands)) * ratio(cards - 1, cards - k)
    }

    #[test]
    fn the_scaled_statistic_has_mean_d_minus_1_exactly() {
        for (copies, hands) in [
            (&[1, 1, 1, 1, 1, 1][..], 1..6),
            (&[2, 2, 2][..], 1..6),
            (&[3, 3, 3, 3][..], 2..10),
            (&[3, 1, 2, 1][..], 1..7),
            (&[1; 12][..], 5..6),
        ] {
            for k in hands {
                let d = i64::try_from(copies.len()).unwrap() - 1;
                assert_eq!(scaled_mean(copies, k), ratio(d, 1), "{copies:?} {k}");
            }
        }
    }

    /// Fair 8-card hands of a 32-card deck: the scaled statistic's
    /// p-values are spread as they should be; the unscaled ones would
    /// almost never be small.
    #[test]
    fn fair_hands_give_uniform_p_values_only_when_scaled() {
        let deck: Vec<Card> = STANDARD
            .into_iter()
            .filter(|c| matches!(c, Card::Suited(r, _) if *r >= fairdeal::core::cards::Rank::Seven))
            .collect();
        let counted = Deck::of(&deck);
        let mut rng = Rng::new(7);
        let (histories, n) = (400, 60u64);
        let (mut small, mut small_unscaled, mut mean) = (0, 0, 0.0);
        let law = ChiSquared::new(31.0).unwrap();
        for _ in 0..histories {
            let mut seen = [0u64; CARDS];
            for _ in 0..n {
                for &c in &deal(&mut rng, &deck)[..8] {
                    seen[index(c)] += 1;
                }
            }
            let draft = test("s", "d", &counted, 8, n, &seen).unwrap();
            let Observed::Statistic(x) = draft.test.observed else {
                unreachable!()
            };
            mean += x / f64::from(histories);
            small += u32::from(draft.test.p_value < 0.1);
            small_unscaled += u32::from(law.sf(x * 24.0 / 31.0) < 0.1);
        }
        assert!((29.5..32.5).contains(&mean), "mean {mean}");
        assert!(
            (24..56).contains(&small),
            "{small} of {histories} below 0.1"
        );
        assert!(small_unscaled < 16, "{small_unscaled} unscaled below 0.1");
    }

    #[test]
    fn too_few_hands_or_a_whole_deck_make_no_test() {
        let deck = Deck::of(&STANDARD);
        let seen = [0u64; CARDS];
        assert!(test("s", "d", &deck, 2, 100, &seen).is_none());
        assert!(test("s", "d", &deck, 52, 1000, &seen).is_none());
        assert!(test("s", "d", &deck, 0, 1000, &seen).is_none());
        assert!(test("s", "d", &deck, 2, 130, &seen).is_some());
        assert_eq!(scale(24, 5), 23.0 / 19.0);
    }
}
