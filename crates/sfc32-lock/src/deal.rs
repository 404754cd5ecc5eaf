//! Dealing a shuffled deck one card at a time (SCHEMES.md §2 step 5).

use fairdeal_core::Card;
use serde::Serialize;

/// Seats round the table, numbered 0 to 3.
pub const SEATS: usize = 4;
/// Cards dealt to the seats: five rounds of one card each.
const DEALT: usize = 20;
/// The turned-up card follows the dealt cards; the kitty follows it.
const UPCARD: usize = DEALT;

/// The table after the deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// Cards by seat, in received order: seat s has positions s, s+4, ... s+16.
    pub hands: [Vec<Card>; SEATS],
    /// Position 20, turned up.
    pub upcard: Card,
    /// Positions 21 to 23.
    pub kitty: Vec<Card>,
}

impl Deal {
    /// Deals `deck` from position 0, one card at a time, seat 0 first:
    /// position p goes to seat p mod 4.
    ///
    /// # Panics
    ///
    /// When `deck` holds fewer than 21 cards; callers pass the 24 of a
    /// starting deck.
    pub fn new(deck: &[Card]) -> Self {
        let mut hands: [Vec<Card>; SEATS] = Default::default();
        for (p, &card) in deck[..DEALT].iter().enumerate() {
            hands[p % SEATS].push(card);
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
    use super::*;
    use crate::STARTING_DECK;

    #[test]
    fn one_card_at_a_time_from_seat_0() {
        let deal = Deal::new(&STARTING_DECK);
        let codes = |cards: &[Card]| {
            cards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(codes(&deal.hands[0]), "9c Kc Js 9h Kh");
        assert_eq!(codes(&deal.hands[3]), "Qc Ts As Qh Td");
        assert_eq!(deal.upcard.to_string(), "Jd");
        assert_eq!(codes(&deal.kitty), "Qd Kd Ad");
    }
}
