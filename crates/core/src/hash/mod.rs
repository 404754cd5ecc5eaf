//! Hashing for the schemes: SHA-256 and SHA-512, plain and as HMAC, kept as
//! their state after a shared prefix (a seed, a key), each hash paying only
//! for its own blocks; the counter stream over any of them; and the blocks
//! a deal compresses, counted per function for the benches.
//!
//! One implementation serves every SHA-2 function: [`Sha2`] holds what
//! differs (block and length sizes, the state, the IV, sha2's compression
//! function), and [`Midstate`], [`Hmac`], [`Counter`] and [`blocks`] are
//! written once over it. The aliases name the instances the schemes use.
//!
//! - [`Midstate<Sha256>`](Midstate): SHA-256 after a prefix;
//!   `Midstate<Sha512>` the same for SHA-512.
//! - [`HmacSha256`], [`HmacSha512`]: HMAC from its two keyed states.
//! - [`Sha256Counter`]: SHA-256(prefix + ":" + k), eight u32 big-endian
//!   numbers per hash (`euchremaster`, `atout-v1`); [`HmacSha256Counter`]:
//!   HMAC-SHA256(key, prefix + ":" + k) (`hmac-blackjack`); their SHA-512
//!   forms give sixteen numbers per hash.
//! - [`Blocks`] and [`blocks`]: what one deal compresses, per function.
//! - [`compress256_x2`]: two independent SHA-256 blocks compressed at once,
//!   with the Intel SHA extensions where the CPU has them (the one module
//!   of `unsafe` code); [`Hmac::words_with_pair`] uses it for two MACs.

pub mod blocks;
mod copy;
mod counter;
mod functions;
mod hmac;
mod lanes;
mod midstate;
mod one_block;

pub use blocks::Blocks;
pub use counter::{Counter, InPairs, PrefixHash};
pub use functions::{Algorithm, Sha2, Sha256, Sha512};
pub use hmac::Hmac;
pub use lanes::compress256_x2;
pub use midstate::Midstate;
pub use one_block::digest_parts;

/// HMAC-SHA256 with its key schedule done.
pub type HmacSha256 = Hmac<Sha256>;
/// HMAC-SHA512 with its key schedule done.
pub type HmacSha512 = Hmac<Sha512>;
/// SHA-256(prefix + ":" + k), eight u32 big-endian numbers per hash.
pub type Sha256Counter = Counter<Midstate<Sha256>>;
/// [`Sha256Counter`] hashing its blocks two at a time ([`Counter::in_pairs`]).
pub type Sha256PairedCounter = Counter<InPairs<Midstate<Sha256>>>;
/// SHA-512(prefix + ":" + k), sixteen u32 big-endian numbers per hash.
pub type Sha512Counter = Counter<Midstate<Sha512>>;
/// HMAC-SHA256(key, prefix + ":" + k), eight u32 big-endian numbers per
/// hash.
pub type HmacSha256Counter = Counter<HmacSha256>;
/// HMAC-SHA512(key, prefix + ":" + k), sixteen u32 big-endian numbers per
/// hash.
pub type HmacSha512Counter = Counter<HmacSha512>;
