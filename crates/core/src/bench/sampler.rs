//! [`Sampler`]: many deals from many inputs into reused buffers, each handed
//! to the caller as a [`Dealt`]; what a statistical audit tallies
//! (`fairdeal audit`, docs/fairness.md).

use std::any::Any;

use serde_json::Value;

use crate::cards::Card;
use crate::{Buffers, DealScheme, DealSchemeExt, DealSeries, Error, FromJson};

/// One deal as a sampler hands it over: borrowed from its buffers, valid
/// until the next deal.
#[derive(Clone, Copy)]
pub struct Dealt<'a> {
    /// The deal's number in its input (from 1).
    pub deal: usize,
    /// The deal's starting deck, position 0 first.
    pub start: &'a [Card],
    /// The starting position of the card at each position of the shuffled
    /// deck.
    pub positions: &'a [u16],
    /// The shuffled deck.
    pub cards: &'a [Card],
    /// What the table sees: the scheme's
    /// [`DealScheme::Deal`](crate::DealScheme::Deal), for a caller that
    /// knows the type (an [`EuchreDeal`](crate::table::EuchreDeal) for the euchre
    /// schemes).
    pub table: &'a dyn Any,
}

impl std::fmt::Debug for Dealt<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dealt")
            .field("deal", &self.deal)
            .field("positions", &self.positions)
            .field("cards", &self.cards)
            .finish_non_exhaustive()
    }
}

/// Deals, for each input it is given (a scheme's JSON input), every deal
/// from `first` on into buffers of its own, handing each to `each`; returns
/// how many it dealt. `changed` names the top-level fields in which the
/// input differs from the one before (ignored for the first, or after a
/// refusal): only those are read again
/// ([`FromJson::reread`](crate::FromJson::reread)). The commitment is not
/// computed: nothing that a deal shows depends on it. Once its buffers have
/// held a deal it allocates nothing but what reading the changed fields
/// takes. One a thread.
///
/// # Errors
///
/// The first refused field of the input.
pub type Sampler =
    Box<dyn FnMut(&Value, &[&str], usize, &mut dyn FnMut(Dealt<'_>)) -> Result<usize, Error>>;

/// The [`Sampler`] of `S`: each input read, then its deals from `first` on
/// dealt into one [`Buffers`].
pub(super) fn of<S: DealScheme>() -> Sampler {
    let mut buffers = Buffers::<S>::default();
    // The input before, read again only where it changed.
    let mut last: Option<S::Input> = None;
    Box::new(move |json, changed, first, each| {
        let input = match &mut last {
            Some(input) => match input.reread(json, changed) {
                Ok(()) => {
                    // What `reread` promises, held in every test run.
                    debug_assert!(
                        S::Input::from_json(json)
                            .is_ok_and(|whole| format!("{whole:?}") == format!("{input:?}")),
                        "{}: reading only {changed:?} differs from reading it whole",
                        S::INFO.id
                    );
                    input
                }
                Err(e) => {
                    last = None;
                    return Err(e);
                }
            },
            None => last.insert(S::Input::from_json(json)?),
        };
        let deals = S::Series::deals(input);
        for n in first.max(1)..=deals {
            S::deal_into(input, n, &mut buffers)?;
            let start = S::starting_deck(input, n);
            each(Dealt {
                deal: n,
                start: &start,
                positions: &buffers.positions,
                cards: &buffers.cards,
                table: &buffers.deal,
            });
        }
        Ok((deals + 1).saturating_sub(first.max(1)))
    })
}
