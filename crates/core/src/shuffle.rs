//! The multiply-shift Fisher-Yates shared by several schemes.

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

/// Takes the next number, or says how many there were.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`] (field `randoms`) when `draws` is empty;
/// `taken` is how many were consumed before.
// Inlined, with the error built out of line: a shuffle calls it once a card,
// and the error is rare and large.
#[inline]
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
}
