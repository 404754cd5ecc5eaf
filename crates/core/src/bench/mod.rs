//! The benches' and the audit's view of a scheme: [`DynBench`], a runner
//! that repeats one piece of work ([`Work`]) and a [`Sampler`] that deals
//! many inputs into reused buffers.

mod sampler;

use std::hint::black_box;

use serde_json::Value;

use crate::dynamic::deal_of;
use crate::{Buffers, DealScheme, DealSchemeExt, DealSeries, Error, FromJson};

pub use sampler::{Dealt, Sampler};

/// What `fairdeal bench`, the criterion benches and `fairdeal audit` need of
/// a scheme, seen without its types.
///
/// Implemented for every `DealScheme`, never by hand; every registered
/// scheme has it through [`DynScheme`](crate::DynScheme).
pub trait DynBench {
    /// Returns a function that does `work` on `input` once each call, for
    /// the benches: it owns its buffers, so one runner a thread.
    ///
    /// # Errors
    ///
    /// The first refused field, or a deal that `input` does not hold.
    fn runner(&self, input: &Value, work: Work) -> Result<Box<dyn FnMut()>, Error>;

    /// Returns a [`Sampler`]: deals of many inputs into reused buffers, each
    /// handed over with its positions, for a statistical audit.
    fn sampler(&self) -> Sampler;
}

/// What a bench runner does with its input each call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// [`DealSchemeExt::trace`]: every deal, new lists each time.
    Trace,
    /// [`DealSchemeExt::whole_deal_into`] (a single deal) or the commitment
    /// and every deal into reused buffers (a series): nothing allocated
    /// after the first call.
    IntoBuffers,
    /// Deal `n` alone with new lists ([`DealSchemeExt::trace_deal`]).
    Hand(usize),
    /// Deal `n` alone into reused buffers.
    HandIntoBuffers(usize),
    /// The commitment alone.
    Commitment,
    /// The numbers of deal `n` that its shuffle consumes, drawn from its
    /// stream.
    Stream(usize),
    /// The shuffle of deal `n` fed the numbers its stream gives.
    Shuffle(usize),
    /// The deal of deal `n`'s shuffled deck into reused buffers.
    Deal(usize),
}

impl<S: DealScheme> DynBench for S {
    fn sampler(&self) -> Sampler {
        sampler::of::<S>()
    }

    fn runner(&self, input: &Value, work: Work) -> Result<Box<dyn FnMut()>, Error> {
        let input = S::Input::from_json(input)?;
        let setup = S::Series::setup(&input);
        let deals = S::Series::deals(&input);
        let n = match work {
            Work::Hand(n)
            | Work::HandIntoBuffers(n)
            | Work::Stream(n)
            | Work::Shuffle(n)
            | Work::Deal(n) => deal_of::<S>(&input, n)?,
            _ => 1,
        };
        // What the stage runners are fed: deal n as the method deals it.
        let traced = S::trace_deal(&input, &setup, n)?;
        let mut buffers = Buffers::<S>::default();
        // One closure per kind of work, so that each call runs only its own
        // (an endless stream never runs out: the results are the work).
        Ok(match work {
            Work::Trace => Box::new(move || {
                let _ = black_box(S::trace(black_box(&input)));
            }),
            Work::IntoBuffers if S::Series::ONE => Box::new(move || {
                let _ = black_box(S::whole_deal_into(black_box(&input), &mut buffers));
            }),
            Work::IntoBuffers => Box::new(move || {
                let input = black_box(&input);
                black_box(S::commitment(input));
                for n in 1..=deals {
                    let _ = black_box(S::deal_into(input, n, &mut buffers));
                }
            }),
            Work::Hand(n) => Box::new(move || {
                let _ = black_box(S::trace_deal(black_box(&input), &setup, n));
            }),
            Work::HandIntoBuffers(n) => Box::new(move || {
                let _ = black_box(S::deal_into(black_box(&input), n, &mut buffers));
            }),
            Work::Commitment => Box::new(move || {
                black_box(S::commitment(black_box(&input)));
            }),
            Work::Stream(n) => Box::new(move || {
                for u in S::stream(black_box(&input), n).take(traced.randoms.len()) {
                    black_box(u);
                }
            }),
            Work::Shuffle(n) => Box::new(move || {
                let mut draws = black_box(&traced.randoms).iter().copied();
                let _ = black_box(S::shuffle(&input, n, &mut draws, &mut buffers.positions));
            }),
            Work::Deal(n) => Box::new(move || {
                S::deal(&input, n, black_box(traced.deck.cards()), &mut buffers.deal);
            }),
        })
    }
}
