//! A uniform integer below k, by rejection (docs/schemes/showdown.md, step 4:
//! below(k)).

use fairdeal_core::Error;
use fairdeal_core::shuffle::next_draw;
use fairdeal_core::stream::Hex64;

/// 2^64 mod k without 128-bit arithmetic: ((2^64 - 1) mod k + 1) mod k.
const fn remainder(k: u64) -> u64 {
    (u64::MAX % k + 1) % k
}

/// What below(k) needs for one k, worked out when compiling for every k a
/// game draws with (up to 24 cards): below() then tests a draw with one
/// comparison and divides it with one multiply.
#[derive(Clone, Copy)]
struct Divisor {
    /// The largest accepted draw, 2^64 - 1 - (2^64 mod k) (u64::MAX for a
    /// power of two, which accepts every draw).
    max_accepted: u64,
    /// The multiplier and shift that divide any u64 by k exactly with one
    /// 64x64-bit multiply (the "branch-free" unsigned division of Granlund
    /// and Montgomery, as libdivide writes it): with l = floor(log2 k),
    /// magic = ceil(2^(65 + l) / k) - 2^64 and shift = l, or magic = 0 and
    /// shift = l - 1 for a power of two; then q = hi64(magic * x) and
    /// x / k = (((x - q) >> 1) + q) >> shift, exact for every u64 x since
    /// (magic + 2^64) * k - 2^(65 + l) < k <= 2^(l + 1). A 64-bit division
    /// takes this CPU about ten times a multiply's time; Lemire's direct
    /// remainder, tried before, needs a 128-bit multiplier (three
    /// multiplies) and was slower than the divider.
    magic: u64,
    shift: u32,
}

impl Divisor {
    const fn new(k: u64) -> Self {
        let l = k.ilog2();
        let (magic, shift) = if k.is_power_of_two() {
            (0, l.saturating_sub(1))
        } else {
            let m = (1u128 << (65 + l)) / k as u128 + 1 - (1u128 << 64);
            (low_64_bits(m), l)
        };
        Self {
            max_accepted: u64::MAX - remainder(k),
            magic,
            shift,
        }
    }

    /// Returns x mod k; k from 2 (1 has no multiplier of this form).
    fn reduce(self, x: u64, k: u64) -> u64 {
        // OK because the high half of a 128-bit product fits 64 bits.
        let q = ((u128::from(self.magic) * u128::from(x)) >> 64) as u64;
        let quotient = (((x - q) >> 1) + q) >> self.shift;
        x - quotient * k
    }
}

