//! The dealer's side, tested through its public API: every registered
//! scheme dealt many times, each receipt verified as `fairdeal verify` does
//! and by the independent Python port; the lifecycle's refusals; seed
//! periods; the log's chain; the secure generator's output.

mod lifecycle;
mod log;
mod periods;
mod port;
mod seeds;
mod util;
