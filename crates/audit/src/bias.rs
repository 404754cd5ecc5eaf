//! The exact bias of each scheme's way of turning a random number into a
//! choice, computed from the method, not sampled (docs/fairness.md, "The
//! bias of one draw").
//!
//! - Multiply-shift, j = (u * n) >> 32 for a 32-bit u: of the 2^32 values
//!   of u, r = 2^32 mod n choices get q + 1 and the other n - r get q, with
//!   q = floor(2^32 / n); the largest gap from 1/n is max(r, n - r) / (n
//!   2^32), none when n divides 2^32.
//! - Rejection sampling (u below the largest multiple of n, then u mod n):
//!   every choice exactly 1/n.
//! - A threshold (plinko: right when u >= t): P = (2^32 - t) / 2^32.

use num_bigint::BigInt;
use serde::Serialize;

use crate::exact::{fraction, ratio, to_f64};

/// 2^32: how many values a 32-bit draw takes.
const WORD: u64 = 1 << 32;

/// How a scheme turns numbers into choices, and for which sizes: each
/// scheme says so in its `INFO.audit.draws`.
pub use fairdeal::core::audit::DrawMethod as Method;

/// The methods of a registered scheme, by id, as its `INFO` lists them;
/// empty for an id not registered.
pub fn methods(scheme: &str) -> &'static [Method] {
    fairdeal::scheme(scheme).map_or(&[], |s| s.info().audit.draws)
}

/// The exact bias of one method.
#[derive(Clone, Debug, Serialize)]
pub struct Bias {
    /// `multiply-shift`, `rejection` or `threshold`.
    pub method: &'static str,
    /// Where the scheme uses it.
    pub used_for: &'static str,
    /// The largest |P(choice) - 1/n| over the sizes (multiply-shift), or
    /// |P(yes) - meant| (threshold): `0/1` for none. In lowest terms.
    pub max_deviation: String,
    /// The same, as a float.
    pub max_deviation_f64: f64,
    /// The largest deviation relative to the chance meant (1/n, or
    /// `meant`).
    pub relative: f64,
    /// The size n where the deviation is largest (multiply-shift).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst_n: Option<u64>,
    /// The size n where the relative deviation is largest (multiply-shift).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relative_n: Option<u64>,
    /// P(yes) exactly (threshold).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability: Option<String>,
}

/// Returns the largest |count / 2^32 - 1/n| of multiply-shift among n
/// choices, as the numerator over n 2^32: max(r, n - r), or 0 when n
/// divides 2^32 (r = 2^32 mod n).
pub fn mul_shift_gap(n: u64) -> u64 {
    let r = WORD % n;
    if r == 0 { 0 } else { r.max(n - r) }
}

