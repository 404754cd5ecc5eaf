//! The deck of hand n: Fisher-Yates, or the kitchen-table riffles and cut,
//! then the player's cut (docs/schemes/showdown.md, step 7: the deck for hand
//! n). Everything works on the 24 starting positions in place; nothing
//! allocates per draw.

use fairdeal_core::Error;
use fairdeal_core::cards::identity_array;
use fairdeal_core::shuffle::next_draw;
use fairdeal_core::stream::Hex64;

use crate::below_of;

#[cfg(any(test, target_arch = "wasm32"))]
mod looped;
#[cfg(any(test, not(target_arch = "wasm32")))]
mod written_out;

// Two forms of the same steps: written out card by card where speed counts,
// looped in the page's .wasm, which is built for size (written out, the
// shuffles took 44 KiB more of it). Both are tested against the method as
// written, and the page runs every vector through the looped form.
#[cfg(target_arch = "wasm32")]
pub use looped::{fisher_yates, riffle};
#[cfg(not(target_arch = "wasm32"))]
pub use written_out::{fisher_yates, riffle};

/// Cards in a euchre deck.
pub const CARDS: usize = 24;
/// The starting positions 0..23, which a shuffle permutes.
pub const STARTING_POSITIONS: [u16; CARDS] = identity_array::<CARDS>();
/// Riffles of the kitchen-table shuffle.
pub const RIFFLES: usize = 3;
/// A merge's positions are masked to this power of two (above 2 * CARDS),
/// which no position reaches, so that indexing needs no bounds check.
#[cfg(any(test, not(target_arch = "wasm32")))]
const ROOM: usize = 64;
/// Only these bits of a riffle's draw count towards the split.
const SPLIT_BITS: u64 = 0x00FF_FFFF;

/// Counts the draws a shuffle consumed, for the exhaustion error.
///
/// Its methods and the steps below are inlined into the shuffle: the
/// generator's state then stays in registers from draw to draw.
#[derive(Debug)]
pub struct Draws<'a, I> {
    inner: &'a mut I,
    taken: usize,
}

impl<'a, I: Iterator<Item = Hex64>> Draws<'a, I> {
    /// Wraps `inner`.
    pub fn new(inner: &'a mut I) -> Self {
        Self { inner, taken: 0 }
    }

    /// below(k) for a k known only at run time, as a card index.
    #[cfg(any(test, target_arch = "wasm32"))]
    #[inline]
    fn below_dyn(&mut self, k: usize) -> Result<usize, Error> {
        // OK because k and the result are card counts, at most 24.
        let k = u64::try_from(k).unwrap_or(u64::MAX);
        crate::below(k, self.inner, &mut self.taken)
            .map(|v| usize::try_from(v).unwrap_or(usize::MAX))
    }

    /// below(K), as a card index.
    #[inline(always)]
    fn below<const K: u64>(&mut self) -> Result<usize, Error> {
        // OK because the result is below K, a card count.
        below_of::<K, I>(self.inner, &mut self.taken)
            .map(|v| usize::try_from(v).unwrap_or(usize::MAX))
    }

    #[inline]
    fn next(&mut self) -> Result<u64, Error> {
        let Hex64(x) = next_draw(self.inner, self.taken)?;
        self.taken += 1;
        Ok(x)
    }
}

/// The 24 positions from `at` (at most 24) of a doubled deck.
#[inline(always)]
fn run_at(doubled: &[u16], at: usize) -> [u16; CARDS] {
    let mut run = [0; CARDS];
    if let Some(from) = doubled.get(at..at + CARDS) {
        run.copy_from_slice(from);
    }
    run
}

