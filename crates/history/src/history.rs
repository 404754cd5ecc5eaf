//! [`History`]: the receipts' facts, fed in history order, counted,
//! checked across receipts and the player's cards tested; then its
//! [`Report`].

use crate::facts::Facts;
use crate::integrity::Integrity;
use crate::odds::Odds;
use crate::report::Report;

/// A history, as far as it has been fed.
#[derive(Clone, Debug, Default)]
pub struct History {
    verified: u64,
    not_verified: u64,
    invalid: u64,
    integrity: Integrity,
    odds: Odds,
}

impl History {
    /// Returns a history of no receipt.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one receipt's facts: the next in history order.
    pub fn add(&mut self, facts: &Facts) {
        match facts.outcome.verdict {
            "verified" => self.verified += 1,
            "not-verified" => self.not_verified += 1,
            _ => self.invalid += 1,
        }
        if let Some(seen) = &facts.verified {
            self.integrity.add(facts.line, seen);
            for (deck, cards) in &seen.hands {
                self.odds.add(seen.scheme, deck, cards);
            }
        }
    }

    /// Returns the receipts added so far.
    pub fn receipts(&self) -> u64 {
        self.verified + self.not_verified + self.invalid
    }

    /// Returns the report on the history.
    pub fn report(self) -> Report {
        Report::new(
            self.receipts(),
            self.verified,
            self.not_verified,
            self.invalid,
            self.integrity.findings(),
            self.odds.tests(),
        )
    }
}
