//! [`Chain`]: the periods a history's receipts announce, each by the
//! fingerprint of the next (`next_fingerprint`), checked to form one chain
//! whatever order the receipts come in (docs/history.md, "The chain").
//!
//! A period is a fingerprint: the commitment of one secret. The rule:
//!
//! 1. a period announces one next period: two different ones are a break;
//! 2. a period is announced by one period: two announcing it are a break;
//! 3. the announcements link the periods into pieces, each period followed
//!    by the one it announces; a whole history is one piece. More pieces
//!    are a break, naming each piece's first and last announcement: the
//!    end of one piece (a period whose announced next the history does not
//!    hold) and the start of another (a period announced by none) are
//!    where periods are missing, but which end meets which start no
//!    history can tell. Periods announcing each other in a circle are a
//!    break.
//!
//! Only receipts that announce a next take part: a history without
//! `next_fingerprint` has no chain to break.

use std::collections::HashSet;

use crate::digest::{Key, Map};
use crate::finding::Finding;

/// The announcement of one period: the next period, and its line.
#[derive(Clone, Copy, Debug)]
struct Link {
    next: Key,
    line: u64,
}

/// The announcements seen: one entry per announcing period.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    /// Each announcing period's first announcement.
    links: Map<Link>,
    /// Each announced period, with the first period that announced it.
    announced: Map<Link>,
}

/// One piece of the chain: the lines of its first announcement and its
/// last.
struct Piece {
    head: u64,
    tail: u64,
}

impl Chain {
    /// Adds the announcement of `next` by `period`, on `line`; returns the
    /// break it makes with one seen before (rules 1 and 2).
    pub fn add(&mut self, period: Key, next: Key, line: u64) -> Vec<Finding> {
        let mut found = Vec::new();
        match self.links.get(&period) {
            Some(link) if link.next != next => found.push(Finding {
                kind: "chain-broken",
                lines: vec![link.line, line],
                message: format!(
                    "the period of line {} announces one next period, line {line} another: \
                     a period has one next",
                    link.line
                ),
            }),
            Some(_) => return found,
            None => {
                self.links.insert(period, Link { next, line });
            }
        }
        match self.announced.get(&next) {
            Some(first) if first.next != period => found.push(Finding {
                kind: "chain-broken",
                lines: vec![first.line, line],
                message: format!(
                    "two periods announce the same next period, on lines {} and {line}: \
                     a period follows one period",
                    first.line
                ),
            }),
            Some(_) => {}
            None => {
                self.announced.insert(next, Link { next: period, line });
            }
        }
        found
    }

    /// Returns the breaks of rule 3: the pieces beyond one, and circles.
    pub fn breaks(&self) -> Vec<Finding> {
        let mut visited: HashSet<Key> = HashSet::new();
        let mut pieces = Vec::new();
        let mut heads: Vec<(&Key, &Link)> = self
            .links
            .iter()
            .filter(|(period, _)| !self.announced.contains_key(*period))
            .collect();
        heads.sort_by_key(|(_, link)| link.line);
        for (&head, link) in heads {
            let mut tail = link.line;
            let mut at = head;
            let mut fresh = true;
            loop {
                if !visited.insert(at) {
                    // Joins a piece already walked: rule 2 named it.
                    fresh = false;
                    break;
                }
                let Some(link) = self.links.get(&at) else {
                    break;
                };
                tail = link.line;
                at = link.next;
            }
            if fresh {
                pieces.push(Piece {
                    head: link.line,
                    tail,
                });
            }
        }
        let mut found = Vec::new();
        if pieces.len() > 1 {
            let mut ends: Vec<u64> = pieces.iter().flat_map(|p| [p.head, p.tail]).collect();
            ends.sort_unstable();
            ends.dedup();
            let starts: Vec<u64> = sorted(pieces.iter().map(|p| p.head));
            let lasts: Vec<u64> = sorted(pieces.iter().map(|p| p.tail));
            let listed = ends.len().min(crate::integrity::MAX_LINES);
            found.push(Finding {
                kind: "chain-broken",
                message: format!(
                    "the announced periods form {} pieces, not one chain: periods announced \
                     by none on lines {}, announcements the history does not follow on lines \
                     {}; the periods between them are missing",
                    pieces.len(),
                    lines(&starts[..starts.len().min(crate::integrity::MAX_LINES)]),
                    lines(&lasts[..lasts.len().min(crate::integrity::MAX_LINES)]),
                ),
                lines: ends[..listed].to_vec(),
            });
        }
        let mut circled: Vec<u64> = self
            .links
            .iter()
            .filter(|(period, _)| !visited.contains(*period))
            .map(|(_, link)| link.line)
            .collect();
        if !circled.is_empty() {
            circled.sort_unstable();
            circled.truncate(crate::integrity::MAX_LINES);
            found.push(Finding {
                kind: "chain-broken",
                message: format!(
                    "periods announce each other in a circle (lines {}): a chain has a first \
                     period",
                    lines(&circled)
                ),
                lines: circled,
            });
        }
        found
    }
}

/// Returns `lines` sorted.
fn sorted(lines: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut lines: Vec<u64> = lines.collect();
    lines.sort_unstable();
    lines
}

/// Returns lines as a person reads them: `3, 7 and 9`.
pub fn lines(lines: &[u64]) -> String {
    let text: Vec<String> = lines.iter().map(u64::to_string).collect();
    match text.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The breaks of periods `links` (period, next, line), in that order.
    fn judge(links: &[(u64, u64, u64)]) -> Vec<Vec<u64>> {
        let mut chain = Chain::default();
        let key = |n: u64| -> Key { [n, 0] };
        let mut found: Vec<Finding> = links
            .iter()
            .flat_map(|&(p, n, l)| chain.add(key(p), key(n), l))
            .collect();
        found.extend(chain.breaks());
        let mut lines: Vec<Vec<u64>> = found.into_iter().map(|f| f.lines).collect();
        lines.sort();
        lines
    }

    #[test]
    fn a_whole_chain_is_whole_in_any_order_and_a_missing_period_breaks_it() {
        let whole = [(1, 2, 1), (2, 3, 2), (3, 4, 3)];
        assert!(judge(&whole).is_empty());
        assert!(judge(&[whole[2], whole[0], whole[1]]).is_empty());
        let missing = [(1, 2, 1), (3, 4, 3), (4, 5, 4)];
        assert_eq!(judge(&missing), [vec![1, 3, 4]]);
        assert_eq!(
            judge(&[missing[2], missing[1], missing[0]]),
            [vec![1, 3, 4]]
        );
    }

    #[test]
    fn two_nexts_two_announcers_and_a_circle_are_breaks() {
        assert_eq!(judge(&[(1, 2, 1), (1, 3, 2)]), [vec![1, 2]]);
        assert_eq!(judge(&[(1, 3, 1), (2, 3, 2)]), [vec![1, 2]]);
        assert_eq!(judge(&[(1, 2, 1), (2, 1, 2)]), [vec![1, 2]]);
        // The same announcement twice (a period's many receipts) is whole.
        assert!(judge(&[(1, 2, 1), (1, 2, 2), (2, 3, 3)]).is_empty());
    }
}
