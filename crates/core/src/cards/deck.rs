//! A shuffled deck: the cards in order, and where each came from.

use serde::Serialize;

use crate::cards::Card;
use crate::{Error, ErrorKind};

/// A deck after the shuffle: position 0 first.
///
/// It keeps both the cards and their positions in the scheme's starting deck,
/// since the positions are what a port compares first
/// (docs/schemes/euchremaster.md, step 4: the shuffle).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deck {
    positions: Vec<u16>,
    #[serde(rename = "deck")]
    cards: Vec<Card>,
}

impl Deck {
    /// Returns the deck that lists `start[positions[0]]` first, and so on.
    ///
    /// # Panics
    ///
    /// When a position is outside `start`: positions come from a shuffle of
    /// `0..start.len()`, so that is a bug in the scheme, not bad input.
    pub fn from_positions(start: &[Card], positions: Vec<u16>) -> Self {
        let cards = positions.iter().map(|&p| start[usize::from(p)]).collect();
        Self { positions, cards }
    }

    /// Returns the deck `cards`, which must hold the cards of `start`, each
    /// as often as `start` does.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Value`] naming the first card (by its index, `[7]`) that
    /// is not in `start` or is there more often than `start` holds it (a
    /// shoe of several decks holds each card several times; positions take
    /// its copies in order); then, when every card is
    /// good, [`ErrorKind::Count`] for a deck of the wrong size. Callers place
    /// the field with [`Error::within`].
    pub fn from_cards(start: &[Card], cards: &[Card]) -> Result<Self, Error> {
        Self::read(start, cards.iter().copied().map(Ok))
    }

    /// Returns the deck of `cards` read one at a time, as
    /// [`Deck::from_cards`] checks them: each card (or the error of reading
    /// it, which is returned as it is) is checked against `start` before
    /// the next is read, so the first bad item is the one named, whatever
    /// is wrong with it (docs/vectors.md, "Errors", 6); then the count.
    ///
    /// # Errors
    ///
    /// As [`Deck::from_cards`], and the first error of `cards`.
    pub fn read(
        start: &[Card],
        cards: impl IntoIterator<Item = Result<Card, Error>>,
    ) -> Result<Self, Error> {
        // A deck longer than `start` fails at its first card too many, so
        // neither list grows past `start`.
        let mut positions = Vec::with_capacity(start.len());
        let mut kept = Vec::with_capacity(start.len());
        let mut used = vec![false; start.len()];
        for (i, card) in cards.into_iter().enumerate() {
            let card = card?;
            let refuse = |expected: &str| {
                Error::new(
                    format!("[{i}]"),
                    ErrorKind::Value {
                        got: card.to_string(),
                        expected: expected.to_owned(),
                    },
                )
            };
            // A shoe of several decks holds each card several times: take
            // the first copy not yet used, so that positions stay distinct.
            let p = (0..start.len())
                .find(|&p| start[p] == card && !used[p])
                .ok_or_else(|| match start.iter().filter(|c| **c == card).count() {
                    0 => refuse("a card of the starting deck"),
                    1 => refuse("each card once; this one is repeated"),
                    n => refuse(&format!(
                        "each card as often as the starting deck holds it ({n} times); this one is once too many"
                    )),
                })?;
            used[p] = true;
            // OK because `start` is a deck of docs/schemes/<id>.md, at most
            // 416 cards.
            positions.push(u16::try_from(p).unwrap_or(u16::MAX));
            kept.push(card);
        }
        if kept.len() != start.len() {
            let missing: Vec<String> = start
                .iter()
                .zip(&used)
                .filter(|(_, u)| !**u)
                .map(|(c, _)| c.to_string())
                .collect();
            return Err(Error::new(
                "",
                ErrorKind::Count {
                    got: kept.len(),
                    expected: format!(
                        "the {} cards of the starting deck, each once (missing {})",
                        start.len(),
                        missing.join(" ")
                    ),
                },
            ));
        }
        Ok(Self {
            positions,
            cards: kept,
        })
    }

