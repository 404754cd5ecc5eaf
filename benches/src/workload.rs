//! What one deal is, per scheme: the work `fairdeal bench` times, and the
//! SHA-256 blocks it needs (see [`crate::blocks`]).

use std::fmt;
use std::hint::black_box;
use std::sync::Arc;

use fairdeal_atout::AtoutV1;
use fairdeal_core::{DealScheme, Table};
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
    make: Box<dyn Fn() -> Runner + Send + Sync>,
}

/// Runs one deal each time it is called, with buffers of its own: one a
/// thread.
pub type Runner = Box<dyn FnMut()>;

impl Workload {
    /// Returns a runner of this workload, with buffers of its own.
    pub fn runner(&self) -> Runner {
        (self.make)()
    }

    /// Runs one deal.
    pub fn run(&self) {
        self.runner()();
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
    // Each deal twice: as `trace` returns it (new lists every deal), and into
    // a reused table (no allocation): the same work, the same blocks.
    let pair = |w: Workload, table: fn(Case, u64) -> Workload, case| {
        let blocks = w.blocks;
        vec![w, table(case, blocks)]
    };
    [
        pair(
            trace::<EuchreMaster>(EUCHREMASTER, |input, _| blocks::euchremaster(input)),
            table::<EuchreMaster>,
            EUCHREMASTER,
        ),
        pair(
            trace::<Sfc32Lock>(SFC32_LOCK, |input, _| blocks::sfc32_lock(input)),
            table::<Sfc32Lock>,
            SFC32_LOCK,
        ),
        pair(
            trace::<AtoutV1>(ATOUT_V1, blocks::atout_v1),
            table::<AtoutV1>,
            ATOUT_V1,
        ),
        pair(
            trace::<HmacBlackjack>(HMAC_BLACKJACK, |input, _| blocks::hmac_blackjack(input)),
            table::<HmacBlackjack>,
            HMAC_BLACKJACK,
        ),
        pair(
            trace::<Showdown>(SHOWDOWN_FISHER_YATES, |input, _| {
                blocks::showdown_game(input)
            }),
            table::<Showdown>,
            SHOWDOWN_FISHER_YATES,
        ),
        // The game's one hand alone, for the shuffle and deal without the
        // commitment (the target of issue 8 for showdown).
        vec![hand_table::<Showdown>(SHOWDOWN_FISHER_YATES, 1)],
        vec![
            hand::<Showdown>(SHOWDOWN_KITCHEN_TABLE, KITCHEN_TABLE_HAND, |_| {
                blocks::showdown_hand()
            }),
            hand_table::<Showdown>(SHOWDOWN_KITCHEN_TABLE, KITCHEN_TABLE_HAND),
        ],
    ]
    .into_iter()
    .flatten()
    .collect()
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
    let input = Arc::new(case.input::<S>());
    let traced = S::trace(&input).unwrap_or_else(|e| panic!("an endless stream never ends: {e}"));
    let consumed = traced.deals.iter().map(|d| d.randoms.len()).sum();
    Workload {
        scheme: S::ID,
        deal: format!("trace of {}", case.id),
        blocks: blocks(&input, consumed),
        make: Box::new(move || {
            let input = Arc::clone(&input);
            Box::new(move || {
                let _ = black_box(S::trace(black_box(&input)));
            })
        }),
    }
}

/// The whole deal of a one-deal input dealt into a reused
/// [`Table`](fairdeal_core::Table): `DealScheme::whole_deal_into_table`, the
/// commitment included. After the first deal nothing is allocated.
///
/// # Panics
///
/// When the case's input is refused (see [`Case::input`]).
fn table<S>(case: Case, blocks: u64) -> Workload
where
    S: DealScheme + 'static,
    S::Input: Send + Sync,
    S::Setup: Send + Sync,
{
    into_table::<S>(
        case,
        format!("{} into a table", case.id),
        blocks,
        |input, setup, table| {
            let _ = black_box(S::whole_deal_into_table(black_box(input), setup, table));
        },
    )
}

/// One hand of a game dealt into a reused table (prelude, stream, shuffle,
/// deal), without the game's commitment and set-up.
///
/// # Panics
///
/// When the case's input is refused (see [`Case::input`]).
fn hand_table<S>(case: Case, deal: usize) -> Workload
where
    S: DealScheme + 'static,
    S::Input: Send + Sync,
    S::Setup: Send + Sync,
{
    into_table::<S>(
        case,
        format!("hand {deal} of {} into a table", case.id),
        0,
        move |input, setup, table| {
            let _ = black_box(S::deal_into_table(black_box(input), setup, deal, table));
        },
    )
}

/// A workload that runs `deal` with the case's input and set-up and a
/// table of its own (one a runner, so one a thread).
///
/// # Panics
///
/// When the case's input is refused (see [`Case::input`]).
fn into_table<S>(
    case: Case,
    label: String,
    blocks: u64,
    deal: impl Fn(&S::Input, &S::Setup, &mut Table<S>) + Copy + Send + Sync + 'static,
) -> Workload
where
    S: DealScheme + 'static,
    S::Input: Send + Sync,
    S::Setup: Send + Sync,
{
    let input = Arc::new(case.input::<S>());
    let setup = Arc::new(S::setup(&input));
    Workload {
        scheme: S::ID,
        deal: label,
        blocks,
        make: Box::new(move || {
            let (input, setup) = (Arc::clone(&input), Arc::clone(&setup));
            let mut table = Table::<S>::new();
            Box::new(move || deal(&input, &setup, &mut table))
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
    let input = Arc::new(case.input::<S>());
    let setup = Arc::new(S::setup(&input));
    Workload {
        scheme: S::ID,
        deal: format!("hand {deal} of {}", case.id),
        blocks: blocks(&input),
        make: Box::new(move || {
            let (input, setup) = (Arc::clone(&input), Arc::clone(&setup));
            Box::new(move || {
                let _ = black_box(S::trace_deal(black_box(&input), &setup, deal));
            })
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
                ("euchremaster", 5),
                ("sfc32-lock", 1),
                ("sfc32-lock", 1),
                ("atout-v1", 7),
                ("atout-v1", 7),
                ("hmac-blackjack", 108),
                ("hmac-blackjack", 108),
                ("showdown", 2),
                ("showdown", 2),
                ("showdown", 0),
                ("showdown", 0),
                ("showdown", 0),
            ]
        );
    }
}
