//! [`TableView`]: what a person sees of one deal, typed, so that every
//! renderer (the terminal table, the web page) shows the same thing and none
//! guesses from the output's key names.

use serde::Serialize;

use crate::cards::Card;
use crate::info::SeatNames;
use crate::table::Seat;
use crate::{Error, ErrorKind};

/// One deal as a person reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// How many seats this deal's table has, numbered from 0; 0 for a deal
    /// without seats (a shoe). The deal says it, not the scheme: a table's
    /// size may follow from the input (atout-v1's duo seats two).
    pub seats: u8,
    /// The seats' roles in this deal (dealer, taker, button, ...), in the
    /// order a person reads them.
    pub roles: Vec<Role>,
    /// Each seat's cards in received order, seat 0 first; empty for a deal
    /// without seats, or one whose cards are by seat in [`TableView::rest`].
    pub hands: Vec<Vec<Card>>,
    /// The rest of the deal, in the method's order.
    pub rest: Vec<Part>,
}

/// A seat's role in one deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Role {
    /// Its name as a person reads it (`dealer`, `taker`, `button`).
    pub name: &'static str,
    /// The seat that holds it.
    pub seat: Seat,
    /// What else the seat chose in it (showdown's dealer's pattern), shown
    /// beside it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with: Option<String>,
}

impl Role {
    /// Returns role `name` held by `seat`.
    pub fn new(name: &'static str, seat: Seat) -> Self {
        Self {
            name,
            seat,
            with: None,
        }
    }
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
    /// Returns the view of euchre-style hands (a seat each), the up-card
    /// and the kitty, dealt by `dealer`.
    pub fn euchre(dealer: Option<Seat>, hands: &[Vec<Card>], upcard: Card, kitty: &[Card]) -> Self {
        Self {
            seats: u8::try_from(hands.len()).unwrap_or(u8::MAX),
            roles: dealer.map(|d| Role::new("dealer", d)).into_iter().collect(),
            hands: hands.to_vec(),
            rest: vec![
                Part::cards("up-card", std::slice::from_ref(&upcard)),
                Part::cards("kitty", kitty),
            ],
        }
    }

    /// Returns the seat that holds role `name` in this deal.
    pub fn role(&self, name: &str) -> Option<Seat> {
        self.roles.iter().find(|r| r.name == name).map(|r| r.seat)
    }

    /// Returns the roles `seat` holds, in the order of [`TableView::roles`].
    pub fn roles_of(&self, seat: Seat) -> impl Iterator<Item = &'static str> + '_ {
        self.roles
            .iter()
            .filter(move |r| r.seat == seat)
            .map(|r| r.name)
    }

    /// Returns each seat of this table, seat 0 first.
    pub fn each_seat(&self) -> impl Iterator<Item = Seat> {
        (0..self.seats).filter_map(|n| Seat::new("seat", n.into(), self.seats, "").ok())
    }

    /// Returns seat `n` of this table, `field` naming where it was given.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Value`] naming `field` when the table has no seat `n`,
    /// with the seats it has, as `names` names them.
    pub fn seat(&self, field: &str, n: u64, names: SeatNames) -> Result<Seat, Error> {
        Seat::new(field, n, self.seats, "").map_err(|_| {
            let seats: Vec<String> = self
                .each_seat()
                .map(|s| names.label(s.index(), self.seats))
                .collect();
            let expected = match seats.as_slice() {
                [] => "no seat: this deal has none".to_owned(),
                [one] => format!("the one seat at this table: {one}"),
                [first @ .., last] => format!(
                    "a seat at this table of {}: {} or {last}",
                    self.seats,
                    first.join(", ")
                ),
            };
            Error::new(
                field,
                ErrorKind::Value {
                    got: format!("seat {n}, not at this table"),
                    expected,
                },
            )
        })
    }
}
