//! Dealing with a pattern (SCHEMES.md §5 step 8).

use fairdeal_core::{Card, Seat};
use serde::Serialize;

use crate::Pattern;

/// Who deals a hand, and how: fixed before its shuffle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Dealing {
    /// The dealer's seat.
    pub dealer: Seat,
    /// The pattern used: yours for your own hands, else the drawn one.
    pub pattern: Pattern,
}

/// The table after one hand's deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// Cards by seat (0 you, 1 left, 2 partner, 3 right), in received order.
    pub hands: [Vec<Card>; 4],
    /// Position 20.
    pub upcard: Card,
    /// Positions 21 to 23.
    pub kitty: Vec<Card>,
}

/// The turned-up card follows the 20 dealt.
const UPCARD: usize = 20;

impl Deal {
    /// Deals `deck` from position 0: first round p0, p1, p2, p3 cards to the
    /// seats after the dealer and then the dealer; second round 5 - p.
    pub fn new(dealing: Dealing, deck: &[Card]) -> Self {
        let mut hands: [Vec<Card>; 4] = Default::default();
        let first = dealing.pattern.first_round();
        let rounds = [first, first.map(|p| 5 - p)];
        let mut at = 0;
        for round in rounds {
            for (step, size) in round.into_iter().enumerate() {
                let seat = dealing.dealer.after(step + 1, 4);
                hands[seat.index()].extend_from_slice(&deck[at..at + size]);
                at += size;
            }
        }
        Self {
            hands,
            upcard: deck[UPCARD],
            kitty: deck[UPCARD + 1..].to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use fairdeal_euchremaster::STARTING_DECK;

    use super::*;

    #[test]
    fn pattern_3232_from_dealer_0() {
        // Worked in the Python port's self-test: seat 1 gets 0-2 and 10-11.
        let dealing = Dealing {
            dealer: Seat::new("dealer", 0, 4, "").unwrap(),
            pattern: Pattern::parse("p", "3232").unwrap(),
        };
        let deal = Deal::new(dealing, &STARTING_DECK);
        let at = |seat: usize| -> Vec<usize> {
            deal.hands[seat]
                .iter()
                .map(|c| STARTING_DECK.iter().position(|d| d == c).unwrap())
                .collect()
        };
        assert_eq!(at(1), [0, 1, 2, 10, 11]);
        assert_eq!(at(0), [8, 9, 17, 18, 19]);
        assert_eq!(deal.upcard, STARTING_DECK[20]);
    }
}
