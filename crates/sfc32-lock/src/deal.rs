//! Dealing a shuffled deck one card at a time (docs/schemes/sfc32-lock.md,
//! step 5: the deal).

use fairdeal_core::cards::Card;
use fairdeal_core::table::{EuchreDeal, Seat};

/// Seats round the table, numbered 0 to 3.
pub const SEATS: usize = 4;
/// Cards dealt to the seats: five rounds of one card each.
const DEALT: usize = 20;
/// Seat 0 gets the first card.
const SEAT_0: Seat = Seat::FIRST;

/// Deals `deck` from position 0, one card at a time, seat 0 first (position
/// p goes to seat p mod 4); position 20 is turned up, 21 to 23 the kitty.
///
/// # Panics
///
/// When `deck` holds fewer than 21 cards; callers pass the 24 of a starting
/// deck.
pub fn deal(deck: &[Card]) -> EuchreDeal {
    EuchreDeal::in_packets(deck, SEAT_0, std::iter::repeat_n(1, DEALT))
}

/// Deals as [`deal`] into `out`, reusing its lists.
///
/// # Panics
///
/// As [`deal`].
pub fn deal_into(deck: &[Card], out: &mut EuchreDeal) {
    // Seat s holds positions s, s + 4, ..., s + 16: each hand gathered in
    // an array and copied in one go. Twenty packets of one card each went
    // through a copy of a slice, a sixth of a deal into a table (perf,
    // issue 26).
    for (seat, hand) in out.hands.iter_mut().enumerate() {
        let cards: [Card; DEALT / SEATS] = std::array::from_fn(|round| deck[round * SEATS + seat]);
        hand.clear();
        hand.extend_from_slice(&cards);
    }
    out.upcard = deck[DEALT];
    out.kitty.clear();
    out.kitty.extend_from_slice(&deck[DEALT + 1..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::STARTING_DECK;
    use fairdeal_core::cards::codes;

    #[test]
    fn dealing_into_a_table_deals_as_the_packets_do() {
        // Decks in many orders, into one reused deal, against `deal` (what
        // every trace uses).
        let mut out = deal(&STARTING_DECK);
        let mut deck = STARTING_DECK;
        for turn in 0..48 {
            deck.rotate_left(turn % 7 + 1);
            deck.swap(turn % 24, (turn * 5) % 24);
            deal_into(&deck, &mut out);
            assert_eq!(out, deal(&deck), "turn {turn}");
        }
    }

    #[test]
    fn one_card_at_a_time_from_seat_0() {
        let deal = deal(&STARTING_DECK);
        assert_eq!(codes(&deal.hands[0]), "9c Kc Js 9h Kh");
        assert_eq!(codes(&deal.hands[3]), "Qc Ts As Qh Td");
        assert_eq!(deal.upcard.to_string(), "Jd");
        assert_eq!(codes(&deal.kitty), "Qd Kd Ad");
    }
}
