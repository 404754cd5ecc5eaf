//! [`DynScheme`]: a [`DealScheme`] seen without its types, JSON in and out.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use crate::bench::DynBench;
use crate::cards::Card;
use crate::info::SchemeInfo;
use crate::stages::DynStages;
use crate::table::TableView;
use crate::{
    Check, DealScheme, DealSchemeExt, DealSeries, Error, ErrorKind, Fingerprint, FromJson, Trace,
};

/// A [`DealScheme`] seen without its types: JSON in, JSON out.
///
/// Implemented for every `DealScheme`; never implement it by hand. The
/// registry holds schemes as `&dyn DynScheme`, so a new scheme needs nothing
/// from the CLI, the conformance suite or the benches. Inputs are the JSON
/// objects of the scheme's page; outputs carry its output names in the
/// method's stage order.
///
/// This trait is what every consumer needs (the CLI, the verdict, the
/// renderers, the wasm package). The two other audiences have a trait of
/// their own, a supertrait here so that the registry's one object serves
/// them all, each imported only where it is used:
/// - [`DynStages`](crate::stages::DynStages): each step alone, fed given numbers or a given deck, for
///   the conformance suite's stage vectors and ports;
/// - [`DynBench`](crate::bench::DynBench): the benches' runners and the
///   audit's sampler.
pub trait DynScheme: DynStages + DynBench + Sync {
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
    /// The method's checks beyond the fingerprint (a record's patterns
    /// against the drawn ones).
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

/// Returns `deal` when `input` holds it (deals count from 1).
pub(crate) fn deal_of<S: DealScheme>(input: &S::Input, deal: usize) -> Result<usize, Error> {
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
pub(crate) fn to_json<T: Serialize>(value: &T) -> Value {
    // OK because no output type has a map with non-string keys, the one
    // thing that makes `to_value` fail.
    serde_json::to_value(value).expect("outputs serialize to JSON")
}

impl fmt::Debug for dyn DynScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DynScheme").field(&self.id()).finish()
    }
}
