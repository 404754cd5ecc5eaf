//! The starting deck (docs/schemes/atout-v1.md, step 4: the starting deck).

use fairdeal_core::cards::Card;
use fairdeal_core::cards::Rank::{Ace, Eight, Jack, King, Nine, Queen, Seven, Ten};
use fairdeal_core::cards::Suit::{Clubs, Diamonds, Hearts, Spades};

/// Clubs, diamonds, hearts, spades; 7 8 9 10 J Q K A in each: `7c` is 0,
/// `As` 31.
#[rustfmt::skip]
pub const STARTING_DECK: [Card; 32] = [
    Card::new(Seven, Clubs),    Card::new(Eight, Clubs),    Card::new(Nine, Clubs),    Card::new(Ten, Clubs),
    Card::new(Jack, Clubs),     Card::new(Queen, Clubs),    Card::new(King, Clubs),    Card::new(Ace, Clubs),
    Card::new(Seven, Diamonds), Card::new(Eight, Diamonds), Card::new(Nine, Diamonds), Card::new(Ten, Diamonds),
    Card::new(Jack, Diamonds),  Card::new(Queen, Diamonds), Card::new(King, Diamonds), Card::new(Ace, Diamonds),
    Card::new(Seven, Hearts),   Card::new(Eight, Hearts),   Card::new(Nine, Hearts),   Card::new(Ten, Hearts),
    Card::new(Jack, Hearts),    Card::new(Queen, Hearts),   Card::new(King, Hearts),   Card::new(Ace, Hearts),
    Card::new(Seven, Spades),   Card::new(Eight, Spades),   Card::new(Nine, Spades),   Card::new(Ten, Spades),
    Card::new(Jack, Spades),    Card::new(Queen, Spades),   Card::new(King, Spades),   Card::new(Ace, Spades),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_reads_as_the_spec() {
        assert_eq!(
            fairdeal_core::cards::codes(&STARTING_DECK),
            "7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad \
             7h 8h 9h Th Jh Qh Kh Ah 7s 8s 9s Ts Js Qs Ks As"
        );
    }
}
