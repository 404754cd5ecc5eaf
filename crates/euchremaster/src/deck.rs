//! The starting deck (docs/schemes/euchremaster.md, step 3: the starting
//! deck).

use fairdeal_core::Card;
use fairdeal_core::Rank::{Ace, Jack, King, Nine, Queen, Ten};
use fairdeal_core::Suit::{Clubs, Diamonds, Hearts, Spades};

/// Clubs, diamonds, hearts, spades; 9 10 J Q K A in each: `9c` is 0, `As` 23.
#[rustfmt::skip]
pub const STARTING_DECK: [Card; 24] = [
    Card::new(Nine, Clubs),    Card::new(Ten, Clubs),    Card::new(Jack, Clubs),
    Card::new(Queen, Clubs),   Card::new(King, Clubs),   Card::new(Ace, Clubs),
    Card::new(Nine, Diamonds), Card::new(Ten, Diamonds), Card::new(Jack, Diamonds),
    Card::new(Queen, Diamonds), Card::new(King, Diamonds), Card::new(Ace, Diamonds),
    Card::new(Nine, Hearts),   Card::new(Ten, Hearts),   Card::new(Jack, Hearts),
    Card::new(Queen, Hearts),  Card::new(King, Hearts),  Card::new(Ace, Hearts),
    Card::new(Nine, Spades),   Card::new(Ten, Spades),   Card::new(Jack, Spades),
    Card::new(Queen, Spades),  Card::new(King, Spades),  Card::new(Ace, Spades),
];

/// The same 24 cards, then the joker at position 24.
pub const JOKER_DECK: [Card; 25] = {
    let mut deck = [Card::Joker; 25];
    let mut i = 0;
    while i < 24 {
        deck[i] = STARTING_DECK[i];
        i += 1;
    }
    deck
};

/// Returns the starting deck, with or without the joker.
pub fn starting(joker: bool) -> &'static [Card] {
    if joker { &JOKER_DECK } else { &STARTING_DECK }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_reads_as_the_spec() {
        let codes: Vec<String> = JOKER_DECK.iter().map(ToString::to_string).collect();
        assert_eq!(
            codes.join(" "),
            "9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s Ts Js Qs Ks As Jk"
        );
    }
}
