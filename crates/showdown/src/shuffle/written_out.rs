//! The shuffles written out card by card (a macro lists the card counts)
//! rather than looped: each below(k) then divides by a constant, and the
//! merge's and the swap's positions are constants, which took about a third
//! of a kitchen-table hand's instructions when k came from a table.

use fairdeal_core::Error;
use fairdeal_core::stream::Hex64;

use super::{CARDS, Draws, ROOM, SPLIT_BITS, run_at};

/// For i = 23 down to 1: j = below(i + 1); swap i and j.
///
/// # Errors
///
/// When the draws run out.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
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
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
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
