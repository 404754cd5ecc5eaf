//! Dealing a shuffled deck in packets (SCHEMES.md §1 steps 5-6).

use fairdeal_core::{Card, Seat};
use serde::Serialize;

/// Packet sizes, first packet first: two rounds of 3-2 / 2-3.
pub const PACKETS: [usize; 8] = [3, 2, 3, 2, 2, 3, 2, 3];

/// Cards dealt to the seats: 4 packets a round, two rounds, 5 cards a seat.
const DEALT: usize = 20;
/// The turned-up card follows the dealt cards.
const UPCARD: usize = DEALT;

/// The table after the deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// Cards by seat (0 you, 1 left, 2 partner, 3 right), in received order.
    pub hands: [Vec<Card>; 4],
    /// Position 20, turned up.
    pub upcard: Card,
    /// Positions 21.. (3 cards, 4 with the joker).
    pub kitty: Vec<Card>,
}

impl Deal {
    /// Deals `deck` from position 0, first packet to the seat after `dealer`.
    ///
    /// # Panics
    ///
    /// When `deck` holds fewer than 21 cards; callers pass a starting deck's
    /// worth (24 or 25).
    pub fn new(dealer: Seat, deck: &[Card]) -> Self {
        let mut hands: [Vec<Card>; 4] = Default::default();
        let mut at = 0;
        for (n, size) in PACKETS.iter().enumerate() {
            let seat = dealer.after(1 + n, 4);
            hands[seat.index()].extend_from_slice(&deck[at..at + size]);
            at += size;
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
    fn first_packet_goes_left_of_the_dealer() {
        // Dealer 3 (right): seat 0 gets packets 1 and 5, positions 0-2 and 10-11.
        let deal = Deal::new(Seat::new("dealer", 3, 4, "").unwrap(), &STARTING_DECK);
        let codes = |cards: &[Card]| {
            cards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(codes(&deal.hands[0]), "9c Tc Jc Kd Ad");
        assert_eq!(codes(&deal.hands[1]), "Qc Kc 9h Th Jh");
        assert_eq!(codes(&deal.hands[3]), "Jd Qd Ah 9s Ts");
        assert_eq!(deal.upcard.to_string(), "Js");
        assert_eq!(codes(&deal.kitty), "Qs Ks As");
    }
}
