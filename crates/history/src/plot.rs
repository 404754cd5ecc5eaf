//! The tests drawn as SVG: observed against expected, with intervals.
//!
//! STAND-IN (issue 23, branch i23-core): the lead replaces this file at
//! merge with the plots of the i23-odds branch, whose API this stand-in
//! has. It draws nothing; it is never meant to ship.

use crate::odds::Test;

/// STAND-IN: returns each plot's file name and SVG text; none.
pub fn plot(_tests: &[Test]) -> Vec<(String, String)> {
    Vec::new()
}
