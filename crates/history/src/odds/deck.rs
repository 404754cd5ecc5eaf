//! [`Deck`]: the cards a deal was dealt from, as a count of each card, so
//! that hands dealt from the same cards are tested together whatever the
//! scheme calls its deck.

use fairdeal::core::cards::Card;

/// Distinct cards: 52 suited ones and the joker.
pub const CARDS: usize = 53;

/// The cards a deal was dealt from (every card of its table: the hands and
/// the rest), as a count of each: 24 cards once each for a euchre deck, 52
/// cards 8 times each for an 8-deck shoe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deck {
    counts: [u16; CARDS],
}

impl Deck {
    /// Returns the deck made of `cards`, in any order. A card held more than
    /// `u16::MAX` times is counted as that many, which no deal comes near.
    pub fn of(cards: &[Card]) -> Self {
        let mut counts = [0_u16; CARDS];
        for &card in cards {
            let n = &mut counts[index(card)];
            *n = n.saturating_add(1);
        }
        Self { counts }
    }

    /// Returns how many times `card` is in the deck.
    pub fn count(&self, card: Card) -> u16 {
        self.counts[index(card)]
    }

    /// Returns the number of cards in the deck.
    pub fn len(&self) -> u32 {
        self.counts.iter().map(|&n| u32::from(n)).sum()
    }

    /// Returns whether the deck holds no card.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0)
    }

    /// Returns each distinct card of the deck with its count, in the order
    /// of [`index`].
    pub fn cards(&self) -> impl Iterator<Item = (Card, u16)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(i, &n)| (card(i), n))
    }
}

/// The index of `card` in a count: suit by suit (clubs, diamonds, hearts,
/// spades), each from 2 to ace; the joker last.
pub fn index(card: Card) -> usize {
    match card {
        Card::Suited(rank, suit) => suit as usize * 13 + rank as usize,
        Card::Joker => CARDS - 1,
    }
}

/// The card at `index` of a count.
fn card(index: usize) -> Card {
    use fairdeal::core::cards::{RANKS, SUITS};
    match (SUITS.get(index / 13), RANKS.get(index % 13)) {
        (Some(&suit), Some(&rank)) if index < CARDS - 1 => Card::new(rank, suit),
        _ => Card::Joker,
    }
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::decks::{EUCHRE, STANDARD};

    use super::*;

    #[test]
    fn a_deck_counts_each_card_and_gives_them_back() {
        let euchre = Deck::of(&EUCHRE);
        assert_eq!(euchre.len(), 24);
        assert!(euchre.cards().all(|(_, n)| n == 1));
        let shoe: Vec<Card> = (0..8).flat_map(|_| STANDARD).collect();
        let shoe = Deck::of(&shoe);
        assert_eq!(shoe.len(), 416);
        assert_eq!(shoe.cards().count(), 52);
        assert!(shoe.cards().all(|(_, n)| n == 8));
        for c in STANDARD.iter().chain([&Card::Joker]) {
            assert_eq!(card(index(*c)), *c);
        }
        assert_eq!(Deck::of(&[Card::Joker]).count(Card::Joker), 1);
        assert!(Deck::of(&[]).is_empty());
        assert_ne!(Deck::of(&EUCHRE), Deck::of(&EUCHRE[1..]));
    }
}