    /// Returns the cards, position 0 first.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Returns each card's position in the starting deck.
    pub fn positions(&self) -> &[u16] {
        &self.positions
    }

    /// Returns the number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Returns true for a deck without cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// Empties `positions` and fills it with the starting positions `0..n`,
/// reusing its capacity.
///
/// # Panics
///
/// As [`identity`].
pub fn identity_into(positions: &mut Vec<u16>, n: usize) {
    // OK because every deck of docs/schemes/<id>.md has at most 416 cards.
    let n = u16::try_from(n).expect("a deck of at most 65535 cards");
    positions.clear();
    positions.extend(0..n);
}

/// Returns the starting positions `0..n` for a shuffle to permute.
///
/// # Panics
///
/// When `n` exceeds `u16::MAX` (no card game has such a deck).
pub fn identity(n: usize) -> Vec<u16> {
    // OK because every deck of docs/schemes/<id>.md has at most 416 cards.
    let n = u16::try_from(n).expect("a deck of at most 65535 cards");
    (0..n).collect()
}

/// Returns the starting positions `0..N` as an array, for a shuffle of a
/// deck whose size is known when compiling (no bounds to check at run time,
/// nothing allocated).
///
/// # Panics
///
/// When compiled with `N` above `u16::MAX`, as [`identity`].
pub const fn identity_array<const N: usize>() -> [u16; N] {
    assert!(N <= u16::MAX as usize, "a deck of at most 65535 cards");
    let mut positions = [0; N];
    let mut p = 0u16;
    while (p as usize) < N {
        positions[p as usize] = p;
        p += 1;
    }
    positions
}

/// Shuffles the starting positions `0..N` as an array with `shuffle`, then
/// writes them into `positions` (cleared first). For a deck whose size is
/// known when compiling: the shuffle's swaps take no length from a list,
/// and the positions are copied in once.
///
/// # Errors
///
/// As `shuffle`; `positions` is then left as it was.
#[inline(always)]
pub fn shuffled_into<const N: usize>(
    positions: &mut Vec<u16>,
    shuffle: impl FnOnce(&mut [u16; N]) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut deck = identity_array::<N>();
    shuffle(&mut deck)?;
    positions.clear();
    positions.extend_from_slice(&deck);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    #[test]
    fn shuffled_into_writes_the_shuffled_array() {
        let mut positions = vec![9, 9];
        shuffled_into::<4>(&mut positions, |deck| {
            deck.swap(0, 3);
            Ok(())
        })
        .unwrap();
        assert_eq!(positions, [3, 1, 2, 0]);
        let refused = shuffled_into::<4>(&mut positions, |_| {
            Err(Error::new(
                "randoms",
                ErrorKind::StreamExhausted { given: 0 },
            ))
        });
        assert!(refused.is_err());
        assert_eq!(positions, [3, 1, 2, 0], "left as it was");
    }

    #[test]
    fn the_identity_array_is_the_identity() {
        assert_eq!(identity_array::<24>().to_vec(), identity(24));
        assert_eq!(identity_array::<0>(), [0u16; 0]);
    }

    #[test]
    fn a_shoe_takes_each_copy_in_order() {
        let (a, k) = (
            Card::new(Rank::Ace, Suit::Spades),
            Card::new(Rank::King, Suit::Clubs),
        );
        let start = [a, k, a, k];
        let deck = Deck::from_cards(&start, &[k, a, a, k]).unwrap();
        assert_eq!(deck.positions(), [1, 0, 2, 3]);
        let e = Deck::from_cards(&start, &[a, a, a, k]).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("[2]", "value"));
        assert!(e.to_string().contains("(2 times)"), "{e}");
        let e = Deck::from_cards(&[a, k], &[k, k]).unwrap_err();
        assert!(e.to_string().contains("each card once"), "{e}");
    }
}
