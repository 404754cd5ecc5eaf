//! What every scheme gets from its [`DealScheme`] steps, written once: the
//! whole trace of an input, a new deal, and deals into reused buffers.

use std::fmt;

use serde::Serialize;

use crate::cards::{Card, Deck};
use crate::stream::{RecordInto, Recorder};
use crate::{DealScheme, DealSeries, Error, Fingerprint};

/// The set-up of `S`'s series.
pub type SetupOf<S> = <<S as DealScheme>::Series as DealSeries<S>>::Setup;
/// The prelude of one deal of `S`'s series.
pub type PreludeOf<S> = <<S as DealScheme>::Series as DealSeries<S>>::Prelude;

/// The steps of a [`DealScheme`] put together; implemented for every scheme,
/// never by hand (as `Digest` is on top of the core hash traits).
pub trait DealSchemeExt: DealScheme {
    /// Returns deal `deal` of `deck` as a new value (the allocating form of
    /// [`DealScheme::deal`]).
    fn deal_new(input: &Self::Input, deal: usize, deck: &[Card]) -> Self::Deal {
        let mut out = Self::Deal::default();
        Self::deal(input, deal, deck, &mut out);
        out
    }

    /// Returns the starting deck of deal `deal` shuffled with numbers taken
    /// from `draws`.
    ///
    /// # Errors
    ///
    /// Those of [`DealScheme::shuffle`].
    fn shuffle_deck<I>(input: &Self::Input, deal: usize, draws: &mut I) -> Result<Deck, Error>
    where
        I: Iterator<Item = Self::Draw>,
    {
        let mut positions = Vec::new();
        Self::shuffle(input, deal, draws, &mut positions)?;
        Ok(Deck::from_positions(
            &Self::starting_deck(input, deal),
            positions,
        ))
    }

    /// Runs every step of every deal, recording the numbers each shuffle
    /// consumed.
    ///
    /// # Errors
    ///
    /// Only those of [`DealScheme::shuffle`], which an endless stream never
    /// gives.
    fn trace(input: &Self::Input) -> Result<Trace<Self>, Error> {
        let setup = Self::Series::setup(input);
        let deals = (1..=Self::Series::deals(input))
            .map(|n| Self::trace_deal(input, &setup, n))
            .collect::<Result<_, Error>>()?;
        Ok(Trace {
            fingerprint: Self::commitment(input),
            setup,
            deals,
        })
    }

    /// Runs every step of deal `deal` alone (the prelude, the stream, the
    /// shuffle and the deal), as [`DealSchemeExt::trace`] does for each.
    ///
    /// # Errors
    ///
    /// As [`DealSchemeExt::trace`].
    fn trace_deal(
        input: &Self::Input,
        setup: &SetupOf<Self>,
        deal: usize,
    ) -> Result<DealTrace<Self>, Error> {
        let prelude = Self::Series::prelude(input, setup, deal);
        let mut draws = Recorder::new(Self::stream(input, deal));
        let deck = Self::shuffle_deck(input, deal, &mut draws)?;
        let dealt = Self::deal_new(input, deal, deck.cards());
        Ok(DealTrace {
            prelude,
            randoms: draws.into_taken(),
            deck,
            deal: dealt,
        })
    }

    /// Runs deal `deal` of `input` into `buffers`: once they have grown to
    /// a deal's size, nothing is allocated (benchmarks, servers dealing
    /// many hands).
    ///
    /// # Errors
    ///
    /// As [`DealSchemeExt::trace`].
    fn deal_into(
        input: &Self::Input,
        deal: usize,
        buffers: &mut Buffers<Self>,
    ) -> Result<(), Error> {
        Self::stream_into(input, deal, Self::stream(input, deal), buffers)
    }

    /// Runs a whole single deal into `buffers`: the commitment and deal 1,
    /// sharing their work through [`DealScheme::commitment_and_stream`].
    ///
    /// # Errors
    ///
    /// As [`DealSchemeExt::trace`].
    fn whole_deal_into(
        input: &Self::Input,
        buffers: &mut Buffers<Self>,
    ) -> Result<Fingerprint, Error> {
        let (fingerprint, stream) = Self::commitment_and_stream(input);
        Self::stream_into(input, 1, stream, buffers)?;
        Ok(fingerprint)
    }

