//! The fairness audit of fairdeal's schemes (docs/fairness.md):
//!
//! - [`riffles`]: the exact distance from random after k riffle shuffles
//!   (Gilbert-Shannon-Reeds, Bayer and Diaconis 1992), the model of
//!   showdown's kitchen-table hands.
//! - [`odds`]: the euchre odds of the sfc32-lock site's page as exact
//!   fractions, and the tests of one hand that observe them.
//! - [`plan`], [`run`], [`tally`], [`report`]: `fairdeal audit`: random
//!   valid inputs for each scheme, dealt through the registry on every
//!   thread, the counts merged, chi-squared tests and z-scores.
//! - [`bias`]: the exact bias of each scheme's way of drawing.
//! - [`plot`]: the report as SVG pictures.
//!
//! Exact values are fractions of big integers ([`exact`]); floats appear
//! only where a value is shown, tested or plotted. Unlike the scheme crates
//! this one uses threads and a clock.

pub mod bias;
pub mod exact;
pub mod odds;
pub mod plan;
pub mod plot;
pub mod report;
pub mod riffles;
pub mod run;
pub mod tally;
