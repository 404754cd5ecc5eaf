//! [`DynScheme`]: a [`DealScheme`] seen without its types, JSON in and out.

use std::fmt;
use std::hint::black_box;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};

use crate::fields::list;
use crate::{
    Buffers, Card, Check, DealScheme, DealSchemeExt, DealSeries, DealTrace, Dealt, Deck, Error,
    ErrorKind, Fingerprint, FromJson, Recorder, Sampler, SchemeInfo, TableView, Trace,
    given_randoms,
};

/// A [`DealScheme`] seen without its types: JSON in, JSON out.
///
/// Implemented for every `DealScheme`; never implement it by hand. The
/// registry, the CLI, the conformance suite and the benches see only this
/// trait, so a new scheme needs nothing from them. Inputs are the JSON
/// objects of the scheme's page; outputs carry its output names in the
/// method's stage order.
pub trait DynScheme: Sync {
    /// Returns what the scheme is (see [`SchemeInfo`]).
    fn info(&self) -> &'static SchemeInfo;

    /// Returns the scheme's id.
    fn id(&self) -> &'static str {
        self.info().id
    }

    /// Checks `input` without dealing.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn validate(&self, input: &Value) -> Result<(), Error>;

    /// Returns every stage for `input`: `fingerprint`, the set-up, then the
    /// deal's `randoms`, `positions`, `deck` and own fields (for a series, a
    /// `deals` list of those).
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn trace_json(&self, input: &Value) -> Result<Value, Error>;

    /// Returns what [`DynScheme::trace_json`] returns, computed through
    /// [`DealSchemeExt::deal_into`] with one [`Buffers`] dealt into twice
    /// per deal, so that tests can hold the reusing path to the plain one.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn trace_reusing_json(&self, input: &Value) -> Result<Value, Error>;

    /// Returns what a person sees of `input`: the fingerprint, the set-up
    /// and each deal's [`TableView`] with its deck.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn view(&self, input: &Value) -> Result<TracedView, Error>;

    /// Returns what a verdict needs of `input`, read once and dealt once:
    /// the view, the method's checks and the trace (serialized only when
    /// asked, see [`Computed::trace_json`]).
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn compute(&self, input: &Value) -> Result<Computed, Error>;

    /// Returns the method's checks of `input` beyond the fingerprint.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn checks_json(&self, input: &Value) -> Result<Vec<Check>, Error>;

    /// Returns the first `count` numbers of the stream of deal `deal`
    /// (from 1) of `input`.
    ///
    /// # Errors
    ///
    /// The first refused field, or a deal that `input` does not hold.
    fn stream_json(&self, input: &Value, deal: usize, count: usize) -> Result<Value, Error>;

    /// Shuffles the starting deck of deal `deal` with the given `randoms` (a
    /// JSON list) and returns `consumed`, `positions` and `deck`.
    ///
    /// # Errors
    ///
    /// A refused field of `input`, a number of the wrong form (`randoms[3]`),
    /// or a list that runs out before the shuffle does.
    fn shuffle_json(&self, input: &Value, deal: usize, randoms: &Value) -> Result<Value, Error>;

    /// Deals the given `deck` (a JSON list of card codes holding the
    /// starting deck's cards, each once) and returns the deal's fields.
    ///
    /// # Errors
    ///
    /// A refused field of `input`, or a deck that is not the starting deck's
    /// cards each once (`deck[4]`).
    fn deal_json(&self, input: &Value, deal: usize, deck: &Value) -> Result<Value, Error>;

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

/// What a person sees of one input: see [`DynScheme::view`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TracedView {
    /// The commitment.
    pub fingerprint: Fingerprint,
    /// The set-up of a series, one labelled line each.
    pub setup: Vec<(&'static str, String)>,
    /// Whether the input is a series of deals (shown as `hand 1`, ...).
    pub series: bool,
    /// Each deal's view and its shuffled deck, the first first.
    pub deals: Vec<(TableView, Vec<Card>)>,
}

/// Everything one reading and one deal of an input gave: see
/// [`DynScheme::compute`]. The verdict keeps it, so that what renders a
/// verified receipt does not deal it again.
#[derive(Clone)]
pub struct Computed {
    /// What a person sees of it, as [`DynScheme::view`] returns it.
    pub view: TracedView,
    /// The method's checks beyond the fingerprint, as
    /// [`DynScheme::checks_json`] returns them.
    pub checks: Vec<Check>,
    /// The trace, kept typed until it is asked for as JSON.
    trace: Arc<dyn TraceJson>,
}

impl Computed {
    /// Returns the trace as [`DynScheme::trace_json`] returns it.
    pub fn trace_json(&self) -> Value {
        self.trace.json()
    }
}

impl fmt::Debug for Computed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Computed")
            .field("view", &self.view)
            .field("checks", &self.checks)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Computed {
    fn eq(&self, other: &Self) -> bool {
        self.view == other.view
            && self.checks == other.checks
            && self.trace_json() == other.trace_json()
    }
}

impl Eq for Computed {}

/// A [`Trace`] of any scheme, serialized on demand.
trait TraceJson: Send + Sync {
    fn json(&self) -> Value;
}

impl<S: DealScheme> TraceJson for Trace<S>
where
    Self: Send + Sync,
{
    fn json(&self) -> Value {
        to_json(self)
    }
}

