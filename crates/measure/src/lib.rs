//! The instrument behind `fairdeal bench` and the criterion benches: what
//! one deal is per scheme ([`workload`], from each registered scheme's bench
//! cases), and the measuring loop ([`measure`]) that times deals against raw
//! SHA-2 blocks (each function the deals compress) in the same run.
//!
//! The measuring lives in a crate of its own, not in the `fairdeal` facade,
//! because it uses a clock and threads, which the library crates keep out
//! (wasm32 later), and not in the CLI, so that `fairdeal bench` and the
//! criterion benches time the same workloads: the CLI only parses its flags
//! and prints.

mod cpu;
pub mod measure;
mod report;
mod samples;
pub mod threads;
pub mod workload;

pub use cpu::Cpu;
pub use measure::{MAX_SECONDS, MAX_THREADS, MeasureError, Options, run};
pub use report::{Baseline, HashBlocks, Report, Row, Threads, bounds, hashes_needed};
pub use samples::{Rate, Samples};
pub use workload::Workload;
