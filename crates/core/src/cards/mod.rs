//! Cards and decks: [`Card`] with its two-character code, the starting
//! decks of [`decks`], [`Deck`], a shuffled deck with the starting
//! position of each card, and the cards as a person writes them
//! ([`Card::read`], [`read_cards`]: `10♥`, `th`).

mod card;
mod deck;
pub mod decks;
mod written;

pub use card::{Card, RANKS, Rank, SUITS, Suit, codes};
pub use deck::{Deck, identity, identity_array, identity_into, shuffled_into};
pub use written::{WRITTEN, read_cards};