impl<S: DealScheme + Sync> DynScheme for S
where
    Trace<S>: Send + Sync,
{
    fn info(&self) -> &'static SchemeInfo {
        &S::INFO
    }

    fn validate(&self, input: &Value) -> Result<(), Error> {
        S::Input::from_json(input).map(drop)
    }

    fn trace_json(&self, input: &Value) -> Result<Value, Error> {
        Ok(to_json(&S::trace(&S::Input::from_json(input)?)?))
    }

    fn trace_reusing_json(&self, input: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let setup = S::Series::setup(&input);
        let mut buffers = Buffers::<S>::default();
        let mut deals = Vec::new();
        let mut fingerprint = S::commitment(&input);
        for n in 1..=S::Series::deals(&input) {
            // The second deal into the same buffers reuses every list; a
            // single deal goes through the path that shares the commitment's
            // work with the stream.
            if S::Series::ONE {
                S::whole_deal_into(&input, &mut buffers)?;
                fingerprint = S::whole_deal_into(&input, &mut buffers)?;
            } else {
                S::deal_into(&input, n, &mut buffers)?;
                S::deal_into(&input, n, &mut buffers)?;
            }
            let start = S::starting_deck(&input, n);
            deals.push(DealTrace {
                prelude: S::Series::prelude(&input, &setup, n),
                randoms: buffers.randoms.clone(),
                deck: Deck::from_positions(&start, buffers.positions.clone()),
                deal: std::mem::take(&mut buffers.deal),
            });
        }
        Ok(to_json(&Trace::<S> {
            fingerprint,
            setup,
            deals,
        }))
    }

    fn view(&self, input: &Value) -> Result<TracedView, Error> {
        let input = S::Input::from_json(input)?;
        Ok(view_of::<S>(&input, &S::trace(&input)?))
    }

    fn compute(&self, input: &Value) -> Result<Computed, Error> {
        let input = S::Input::from_json(input)?;
        let trace = S::trace(&input)?;
        Ok(Computed {
            view: view_of::<S>(&input, &trace),
            checks: S::Series::checks(&input),
            trace: Arc::new(trace),
        })
    }

    fn checks_json(&self, input: &Value) -> Result<Vec<Check>, Error> {
        Ok(S::Series::checks(&S::Input::from_json(input)?))
    }

    fn stream_json(&self, input: &Value, deal: usize, count: usize) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        Ok(to_json(
            &S::stream(&input, deal).take(count).collect::<Vec<_>>(),
        ))
    }

    fn shuffle_json(&self, input: &Value, deal: usize, randoms: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        let given = given_randoms::<S::Draw>(randoms)?;
        let mut draws = Recorder::new(given.into_iter());
        let deck = S::shuffle_deck(&input, deal, &mut draws)?;
        Ok(
            json!({ "consumed": draws.consumed(), "positions": deck.positions(), "deck": deck.cards() }),
        )
    }

    fn deal_json(&self, input: &Value, deal: usize, deck: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        let cards = list("deck", deck, "a list of card codes", card_from_json)?;
        let deck = Deck::from_cards(&S::starting_deck(&input, deal), &cards)
            .map_err(|e| e.within("deck"))?;
        Ok(to_json(&S::deal_new(&input, deal, deck.cards())))
    }

    fn sampler(&self) -> Sampler {
        sampler_of::<S>()
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

/// Returns what a person sees of `trace`, the trace of `input`.
fn view_of<S: DealScheme>(input: &S::Input, trace: &Trace<S>) -> TracedView {
    TracedView {
        fingerprint: trace.fingerprint,
        setup: S::Series::setup_view(input, &trace.setup),
        series: !S::Series::ONE,
        deals: (1..)
            .zip(&trace.deals)
            .map(|(n, d)| (S::view(input, n, &d.deal), d.deck.cards().to_vec()))
            .collect(),
    }
}

/// The [`Sampler`] of `S`: each input read, then its deals from `first` on
/// dealt into one [`Buffers`].
fn sampler_of<S: DealScheme>() -> Sampler {
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

/// Returns `deal` when `input` holds it (deals count from 1).
fn deal_of<S: DealScheme>(input: &S::Input, deal: usize) -> Result<usize, Error> {
    let count = S::Series::deals(input);
    if (1..=count).contains(&deal) {
        Ok(deal)
    } else {
        Err(Error::new(
            "deal",
            ErrorKind::Range {
                got: deal.to_string(),
                expected: "a deal that the input holds, from 1",
            },
        ))
    }
}

/// Serializes an output. Outputs are structs of strings, numbers and lists,
/// which always serialize.
fn to_json<T: Serialize>(value: &T) -> Value {
    // OK because no output type has a map with non-string keys, the one
    // thing that makes `to_value` fail.
    serde_json::to_value(value).expect("outputs serialize to JSON")
}

/// Reads a card code: a string (else [`ErrorKind::Type`]) that is a code
/// (else [`ErrorKind::Value`]).
fn card_from_json(field: &str, value: &Value) -> Result<Card, Error> {
    let code = crate::fields::as_text(field, value, "a card code")?;
    code.parse::<Card>().map_err(|e| e.within(field))
}

impl fmt::Debug for dyn DynScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DynScheme").field(&self.id()).finish()
    }
}