    /// Deals deal `deal` into `buffers` from `stream` (its stream).
    ///
    /// # Errors
    ///
    /// As [`DealSchemeExt::trace`].
    #[doc(hidden)]
    fn stream_into(
        input: &Self::Input,
        deal: usize,
        stream: Self::Stream,
        buffers: &mut Buffers<Self>,
    ) -> Result<(), Error> {
        buffers.randoms.clear();
        let mut draws = RecordInto::new(stream, &mut buffers.randoms);
        Self::shuffle(input, deal, &mut draws, &mut buffers.positions)?;
        let start = Self::starting_deck(input, deal);
        buffers.cards.clear();
        buffers
            .cards
            .extend(buffers.positions.iter().map(|&p| start[usize::from(p)]));
        Self::deal(input, deal, &buffers.cards, &mut buffers.deal);
        Ok(())
    }
}

impl<S: DealScheme> DealSchemeExt for S {}

/// Every stage of one input: the commitment, the set-up, then each deal.
///
/// It serializes with the output names of the scheme's page in the method's
/// order: `fingerprint`, the set-up's fields, then for a single deal that
/// deal's `randoms`, `positions`, `deck` and own fields, and for a series
/// ([`DealSeries::ONE`] false) a `deals` list of those objects.
pub struct Trace<S: DealScheme> {
    /// The commitment.
    pub fingerprint: Fingerprint,
    /// The set-up.
    pub setup: SetupOf<S>,
    /// Each deal, the first first.
    pub deals: Vec<DealTrace<S>>,
}

/// Every stage of one deal.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct DealTrace<S: DealScheme> {
    /// What was fixed before the shuffle.
    #[serde(flatten)]
    pub prelude: PreludeOf<S>,
    /// Every raw number the shuffle consumed, in order.
    pub randoms: Vec<S::Draw>,
    /// The shuffled deck, with its positions.
    #[serde(flatten)]
    pub deck: Deck,
    /// The deal.
    #[serde(flatten)]
    pub deal: S::Deal,
}

impl<S: DealScheme> Serialize for Trace<S> {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        #[derive(Serialize)]
        #[serde(bound = "")]
        struct Single<'a, S: DealScheme> {
            fingerprint: &'a Fingerprint,
            #[serde(flatten)]
            setup: &'a SetupOf<S>,
            #[serde(flatten)]
            deal: &'a DealTrace<S>,
        }
        #[derive(Serialize)]
        #[serde(bound = "")]
        struct Series<'a, S: DealScheme> {
            fingerprint: &'a Fingerprint,
            #[serde(flatten)]
            setup: &'a SetupOf<S>,
            deals: &'a [DealTrace<S>],
        }
        match (S::Series::ONE, self.deals.as_slice()) {
            (true, [deal]) => Single::<S> {
                fingerprint: &self.fingerprint,
                setup: &self.setup,
                deal,
            }
            .serialize(serializer),
            _ => Series::<S> {
                fingerprint: &self.fingerprint,
                setup: &self.setup,
                deals: &self.deals,
            }
            .serialize(serializer),
        }
    }
}

impl<S: DealScheme> fmt::Debug for Trace<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trace")
            .field("fingerprint", &self.fingerprint)
            .field("setup", &self.setup)
            .field("deals", &self.deals)
            .finish()
    }
}

impl<S: DealScheme> fmt::Debug for DealTrace<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DealTrace")
            .field("prelude", &self.prelude)
            .field("randoms", &self.randoms)
            .field("deck", &self.deck)
            .field("deal", &self.deal)
            .finish()
    }
}

/// Buffers for one deal, reused by [`DealSchemeExt::deal_into`].
pub struct Buffers<S: DealScheme> {
    /// Every raw number the shuffle consumed, in order.
    pub randoms: Vec<S::Draw>,
    /// The starting position of the card at each position.
    pub positions: Vec<u16>,
    /// The shuffled deck.
    pub cards: Vec<Card>,
    /// The deal.
    pub deal: S::Deal,
}

impl<S: DealScheme> Default for Buffers<S> {
    fn default() -> Self {
        Self {
            randoms: Vec::new(),
            positions: Vec::new(),
            cards: Vec::new(),
            deal: S::Deal::default(),
        }
    }
}

impl<S: DealScheme> fmt::Debug for Buffers<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Buffers")
            .field("randoms", &self.randoms)
            .field("positions", &self.positions)
            .field("cards", &self.cards)
            .field("deal", &self.deal)
            .finish()
    }
}
