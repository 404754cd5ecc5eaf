//! Cards and decks: [`Card`] with its two-character code, the starting
//! decks of [`decks`], and [`Deck`], a shuffled deck with the starting
//! position of each card.

mod card;
mod deck;
pub mod decks;

pub use card::{Card, RANKS, Rank, SUITS, Suit, codes};
pub use deck::{Deck, identity, identity_into};
