//! The Fisher-Yates shuffles shared by several schemes: by multiply-shift,
//! and by rejection sampling.

use crate::{Error, ErrorKind};

/// Returns floor(u * n / 2^32), exactly `(u * n) >> 32` in 64-bit integers
/// (docs/schemes/euchremaster.md, step 4: the shuffle;
/// docs/schemes/sfc32-lock.md, step 4: the shuffle;
/// docs/schemes/hmac-blackjack.md, "Conventions").
pub fn mul_shift(u: u32, n: u32) -> u32 {
    // OK because u * n < 2^64 and the shift leaves a value below n.
    u32::try_from((u64::from(u) * u64::from(n)) >> 32).unwrap_or(u32::MAX)
}

/// Shuffles `positions` in place: for i = len-1 down to 1, j = mul_shift(u,
/// i + 1) with u the next number of `draws`; swap i and j.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`] (field `randoms`) when `draws` ends first.
// Always inlined into the scheme's shuffle: called with the recorder by
// reference, the generator inside it was stored and loaded again at every
// draw.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub fn fisher_yates_mul_shift<I>(positions: &mut [u16], draws: &mut I) -> Result<(), Error>
where
    I: Iterator<Item = u32>,
{
    for (taken, i) in (1..positions.len()).rev().enumerate() {
        let u = next_draw(draws, taken)?;
        // OK because every deck here has at most 416 cards.
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        positions.swap(i, mul_shift(u, n) as usize);
    }
    Ok(())
}

/// 2^32, how many values a number of the stream can take. It does not fit in
/// a u32, so limits are computed in u64.
const NUMBERS: u64 = 1 << 32;

/// Returns the limit for a choice among `n`: the largest multiple of `n` that
/// is at most 2^32, so 2^32 - (2^32 mod n). Numbers at or above it are
/// rejected, which makes every `u mod n` equally likely
/// (docs/schemes/atout-v1.md, step 5: the shuffle, by rejection sampling).
///
/// # Panics
///
/// When `n` is 0 (a shuffle never chooses among none).
pub fn limit(n: u64) -> u64 {
    NUMBERS - NUMBERS % n
}

/// [`limit`] for every choice of a 32-card shuffle, worked out when
/// compiling: the shuffle then divides once a step, not twice.
const LIMITS: [u64; 33] = {
    let mut limits = [NUMBERS; 33];
    let mut n = 1;
    while n < 33 {
        limits[n] = NUMBERS - NUMBERS % n as u64;
        n += 1;
    }
    limits
};

/// Shuffles `positions` in place: for i = len-1 down to 1, with n = i + 1,
/// takes numbers until one is below [`limit`]`(n)`, then swaps i and
/// (that number mod n). Rejected numbers are used up, so a recorder around
/// `draws` sees them.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`] (field `randoms`) when `draws` ends first,
/// rejected numbers counted.
pub fn fisher_yates_rejection<I>(positions: &mut [u16], draws: &mut I) -> Result<(), Error>
where
    I: Iterator<Item = u32>,
{
    let mut taken = 0;
    for i in (1..positions.len()).rev() {
        // OK because a deck has at most 65536 cards (positions are u16).
        let n = u64::try_from(i + 1).unwrap_or(u64::MAX);
        let limit = LIMITS.get(i + 1).copied().unwrap_or_else(|| limit(n));
        let u = loop {
            let u = u64::from(next_draw(draws, taken)?);
            taken += 1;
            if u < limit {
                break u;
            }
        };
        // OK because u mod n < n = i + 1.
        let j = match (u32::try_from(u), FASTMOD.get(i + 1)) {
            (Ok(u), Some(&m)) => fastmod(u, m, n),
            _ => usize::try_from(u % n).unwrap_or(i),
        };
        positions.swap(i, j);
    }
    Ok(())
}

/// Lemire's multiplier for u mod n of any 32-bit u with two multiplies,
/// ceil(2^64 / n), for every n of a 32-card shuffle (index 0 and 1 unused:
/// u mod 1 is 0 by the same formula with 2^64 wrapping to 0).
const FASTMOD: [u64; 33] = {
    let mut table = [0; 33];
    let mut n = 1;
    while n < 33 {
        table[n] = (u64::MAX / n as u64).wrapping_add(1);
        n += 1;
    }
    table
};