/// The low 64 bits of `x` (by bytes: `TryFrom` is not `const`).
const fn low_64_bits(x: u128) -> u64 {
    let b = x.to_le_bytes();
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// [`Divisor`] of each k from 1 to 24 (index 0 unused).
const DIVISORS: [Divisor; 25] = {
    let mut table = [Divisor {
        max_accepted: u64::MAX,
        magic: 0,
        shift: 0,
    }; 25];
    let mut k = 1;
    while k < 25 {
        table[k] = Divisor::new(k as u64);
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
// Always inlined: a shuffle calls it once a card, and inside the caller's
// loop the generator's state stays in registers instead of going through
// memory. A plain #[inline] was not followed in the table path (perf showed
// below as a call; a Fisher-Yates hand took 300 to 324 ns with the call,
// 220 to 228 ns inlined, task-clock of 2M hands alternated three times).
#[inline(always)]
pub fn below<I: Iterator<Item = Hex64>>(
    k: u64,
    draws: &mut I,
    taken: &mut usize,
) -> Result<u64, Error> {
    assert!(k > 0, "below(0) has no value");
    let divisor = DIVISORS.get(usize::try_from(k).unwrap_or(usize::MAX));
    let max = divisor.map_or_else(|| u64::MAX - remainder(k), |d| d.max_accepted);
    let mut x = draw(draws, taken)?;
    // x < limit = 2^64 - rem, that is x <= 2^64 - 1 - rem (at most 23 in
    // 2^64 draws fail).
    while x > max {
        x = draw(draws, taken)?;
    }
    Ok(match divisor {
        Some(d) if k >= 2 => d.reduce(x, k),
        _ => x % k,
    })
}

/// Returns below(K) for a `K` known when compiling: the same method as
/// [`below`], with the largest accepted draw a constant and `x mod K` a
/// division by a constant, which the compiler turns into a multiply and
/// shifts chosen for that `K` (and a mask for a power of two, which rejects
/// nothing). The shuffles call it once a card with the card count as `K`.
///
/// # Errors
///
/// As [`below`].
#[inline(always)]
pub fn below_of<const K: u64, I: Iterator<Item = Hex64>>(
    draws: &mut I,
    taken: &mut usize,
) -> Result<u64, Error> {
    let max = const {
        assert!(K > 0, "below(0) has no value");
        u64::MAX - remainder(K)
    };
    let mut x = draw(draws, taken)?;
    if x > max {
        rejected();
        while x > max {
            x = draw(draws, taken)?;
        }
    }
    Ok(x % K)
}

/// Marks the path of a rejected draw as cold (at most 23 in 2^64 draws), so
/// that the compiler lays the shuffle's accepted draws out as one straight
/// line (3% fewer instructions in a kitchen-table hand; `hint::cold_path`
/// is newer than this workspace's rust-version).
#[cold]
#[inline(never)]
fn rejected() {}

/// Takes the next draw, counting it.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn draw<I: Iterator<Item = Hex64>>(draws: &mut I, taken: &mut usize) -> Result<u64, Error> {
    let Hex64(x) = next_draw(draws, *taken)?;
    *taken += 1;
    Ok(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_accepted_draw_is_2_pow_64_minus_1_minus_2_pow_64_mod_k() {
        for (k, d) in DIVISORS.iter().enumerate().skip(1) {
            let rem = (1u128 << 64) % k as u128;
            assert_eq!(
                u128::from(d.max_accepted),
                (1u128 << 64) - 1 - rem,
                "k = {k}"
            );
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

    /// below_of::<K> against below(K) for one K: the edges of the limit
    /// (a rejected draw followed by an accepted one), and a spread.
    fn below_of_is_below<const K: u64>() {
        let rem = u64::try_from((1u128 << 64) % u128::from(K)).unwrap();
        let max = u64::MAX - rem;
        let mut g = crate::SplitMix64::new(K);
        let mut lists = vec![vec![max], vec![max - 1], vec![0], vec![K - 1]];
        if rem > 0 {
            lists.push(vec![max + 1, u64::MAX, 5]);
        }
        lists.extend((0..2000).map(|_| vec![g.next_u64()]));
        for list in lists {
            let (mut a, mut b) = (0, 0);
            let mut it_a = list.iter().copied().map(Hex64);
            let mut it_b = list.iter().copied().map(Hex64);
            assert_eq!(
                below_of::<K, _>(&mut it_a, &mut a).unwrap(),
                below(K, &mut it_b, &mut b).unwrap(),
                "K = {K}, draws {list:?}"
            );
            assert_eq!(a, b, "K = {K}, draws {list:?}");
        }
        // Out of draws after rejections: the same error.
        let mut it = [u64::MAX].into_iter().map(Hex64);
        let mut taken = 0;
        if rem > 0 {
            assert!(below_of::<K, _>(&mut it, &mut taken).is_err());
        }
    }

    #[test]
    fn below_of_a_constant_is_below() {
        below_of_is_below::<1>();
        below_of_is_below::<2>();
        below_of_is_below::<3>();
        below_of_is_below::<4>();
        below_of_is_below::<5>();
        below_of_is_below::<6>();
        below_of_is_below::<7>();
        below_of_is_below::<8>();
        below_of_is_below::<9>();
        below_of_is_below::<10>();
        below_of_is_below::<11>();
        below_of_is_below::<12>();
        below_of_is_below::<13>();
        below_of_is_below::<14>();
        below_of_is_below::<15>();
        below_of_is_below::<16>();
        below_of_is_below::<17>();
        below_of_is_below::<18>();
        below_of_is_below::<19>();
        below_of_is_below::<20>();
        below_of_is_below::<21>();
        below_of_is_below::<22>();
        below_of_is_below::<23>();
        below_of_is_below::<24>();
        below_of_is_below::<52>();
    }

    #[test]
    fn reduce_is_x_mod_k() {
        // The edges of every multiple's neighbourhood, and a spread of
        // values from SplitMix64, against the divider.
        let mut g = crate::SplitMix64::new(0);
        for k in 2..=24 {
            let edges = [0, 1, k - 1, k, k + 1, u64::MAX, u64::MAX - 1, 1 << 63];
            let multiples = (1..=64).map(|b: u32| (u64::MAX >> (64 - b)) / k * k);
            let near = multiples.flat_map(|m| [m.wrapping_sub(1), m, m.wrapping_add(1)]);
            let spread = (0..100_000).map(|_| g.next_u64());
            for x in edges.into_iter().chain(near).chain(spread) {
                assert_eq!(
                    DIVISORS[usize::try_from(k).unwrap()].reduce(x, k),
                    x % k,
                    "x = {x}, k = {k}"
                );
            }
        }
    }
}
