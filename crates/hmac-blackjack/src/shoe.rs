//! The 8-deck shoe, picked card by card from what remains (SCHEMES.md §4
//! step 4).

use fairdeal_core::Rank::{
    Ace, Eight, Five, Four, Jack, King, Nine, Queen, Seven, Six, Ten, Three, Two,
};
use fairdeal_core::Suit::{Clubs, Diamonds, Hearts, Spades};
use fairdeal_core::{Card, Deck, Error, Rank, Suit, mul_shift, next_draw};
use serde::Serialize;

/// Decks in the shoe.
pub const DECKS: usize = 8;
/// Cards in the shoe: the shoe takes this many numbers (rounds 0 to 51).
pub const SHOE_SIZE: usize = DECKS * 52;

/// The site's rank order: card number c has rank `RANKS[c mod 13]`.
const RANKS: [Rank; 13] = [
    Ace, Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King,
];
/// The site's suit order: card number c has suit `SUITS[c div 13]`.
const SUITS: [Suit; 4] = [Spades, Hearts, Diamonds, Clubs];

/// One deck in the site's numbering c = 0..51: `As` is 0, `Ks` 12, `Ah` 13,
/// `Kc` 51.
pub const DECK: [Card; 52] = {
    let mut deck = [Card::Joker; 52];
    let mut c = 0;
    while c < 52 {
        deck[c] = Card::new(RANKS[c % 13], SUITS[c / 13]);
        c += 1;
    }
    deck
};

/// The site's label of each card of [`DECK`]: its rank, then its suit's
/// symbol.
#[rustfmt::skip]
pub const LABELS: [&str; 52] = [
    "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠",
    "A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥",
    "A♦", "2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦",
    "A♣", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣",
];

/// The starting list: position i holds card number i mod 52.
pub static STARTING_SHOE: [Card; SHOE_SIZE] = {
    let mut shoe = [Card::Joker; SHOE_SIZE];
    let mut i = 0;
    while i < SHOE_SIZE {
        shoe[i] = DECK[i % 52];
        i += 1;
    }
    shoe
};

/// [`LABELS`] by rank and suit in the numbering of [`Card`], so that a
/// label is looked up, not searched for: the labels of a shoe are 416
/// lookups.
const LABEL_OF: [[&str; 4]; 13] = {
    let mut table = [["?"; 4]; 13];
    let mut c = 0;
    while c < 52 {
        table[RANKS[c % 13] as usize][SUITS[c / 13] as usize] = LABELS[c];
        c += 1;
    }
    table
};

/// Returns the site's label of `card` (`A♠`, `10♥`), or `?` for a card
/// that no deck of the shoe holds (the joker).
pub fn label(card: Card) -> &'static str {
    match card {
        Card::Suited(rank, suit) => LABEL_OF[rank as usize][suit as usize],
        Card::Joker => "?",
    }
}

/// What the table shows of the shoe besides its codes: the site's label of
/// every card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// The site's labels (`A♠`, `10♥`), position 0 first.
    pub labels: Vec<&'static str>,
}

impl Deal {
    /// Returns the labels of `shoe`.
    pub fn of(shoe: &[Card]) -> Self {
        Self {
            labels: shoe.iter().map(|&c| label(c)).collect(),
        }
    }

    /// Replaces the labels with those of `shoe`, reusing the list.
    pub fn refill(&mut self, shoe: &[Card]) {
        self.labels.clear();
        self.labels.extend(shoe.iter().map(|&c| label(c)));
    }
}

/// Returns the shoe in deal order, taking 416 numbers from `draws`.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`](fairdeal_core::ErrorKind::StreamExhausted)
/// when `draws` ends early.
pub fn shuffle<I: Iterator<Item = u32>>(draws: &mut I) -> Result<Deck, Error> {
    let mut positions = Vec::with_capacity(SHOE_SIZE);
    shuffle_positions(draws, &mut positions)?;
    Ok(Deck::from_positions(&STARTING_SHOE, positions))
}

