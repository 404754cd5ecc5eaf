//! The longest run of hands showing an event, in history order, against
//! its exact law: a site that deals bad hands in streaks (or breaks the
//! streaks a fair deal makes) shows in the runs before it shows in the
//! count.
//!
//! In a fair history the hands are independent, each showing the event
//! with chance p. Let s_t be the chance that the first t hands hold a run
//! of at least r. A run first reaches r at hand t > r exactly when hands
//! t - r + 1 to t show the event, hand t - r does not, and the first
//! t - r - 1 hands hold no such run:
//!
//! ```text
//! s_t = 0 for t < r,   s_r = p^r,
//! s_t = s_(t-1) + (1 - p) p^r (1 - s_(t-r-1))   for t > r.
//! ```
//!
//! The sum only adds, so small chances keep their precision in floats; the
//! same recurrence in fractions gives the exact values the tests check by
//! summing over every sequence of hands.

use fairdeal_audit::exact::{fraction, to_f64};
use num_rational::BigRational;
use num_traits::Num;

use super::power::Power;
use super::{Class, Draft, Method, Observed, Test};

/// Returns the chance of a run of at least `r` in `n` hands, each showing
/// the event with chance `p`: in floats, or exactly in fractions.
pub fn at_least<T: Clone + Num>(n: u64, p: T, r: u64) -> T {
    if r == 0 {
        return T::one();
    }
    let Some(window) = usize::try_from(r).ok().filter(|_| r <= n) else {
        return T::zero();
    };
    let reach = (0..r).fold(T::one(), |acc, _| acc * p.clone());
    let step = (T::one() - p) * reach.clone();
    // s_(t - r - 1) .. s_(t - 1), at t mod (r + 1).
    let mut ring = vec![T::zero(); window + 1];
    let mut slot = window;
    let mut last = reach.clone();
    ring[slot] = reach;
    for _ in r + 1..=n {
        slot = (slot + 1) % (window + 1);
        last = last + step.clone() * (T::one() - ring[slot].clone());
        ring[slot] = last.clone();
    }
    last
}

/// The law of the longest run in a fair history, as a test reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Law {
    /// The least run with P(longest <= run) >= 2.5%.
    pub low: u64,
    /// The least run with P(longest <= run) >= 50%.
    pub median: u64,
    /// The least run with P(longest <= run) >= 97.5%: low to high holds
    /// the longest run of at least 95% of fair histories.
    pub high: u64,
}

/// Returns the law of the longest run in `n` hands of chance `p`.
pub fn law(n: u64, p: f64) -> Law {
    let mut law = Law {
        low: 0,
        median: 0,
        high: 0,
    };
    let mut found = [false; 3];
    for r in 0..=n {
        let below = 1.0 - at_least(n, p, r + 1);
        for (i, (level, into)) in [
            (0.025, &mut law.low),
            (0.5, &mut law.median),
            (0.975, &mut law.high),
        ]
        .into_iter()
        .enumerate()
        {
            if !found[i] && below >= level {
                *into = r;
                found[i] = true;
            }
        }
        if found[2] {
            break;
        }
    }
    if !found[2] {
        law.high = n;
    }
    law
}

/// Returns the two-sided p-value of a longest run of `longest` in `n`
/// hands of chance `p`: twice the smaller of P(longest >= it) and
/// P(longest <= it), at most 1.
pub fn two_sided(n: u64, p: f64, longest: u64) -> f64 {
    let above = at_least(n, p, longest);
    let below = 1.0 - at_least(n, p, longest + 1);
    (2.0 * above.min(below)).min(1.0)
}

/// What a run test is of.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    /// The scheme whose hands these are.
    pub scheme: &'static str,
    /// The deck and hand size, described.
    pub deck: &'a str,
    /// The test's id.
    pub name: &'static str,
    /// What it counts.
    pub what: &'a str,
}

