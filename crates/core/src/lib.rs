//! The building blocks of fairdeal: cards, decks, seats, the [`DealScheme`]
//! trait and the pieces several schemes share.
//!
//! The layers, like RustCrypto's digest traits:
//! - [`DealScheme`]: the deal's steps, typed (input, stream, shuffle, deal
//!   into caller buffers, view), plus one [`SchemeInfo`] value of facts
//!   (id, site, fields, seats, CLI shape, games, bench cases).
//! - [`DealSeries`]: how many deals one input holds; [`OneDeal`] for most.
//! - [`DealSchemeExt`]: what every scheme gets from its steps, written once
//!   (`trace`, `deal_new`, `deal_into`).
//! - [`DynScheme`]: the same seen without types, JSON in and out; the
//!   registry, the CLI, the conformance suite and the benches use only it;
//!   its [`Sampler`] deals many inputs into reused buffers for an audit.
//!
//! The exact methods are in `docs/schemes/<id>.md`, one page per scheme;
//! each scheme crate restates its own. Adding one: docs/adding-a-scheme.md.
//!
//! Shared pieces:
//! - [`hash`]: SHA-256 and SHA-512, plain and HMAC, kept as their state
//!   after a shared prefix (a seed, a key), each hash paying only for its
//!   own blocks; the counter stream H(prefix + ":" + k) over any of them
//!   ([`hash::Sha256Counter`] for `euchremaster` and `atout-v1`,
//!   [`hash::HmacSha256Counter`] for `hmac-blackjack`); and
//!   [`hash::blocks`], the blocks a deal compresses per function, for the
//!   benches.
//! - [`fisher_yates_mul_shift`]: for i = n-1 down to 1, j = (u * (i+1)) >> 32;
//!   [`fisher_yates_rejection`]: j = u mod (i+1), u below a multiple of i+1.
//! - [`SplitMix64`]: Vigna's generator, a seed expander.
//! - [`decks`]: the euchre and 52-card starting decks, from [`RANKS`] and
//!   [`SUITS`]; [`EuchreDeal`]: hands, up-card and kitty dealt in packets.
//! - [`Fingerprint`]: the SHA-256 commitment shown before play.
//! - [`Fields`] and [`Rule`]: an input object checked against its field
//!   list, every refusal naming its field; [`text`] holds the text checks.
//! - [`Game`]: a scheme's other games (a blackjack replay, a roulette spin),
//!   JSON in and out, listed in [`SchemeInfo::games`].
//! - [`TableView`]: what a person sees of a deal, for every renderer.
//!
//! Everything here is pure computation: no I/O, no threads, no global state.

mod audit;
mod card;
mod commitment;
mod deck;
pub mod decks;
mod draw;
mod dynamic;
mod error;
mod euchre_deal;
mod field;
pub mod fields;
mod game;
pub mod hash;
mod info;
pub mod json;
mod sampler;
mod scheme;
mod seat;
mod shuffle;
mod splitmix64;
mod stream;
pub mod text;
mod trace;
mod view;

pub use audit::{Audit, AuditPlan, DrawMethod, Drawn, Template};
pub use card::{Card, RANKS, Rank, SUITS, Suit, codes};
pub use commitment::Fingerprint;
pub use deck::{Deck, identity, identity_into};
pub use draw::{Draw, Hex64, given_randoms};
pub use dynamic::{Computed, DynScheme, TracedView, Work};
pub use error::{Error, ErrorKind};
pub use euchre_deal::EuchreDeal;
pub use field::{Field, FieldKind, Rule, Seats, Table};
pub use fields::Fields;
pub use game::{Game, Verb};
pub use info::{
    BenchCase, Cli, Commitment, CountBlocks, ExpandCli, Generator, Hashed, HashedText, Hints,
    Player, SchemeInfo, SeatNames,
};
pub use sampler::{Dealt, Sampler};
pub use scheme::{Check, DealScheme, DealSeries, FromJson, OneDeal};
pub use seat::Seat;
pub use shuffle::{fisher_yates_mul_shift, fisher_yates_rejection, limit, mul_shift, next_draw};
pub use splitmix64::SplitMix64;
pub use stream::{RecordInto, Recorder, decimal};
pub use trace::{Buffers, DealSchemeExt, DealTrace, PreludeOf, SetupOf, Trace};
pub use view::{Part, PartValue, Role, TableView};
