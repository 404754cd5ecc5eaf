//! The player's cards against the exact odds of a uniform shuffle.
//!
//! STAND-IN (issue 23, branch i23-core): the lead replaces this file at
//! merge with the odds of the i23-odds branch (`Odds`, `Test`), whose API
//! this stand-in has. It counts the hands it is given and tests none; it is
//! never meant to ship.

pub mod deck;

use fairdeal::core::cards::Card;
use serde::Serialize;

pub use deck::Deck;

/// STAND-IN: the tests of the player's cards, fed one hand at a time.
#[derive(Clone, Debug, Default)]
pub struct Odds {
    hands: u64,
}

impl Odds {
    /// Returns tests fed no hand.
    pub fn new() -> Self {
        Self::default()
    }

    /// STAND-IN: counts one player's cards of one uniformly shuffled deal.
    pub fn add(&mut self, _scheme: &'static str, _deck: &Deck, _cards: &[Card]) {
        self.hands += 1;
    }

    /// STAND-IN: no test.
    pub fn tests(&self) -> Vec<Test> {
        Vec::new()
    }
}

/// One test of the player's cards against the exact odds.
#[derive(Clone, Debug, Serialize)]
pub struct Test {
    /// The scheme whose hands it tests.
    pub scheme: &'static str,
    /// Its name.
    pub name: String,
    /// What it counts, for people.
    pub what: String,
    /// The hands tested.
    pub hands: u64,
    /// What was observed.
    pub observed: u64,
    /// What a uniform shuffle gives, exactly.
    pub expected: String,
    /// The p-value.
    pub p_value: f64,
    /// The p-value corrected for the number of tests (Holm).
    pub p_corrected: f64,
}
