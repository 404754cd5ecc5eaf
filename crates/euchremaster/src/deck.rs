//! The starting deck (docs/schemes/euchremaster.md, step 3: the starting
//! deck).

use fairdeal_core::cards::{Card, decks};

/// Clubs, diamonds, hearts, spades; 9 10 J Q K A in each: `9c` is 0, `As` 23.
pub const STARTING_DECK: [Card; 24] = decks::EUCHRE;

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
        assert_eq!(
            fairdeal_core::cards::codes(&JOKER_DECK),
            "9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s Ts Js Qs Ks As Jk"
        );
    }
}
