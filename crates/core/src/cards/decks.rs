//! Starting decks that several schemes share, built from the rank and suit
//! tables ([`RANKS`], [`SUITS`]) so that a new scheme takes its deck from
//! here rather than writing it out again.

use crate::cards::{Card, RANKS, Rank, SUITS};

/// The 24-card euchre deck in suit order clubs, diamonds, hearts, spades,
/// and 9 10 J Q K A in each: `9c` is 0, `As` 23 (docs/schemes/euchremaster.md,
/// step 3; showdown's deck before its first hand).
pub const EUCHRE: [Card; 24] = in_suit_order(Rank::Nine);

/// The standard 52-card deck in suit order clubs, diamonds, hearts, spades,
/// and 2 to A in each: `2c` is 0, `As` 51.
pub const STANDARD: [Card; 52] = in_suit_order(Rank::Two);

/// Returns every card from rank `low` up to the ace, suit by suit.
const fn in_suit_order<const N: usize>(low: Rank) -> [Card; N] {
    let per_suit = RANKS.len() - low as usize;
    let mut deck = [Card::Joker; N];
    let mut i = 0;
    while i < N {
        deck[i] = Card::new(RANKS[low as usize + i % per_suit], SUITS[i / per_suit]);
        i += 1;
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::codes;

    #[test]
    fn decks_read_as_their_pages() {
        assert_eq!(
            codes(&EUCHRE),
            "9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s Ts Js Qs Ks As"
        );
        assert_eq!(
            codes(&STANDARD[..14]),
            "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d"
        );
        assert_eq!(STANDARD[51].to_string(), "As");
    }
}
