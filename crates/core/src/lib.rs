//! The building blocks of fairdeal: the [`DealScheme`] trait and what the
//! schemes share, grouped by who uses it, as rand_core groups its helpers.
//!
//! The traits, at the root, layered like RustCrypto's digest traits:
//! - [`DealScheme`]: the deal's steps, typed (input, stream, shuffle, deal
//!   into caller buffers, view), plus one [`SchemeInfo`](info::SchemeInfo)
//!   value of facts (id, site, fields, seats, CLI shape, games, bench
//!   cases); [`SingleDeal`], the same steps without a deal number, for the
//!   schemes that deal once per input.
//! - [`DealSeries`]: how many deals one input holds; [`OneDeal`] for most.
//! - [`DealSchemeExt`]: what every scheme gets from its steps, written once
//!   (`trace`, `deal_new`, `deal_into`).
//! - [`DynScheme`]: the same seen without types, JSON in and out, which the
//!   registry holds; its supertraits serve the two other audiences:
//!   [`stages::DynStages`] (each step alone, for the conformance suite) and
//!   [`bench::DynBench`] (the benches' runners, the audit's sampler).
//! - [`FromJson`]: an input read from the JSON object of its page.
//!
//! The exact methods are in `docs/schemes/<id>.md`, one page per scheme;
//! each scheme crate restates its own. Adding one: docs/adding-a-scheme.md.
//!
//! The modules, each for one side of a scheme:
//! - [`cards`]: [`Card`](cards::Card), [`Deck`](cards::Deck), the euchre
//!   and 52-card starting decks of [`cards::decks`].
//! - [`input`]: [`Field`](input::Field) and [`Rule`](input::Rule), an
//!   input's one description, checked by [`Fields`](input::Fields) so that
//!   every refusal names its field; the text checks and the strict JSON
//!   reader.
//! - [`hash`]: SHA-256 and SHA-512, plain and HMAC, kept as their state
//!   after a shared prefix (a seed, a key), each hash paying only for its
//!   own blocks; the counter stream H(prefix + ":" + k) over any of them;
//!   and [`hash::blocks`], the blocks a deal compresses per function.
//! - [`stream`]: the [`Draw`](stream::Draw) a stream yields, numbers given
//!   instead of a stream, the recorder of what a shuffle consumed, and
//!   [`SplitMix64`](stream::SplitMix64).
//! - [`shuffle`]: [`shuffle::fisher_yates_mul_shift`] (for i = n-1 down to
//!   1, j = (u * (i+1)) >> 32) and [`shuffle::fisher_yates_rejection`]
//!   (j = u mod (i+1), u below a multiple of i+1).
//! - [`table`]: [`TableView`](table::TableView), what a person sees of a
//!   deal, for every renderer; [`EuchreDeal`](table::EuchreDeal): hands,
//!   up-card and kitty dealt in packets.
//! - [`info`]: [`SchemeInfo`](info::SchemeInfo) and the facts it holds.
//! - [`audit`]: what `fairdeal audit` needs of a scheme, as data.
//! - [`Fingerprint`]: the SHA-256 commitment shown before play; [`Game`]: a
//!   scheme's other games (a blackjack replay, a roulette spin), JSON in
//!   and out, listed in `SchemeInfo::games`.
//!
//! Everything here is pure computation: no I/O, no threads, no global state.

pub mod audit;
pub mod bench;
pub mod cards;
mod commitment;
mod dynamic;
mod error;
mod game;
pub mod hash;
pub mod info;
pub mod input;
mod scheme;
pub mod shuffle;
pub mod stages;
pub mod stream;
pub mod table;
mod trace;

pub use commitment::Fingerprint;
pub use dynamic::{Computed, DynScheme, TracedView};
pub use error::{Error, ErrorKind};
pub use game::{Game, Verb};
pub use scheme::{Check, DealScheme, DealSeries, FromJson, OneDeal, SingleDeal};
pub use trace::{Buffers, DealSchemeExt, DealTrace, PreludeOf, SetupOf, Trace};