/// A cut: c = 1 + below(23); the deck becomes positions c..23 then 0..c-1.
///
/// # Errors
///
/// When the draws run out.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub fn cut<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    let c = 1 + draws.below::<{ CARDS as u64 - 1 }>()?;
    // Positions c.. of the deck written twice over.
    let mut doubled = [0; 2 * CARDS];
    doubled[..CARDS].copy_from_slice(deck);
    doubled[CARDS..].copy_from_slice(deck);
    *deck = run_at(&doubled, c);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck() -> [u16; CARDS] {
        STARTING_POSITIONS
    }

    #[test]
    fn riffle_merges_left_when_u_is_below_l() {
        // d = 0b11: k = 2, left [0 1], right [2..23]. u = 0 < L takes 0;
        // then u = 2 >= L = 1 takes 2; then u = 0 takes 1; right follows.
        let given = [3, 0, 2, 0].map(Hex64);
        let mut it = given.into_iter();
        let mut d = deck();
        riffle(&mut d, &mut Draws::new(&mut it)).unwrap();
        assert_eq!(d[..5], [0, 2, 1, 3, 4]);
        // Bits above the low 24 are not counted: k = 0, nothing is drawn.
        let mut it = [Hex64(0xFF00_0000_0000_0000)].into_iter();
        let mut d = deck();
        riffle(&mut d, &mut Draws::new(&mut it)).unwrap();
        assert_eq!(d, deck());
    }

    #[test]
    fn cut_moves_the_top_c_cards_under() {
        // below(23) = 4 gives c = 5.
        let mut it = [Hex64(4)].into_iter();
        let mut d = deck();
        cut(&mut d, &mut Draws::new(&mut it)).unwrap();
        assert_eq!(d[0], 5);
        assert_eq!(d[23], 4);
    }

    #[test]
    fn cut_matches_the_method_as_written_for_every_c() {
        // below(23) = c - 1 for every c, then once after a rejected draw
        // (2^64 mod 23 = 16, so u64::MAX is rejected).
        let start: [u16; CARDS] = std::array::from_fn(|i| u16::try_from(i * 5 % CARDS).unwrap());
        for c in 1..CARDS {
            let below = u64::try_from(c - 1).unwrap();
            for draws in [vec![below], vec![u64::MAX, below]] {
                let mut it = draws.iter().copied().map(Hex64);
                let mut d = start;
                cut(&mut d, &mut Draws::new(&mut it)).unwrap();
                let mut expected = start.to_vec();
                expected.rotate_left(c);
                assert_eq!(d.to_vec(), expected, "c = {c}");
                assert_eq!(it.count(), 0, "c = {c}: every draw used");
            }
        }
    }

    /// below(k) as docs/schemes/showdown.md (step 4: below(k)) words it, in
    /// u128 arithmetic.
    fn below_as_written(k: u64, draws: &mut impl Iterator<Item = u64>) -> u64 {
        let limit = (1u128 << 64) - (1u128 << 64) % u128::from(k);
        loop {
            let x = draws.next().unwrap();
            if u128::from(x) < limit {
                return x % k;
            }
        }
    }

    /// One riffle as docs/schemes/showdown.md (step 7: the deck for hand n)
    /// words it, one card at a time: what the branch-free riffle must match.
    /// Returns the deck and the number of draws used.
    fn riffle_as_written(deck: &[u16; CARDS], draws: &[u64]) -> ([u16; CARDS], usize) {
        let mut it = draws.iter().copied();
        let k = (it.next().unwrap() & SPLIT_BITS).count_ones() as usize;
        let (mut left, mut right) = (deck[..k].to_vec(), deck[k..].to_vec());
        let mut out = Vec::new();
        while !left.is_empty() && !right.is_empty() {
            let (l, r) = (left.len() as u64, right.len() as u64);
            let half = if below_as_written(l + r, &mut it) < l {
                &mut left
            } else {
                &mut right
            };
            out.push(half.remove(0));
        }
        out.extend(left.into_iter().chain(right));
        let used = draws.len() - it.count();
        (out.try_into().unwrap(), used)
    }

    #[test]
    #[allow(
        unused_qualifications,
        reason = "each form by its module's name, whichever one the crate uses"
    )]
    fn riffle_matches_the_method_as_written() {
        // Draws from SplitMix64, with splits of every size from 0 to 24 and
        // draws that below() rejects (u64::MAX for any k not a power of
        // two) mixed in.
        let mut g = crate::SplitMix64::new(7);
        for case in 0..2000 {
            let split = (1u64 << (case % 25)) - 1;
            let mut draws: Vec<u64> = vec![split];
            draws.extend(with_rejections(&mut g, case, 17));
            let start: [u16; CARDS] =
                std::array::from_fn(|i| u16::try_from(i * 7 % CARDS).unwrap());
            let (expected, used) = riffle_as_written(&start, &draws);
            both_forms_give(
                [
                    ("written out", written_out::riffle),
                    ("looped", looped::riffle),
                ],
                start,
                &draws,
                (expected, used),
                case,
            );
        }
    }

    /// 40 draws from `g` for test case `case`, with u64::MAX (which below()
    /// rejects for any k not a power of two) in place of every one whose
    /// index plus `case` is a multiple of `every`.
    fn with_rejections(g: &mut crate::SplitMix64, case: usize, every: usize) -> Vec<u64> {
        (0..40)
            .map(|i| {
                if (case + i) % every == 0 {
                    u64::MAX
                } else {
                    g.next_u64()
                }
            })
            .collect()
    }

    /// Given draws, as the tests of both forms take them.
    type Given = std::vec::IntoIter<Hex64>;
    /// A riffle or a Fisher-Yates shuffle, in either form.
    type Step = fn(&mut [u16; CARDS], &mut Draws<'_, Given>) -> Result<(), Error>;

    /// Runs each form of a step on `start` with `draws`: each must give the
    /// deck and use the number of draws of `expected`.
    fn both_forms_give(
        forms: [(&str, Step); 2],
        start: [u16; CARDS],
        draws: &[u64],
        expected: ([u16; CARDS], usize),
        case: usize,
    ) {
        for (form, step) in forms {
            let mut it: Given = draws
                .iter()
                .copied()
                .map(Hex64)
                .collect::<Vec<_>>()
                .into_iter();
            let mut d = start;
            step(&mut d, &mut Draws::new(&mut it)).unwrap();
            assert_eq!(d, expected.0, "{form}, case {case}");
            assert_eq!(draws.len() - it.count(), expected.1, "{form}, case {case}");
        }
    }

    #[test]
    #[allow(
        unused_qualifications,
        reason = "each form by its module's name, whichever one the crate uses"
    )]
    fn fisher_yates_matches_the_method_as_written() {
        let mut g = crate::SplitMix64::new(11);
        for case in 0..500 {
            let draws = with_rejections(&mut g, case, 13);
            let mut it = draws.iter().copied();
            let mut expected = STARTING_POSITIONS;
            for i in (1..CARDS).rev() {
                let j = usize::try_from(below_as_written(i as u64 + 1, &mut it)).unwrap();
                expected.swap(i, j);
            }
            let used = draws.len() - it.count();
            both_forms_give(
                [
                    ("written out", written_out::fisher_yates),
                    ("looped", looped::fisher_yates),
                ],
                STARTING_POSITIONS,
                &draws,
                (expected, used),
                case,
            );
        }
    }
}
