//! The conformance suite: every vector file against every registered scheme.

// Every vector case, stage by stage, for every registered scheme.
mod vectors;
// Regenerating the committed vector files would change nothing.
mod drift;
// Each deal case rendered as the table a person reads.
mod snapshots;
// The accumulated sweeps: regenerating would change nothing.
mod sweeps;
// The vector files are those CHANGES.md records for vectors/VERSION.
mod release;
// Every registered scheme has a vector file, and every file a scheme.
mod registry;
// The rule table: every rule of the scheme pages rests on two cases or more.
mod coverage;
// What each registered scheme still lacks outside its crate, in one list.
mod lacks;
// No scheme id in code outside its crate and the registry.
mod one_list;
// Generated docs match the registry (UPDATE_DOCS=1 writes them).
mod docs;
// A port's wrong first dealer is blamed on the set-up, not on a refusal.
#[cfg(unix)]
mod setup_blame;
// Small helpers shared by the modules above.
mod util;