/// Returns u mod n from `m` = ceil(2^64 / n): the fraction u / n kept in
/// the low 64 bits of m * u, times n, is the remainder (D. Lemire, O. Kaser,
/// N. Kurz, "Faster Remainder by Direct Computation", 2019: exact for every
/// 32-bit u and n). A 32-bit division took a rejection shuffle's 31 cards
/// about 6 cycles each in throughput on the Intel Xeon of
/// docs/performance.md (issue 26); two multiplies take 2.
#[inline(always)]
fn fastmod(u: u32, m: u64, n: u64) -> usize {
    let fraction = m.wrapping_mul(u64::from(u));
    // OK because the high half of the product is below n, at most 32.
    usize::try_from((u128::from(fraction) * u128::from(n)) >> 64).unwrap_or(0)
}

/// Takes the next number, or says how many there were.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`] (field `randoms`) when `draws` is empty;
/// `taken` is how many were consumed before.
// Inlined, with the error built out of line: a shuffle calls it once a card,
// and the error is rare and large.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub fn next_draw<I: Iterator>(draws: &mut I, taken: usize) -> Result<I::Item, Error> {
    match draws.next() {
        Some(draw) => Ok(draw),
        None => Err(exhausted(taken)),
    }
}

#[cold]
#[inline(never)]
fn exhausted(taken: usize) -> Error {
    Error::new("randoms", ErrorKind::StreamExhausted { given: taken })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::identity;

    #[test]
    fn fastmod_is_u_mod_n() {
        // Every n of the table, against `%`: the edges of 32 bits, the
        // multiples of n and their neighbours, and a spread of values.
        let mut g = crate::stream::SplitMix64::new(3);
        for (n, &m) in FASTMOD.iter().enumerate().skip(1) {
            let n = n as u64;
            let multiples = (1..=32).map(|b: u32| (u64::from(u32::MAX) >> (32 - b)) / n * n);
            let near = multiples.flat_map(|k| [k.saturating_sub(1), k, k + 1]);
            let spread = (0..20_000).map(|_| g.next_u64() >> 32);
            for u in [0, 1, u64::from(u32::MAX), u64::from(u32::MAX) - 1]
                .into_iter()
                .chain(near)
                .chain(spread)
            {
                let Ok(u) = u32::try_from(u) else { continue };
                assert_eq!(
                    fastmod(u, m, n) as u64,
                    u64::from(u) % n,
                    "u = {u}, n = {n}"
                );
            }
        }
    }

    #[test]
    fn mul_shift_covers_zero_to_n_minus_one() {
        assert_eq!(mul_shift(0, 24), 0);
        assert_eq!(mul_shift(u32::MAX, 24), 23);
        assert_eq!(mul_shift(0x8000_0000, 2), 1);
        assert_eq!(mul_shift(0x7FFF_FFFF, 2), 0);
    }

    #[test]
    fn all_zero_draws_rotate_the_deck() {
        // j = 0 every time: each step swaps the last unshuffled card to the top.
        let mut p = [0, 1, 2, 3];
        fisher_yates_mul_shift(&mut p, &mut [0u32; 3].into_iter()).unwrap();
        assert_eq!(p, [1, 2, 3, 0]);
        let err = fisher_yates_mul_shift(&mut p, &mut [0u32; 2].into_iter()).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::StreamExhausted { given: 2 });
    }

    #[test]
    fn the_table_of_limits_is_the_formula() {
        for (n, &table) in LIMITS.iter().enumerate().skip(1) {
            assert_eq!(table, limit(n as u64), "n = {n}");
        }
    }

    #[test]
    fn limits_are_multiples_of_n_at_most_2_pow_32() {
        // 2^32 = 4294967296 = 3 * 1431655765 + 1 = 31 * 138547332 + 4.
        assert_eq!(limit(2), 4_294_967_296);
        assert_eq!(limit(32), 4_294_967_296);
        assert_eq!(limit(3), 4_294_967_295);
        assert_eq!(limit(31), 4_294_967_292);
        for n in 2..=32 {
            assert_eq!(limit(n) % n, 0);
            assert!(NUMBERS - limit(n) < n);
        }
    }

    #[test]
    fn rejected_numbers_are_used_up() {
        // Three cards: n = 3 rejects 2^32 - 1 (its limit), then takes 4 (j = 1);
        // n = 2 rejects nothing and takes 1 (j = 1).
        let mut p = identity(3);
        let mut draws = [u32::MAX, u32::MAX, 4, 1, 99].into_iter();
        fisher_yates_rejection(&mut p, &mut draws).unwrap();
        assert_eq!(p, [0, 2, 1]);
        assert_eq!(draws.next(), Some(99));
        let err =
            fisher_yates_rejection(&mut identity(3), &mut [u32::MAX; 5].into_iter()).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::StreamExhausted { given: 5 });
    }
}
