//! Dealing a shuffled deck in packets (docs/schemes/euchremaster.md, step 5:
//! the deal, and step 6: the up-card and the kitty).

use fairdeal_core::cards::Card;
use fairdeal_core::table::{EuchreDeal, Seat};

/// Packet sizes, first packet first: two rounds of 3-2 / 2-3.
pub const PACKETS: [usize; 8] = [3, 2, 3, 2, 2, 3, 2, 3];

/// The first round of [`PACKETS`]: the second gives each seat the rest of
/// its five.
pub const FIRST_ROUND: [usize; 4] = [PACKETS[0], PACKETS[1], PACKETS[2], PACKETS[3]];

/// Deals `deck` from position 0 in [`PACKETS`], the first packet to the
/// seat after `dealer`; position 20 is turned up, the rest is the kitty.
///
/// # Panics
///
/// When `deck` holds fewer than 21 cards; callers pass a starting deck's
/// worth (24 or 25).
pub fn deal(dealer: Seat, deck: &[Card]) -> EuchreDeal {
    EuchreDeal::in_packets(deck, dealer.after(1, 4), PACKETS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::STARTING_DECK;
    use fairdeal_core::cards::codes;

    #[test]
    fn the_second_round_completes_each_hand_of_the_first() {
        assert_eq!(PACKETS[4..], FIRST_ROUND.map(|p| 5 - p));
    }

    #[test]
    fn first_packet_goes_left_of_the_dealer() {
        // Dealer 3 (right): seat 0 gets packets 1 and 5, positions 0-2 and 10-11.
        let deal = deal(Seat::new("dealer", 3, 4, "").unwrap(), &STARTING_DECK);
        assert_eq!(codes(&deal.hands[0]), "9c Tc Jc Kd Ad");
        assert_eq!(codes(&deal.hands[1]), "Qc Kc 9h Th Jh");
        assert_eq!(codes(&deal.hands[3]), "Jd Qd Ah 9s Ts");
        assert_eq!(deal.upcard.to_string(), "Js");
        assert_eq!(codes(&deal.kitty), "Qs Ks As");
    }
}
