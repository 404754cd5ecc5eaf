//! [`TableView`]: what a person sees of one deal, typed, so that every
//! renderer (the terminal table, the web page) shows the same thing and none
//! guesses from the output's key names.

use serde::Serialize;

use crate::{Card, Seat};

/// One deal as a person reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// Who dealt, when the method says.
    pub dealer: Option<Seat>,
    /// What else the dealer chose (showdown's pattern), shown beside them.
    pub dealt_with: Option<String>,
    /// The seat that took the turned card (belote).
    pub taker: Option<Seat>,
    /// Each seat's cards in received order, seat 0 first; empty for a deal
    /// without seats.
    pub hands: Vec<Vec<Card>>,
    /// The rest of the deal, in the method's order.
    pub rest: Vec<Part>,
}

/// A named part of a deal besides the hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    /// Its name as a person reads it (`up-card`, `kitty`, `undealt`).
    pub name: &'static str,
    /// What it holds.
    pub value: PartValue,
}

/// What a [`Part`] holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PartValue {
    /// Cards in order (a kitty, the undealt cards).
    Cards(Vec<Card>),
    /// Cards by seat, seat 0 first (duo's face-down cards).
    BySeat(Vec<Vec<Card>>),
    /// Words (a shoe's card labels).
    Words(Vec<String>),
}

impl Part {
    /// Returns the part `name` holding `cards`.
    pub fn cards(name: &'static str, cards: &[Card]) -> Self {
        Self {
            name,
            value: PartValue::Cards(cards.to_vec()),
        }
    }

    /// Returns the part `name` holding `by_seat`, seat 0 first.
    pub fn by_seat(name: &'static str, by_seat: &[Vec<Card>]) -> Self {
        Self {
            name,
            value: PartValue::BySeat(by_seat.to_vec()),
        }
    }
}

impl TableView {
    /// Returns the view of four euchre-style hands, the up-card and the
    /// kitty, dealt by `dealer`.
    pub fn euchre(dealer: Option<Seat>, hands: &[Vec<Card>], upcard: Card, kitty: &[Card]) -> Self {
        Self {
            dealer,
            hands: hands.to_vec(),
            rest: vec![
                Part::cards("up-card", std::slice::from_ref(&upcard)),
                Part::cards("kitty", kitty),
            ],
            ..Self::default()
        }
    }
}
