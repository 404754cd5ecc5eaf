//! A uniform integer below k, by rejection (SCHEMES.md §5 step 4).

use fairdeal_core::{Error, Hex64, next_draw};

/// 2^64 mod k without 128-bit arithmetic: ((2^64 - 1) mod k + 1) mod k.
const fn remainder(k: u64) -> u64 {
    (u64::MAX % k + 1) % k
}

/// [`remainder`] for every k a game draws with (up to 24 cards), worked out
/// when compiling: below() then divides once a draw, not three times.
const REMAINDERS: [u64; 25] = {
    let mut table = [0; 25];
    let mut k = 1;
    while k < 25 {
        table[k] = remainder(k as u64);
        k += 1;
    }
    table
};

/// Returns a uniform integer in 0..k from `draws`: limit = 2^64 - (2^64 mod
/// k); draw until x < limit; x mod k. Rejected draws are used up.
///
/// `taken` counts the draws consumed so far, for the exhaustion error.
///
/// # Errors
///
/// When `draws` runs out (only a finite list of given draws can).
///
/// # Panics
///
/// When `k` is 0 (every caller passes a count of cards, at least 1).
pub fn below<I: Iterator<Item = Hex64>>(
    k: u64,
    draws: &mut I,
    taken: &mut usize,
) -> Result<u64, Error> {
    assert!(k > 0, "below(0) has no value");
    let rem = REMAINDERS
        .get(usize::try_from(k).unwrap_or(usize::MAX))
        .copied()
        .unwrap_or_else(|| remainder(k));
    loop {
        let Hex64(x) = next_draw(draws, *taken)?;
        *taken += 1;
        // x < 2^64 - rem, written so that rem = 0 accepts everything.
        if rem == 0 || x < rem.wrapping_neg() {
            return Ok(x % k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_remainders_is_2_pow_64_mod_k() {
        for (k, &rem) in REMAINDERS.iter().enumerate().skip(1) {
            assert_eq!(u128::from(rem), (1u128 << 64) % k as u128, "k = {k}");
        }
    }

    fn run(k: u64, draws: &[u64]) -> (u64, usize) {
        let mut taken = 0;
        let v = below(k, &mut draws.iter().copied().map(Hex64), &mut taken).unwrap();
        (v, taken)
    }

    #[test]
    fn rejects_exactly_at_the_limit() {
        // k = 3: limit = 2^64 - 1, so only u64::MAX is rejected.
        assert_eq!(run(3, &[u64::MAX, 7]), (1, 2));
        assert_eq!(run(3, &[u64::MAX - 1]), ((u64::MAX - 1) % 3, 1));
        // k = 24: 2^64 mod 24 = 16.
        let limit = 0u64.wrapping_sub(16);
        assert_eq!(run(24, &[limit, limit - 1]), ((limit - 1) % 24, 2));
        // Powers of two reject nothing.
        assert_eq!(run(16, &[u64::MAX]), (15, 1));
    }
}
