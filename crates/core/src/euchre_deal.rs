//! What a euchre table sees after the deal: four hands of five, the
//! turned-up card and the kitty. Shared by every euchre scheme, which differ
//! only in the packets they deal.

use serde::Serialize;

use crate::{Card, Seat};

/// Seats at a euchre table.
const SEATS: u8 = 4;
/// Cards dealt to the seats: five each.
const DEALT: usize = 20;
/// The turned-up card follows the dealt cards; the kitty follows it.
const UPCARD: usize = DEALT;

/// The table after a euchre deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EuchreDeal {
    /// Cards by seat, in received order.
    pub hands: [Vec<Card>; 4],
    /// Position 20, turned up.
    pub upcard: Card,
    /// Positions 21 onwards (3 cards, 4 with a joker).
    pub kitty: Vec<Card>,
}

impl EuchreDeal {
    /// Deals `deck` from position 0 in packets of `sizes` (which add up to
    /// 20): the first packet to `first`, each later one to the next seat
    /// round the table. Position 20 is turned up; the rest is the kitty.
    ///
    /// # Panics
    ///
    /// When `deck` holds fewer than 21 cards, or the packets more than the
    /// deck: callers pass a starting deck's worth and a method's packets.
    pub fn in_packets(deck: &[Card], first: Seat, sizes: impl IntoIterator<Item = usize>) -> Self {
        let mut hands: [Vec<Card>; 4] = Default::default();
        let mut at = 0;
        for (n, size) in sizes.into_iter().enumerate() {
            hands[first.after(n, SEATS).index()].extend_from_slice(&deck[at..at + size]);
            at += size;
        }
        debug_assert_eq!(at, DEALT, "the packets deal 20 cards");
        Self {
            hands,
            upcard: deck[UPCARD],
            kitty: deck[UPCARD + 1..].to_vec(),
        }
    }

    /// Deals as [`EuchreDeal::in_packets`] into `self`, reusing its lists:
    /// nothing is allocated once they have held a deal.
    ///
    /// # Panics
    ///
    /// As [`EuchreDeal::in_packets`].
    pub fn refill(&mut self, deck: &[Card], first: Seat, sizes: impl IntoIterator<Item = usize>) {
        self.hands.iter_mut().for_each(Vec::clear);
        let mut at = 0;
        for (n, size) in sizes.into_iter().enumerate() {
            self.hands[first.after(n, SEATS).index()].extend_from_slice(&deck[at..at + size]);
            at += size;
        }
        self.upcard = deck[UPCARD];
        self.kitty.clear();
        self.kitty.extend_from_slice(&deck[UPCARD + 1..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rank, Suit};

    #[test]
    fn packets_go_round_from_the_first_seat() {
        let deck: Vec<Card> = (0..24)
            .map(|i| Card::new([Rank::Nine, Rank::Ten][i % 2], Suit::Clubs))
            .collect();
        let first = Seat::new("s", 3, 4, "").unwrap();
        let deal = EuchreDeal::in_packets(&deck, first, [3, 2, 3, 2, 2, 3, 2, 3]);
        // Seat 3 takes the first packet, then seat 0: every seat has five.
        assert!(deal.hands.iter().all(|h| h.len() == 5));
        assert_eq!(deal.hands[3][..3], deck[..3]);
        assert_eq!(deal.hands[0][..2], deck[3..5]);
        assert_eq!(deal.upcard, deck[20]);
        assert_eq!(deal.kitty, deck[21..]);
    }
}