/// Writes into `positions` (emptied first, its capacity reused) the
/// starting position of each card of the shoe, taking 416 numbers from
/// `draws`: each card takes one number u and is `remaining[(u * len) >> 32]`
/// (the site's `floor(f * remaining.length)`), removed so that later cards
/// move down one, so card k depends on the first k + 1 numbers alone. What
/// remains is kept on the stack, so nothing is allocated.
///
/// # Errors
///
/// [`ErrorKind::StreamExhausted`](fairdeal_core::ErrorKind::StreamExhausted)
/// when `draws` ends early.
pub fn shuffle_positions<I: Iterator<Item = u32>>(
    draws: &mut I,
    positions: &mut Vec<u16>,
) -> Result<(), Error> {
    let mut remaining = Remaining::FULL;
    positions.clear();
    for len in (1..=SHOE_SIZE).rev() {
        let u = next_draw(draws, SHOE_SIZE - len)?;
        // OK because len is at most 416.
        let at = mul_shift(u, u32::try_from(len).unwrap_or(u32::MAX)) as usize;
        positions.push(remaining.take(at));
    }
    Ok(())
}

/// Positions a bucket holds.
const BUCKET: usize = 32;
/// Buckets of the shoe: 13 x 32 = 416.
const BUCKETS: usize = SHOE_SIZE / BUCKET;

/// The starting positions not yet taken, in order, in buckets of 32 with
/// their counts: the `at`-th one (the card the site's splice leaves at index
/// `at`) is found by walking the counts and removed by moving at most 31
/// positions of its bucket down one, where one list would move up to 415.
/// (An order-statistic tree was tried and was slower: its descent branches
/// on the draw at every level.)
struct Remaining {
    buckets: [[u16; BUCKET]; BUCKETS],
    counts: [usize; BUCKETS],
}

impl Remaining {
    /// Every position, in order.
    const FULL: Self = {
        let mut buckets = [[0u16; BUCKET]; BUCKETS];
        let mut p = 0u16;
        while (p as usize) < SHOE_SIZE {
            buckets[p as usize / BUCKET][p as usize % BUCKET] = p;
            p += 1;
        }
        Self {
            buckets,
            counts: [BUCKET; BUCKETS],
        }
    };

    /// Removes and returns the `at`-th position still there (from 0).
    ///
    /// # Panics
    ///
    /// When fewer than `at + 1` positions remain.
    fn take(&mut self, mut at: usize) -> u16 {
        let mut b = 0;
        while at >= self.counts[b] {
            at -= self.counts[b];
            b += 1;
        }
        let len = self.counts[b];
        let bucket = &mut self.buckets[b];
        let position = bucket[at];
        bucket.copy_within(at + 1..len, at);
        self.counts[b] -= 1;
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairdeal_core::identity;

    #[test]
    fn deck_and_labels_read_as_the_spec() {
        let codes: Vec<String> = DECK.iter().map(ToString::to_string).collect();
        assert_eq!(
            codes[..14].join(" "),
            "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah"
        );
        assert_eq!((codes[9].as_str(), codes[51].as_str()), ("Ts", "Kc"));
        let ranks = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        for (c, card) in DECK.iter().enumerate() {
            let symbol = ["♠", "♥", "♦", "♣"][c / 13];
            assert_eq!(LABELS[c], format!("{}{symbol}", ranks[c % 13]));
            assert_eq!(label(*card), LABELS[c]);
        }
        assert_eq!(label(Card::Joker), "?");
        assert_eq!(STARTING_SHOE[52 * 7 + 22], DECK[22]);
    }

    #[test]
    fn zeros_deal_the_starting_order_and_maxima_reverse_it() {
        let deck = shuffle(&mut std::iter::repeat(0)).unwrap();
        assert_eq!(deck.positions(), identity(SHOE_SIZE));
        let deck = shuffle(&mut std::iter::repeat(u32::MAX)).unwrap();
        assert_eq!(deck.positions()[..3], [415, 414, 413]);
        let e = shuffle(&mut std::iter::repeat_n(0, 415)).unwrap_err();
        assert_eq!(
            (e.field(), e.kind().code()),
            ("randoms", "stream-exhausted")
        );
    }
}
