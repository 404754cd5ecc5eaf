//! The conformance suite: every vector file against every registered scheme.

// Every vector case, stage by stage, for every registered scheme.
mod vectors;
// Regenerating the committed vector files would change nothing.
mod drift;
// Each deal case rendered as the table a person reads.
mod snapshots;
// Every registered scheme has a vector file, and every file a scheme.
mod registry;
// The rule table: every rule of the scheme pages rests on two cases or more.
mod coverage;
// Small helpers shared by the modules above.
mod util;
