//! The game's set-up, drawn from stream 0 (docs/schemes/showdown.md, step 5:
//! the set-up).

use fairdeal_core::stream::{Hex64, Recorder};
use fairdeal_core::table::Seat;
use serde::Serialize;

use crate::{GameSeed, Pattern, below};

/// What is drawn once per game before any hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Setup {
    /// hex(G).
    pub game_seed: String,
    /// Every draw of stream 0 the set-up used.
    pub randoms: Vec<Hex64>,
    /// The seat that deals hand 1.
    pub first_dealer: Seat,
    /// The drawn patterns of seats 1, 2, 3.
    pub patterns: [Pattern; 3],
}

impl Setup {
    /// Draws the set-up from stream 0 of `seed`: first dealer = below(4),
    /// then PATTERNS[below(16)] for seats 1, 2, 3 in that order.
    pub fn draw(seed: &GameSeed) -> Self {
        let mut draws = Recorder::new(seed.stream(0));
        let mut taken = 0;
        let mut pick = |k| match below(k, &mut draws, &mut taken) {
            Ok(v) => v,
            // OK because stream 0 is endless: below() only fails on a list.
            Err(_) => unreachable!("an endless stream never runs out"),
        };
        let dealer = pick(4);
        let patterns = [(); 3].map(|()| Pattern::nth(pick(16)));
        // OK because below(4) is 0..=3.
        let first_dealer =
            Seat::new("first_dealer", dealer, 4, "0 to 3").unwrap_or_else(|_| unreachable!());
        Self {
            game_seed: seed.to_hex(),
            randoms: draws.into_taken(),
            first_dealer,
            patterns,
        }
    }

    /// Returns the dealer of hand `n` (from 1): (first dealer + n - 1) mod 4.
    pub fn dealer(&self, n: usize) -> Seat {
        self.first_dealer.after(n - 1, 4)
    }

    /// Returns the drawn pattern of computer seat `seat` (1, 2 or 3), or
    /// None for seat 0, whose pattern the player chooses.
    pub fn drawn_pattern(&self, seat: Seat) -> Option<Pattern> {
        seat.index().checked_sub(1).map(|i| self.patterns[i])
    }
}
