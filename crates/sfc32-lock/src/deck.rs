//! The starting deck (docs/schemes/sfc32-lock.md, step 3: the starting deck).

use fairdeal_core::cards::Card;
use fairdeal_core::cards::Rank::{Ace, Jack, King, Nine, Queen, Ten};
use fairdeal_core::cards::Suit::{Clubs, Diamonds, Hearts, Spades};

/// Clubs, **spades**, hearts, diamonds; 9 10 J Q K A in each: `9c` is 0,
/// `9s` 6, `Ad` 23.
///
/// This is the site's own order, not the clubs-diamonds-hearts-spades of the
/// other euchre schemes here: a port that reuses another scheme's deck deals
/// other cards.
#[rustfmt::skip]
pub const STARTING_DECK: [Card; 24] = [
    Card::new(Nine, Clubs),    Card::new(Ten, Clubs),    Card::new(Jack, Clubs),
    Card::new(Queen, Clubs),   Card::new(King, Clubs),   Card::new(Ace, Clubs),
    Card::new(Nine, Spades),   Card::new(Ten, Spades),   Card::new(Jack, Spades),
    Card::new(Queen, Spades),  Card::new(King, Spades),  Card::new(Ace, Spades),
    Card::new(Nine, Hearts),   Card::new(Ten, Hearts),   Card::new(Jack, Hearts),
    Card::new(Queen, Hearts),  Card::new(King, Hearts),  Card::new(Ace, Hearts),
    Card::new(Nine, Diamonds), Card::new(Ten, Diamonds), Card::new(Jack, Diamonds),
    Card::new(Queen, Diamonds), Card::new(King, Diamonds), Card::new(Ace, Diamonds),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_reads_as_the_spec() {
        assert_eq!(
            fairdeal_core::cards::codes(&STARTING_DECK),
            "9c Tc Jc Qc Kc Ac 9s Ts Js Qs Ks As 9h Th Jh Qh Kh Ah 9d Td Jd Qd Kd Ad"
        );
    }
}
