//! The shuffles as loops over the card counts: the same steps as
//! the written-out form (`written_out.rs`), smaller code for the page's
//! .wasm.

use fairdeal_core::Error;
use fairdeal_core::stream::Hex64;

use super::{CARDS, Draws, SPLIT_BITS};

/// For i = 23 down to 1: j = below(i + 1); swap i and j.
///
/// # Errors
///
/// When the draws run out.
#[inline]
pub fn fisher_yates<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    for i in (1..CARDS).rev() {
        let j = draws.below_dyn(i + 1)?;
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
#[inline]
pub fn riffle<I: Iterator<Item = Hex64>>(
    deck: &mut [u16; CARDS],
    draws: &mut Draws<'_, I>,
) -> Result<(), Error> {
    // The left half is deck[..k], the right half deck[k..].
    let k = (draws.next()? & SPLIT_BITS).count_ones() as usize;
    let mut out = [0; CARDS];
    // With `placed` cards out and L cards left in the left half, the next
    // left card is deck[k - L] and the next right card deck[placed + L].
    // Only L depends on the draws: the divisor L + R = 24 - placed does
    // not wait for the draw before, so the divisions overlap, and the loop
    // keeps few enough numbers to hold them all in registers.
    let mut rest_l = k;
    let mut placed = 0;
    // While both halves have cards.
    while rest_l != 0 && rest_l != CARDS - placed {
        let take_left = draws.below_dyn(CARDS - placed)? < rest_l;
        // Branch-free: the draw decides, so a branch would be mispredicted
        // about every other card.
        out[placed] = deck[if take_left {
            k - rest_l
        } else {
            placed + rest_l
        }];
        rest_l -= usize::from(take_left);
        placed += 1;
    }
    // Then the rest of the half that still has cards.
    let rest = if rest_l == 0 {
        &deck[placed..]
    } else {
        &deck[k - rest_l..k]
    };
    out[placed..].copy_from_slice(rest);
    *deck = out;
    Ok(())
}
