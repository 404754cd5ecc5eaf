//! The 8-deck shoe, picked card by card from what remains
//! (docs/schemes/hmac-blackjack.md, step 4: the shoe).

use fairdeal_core::Error;
use fairdeal_core::cards::Rank::{
    Ace, Eight, Five, Four, Jack, King, Nine, Queen, Seven, Six, Ten, Three, Two,
};
use fairdeal_core::cards::Suit::{Clubs, Diamonds, Hearts, Spades};
use fairdeal_core::cards::{Card, Deck, Rank, Suit};
use fairdeal_core::shuffle::{mul_shift, next_draw};
use fairdeal_core::table::{Part, PartValue, TableView};
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
/// every card. `Default` is the empty shoe that a first deal fills.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// The site's labels (`A♠`, `10♥`), position 0 first.
    pub labels: Vec<&'static str>,
}

impl Deal {
    /// Replaces the labels with those of `shoe`, reusing the list.
    pub fn refill(&mut self, shoe: &[Card]) {
        self.labels.clear();
        self.labels.extend(shoe.iter().map(|&c| label(c)));
    }

    /// Returns what a person sees: a shoe has no seats, so no hands, and
    /// its labels (the shuffled deck's codes are shown beside them).
    pub fn view(&self) -> TableView {
        TableView {
            rest: vec![Part {
                name: "labels",
                value: PartValue::Words(self.labels.iter().map(|&l| l.to_owned()).collect()),
            }],
            ..TableView::default()
        }
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
    positions.reserve(SHOE_SIZE);
    for taken in 0..SHOE_SIZE {
        let u = next_draw(draws, taken)?;
        // OK because len is at most 416, and so is the index.
        let len = u32::try_from(SHOE_SIZE - taken).unwrap_or(u32::MAX);
        let at = u16::try_from(mul_shift(u, len)).unwrap_or(u16::MAX);
        positions.push(remaining.take(at));
    }
    Ok(())
}

/// Positions a bucket holds at first, one per nibble of a `u64`.
const BUCKET: usize = 13;
/// Buckets of the shoe: 32 x 13 = 416.
const BUCKETS: usize = SHOE_SIZE / BUCKET;

/// `BELOW[j]`: the nibbles of a bucket before nibble `j`.
const BELOW: [u64; 16] = {
    let mut below = [0; 16];
    let mut j = 0;
    while j < 16 {
        below[j] = (1 << (4 * j)) - 1;
        j += 1;
    }
    below
};

/// The starting positions not yet taken, in order, in 32 buckets of 13.
///
/// Each draw lands in a random bucket, so a branch on the draw is
/// mispredicted about once a card; every step here is straight-line work
/// instead. The bucket holding the `at`-th position is found by comparing
/// `at` with all 32 bucket starts at once (a fixed loop, four SSE2 compares
/// on x86_64), and its position is removed with two masks and a shift,
/// since a bucket is a `u64` of 4-bit offsets.
///
/// Tried, in a scratch harness (the removal of 416 cards, each design
/// inlined into the same loop, least of 40 rounds; fresh numbers each time /
/// one set repeated, as the benches repeat their input). This one: 2.0 /
/// 2.0 us.
/// - 13 buckets of 32 with their counts, walked with a branch, and
///   `copy_within` (the one before): 9.5 / 2.7 us: the walk is mispredicted
///   on fresh numbers and learned on repeated ones. One list: 5.5 / 3.9 us.
///   A Fenwick tree: 10.0 us (criterion), its descent branching at every
///   level.
/// - This search with 13 buckets of 32 `u16` and a fixed 31-lane select in
///   place of `copy_within`: 5.4 us; other shapes (13 x 32, 16 x 26, 8 x
///   52; `u16` or `u8` offsets): 8.3 to 10.5 us. SSE2 has no variable
///   shuffle, so the select compiles to many more instructions than the
///   memmove it replaces.
/// - A bitset of 7 `u64` with a broadword select: 5.8 us (no `popcnt`).
/// - Three levels of `u64` lanes (4 groups, 8 buckets, nibbles): 2.6 us.
/// - Keys `start * 32 + b` and one maximum instead of the count and the
///   lookup of `starts[b]`: 2.5 us.
/// - In the crate (the shuffle stage in a second harness, least of 60
///   rounds: 2.4 us as it is now, 3.3 / 9.7 us before): `take` inlined into
///   the generic caller: 2.8 to 4.8 us, as the compiler vectorised the sum
///   differently per caller; all 416 indices gathered first, then one
///   removal loop: 2.1 us, but the whole deal was slower (into a table 12.6
///   against 12.1 us, `fairdeal bench`): the removal no longer overlapped
///   the hashing of the next numbers.
struct Remaining {
    /// `starts[b]`: how many positions remain in the buckets before `b`.
    /// `i16`, because SSE2 compares signed 16-bit lanes in one instruction.
    starts: [i16; BUCKETS],
    /// Bucket `b`'s positions less `b * 13`, in order, from its lowest
    /// nibble.
    buckets: [u64; BUCKETS],
}

impl Remaining {
    /// Every position, in order.
    const FULL: Self = {
        let mut starts = [0; BUCKETS];
        let (mut p, mut before) = (0, 0);
        while p < SHOE_SIZE {
            if p % BUCKET == 0 {
                starts[p / BUCKET] = before;
            }
            before += 1;
            p += 1;
        }
        Self {
            starts,
            buckets: [0x000C_BA98_7654_3210; BUCKETS],
        }
    };

