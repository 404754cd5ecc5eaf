//! Exact fractions and how they are shown: rounded decimals, percents and
//! "1 in N", all computed from the fraction itself, never from a float.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// Returns `num / den` in lowest terms.
///
/// # Panics
///
/// When `den` is zero.
pub fn ratio(num: impl Into<BigInt>, den: impl Into<BigInt>) -> BigRational {
    BigRational::new(num.into(), den.into())
}

/// Returns `x` as `p/q` in lowest terms (`1` for a whole number is `1/1`).
pub fn fraction(x: &BigRational) -> String {
    format!("{}/{}", x.numer(), x.denom())
}

/// Returns `x` rounded half away from zero to `places` decimals, exactly:
/// `0.0433` for the 10-riffle distance of 52 cards.
pub fn fixed(x: &BigRational, places: u32) -> String {
    let scale = BigInt::from(10u32).pow(places);
    let scaled = (x.abs() * BigRational::from_integer(scale)).round();
    let digits = scaled.to_integer().magnitude().to_string();
    let places = places as usize;
    let padded = format!("{digits:0>width$}", width = places + 1);
    let (whole, frac) = padded.split_at(padded.len() - places);
    let sign = if x.is_negative() && !scaled.is_zero() {
        "-"
    } else {
        ""
    };
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac}")
    }
}

/// Returns `x` as the nearest `f64` (for JSON and plots; the exact value is
/// what the text shows).
pub fn to_f64(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// Returns `1 / x` rounded to a whole number when it is at least 10, else
/// to two decimals: "1 in 759", "1 in 1.86". `None` for zero.
pub fn one_in(x: &BigRational) -> Option<String> {
    if x.is_zero() {
        return None;
    }
    let inverse = x.recip();
    let ten = BigRational::from_integer(BigInt::from(10u32));
    Some(if inverse >= ten {
        fixed(&inverse, 0)
    } else {
        fixed(&inverse, 2)
    })
}

/// Returns `n!`.
pub fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::from(1u32), |acc, i| acc * BigUint::from(i))
}

/// Returns the binomial coefficient `C(n, k)`.
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    let mut c = BigUint::from(1u32);
    for i in 0..k {
        // C(n, i + 1) = C(n, i) * (n - i) / (i + 1), exact at every step.
        c = c * BigUint::from(n - i) / BigUint::from(i + 1);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_rounds_half_up_exactly() {
        assert_eq!(fixed(&ratio(1, 3), 4), "0.3333");
        assert_eq!(fixed(&ratio(2, 3), 4), "0.6667");
        assert_eq!(fixed(&ratio(1, 8), 2), "0.13");
        assert_eq!(fixed(&ratio(1, 1), 3), "1.000");
        assert_eq!(fixed(&ratio(5, 100_000), 4), "0.0001");
        assert_eq!(fixed(&ratio(-1, 4), 1), "-0.3");
        assert_eq!(fixed(&ratio(759, 1), 0), "759");
    }

    #[test]
    fn one_in_and_fractions() {
        assert_eq!(one_in(&ratio(56, 42_504)).as_deref(), Some("759"));
        assert_eq!(fraction(&ratio(56, 42_504)), "1/759");
        assert_eq!(one_in(&ratio(136, 253)).as_deref(), Some("1.86"));
        assert_eq!(one_in(&ratio(0, 1)), None);
    }

    #[test]
    fn binomials_and_factorials() {
        assert_eq!(binomial(24, 5), BigUint::from(42_504u32));
        assert_eq!(binomial(5, 7), BigUint::zero());
        assert_eq!(factorial(5), BigUint::from(120u32));
        assert_eq!(binomial(52, 26).to_string(), "495918532948104");
    }
}
