//! The deal of the shuffled deck (docs/schemes/holdem-demo.md, step 5: the
//! deal): two hole cards to each player, one at a time from the seat left
//! of the button, then burn and flop, burn and turn, burn and river.

use fairdeal_core::cards::Card;
use fairdeal_core::table::{Part, Role, Seat, TableView};
use serde::Serialize;

/// Hole cards each player receives, one a round.
pub const HOLE_CARDS: usize = 2;

/// The table after the deal, with the output names of
/// docs/schemes/holdem-demo.md ("Output").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// Each seat's two hole cards, in received order, seat 0 first.
    pub hands: Vec<Vec<Card>>,
    /// The three cards of the flop, in order.
    pub flop: [Card; 3],
    /// The turn.
    pub turn: Card,
    /// The river.
    pub river: Card,
    /// The three burned cards: before the flop, the turn and the river.
    pub burned: [Card; 3],
}

impl Default for Deal {
    /// The table before a deal: no hands, and jokers where the board goes
    /// (a first deal replaces every card).
    fn default() -> Self {
        Self {
            hands: Vec::new(),
            flop: [Card::Joker; 3],
            turn: Card::Joker,
            river: Card::Joker,
            burned: [Card::Joker; 3],
        }
    }
}

impl Deal {
    /// Deals `deck` from position 0 to `players` seats around `button`.
    ///
    /// # Panics
    ///
    /// When `deck` holds fewer than 2 x `players` + 8 cards; callers pass
    /// the 52-card deck, and at most 10 players.
    pub fn new(players: u8, button: Seat, deck: &[Card]) -> Self {
        let mut deal = Self::default();
        deal.refill(players, button, deck);
        deal
    }

    /// Deals as [`Deal::new`] into `self`, reusing its lists: nothing is
    /// allocated once they have held a deal of as many players.
    ///
    /// # Panics
    ///
    /// As [`Deal::new`].
    pub fn refill(&mut self, players: u8, button: Seat, deck: &[Card]) {
        let seats = usize::from(players);
        self.hands.truncate(seats);
        self.hands.iter_mut().for_each(Vec::clear);
        self.hands.resize_with(seats, Vec::new);
        // Position p goes to the p-th seat after the button, round the
        // table twice: the seat on the button's left first, the button last.
        for (p, &card) in deck[..HOLE_CARDS * seats].iter().enumerate() {
            let seat = button.after(1 + p % seats, players);
            self.hands[seat.index()].push(card);
        }
        let board = &deck[HOLE_CARDS * seats..];
        self.burned = [board[0], board[4], board[6]];
        self.flop = [board[1], board[2], board[3]];
        self.turn = board[5];
        self.river = board[7];
    }

    /// Returns what a person sees of this deal: the button marked, the
    /// hands by seat, then the board and the burned cards.
    pub fn view(&self, button: Seat) -> TableView {
        TableView {
            seats: u8::try_from(self.hands.len()).unwrap_or(u8::MAX),
            roles: vec![Role::new("button", button)],
            hands: self.hands.clone(),
            rest: vec![
                Part::cards("flop", &self.flop),
                Part::cards("turn", std::slice::from_ref(&self.turn)),
                Part::cards("river", std::slice::from_ref(&self.river)),
                Part::cards("burned", &self.burned),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use fairdeal_core::cards::codes;
    use fairdeal_core::cards::decks::STANDARD;

    use super::*;

    fn seat(n: u64, players: u8) -> Seat {
        Seat::new("seat", n, players, "").unwrap()
    }

    #[test]
    fn the_seat_left_of_the_button_is_dealt_first() {
        // Three players, button 1, the unshuffled deck: seat 2 takes
        // positions 0 and 3, seat 0 positions 1 and 4, seat 1 (the button)
        // positions 2 and 5; then burn 6, flop 7-9, burn 10, turn 11, burn
        // 12, river 13.
        let deal = Deal::new(3, seat(1, 3), &STANDARD);
        assert_eq!(codes(&deal.hands[2]), "2c 5c");
        assert_eq!(codes(&deal.hands[0]), "3c 6c");
        assert_eq!(codes(&deal.hands[1]), "4c 7c");
        assert_eq!(codes(&deal.burned), "8c Qc Ac");
        assert_eq!(codes(&deal.flop), "9c Tc Jc");
        assert_eq!(
            (deal.turn.to_string(), deal.river.to_string()),
            ("Kc".into(), "2d".into())
        );
    }

    #[test]
    fn heads_up_the_button_is_dealt_second() {
        let deal = Deal::new(2, seat(0, 2), &STANDARD);
        assert_eq!(codes(&deal.hands[1]), "2c 4c");
        assert_eq!(codes(&deal.hands[0]), "3c 5c");
    }

    #[test]
    fn a_refill_keeps_only_this_tables_seats() {
        let mut deal = Deal::new(10, seat(9, 10), &STANDARD);
        deal.refill(4, seat(3, 4), &STANDARD);
        assert_eq!(deal.hands.len(), 4);
        assert!(deal.hands.iter().all(|h| h.len() == HOLE_CARDS));
        let view = deal.view(seat(3, 4));
        assert_eq!((view.seats, view.role("button")), (4, Some(seat(3, 4))));
        let names: Vec<&str> = view.rest.iter().map(|p| p.name).collect();
        assert_eq!(names, ["flop", "turn", "river", "burned"]);
    }
}