    /// Removes and returns the `at`-th position still there (from 0).
    ///
    /// Returns a wrong position when fewer than `at + 1` positions remain.
    // Compiled once, here: inlined, its SIMD shape depended on the caller.
    #[inline(never)]
    fn take(&mut self, at: u16) -> u16 {
        // The `% 512`, `& 15` and `% BUCKETS` change nothing for a valid
        // `at` (below 416); they show the compiler the ranges, so that no
        // bounds or sign check is left.
        let at = i16::try_from(at % 512).unwrap_or(0);
        // The buckets after the one holding `at` are those starting past
        // it; each now starts one earlier.
        let mut after = 0;
        for start in &mut self.starts {
            let later = i16::from(*start > at);
            after += later;
            *start -= later;
        }
        let b = (BUCKETS - 1 - usize::from(after.unsigned_abs())) % BUCKETS;
        let j = usize::from(((at - self.starts[b]) & 15).unsigned_abs());
        let bucket = self.buckets[b];
        let below = BELOW[j];
        self.buckets[b] = (bucket & below) | ((bucket >> 4) & !below);
        let offset = usize::try_from((bucket >> (4 * j)) & 0xF).unwrap_or(0);
        // OK because b * 13 + offset is below 416.
        u16::try_from(b * BUCKET + offset).unwrap_or(u16::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairdeal_core::cards::identity;

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

    /// Takes `at(len)` for len = 416 down to 1 from both [`Remaining`] and
    /// a plain list (the site's splice), which must give the same positions.
    fn takes_as_a_list_does(mut at: impl FnMut(usize) -> usize) {
        let mut remaining = Remaining::FULL;
        let mut list: Vec<u16> = (0..).take(SHOE_SIZE).collect();
        for len in (1..=SHOE_SIZE).rev() {
            let at = at(len);
            let taken = remaining.take(u16::try_from(at).unwrap());
            assert_eq!(taken, list.remove(at), "at {at} of {len}");
        }
    }

    #[test]
    fn remaining_takes_as_a_list_does() {
        // The first, the last, the middle, and both ends in turn, which
        // empties the first and last buckets first.
        takes_as_a_list_does(|_| 0);
        takes_as_a_list_does(|len| len - 1);
        takes_as_a_list_does(|len| len / 2);
        takes_as_a_list_does(|len| if len % 2 == 0 { 0 } else { len - 1 });
        // Pseudo-random draws from an LCG (Knuth's MMIX constants), its
        // high half scaled as the shoe scales a number.
        for seed in 0..1000 {
            let mut x: u64 = seed;
            takes_as_a_list_does(|len| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let u = u32::try_from(x >> 32).unwrap();
                mul_shift(u, u32::try_from(len).unwrap()) as usize
            });
        }
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
