//! Dealing with a pattern (docs/schemes/showdown.md, step 8: the deal).

use fairdeal_core::cards::Card;
use fairdeal_core::table::{EuchreDeal, Seat};
use serde::Serialize;

use crate::{Hand, Pattern, Setup};

/// Who deals a hand, and how: fixed before its shuffle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Dealing {
    /// The dealer's seat.
    pub dealer: Seat,
    /// The pattern used: yours for your own hands, else the drawn one.
    pub pattern: Pattern,
}

impl Dealing {
    /// Returns who deals hand `n` (from 1) of a game set up by `setup`, and
    /// with which pattern: the dealer's drawn one, or for your own hands the
    /// one `hand` gives (docs/schemes/showdown.md, step 6).
    pub fn of(setup: &Setup, n: usize, hand: &Hand) -> Self {
        let dealer = setup.dealer(n);
        let pattern = match setup.drawn_pattern(dealer) {
            Some(drawn) => drawn,
            // OK because the record is refused without a pattern on a hand
            // that seat 0 deals.
            None => hand.pattern.unwrap_or_else(|| Pattern::nth(0)),
        };
        Self { dealer, pattern }
    }
}

/// Deals `deck` from position 0 with the dealer's pattern p0 p1 p2 p3: the
/// first round p0, p1, p2, p3 cards to the seats after the dealer and then
/// the dealer; the second round 5 - p. Position 20 is turned up, 21 to 23
/// the kitty.
pub fn deal(dealing: Dealing, deck: &[Card]) -> EuchreDeal {
    let (first, second) = rounds(dealing);
    EuchreDeal::in_packets(
        deck,
        dealing.dealer.after(1, 4),
        first.into_iter().chain(second),
    )
}

/// Deals as [`deal`] into `out`, reusing its lists.
pub fn deal_into(dealing: Dealing, deck: &[Card], out: &mut EuchreDeal) {
    out.refill_in_rounds(
        deck,
        dealing.dealer.after(1, 4),
        dealing.pattern.first_round(),
    );
}

/// The packet sizes of the two rounds: p0..p3, then 5 - p0..5 - p3.
fn rounds(dealing: Dealing) -> ([usize; 4], [usize; 4]) {
    let first = dealing.pattern.first_round();
    (first, first.map(|p| 5 - p))
}

#[cfg(test)]
mod tests {
    use fairdeal_core::cards::decks::EUCHRE as STARTING_DECK;

    use super::*;

    #[test]
    fn pattern_3232_from_dealer_0() {
        // Worked in the Python port's self-test: seat 1 gets 0-2 and 10-11.
        let dealing = Dealing {
            dealer: Seat::new("dealer", 0, 4, "").unwrap(),
            pattern: Pattern::parse("p", "3232").unwrap(),
        };
        let deal = deal(dealing, &STARTING_DECK);
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

    #[test]
    fn dealing_into_a_table_deals_as_the_packets_do() {
        // Every dealer with every pattern, into one reused deal, against
        // `deal` (what every trace uses).
        let mut deck = STARTING_DECK;
        deck.reverse();
        let mut out = deal(
            Dealing {
                dealer: Seat::FIRST,
                pattern: Pattern::nth(0),
            },
            &STARTING_DECK,
        );
        for dealer in 0..4 {
            for i in 0..16 {
                let dealing = Dealing {
                    dealer: Seat::new("dealer", dealer, 4, "").unwrap(),
                    pattern: Pattern::nth(i),
                };
                deal_into(dealing, &deck, &mut out);
                assert_eq!(out, deal(dealing, &deck), "dealer {dealer}, pattern {i}");
            }
        }
    }
}
