//! [`Ranges`]: the nonces seen within one pair of seeds, kept as runs
//! (`0..=41, 43..=99`), not one by one, each run with the lines of its
//! ends, so that a gap is named with the receipts around it.

use std::collections::BTreeMap;

/// A run of nonces: its last nonce, and the lines of its first and last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    last: u64,
    first_line: u64,
    last_line: u64,
}

/// A gap in the nonces of a pair: the missing nonces, and the lines of
/// the nonces on either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    /// The first nonce missing.
    pub from: u64,
    /// The last nonce missing.
    pub to: u64,
    /// The line of the nonce before the gap.
    pub before: u64,
    /// The line of the nonce after it.
    pub after: u64,
}

/// The nonces seen, as runs keyed by their first nonce.
#[derive(Clone, Debug, Default)]
pub struct Ranges {
    runs: BTreeMap<u64, Run>,
}

impl Ranges {
    /// Adds `nonce`, seen on `line`; returns `false` when it was seen
    /// before (and changes nothing).
    pub fn add(&mut self, nonce: u64, line: u64) -> bool {
        let before = self.runs.range(..=nonce).next_back().map(|(&k, &r)| (k, r));
        if let Some((_, run)) = before
            && run.last >= nonce
        {
            return false;
        }
        let after = nonce
            .checked_add(1)
            .and_then(|next| self.runs.get(&next).copied());
        let joins_before = before.filter(|(_, r)| r.last.checked_add(1) == Some(nonce));
        match (joins_before, after) {
            (Some((start, run)), Some(next)) => {
                self.runs.remove(&(nonce + 1));
                self.runs.insert(
                    start,
                    Run {
                        last: next.last,
                        first_line: run.first_line,
                        last_line: next.last_line,
                    },
                );
            }
            (Some((start, run)), None) => {
                self.runs.insert(
                    start,
                    Run {
                        last: nonce,
                        last_line: line,
                        ..run
                    },
                );
            }
            (None, Some(next)) => {
                self.runs.remove(&(nonce + 1));
                self.runs.insert(
                    nonce,
                    Run {
                        first_line: line,
                        ..next
                    },
                );
            }
            (None, None) => {
                self.runs.insert(
                    nonce,
                    Run {
                        last: nonce,
                        first_line: line,
                        last_line: line,
                    },
                );
            }
        }
        true
    }

    /// Returns the gaps between the lowest nonce seen and the highest.
    pub fn gaps(&self) -> Vec<Gap> {
        self.runs
            .iter()
            .zip(self.runs.iter().skip(1))
            .map(|((_, run), (&next, next_run))| Gap {
                from: run.last + 1,
                to: next - 1,
                before: run.last_line,
                after: next_run.first_line,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_join_in_any_order_and_the_gaps_are_named_with_their_lines() {
        let mut r = Ranges::default();
        for (nonce, line) in [(5, 1), (3, 2), (0, 3), (4, 4), (1, 5), (9, 6)] {
            assert!(r.add(nonce, line));
        }
        assert!(!r.add(4, 7));
        assert_eq!(r.runs.len(), 3);
        assert_eq!(
            r.gaps(),
            [
                Gap {
                    from: 2,
                    to: 2,
                    before: 5,
                    after: 2
                },
                Gap {
                    from: 6,
                    to: 8,
                    before: 1,
                    after: 6
                },
            ]
        );
        assert!(r.add(2, 8));
        assert_eq!(
            r.gaps(),
            [Gap {
                from: 6,
                to: 8,
                before: 1,
                after: 6
            }]
        );
        assert!(r.add(u64::MAX, 9));
        assert!(!r.add(u64::MAX, 10));
    }
}
