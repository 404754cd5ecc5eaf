//! The chi-squared test of hands sorted into classes (the count of trumps
//! in a hand, a blackjack hand's total) against the exact chance of each.
//!
//! The hands are independent and each falls in one class, so the counts
//! are multinomial and Pearson's statistic is chi-squared with one degree
//! of freedom fewer than there are classes, once every class is expected
//! often enough. Classes expected fewer than 5 times are pooled with their
//! neighbours (in the order given, which is the order of the count or the
//! total): the pooling depends on the number of hands alone, never on what
//! was seen. A test needs two classes after pooling; with fewer hands it is
//! not made.

use fairdeal_audit::exact::{fraction, to_f64};
use num_rational::BigRational;
use num_traits::Zero;
use statrs::distribution::{ChiSquared, ContinuousCDF};

use super::power::Power;
use super::{Class, Draft, Method, Observed, Test};

/// The least count a class is expected to have, pooled until it does.
pub const LEAST_EXPECTED: f64 = 5.0;

/// What a test over classes is of.
#[derive(Clone, Copy, Debug)]
pub struct Classes<'a> {
    /// The scheme whose hands these are.
    pub scheme: &'static str,
    /// The deck and hand size, described.
    pub deck: &'a str,
    /// The test's id.
    pub name: &'static str,
    /// What it counts.
    pub what: &'a str,
}

/// Returns the test of the hands counted in `seen`, class by class, the
/// exact chance of each in `chances` (with its label), or `None` when the
/// hands are too few for two classes expected 5 times each.
pub(super) fn test(
    of: Classes<'_>,
    chances: &[(String, BigRational)],
    seen: &[u64],
) -> Option<Draft> {
    let n: u64 = seen.iter().sum();
    let pooled = pool(chances, seen, n);
    if pooled.len() < 2 {
        return None;
    }
    let statistic: f64 = pooled
        .iter()
        .map(|c| (c.observed as f64 - c.expected).powi(2) / c.expected)
        .sum();
    let df = pooled.len() as u64 - 1;
    let law = ChiSquared::new(df as f64).ok()?;
    let likeliest = pooled
        .iter()
        .map(|c| c.expected / n as f64)
        .fold(0.0, f64::max);
    Some(Draft {
        test: Test {
            scheme: of.scheme,
            deck: of.deck.to_owned(),
            name: of.name.to_owned(),
            what: of.what.to_owned(),
            method: Method::ChiSquared,
            hands: n,
            observed: Observed::Statistic(statistic),
            expected: format!("chi-squared on {df} degrees of freedom (mean {df})"),
            df: Some(df),
            p_value: law.sf(statistic),
            p_corrected: 1.0,
            detect: None,
            classes: pooled,
        },
        power: Power::classes(df, likeliest),
    })
}

/// Pools neighbouring classes until each is expected at least
/// [`LEAST_EXPECTED`] times in `n` hands; a short last class joins the
/// one before it.
fn pool(chances: &[(String, BigRational)], seen: &[u64], n: u64) -> Vec<Class> {
    let mut pooled: Vec<(String, String, BigRational, u64)> = Vec::new();
    let mut open: Option<(String, String, BigRational, u64)> = None;
    for ((label, chance), &count) in chances.iter().zip(seen) {
        let (first, _, sum, observed) = open
            .take()
            .unwrap_or_else(|| (label.clone(), label.clone(), BigRational::zero(), 0));
        let class = (first, label.clone(), sum + chance, observed + count);
        if n as f64 * to_f64(&class.2) >= LEAST_EXPECTED {
            pooled.push(class);
        } else {
            open = Some(class);
        }
    }
    if let Some((_, last, chance, observed)) = open {
        match pooled.last_mut() {
            Some(before) => {
                before.1 = last;
                before.2 += chance;
                before.3 += observed;
            }
            None => pooled.push((String::new(), last, chance, observed)),
        }
    }
    pooled
        .into_iter()
        .map(|(first, last, chance, observed)| {
            let p = to_f64(&chance);
            let expected = n as f64 * p;
            let half = 1.96 * (expected * (1.0 - p)).sqrt();
            Class {
                label: if first == last || first.is_empty() {
                    last
                } else {
                    format!("{first} to {last}")
                },
                observed,
                expected,
                low: (expected - half).max(0.0),
                high: expected + half,
                exact: Some(fraction(&chance)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use fairdeal_audit::exact::ratio;

    use super::*;

    fn chances(p: &[(i64, i64)]) -> Vec<(String, BigRational)> {
        p.iter()
            .enumerate()
            .map(|(i, &(a, b))| (i.to_string(), ratio(a, b)))
            .collect()
    }

    const OF: Classes<'static> = Classes {
        scheme: "s",
        deck: "d",
        name: "n",
        what: "w",
    };

    #[test]
    fn small_classes_are_pooled_with_their_neighbours() {
        // 100 hands: expected 1, 2, 30, 60, 3, 4: the first three pooled,
        // the last two.
        let c = chances(&[(1, 100), (2, 100), (30, 100), (60, 100), (3, 100), (4, 100)]);
        let draft = test(OF, &c, &[1, 2, 30, 60, 3, 4]).unwrap();
        let labels: Vec<&str> = draft
            .test
            .classes
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(labels, ["0 to 2", "3", "4 to 5"]);
        assert_eq!(draft.test.classes[0].exact.as_deref(), Some("33/100"));
        assert_eq!(draft.test.classes[2].observed, 7);
        assert_eq!(draft.test.df, Some(2));
        // A short tail joins the class before it.
        let c = chances(&[(5, 100), (30, 100), (62, 100), (2, 100), (1, 100)]);
        let draft = test(OF, &c, &[5, 30, 62, 2, 1]).unwrap();
        let labels: Vec<&str> = draft
            .test
            .classes
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(labels, ["0", "1", "2 to 4"]);
        assert_eq!(draft.test.classes[2].exact.as_deref(), Some("13/20"));
        assert_eq!(draft.test.classes[2].observed, 65);
        assert_eq!(draft.test.observed, Observed::Statistic(0.0));
        assert!((draft.test.p_value - 1.0).abs() < 1e-12);
        // Too few hands for two classes: no test.
        assert!(test(OF, &c, &[0, 0, 1, 1, 0, 0]).is_none());
    }

    #[test]
    fn the_statistic_and_its_p_value() {
        // 60 and 40 of 100 where 50 and 50 are expected: 2 + 2 = 4 on one
        // degree of freedom, p = 0.0455 (R: pchisq(4, 1, lower = FALSE)).
        let draft = test(OF, &chances(&[(1, 2), (1, 2)]), &[60, 40]).unwrap();
        assert_eq!(draft.test.observed, Observed::Statistic(4.0));
        assert!((draft.test.p_value - 0.045_500_263_9).abs() < 1e-9);
    }
}