/// Returns the test of a longest run of `longest` in `n` hands, each
/// showing the event with exact chance `p`.
pub(super) fn test(of: Run<'_>, n: u64, longest: u64, p: &BigRational) -> Draft {
    let chance = to_f64(p);
    let law = law(n, chance);
    Draft {
        test: Test {
            scheme: of.scheme,
            deck: of.deck.to_owned(),
            name: of.name.to_owned(),
            what: of.what.to_owned(),
            method: Method::LongestRun,
            hands: n,
            observed: Observed::Count(longest),
            expected: format!(
                "{} to {} (95% of fair histories; {} a hand)",
                law.low,
                law.high,
                fraction(p)
            ),
            df: None,
            p_value: two_sided(n, chance, longest),
            p_corrected: 1.0,
            detect: None,
            classes: vec![Class {
                label: "longest run".to_owned(),
                observed: longest,
                expected: law.median as f64,
                low: law.low as f64,
                high: law.high as f64,
                exact: None,
            }],
        },
        power: Power::None,
    }
}

/// Returns the chance of a run of at least `r` in `n` hands, summed over
/// every sequence of `n` hands: what the recurrence is checked against.
#[cfg(test)]
fn counted(n: u32, p: &BigRational, r: u32) -> BigRational {
    use num_traits::{One, Zero};
    let q = BigRational::one() - p;
    let mut sum = BigRational::zero();
    for bits in 0u32..1 << n {
        let (mut run, mut longest) = (0, 0);
        for i in 0..n {
            run = if bits >> i & 1 == 1 { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        if longest >= r {
            let k = i32::try_from(bits.count_ones()).unwrap();
            let rest = i32::try_from(n).unwrap() - k;
            sum += p.pow(k) * q.pow(rest);
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use fairdeal_audit::exact::{fixed, ratio};

    use super::*;

    #[test]
    fn the_recurrence_agrees_with_every_sequence_counted() {
        let weak = ratio(136, 253);
        for n in 0..=12u32 {
            for r in 0..=n + 1 {
                let exact = at_least(u64::from(n), weak.clone(), u64::from(r));
                assert_eq!(exact, counted(n, &weak, r), "n {n} r {r}");
                let float = at_least(u64::from(n), 136.0 / 253.0, u64::from(r));
                assert!((float - to_f64(&exact)).abs() < 1e-14);
            }
        }
        // Floats against fractions over longer histories.
        for (n, r) in [(60, 3), (60, 8), (200, 12)] {
            let exact = to_f64(&at_least(n, weak.clone(), r));
            let float = at_least(n, 136.0 / 253.0, r);
            assert!((float / exact - 1.0).abs() < 1e-12, "{n} {r}");
        }
    }

    /// The page's "three hands like that in a row: about 16%": three hands
    /// running, each with one trump or none, is (136/253)^3, the audit's
    /// `three-weak-in-a-row`.
    #[test]
    fn three_weak_hands_in_a_row_is_the_pages_16_percent() {
        let three = at_least(3, ratio(136, 253), 3);
        let table = fairdeal_audit::odds::table();
        let audit = table
            .iter()
            .find(|o| o.id == "three-weak-in-a-row")
            .unwrap();
        assert_eq!(three, audit.exact);
        assert_eq!(fraction(&three), "2515456/16194277");
        assert_eq!(fixed(&(three * ratio(100, 1)), 0), "16");
        // Over 20 hands a run of three is the rule, not the exception.
        let twenty = at_least(20, ratio(136, 253), 3);
        assert_eq!(fixed(&(twenty * ratio(100, 1)), 1), "85.1");
    }

    #[test]
    fn the_law_and_the_p_value() {
        let p = 136.0 / 253.0;
        let law = law(5000, p);
        assert!(law.low < law.median && law.median < law.high, "{law:?}");
        let below = |r| 1.0 - at_least(5000, p, r + 1);
        assert!(below(law.low) >= 0.025 && below(law.low - 1) < 0.025);
        assert!(below(law.high) >= 0.975 && below(law.high - 1) < 0.975);
        assert!(two_sided(5000, p, law.median) > 0.5);
        assert!(two_sided(5000, p, law.high + 10) < 1e-3);
        assert!((two_sided(3, p, 3) - 2.0 * p.powi(3)).abs() < 1e-15);
        assert_eq!(
            law_of_nothing(),
            Law {
                low: 0,
                median: 0,
                high: 0
            }
        );
    }

    fn law_of_nothing() -> Law {
        law(0, 0.5)
    }
}
