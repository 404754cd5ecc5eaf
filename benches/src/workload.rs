//! What one deal is, per scheme: the work `fairdeal bench` times, and the
//! SHA-256 blocks it needs (see [`crate::blocks`]).

use std::fmt;
use std::hint::black_box;

use fairdeal_atout::AtoutV1;
use fairdeal_core::DealScheme;
use fairdeal_euchremaster::EuchreMaster;
use fairdeal_hmac_blackjack::HmacBlackjack;
use fairdeal_sfc32_lock::Sfc32Lock;
use fairdeal_showdown::Showdown;

use crate::blocks;
use crate::inputs::{
    ATOUT_V1, Case, EUCHREMASTER, HMAC_BLACKJACK, KITCHEN_TABLE_HAND, SFC32_LOCK,
    SHOWDOWN_FISHER_YATES, SHOWDOWN_KITCHEN_TABLE,
};

/// One deal of one scheme, from a validated input, ready to run again and
/// again (on several threads at once: inputs are only read).
pub struct Workload {
    /// The scheme id.
    pub scheme: &'static str,
    /// What one deal is, for the table (`trace of dealer-1`).
    pub deal: String,
    /// SHA-256 blocks one deal needs.
    pub blocks: u64,
    run: Box<dyn Fn() + Send + Sync>,
}

impl Workload {
    /// Runs one deal.
    pub fn run(&self) {
        (self.run)();
    }
}

impl fmt::Debug for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Workload")
            .field("scheme", &self.scheme)
            .field("deal", &self.deal)
            .field("blocks", &self.blocks)
            .finish_non_exhaustive()
    }
}

/// Returns every workload, in registry order; `showdown` has two: a game's
/// Fisher-Yates deal and a kitchen-table hand.
pub fn all() -> Vec<Workload> {
    vec![
        trace::<EuchreMaster>(EUCHREMASTER, |input, _| blocks::euchremaster(input)),
        trace::<Sfc32Lock>(SFC32_LOCK, |input, _| blocks::sfc32_lock(input)),
        trace::<AtoutV1>(ATOUT_V1, blocks::atout_v1),
        trace::<HmacBlackjack>(HMAC_BLACKJACK, |input, _| blocks::hmac_blackjack(input)),
        trace::<Showdown>(SHOWDOWN_FISHER_YATES, |input, _| {
            blocks::showdown_game(input)
        }),
        hand::<Showdown>(SHOWDOWN_KITCHEN_TABLE, KITCHEN_TABLE_HAND, |_| {
            blocks::showdown_hand()
        }),
    ]
}

/// The whole deal of a one-deal input: `DealScheme::trace`, the commitment
/// included. `blocks` gets the input and the numbers the shuffle consumed.
///
/// # Panics
///
/// When the case's input is refused (see [`Case::input`]).
fn trace<S>(case: Case, blocks: impl FnOnce(&S::Input, usize) -> u64) -> Workload
where
    S: DealScheme + 'static,
    S::Input: Send + Sync,
{
    let input = case.input::<S>();
    let traced = S::trace(&input).unwrap_or_else(|e| panic!("an endless stream never ends: {e}"));
    let consumed = traced.deals.iter().map(|d| d.randoms.len()).sum();
    Workload {
        scheme: S::ID,
        deal: format!("trace of {}", case.id),
        blocks: blocks(&input, consumed),
        run: Box::new(move || {
            let _ = black_box(S::trace(black_box(&input)));
        }),
    }
}

/// One hand of a game, as `DealScheme::trace` deals each hand (prelude,
/// stream, shuffle, deal), without the game's commitment and set-up.
///
/// # Panics
///
/// When the case's input is refused (see [`Case::input`]).
fn hand<S>(case: Case, deal: usize, blocks: impl FnOnce(&S::Input) -> u64) -> Workload
where
    S: DealScheme + 'static,
    S::Input: Send + Sync,
    S::Setup: Send + Sync,
{
    let input = case.input::<S>();
    let setup = S::setup(&input);
    Workload {
        scheme: S::ID,
        deal: format!("hand {deal} of {}", case.id),
        blocks: blocks(&input),
        run: Box::new(move || {
            let _ = black_box(S::trace_deal(black_box(&input), &setup, deal));
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_scheme_has_a_workload() {
        let workloads = all();
        for scheme in fairdeal::SCHEMES {
            assert!(
                workloads.iter().any(|w| w.scheme == scheme.id()),
                "{} has no workload: add one in benches/src/workload.rs",
                scheme.id()
            );
        }
        for w in &workloads {
            w.run();
        }
    }

    // The arithmetic of each count is in its function's comment.
    #[test]
    fn blocks_per_deal_of_each_workload() {
        let blocks: Vec<(&str, u64)> = all().iter().map(|w| (w.scheme, w.blocks)).collect();
        assert_eq!(
            blocks,
            [
                ("euchremaster", 5),
                ("sfc32-lock", 1),
                ("atout-v1", 7),
                ("hmac-blackjack", 108),
                ("showdown", 2),
                ("showdown", 0),
            ]
        );
    }
}
