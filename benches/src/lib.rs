//! The instrument behind `fairdeal bench` and the criterion benches: the
//! fixed inputs ([`inputs`]), what one deal is per scheme ([`workload`]),
//! the SHA-256 blocks it needs ([`blocks`]), and the measuring loop
//! ([`measure`]) that times deals against raw SHA-256 in the same run.
//!
//! The measuring lives here, not in the `fairdeal` facade, because it uses
//! a clock and threads, which the library crates keep out (wasm32 later),
//! and not in the CLI, so that `fairdeal bench` and the criterion benches
//! time the same workloads: the CLI only parses its flags and prints.

pub mod blocks;
pub mod inputs;
pub mod measure;
mod report;
pub mod workload;

pub use measure::{Options, Rate, Samples, run};
pub use report::{Baseline, Report, Row, Threads};
pub use workload::Workload;
