//! The deck of hand n: Fisher-Yates, or the kitchen-table riffles and cut,
//! then the player's cut (SCHEMES.md §5 step 7). Everything works on the 24
//! starting positions in place; nothing allocates per draw.

use fairdeal_core::{Error, Hex64, next_draw};

use crate::below;

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
/// Only these bits of a riffle's draw count towards the split.
const SPLIT_BITS: u64 = 0x00FF_FFFF;

/// Counts the draws a shuffle consumed, for the exhaustion error.
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

    fn below(&mut self, k: usize) -> Result<usize, Error> {
        // OK because k and the result are card counts, at most 24.
        let k = u64::try_from(k).unwrap_or(u64::MAX);
        below(k, self.inner, &mut self.taken).map(|v| usize::try_from(v).unwrap_or(usize::MAX))
    }

    fn next(&mut self) -> Result<u64, Error> {
        let Hex64(x) = next_draw(self.inner, self.taken)?;
        self.taken += 1;
        Ok(x)
    }
}

/// For i = 23 down to 1: j = below(i + 1); swap i and j.
///
/// # Errors
///
/// When the draws run out.
pub fn fisher_yates<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    for i in (1..CARDS).rev() {
        let j = draws.below(i + 1)?;
        deck.swap(i, j);
    }
    Ok(())
}

/// One riffle: k = popcount of the draw's low 24 bits splits the deck; the
/// halves merge from the top, left when below(L + R) < L.
///
/// # Errors
///
/// When the draws run out.
pub fn riffle<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    let k = (draws.next()? & SPLIT_BITS).count_ones() as usize;
    let (left, right) = deck.split_at(k);
    let mut out = [0; CARDS];
    let (mut l, mut r) = (0, 0);
    for slot in &mut out {
        let take_left = if l == left.len() {
            false
        } else if r == right.len() {
            true
        } else {
            let (rest_l, rest_r) = (left.len() - l, right.len() - r);
            draws.below(rest_l + rest_r)? < rest_l
        };
        if take_left {
            *slot = left[l];
            l += 1;
        } else {
            *slot = right[r];
            r += 1;
        }
    }
    *deck = out;
    Ok(())
}

/// A cut: c = 1 + below(23); the deck becomes positions c..23 then 0..c-1.
///
/// # Errors
///
/// When the draws run out.
pub fn cut<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    let c = 1 + draws.below(CARDS - 1)?;
    deck.rotate_left(c);
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
}
