//! What a euchre table sees after the deal: four hands of five, the
//! turned-up card and the kitty. Shared by every euchre scheme, which differ
//! only in the packets they deal.

use serde::Serialize;

use crate::cards::Card;
use crate::table::{Seat, TableView};

/// Seats at a euchre table.
const SEATS: u8 = 4;
/// Cards a seat is dealt.
const HAND: usize = 5;
/// Cards dealt to the seats: five each.
const DEALT: usize = HAND * SEATS as usize;
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

impl Default for EuchreDeal {
    /// The table before a deal: empty hands and kitty; the up-card is a
    /// placeholder that the first deal replaces.
    fn default() -> Self {
        Self {
            hands: Default::default(),
            upcard: Card::Joker,
            kitty: Vec::new(),
        }
    }
}

impl EuchreDeal {
    /// Returns what a person sees of this deal, dealt by `dealer`.
    pub fn view(&self, dealer: Option<Seat>) -> TableView {
        TableView::euchre(dealer, &self.hands, self.upcard, &self.kitty)
    }

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
    // Inlined so that a method's constant packets (sfc32-lock's one card at
    // a time) fold into the loop; out of line it measured 15-18% slower.
    #[inline]
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

    /// Deals as [`EuchreDeal::refill`] with the packets of two rounds: the
    /// first round `first_round[i]` cards to the i-th seat from `first`,
    /// the second round the rest of each seat's five (so the packets are
    /// `first_round`, then 5 minus each), as every euchre method here deals.
    ///
    /// # Panics
    ///
    /// When `deck` holds fewer than 21 cards, or a first-round packet holds
    /// more than five.
    #[inline]
    pub fn refill_in_rounds(&mut self, deck: &[Card], first: Seat, first_round: [usize; 4]) {
        let mut first_at = 0;
        let mut second_at: usize = first_round.iter().sum();
        for (i, &p) in first_round.iter().enumerate() {
            // Each hand is p cards of its first packet and 5 - p of its
            // second: gathered in an array, then copied in one go (card by
            // card into the list, each store would reload its length, and a
            // packet's copy would call memcpy for 2 or 3 cards).
            let hand: [Card; HAND] = std::array::from_fn(|j| {
                deck[if j < p {
                    first_at + j
                } else {
                    second_at + j - p
                }]
            });
            let seat = &mut self.hands[first.after(i, SEATS).index()];
            seat.clear();
            seat.extend_from_slice(&hand);
            first_at += p;
            second_at += HAND - p;
        }
        self.upcard = deck[UPCARD];
        self.kitty.clear();
        self.kitty.extend_from_slice(&deck[UPCARD + 1..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{RANKS, SUITS};
    use crate::cards::{Rank, Suit};

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

    #[test]
    fn two_rounds_deal_as_their_packets_do() {
        // Every first round of packets from 1 to 4 cards (five in all for
        // each seat over both rounds), from every seat, into one reused deal
        // that held the last one, against the packets dealt one by one.
        // 9 to A of each suit: the 24 distinct cards of a euchre deck.
        let deck: Vec<Card> = (0..24)
            .map(|i| Card::new(RANKS[7 + i % 6], SUITS[i / 6]))
            .collect();
        let mut out = EuchreDeal::in_packets(&deck, Seat::FIRST, [5, 5, 5, 5]);
        for n in 0..4u32.pow(4) {
            let round: [usize; 4] = std::array::from_fn(|i| 1 + (n as usize >> (2 * i)) % 4);
            for first in 0..4 {
                let first = Seat::new("s", first, 4, "").unwrap();
                out.refill_in_rounds(&deck, first, round);
                let packets = round.into_iter().chain(round.map(|p| HAND - p));
                assert_eq!(
                    out,
                    EuchreDeal::in_packets(&deck, first, packets),
                    "{round:?}"
                );
            }
        }
    }
}
