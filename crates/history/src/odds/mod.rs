//! The player's cards against the exact odds of a uniform shuffle.

pub mod deck;

pub use deck::Deck;
