//! The exact binomial test of an event's count: in a fair history each
//! hand shows the event with the same exact chance p, independently of the
//! others (successive deals are independent shuffles), so the count in n
//! hands is binomial(n, p).
//!
//! Two-sided: a site may shift the odds either way, against the player (to
//! keep the house ahead) or for them (to keep them playing), and a test
//! that looks one way only would call the other "consistent". The p-value
//! is twice the smaller tail, at most 1 (the tails of statrs' binomial,
//! regularized incomplete beta functions, accurate far into the tails).

use num_rational::BigRational;
use statrs::distribution::{Binomial, DiscreteCDF};

use super::power::Power;
use super::{Class, Draft, Method, Observed, Test};
use fairdeal_audit::exact::{fraction, to_f64};

/// Returns the two-sided p-value of `k` events in `n` hands, chance `p`.
pub fn two_sided(n: u64, k: u64, p: f64) -> f64 {
    let Ok(law) = Binomial::new(p, n) else {
        return 1.0;
    };
    let below = law.cdf(k);
    let above = if k == 0 { 1.0 } else { law.sf(k - 1) };
    (2.0 * below.min(above)).min(1.0)
}

/// What a binomial test is of.
#[derive(Clone, Copy, Debug)]
pub struct Event<'a> {
    /// The scheme whose hands these are.
    pub scheme: &'static str,
    /// The deck and hand size, described.
    pub deck: &'a str,
    /// The test's id.
    pub name: &'static str,
    /// What it counts.
    pub what: &'a str,
    /// What a hand showing it is called, plural (`weak hands`).
    pub label: &'static str,
}

/// Returns the test of `k` hands of `n` showing `event`, of exact chance
/// `p`.
pub(super) fn test(event: Event<'_>, n: u64, k: u64, p: &BigRational) -> Draft {
    let chance = to_f64(p);
    let expected = n as f64 * chance;
    let half = 1.96 * (n as f64 * chance * (1.0 - chance)).sqrt();
    Draft {
        test: Test {
            scheme: event.scheme,
            deck: event.deck.to_owned(),
            name: event.name.to_owned(),
            what: event.what.to_owned(),
            method: Method::Binomial,
            hands: n,
            observed: Observed::Count(k),
            expected: fraction(p),
            df: None,
            p_value: two_sided(n, k, chance),
            p_corrected: 1.0,
            detect: None,
            classes: vec![Class {
                label: event.label.to_owned(),
                observed: k,
                expected,
                low: (expected - half).max(0.0),
                high: expected + half,
                exact: Some(fraction(p)),
            }],
        },
        power: Power::Binomial { p: chance },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_against_sums_of_the_exact_law() {
        // R: binom.test(3, 10, 0.5): doubling the smaller tail gives
        // 2 * P(X <= 3) = 2 * 176/1024.
        assert!((two_sided(10, 3, 0.5) - 2.0 * 176.0 / 1024.0).abs() < 1e-12);
        assert!((two_sided(10, 7, 0.5) - 2.0 * 176.0 / 1024.0).abs() < 1e-12);
        assert_eq!(two_sided(10, 5, 0.5), 1.0);
        // No event in 10 hands of chance 1/2: 2 * 2^-10.
        assert!((two_sided(10, 0, 0.5) - 2.0 / 1024.0).abs() < 1e-15);
        // Far tails stay accurate: twice the sum of C(100, k) 0.2^k 0.8^(100-k)
        // for k from 60 is 5.0316384e-18.
        let p = two_sided(100, 60, 0.2);
        assert!((p / 5.031_638_4e-18 - 1.0).abs() < 1e-6, "{p}");
    }
}
