//! The deck of hand n: Fisher-Yates, or the kitchen-table riffles and cut,
//! then the player's cut (docs/schemes/showdown.md, step 7: the deck for hand
//! n). Everything works on the 24 starting positions in place; nothing
//! allocates per draw.

use fairdeal_core::Error;
use fairdeal_core::shuffle::next_draw;
use fairdeal_core::stream::Hex64;

use crate::below_of;

/// Cards in a euchre deck.
pub const CARDS: usize = 24;
/// The starting positions 0..23, which a shuffle permutes.
pub const STARTING_POSITIONS: [u16; CARDS] = {
    let mut deck = [0u16; CARDS];
    let mut p = 0u16;
    while (p as usize) < CARDS {
        deck[p as usize] = p;
        p += 1;
    }
    deck
};
/// Riffles of the kitchen-table shuffle.
pub const RIFFLES: usize = 3;
/// A merge's positions are masked to this power of two (above 2 * CARDS),
/// which no position reaches, so that indexing needs no bounds check.
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

// The shuffles below are written out card by card (a macro lists the card
// counts) rather than looped: each below(k) then divides by a constant, and
// the merge's and the swap's positions are constants, which took about a
// third of a kitchen-table hand's instructions when k came from a table.

/// For i = 23 down to 1: j = below(i + 1); swap i and j.
///
/// # Errors
///
/// When the draws run out.
#[inline(always)]
pub fn fisher_yates<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    macro_rules! swaps {
        ($($k:literal)*) => {$(
            // i = k - 1.
            let j = draws.below::<$k>()?;
            deck.swap($k - 1, j);
        )*};
    }
    swaps!(24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2);
    Ok(())
}

/// A riffle's two decks: the one merged from and the one merged into.
struct Merge {
    /// The deck before the riffle, then room: the rest of either half is
    /// a run of 24 that starts in its first 24.
    from: [u16; ROOM],
    /// The merged cards, and room for a run of 24 after any of them.
    out: [u16; 2 * CARDS],
}

impl Merge {
    /// Places card `CARDS - K` if both halves still have cards (0 < L < K,
    /// K = L + R): left when below(K) < L. With `CARDS - K` cards placed
    /// and L = `rest_l` cards left in the left half of size `k`, the next
    /// left card is `from[k - L]` and the next right card
    /// `from[CARDS - K + L]`. Returns whether it placed one.
    // L and k are passed apart from the decks, which live in memory, so
    // that they stay in registers from card to card.
    #[inline(always)]
    fn step<const K: u64, I: Iterator<Item = Hex64>>(
        &mut self,
        k: usize,
        rest_l: &mut usize,
        draws: &mut Draws<'_, I>,
    ) -> Result<bool, Error> {
        // OK because K is a card count.
        let k_cards = usize::try_from(K).unwrap_or(CARDS);
        if rest_l.wrapping_sub(1) >= k_cards - 1 {
            return Ok(false);
        }
        let placed = CARDS - k_cards;
        let take_left = draws.below::<K>()? < *rest_l;
        // Branch-free: the draw decides, so a branch would be mispredicted
        // about every other card.
        let next = if take_left {
            k - *rest_l
        } else {
            placed + *rest_l
        };
        self.out[placed] = self.from[next & (ROOM - 1)];
        *rest_l -= usize::from(take_left);
        Ok(true)
    }
}

/// One riffle: k = popcount of the draw's low 24 bits splits the deck; the
/// halves merge from the top, left when below(L + R) < L.
///
/// # Errors
///
/// When the draws run out.
#[inline(always)]
pub fn riffle<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    // The left half is deck[..k], the right half deck[k..].
    let k = (draws.next()? & SPLIT_BITS).count_ones() as usize;
    let mut merge = Merge {
        from: [0; ROOM],
        out: [0; 2 * CARDS],
    };
    // L, the cards left in the left half.
    let mut rest_l = k;
    merge.from[..CARDS].copy_from_slice(deck);
    // While both halves have cards; with one card left, one half is empty.
    let placed = 'merge: {
        macro_rules! steps {
            ($($k:literal)*) => {$(
                if !merge.step::<$k, I>(k, &mut rest_l, draws)? {
                    break 'merge CARDS - $k;
                }
            )*};
        }
        steps!(24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2);
        CARDS - 1
    };
    // Then the rest of the half that still has cards: the right half's
    // from position `placed` when the left is empty, else the left's.
    let rest = if rest_l == 0 { placed } else { k - rest_l };
    let run: [u16; CARDS] = run_at(&merge.from, rest);
    // A copy of a fixed length, whatever `placed` is: no call to memcpy.
    if let Some(tail) = merge.out.get_mut(placed..placed + CARDS) {
        tail.copy_from_slice(&run);
    }
    *deck = run_at(&merge.out, 0);
    Ok(())
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
#[inline(always)]
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
    fn riffle_matches_the_method_as_written() {
        // Draws from SplitMix64, with splits of every size from 0 to 24 and
        // draws that below() rejects (u64::MAX for any k not a power of
        // two) mixed in.
        let mut g = crate::SplitMix64::new(7);
        for case in 0..2000 {
            let split = (1u64 << (case % 25)) - 1;
            let mut draws: Vec<u64> = vec![split];
            for i in 0..40 {
                draws.push(if (case + i) % 17 == 0 {
                    u64::MAX
                } else {
                    g.next_u64()
                });
            }
            let start: [u16; CARDS] =
                std::array::from_fn(|i| u16::try_from(i * 7 % CARDS).unwrap());
            let (expected, used) = riffle_as_written(&start, &draws);
            let mut it = draws.iter().copied().map(Hex64);
            let mut d = start;
            riffle(&mut d, &mut Draws::new(&mut it)).unwrap();
            assert_eq!(d, expected, "case {case}");
            assert_eq!(draws.len() - it.count(), used, "case {case}");
        }
    }

    #[test]
    fn fisher_yates_matches_the_method_as_written() {
        let mut g = crate::SplitMix64::new(11);
        for case in 0..500 {
            let draws: Vec<u64> = (0..40)
                .map(|i| {
                    if (case + i) % 13 == 0 {
                        u64::MAX
                    } else {
                        g.next_u64()
                    }
                })
                .collect();
            let mut it = draws.iter().copied();
            let mut expected = STARTING_POSITIONS;
            for i in (1..CARDS).rev() {
                let j = usize::try_from(below_as_written(i as u64 + 1, &mut it)).unwrap();
                expected.swap(i, j);
            }
            let used = draws.len() - it.count();
            let mut it = draws.iter().copied().map(Hex64);
            let mut d = STARTING_POSITIONS;
            fisher_yates(&mut d, &mut Draws::new(&mut it)).unwrap();
            assert_eq!(d, expected, "case {case}");
            assert_eq!(draws.len() - it.count(), used, "case {case}");
        }
    }
}
