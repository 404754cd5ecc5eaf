//! The fairness audit of fairdeal's schemes (docs/fairness.md):
//!
//! - [`riffles`]: the exact distance from random after k riffle shuffles
//!   (Gilbert-Shannon-Reeds, Bayer and Diaconis 1992), the model of
//!   showdown's kitchen-table hands.
//!
//! Exact values are fractions of big integers ([`exact`]); floats appear
//! only where a value is shown or plotted.

pub mod bias;
pub mod exact;
pub mod odds;
pub mod plan;
pub mod plot;
pub mod report;
pub mod riffles;
pub mod run;
pub mod tally;