/// Returns the exact bias of `method`.
pub fn bias(method: &Method) -> Bias {
    match *method {
        Method::MulShift { used_for, sizes } => {
            // The largest gap / (n 2^32) over the sizes.
            let (worst_n, gap) = (sizes.0..=sizes.1)
                .map(|n| {
                    (
                        n,
                        ratio(mul_shift_gap(n), BigInt::from(n) * BigInt::from(WORD)),
                    )
                })
                .max_by(|a, b| a.1.cmp(&b.1))
                .unwrap_or((1, ratio(0, 1)));
            // Relative to 1/n: max(r, n - r) / 2^32, largest near the
            // largest n.
            let (relative_n, relative) = (sizes.0..=sizes.1)
                .map(|n| (n, ratio(mul_shift_gap(n), WORD)))
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
                .unwrap_or((1, ratio(0, 1)));
            Bias {
                method: "multiply-shift",
                used_for,
                max_deviation: fraction(&gap),
                max_deviation_f64: to_f64(&gap),
                relative: to_f64(&relative),
                worst_n: Some(worst_n),
                relative_n: Some(relative_n),
                probability: None,
            }
        }
        Method::Rejection { used_for } => Bias {
            method: "rejection",
            used_for,
            max_deviation: "0/1".to_owned(),
            max_deviation_f64: 0.0,
            relative: 0.0,
            worst_n: None,
            relative_n: None,
            probability: None,
        },
        Method::Threshold {
            used_for,
            from,
            meant,
        } => {
            let p = ratio(WORD - from, WORD);
            let meant = ratio(meant.0, meant.1);
            let gap = &p - &meant;
            let gap = if gap < ratio(0, 1) { -gap } else { gap };
            Bias {
                method: "threshold",
                used_for,
                max_deviation: fraction(&gap),
                max_deviation_f64: to_f64(&gap),
                relative: to_f64(&(&gap / &meant)),
                worst_n: None,
                relative_n: None,
                probability: Some(fraction(&p)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count formula against every value of an 8-bit word, where the
    /// choice is (u * n) >> 8.
    #[test]
    fn mul_shift_counts_match_a_small_word_by_brute_force() {
        const SMALL: u64 = 256;
        for n in 1..=40u64 {
            let mut counts = vec![0u64; usize::try_from(n).unwrap()];
            for u in 0..SMALL {
                counts[usize::try_from((u * n) >> 8).unwrap()] += 1;
            }
            let r = SMALL % n;
            let gap = counts
                .iter()
                .map(|&c| (c * n).abs_diff(SMALL))
                .max()
                .unwrap_or(0);
            let expected = if r == 0 { 0 } else { r.max(n - r) };
            assert_eq!(gap, expected, "n = {n}");
        }
    }

    #[test]
    fn the_schemes_biases() {
        let em = bias(&methods("euchremaster")[0]);
        // 2^32 mod 17 = 1: one choice in 17 gets one value of u more, the
        // others 1/17 of one less; the gap is 16 / (17 2^32) = 1 / (17
        // 2^28), the largest from 2 to 25.
        assert_eq!(em.worst_n, Some(17));
        assert_eq!(em.max_deviation, "1/4563402752");
        // Relative to 1/n: 2^32 mod 25 = 21, so 21 / 2^32 at n = 25.
        assert_eq!(em.relative_n, Some(25));
        assert!((em.relative - 21.0 / 4_294_967_296.0).abs() < 1e-18);
        assert_eq!(
            bias(&methods("sfc32-lock")[0]).max_deviation,
            "1/4563402752"
        );
        let shoe = bias(&methods("hmac-blackjack")[0]);
        // Relative: max(r, n - r) / 2^32 over n = 1 .. 416; at most
        // 415 / 2^32, under 1e-7.
        assert_eq!(shoe.worst_n, Some(257));
        assert!(
            shoe.relative < 1e-7 && shoe.relative > 9e-8,
            "{}",
            shoe.relative
        );
        let plinko = bias(&methods("hmac-blackjack")[1]);
        assert_eq!(plinko.probability.as_deref(), Some("2126008811/4294967296"));
        assert_eq!(plinko.max_deviation, "21474837/4294967296");
        assert_eq!(bias(&methods("atout-v1")[0]).max_deviation, "0/1");
        for scheme in fairdeal::SCHEMES {
            assert!(!methods(scheme.id()).is_empty(), "{}", scheme.id());
        }
    }

    /// The mul-shift schemes never run out of numbers, whatever they are;
    /// a rejection shuffle given only the largest number does (it rejects
    /// it for 31 choices): what the table says of each is what it does.
    #[test]
    fn each_scheme_shuffles_as_its_method_says() {
        let samples = [
            (
                "euchremaster",
                r#"{"seed": "0000000000000000000000000000000000000000000000000000000000000000", "cut": "x", "dealer": 0}"#,
            ),
            (
                "sfc32-lock",
                r#"{"seed": "00000000000000000000000000000000", "nonce": "x"}"#,
            ),
            (
                "atout-v1",
                r#"{"secret": "s", "variant": "coinche", "numbers": ["", "", "", ""]}"#,
            ),
        ];
        for (id, input) in samples {
            let scheme = fairdeal::scheme(id).unwrap();
            let input: serde_json::Value = serde_json::from_str(input).unwrap();
            let randoms = serde_json::json!(vec![u32::MAX; 40]);
            let shuffled = scheme.shuffle_json(&input, 1, &randoms);
            match methods(id)[0] {
                Method::MulShift { .. } => {
                    let out = shuffled.unwrap();
                    assert_eq!(out["consumed"], 23, "{id}");
                }
                Method::Rejection { .. } => assert!(shuffled.is_err(), "{id}"),
                Method::Threshold { .. } => unreachable!(),
            }
        }
    }
}
