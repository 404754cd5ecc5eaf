//! The power of each test: how many hands it takes to see a given shift.
//! A test that finds nothing in 300 hands has shown little: a site that
//! moved a chance by 5 percentage points would pass it too. So every test
//! states the hands after which such a shift, either way, makes its
//! corrected p-value fall below the threshold 4 times in 5.
//!
//! The shift is 5 percentage points of the chance tested, or half of it
//! (or of its complement) where that is smaller: 5 points would be a
//! fortyfold change of a farmer's hand (1/759). The level is the
//! threshold divided by the number of tests, what Holm's correction asks
//! of the smallest p-value.
//!
//! - Binomial: the normal approximation of both laws, n = ((z_a sqrt(p(1 -
//!   p)) + z_b sqrt(q(1 - q))) / (q - p))^2 for q = p + shift and p -
//!   shift, whichever needs more (z_a the two-sided quantile of the level,
//!   z_b that of 80%).
//! - Chi-squared: the statistic of n shifted hands is noncentral
//!   chi-squared with the same degrees of freedom and noncentrality n times
//!   that of one hand, sum over classes of (shift of its chance)^2 / chance;
//!   the noncentral law is the Poisson(lambda / 2) mixture of central
//!   chi-squared laws with df + 2i degrees of freedom.

use num_traits::ToPrimitive;
use statrs::distribution::{ChiSquared, ContinuousCDF, Normal};

use super::Detect;

/// The chance of seeing the shift that [`Detect::hands`] is computed for.
pub const POWER: f64 = 0.8;

/// The largest shift looked for, as a chance: 5 percentage points.
pub const SHIFT: f64 = 0.05;

/// The model of a test's power.
#[derive(Clone, Copy, Debug)]
pub enum Power {
    /// No power stated (the longest run).
    None,
    /// A binomial test of an event of chance `p`.
    Binomial {
        /// The chance of the event a hand.
        p: f64,
    },
    /// A chi-squared test.
    ChiSquared {
        /// Its degrees of freedom.
        df: u64,
        /// The shift looked for.
        shift: f64,
        /// The noncentrality of one shifted hand.
        per_hand: f64,
    },
}

impl Power {
    /// Returns the power of a chi-squared test over classes of hands, the
    /// likeliest class of chance `q` shifted and the others scaled to make
    /// room: the noncentrality of a hand is then shift^2 / q + shift^2 /
    /// (1 - q).
    pub fn classes(df: u64, q: f64) -> Self {
        let shift = shift(q);
        Self::ChiSquared {
            df,
            shift,
            per_hand: shift * shift / (q * (1.0 - q)),
        }
    }
}

/// Returns the shift looked for in a chance `p`.
pub fn shift(p: f64) -> f64 {
    SHIFT.min(p / 2.0).min((1.0 - p) / 2.0)
}

/// Returns the hands needed for `power`'s test to see its shift at level
/// `alpha` with chance [`POWER`].
pub fn detect(power: &Power, alpha: f64) -> Option<Detect> {
    let (shift, hands) = match *power {
        Power::None => return None,
        Power::Binomial { p } => {
            let shift = shift(p);
            let normal = Normal::standard();
            let za = normal.inverse_cdf(1.0 - alpha / 2.0);
            let zb = normal.inverse_cdf(POWER);
            let hands = [p - shift, p + shift]
                .into_iter()
                .map(|q| {
                    let root = za * (p * (1.0 - p)).sqrt() + zb * (q * (1.0 - q)).sqrt();
                    (root / shift).powi(2)
                })
                .fold(0.0, f64::max);
            (shift, hands)
        }
        Power::ChiSquared {
            df,
            shift,
            per_hand,
        } => (shift, noncentrality(df, alpha)? / per_hand),
    };
    (shift > 0.0 && hands.is_finite()).then_some(())?;
    Some(Detect {
        shift,
        hands: hands.ceil().to_u64()?,
    })
}

/// Returns the noncentrality at which a chi-squared test on `df` degrees
/// of freedom at level `alpha` rejects with chance [`POWER`].
fn noncentrality(df: u64, alpha: f64) -> Option<f64> {
    let critical = ChiSquared::new(df as f64).ok()?.inverse_cdf(1.0 - alpha);
    let mut high = 1.0;
    while noncentral_sf(df, high, critical) < POWER {
        high *= 2.0;
        if high > 1e5 {
            return None;
        }
    }
    let mut low = 0.0;
    for _ in 0..60 {
        let mid = (low + high) / 2.0;
        if noncentral_sf(df, mid, critical) < POWER {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some(high)
}

/// Returns P(X > x) for X noncentral chi-squared, `df` degrees of freedom,
/// noncentrality `lambda`: the Poisson(lambda / 2) mixture of central laws.
pub fn noncentral_sf(df: u64, lambda: f64, x: f64) -> f64 {
    let half = lambda / 2.0;
    let mut weight = (-half).exp();
    let mut sum = 0.0;
    let mut i = 0u32;
    loop {
        let Ok(law) = ChiSquared::new(df as f64 + 2.0 * f64::from(i)) else {
            return f64::NAN;
        };
        sum += weight * law.sf(x);
        i += 1;
        weight *= half / f64::from(i);
        if (f64::from(i) > half && weight < 1e-16) || i > 100_000 {
            return sum;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_degree_of_freedom_is_a_shifted_normal_squared() {
        // X = (Z + sqrt(lambda))^2: P(X > x) = P(Z > sqrt x - sqrt lambda)
        // + P(Z < -sqrt x - sqrt lambda).
        let normal = Normal::standard();
        for (lambda, x) in [(0.0, 3.84), (4.0, 3.84), (20.0, 10.83), (50.0, 30.0)] {
            let (r, s) = (f64::sqrt(lambda), f64::sqrt(x));
            let exact = normal.sf(s - r) + normal.cdf(-s - r);
            let mixed = noncentral_sf(1, lambda, x);
            assert!(
                (mixed - exact).abs() < 1e-10,
                "{lambda} {x}: {mixed} {exact}"
            );
        }
    }

    #[test]
    fn the_hands_a_shift_needs() {
        // A chance of 1/2 moved by 5 points at level 0.001:
        // ((3.2905 * 0.5 + 0.8416 * sqrt(0.55 * 0.45)) / 0.05)^2 = 1703.9.
        let d = detect(&Power::Binomial { p: 0.5 }, 0.001).unwrap();
        assert_eq!((d.shift, d.hands), (0.05, 1704));
        // A farmer's hand: half its chance.
        let d = detect(&Power::Binomial { p: 1.0 / 759.0 }, 0.001).unwrap();
        assert!((d.shift - 1.0 / 1518.0).abs() < 1e-15);
        // The same shift of one class of two, tested by chi-squared, needs
        // about as many hands as the binomial test of that class.
        let d = detect(&Power::classes(1, 0.5), 0.001).unwrap();
        assert!((1650..1760).contains(&d.hands), "{}", d.hands);
        assert!(detect(&Power::None, 0.001).is_none());
    }
}
