//! [`Integrity`]: the checks across receipts (docs/history.md,
//! "Integrity"), fed in history order. It keeps one 128-bit digest entry
//! per receipt and check (the secret, the deal, the nonce), the nonces of
//! each pair of seeds as runs, and one entry per announcing period: nothing
//! else grows with the history, and at most [`MAX_LISTED`] findings of a
//! kind are listed.

use fairdeal::core::info::Period;

use crate::chain::{Chain, lines};
use crate::digest::{Map, bytes, digest};
use crate::facts::Seen;
use crate::finding::{Finding, KINDS};
use crate::ranges::Ranges;

/// The most findings of one kind listed: the rest are counted.
pub const MAX_LISTED: usize = 100;

/// The most lines one finding names.
pub const MAX_LINES: usize = 20;

/// The checks across receipts, as far as the history has been fed.
#[derive(Clone, Debug, Default)]
pub struct Integrity {
    /// Each secret of a scheme that draws one per receipt: its deal (or
    /// fingerprint, for a receipt that deals no cards) and first line.
    /// The deal's first word is enough to tell two deals of one secret
    /// apart: they share it by chance once in 2^64.
    secrets: Map<(u64, u64)>,
    /// Each deal's first line.
    deals: Map<u64>,
    /// Each nonce of each pair of seeds: its first line.
    nonces: Map<u64>,
    /// The nonces of each pair of seeds.
    pairs: Map<Ranges>,
    chain: Chain,
    findings: Vec<Finding>,
    /// Findings of each kind of [`KINDS`] not listed.
    more: [u64; KINDS.len()],
}

impl Integrity {
    /// Adds a verified receipt, on `line`.
    pub fn add(&mut self, line: u64, seen: &Seen) {
        if seen.period == Period::Receipt {
            let deal = seen.deal.unwrap_or(seen.fingerprint)[0];
            match self.secrets.get(&seen.secret) {
                Some(&(first_deal, first)) if first_deal != deal => self.found(Finding {
                    kind: "seed-reused",
                    lines: vec![first, line],
                    message: format!(
                        "lines {first} and {line} reveal the same secret for different deals: \
                         {} draws a fresh one for each",
                        seen.scheme
                    ),
                }),
                Some(_) => {}
                None => {
                    self.secrets.insert(seen.secret, (deal, line));
                }
            }
        }
        if let Some(deal) = seen.deal {
            match self.deals.get(&deal) {
                Some(&first) => self.found(Finding {
                    kind: "deal-repeated",
                    lines: vec![first, line],
                    message: format!(
                        "lines {first} and {line} deal the same cards to the same seats"
                    ),
                }),
                None => {
                    self.deals.insert(deal, line);
                }
            }
        }
        if let Some((pair, nonce)) = seen.nonce {
            let key = digest([&bytes(pair)[..], &nonce.to_le_bytes()[..]]);
            match self.nonces.get(&key) {
                Some(&first) => self.found(Finding {
                    kind: "nonce-repeated",
                    lines: vec![first, line],
                    message: format!(
                        "lines {first} and {line} are both nonce {nonce} of the same seeds: \
                         each bet of a pair of seeds has its own nonce"
                    ),
                }),
                None => {
                    self.nonces.insert(key, line);
                    self.pairs.entry(pair).or_default().add(nonce, line);
                }
            }
        }
        if let Some(next) = seen.next {
            for finding in self.chain.add(seen.fingerprint, next, line) {
                self.found(finding);
            }
        }
    }

    /// Returns the findings, those of the whole history (gaps, pieces of
    /// the chain) included: by kind, then by line.
    pub fn findings(mut self) -> Vec<Finding> {
        let mut gaps: Vec<_> = self.pairs.values().flat_map(Ranges::gaps).collect();
        gaps.sort_by_key(|g| (g.before, g.after, g.from));
        for gap in gaps {
            let missing = if gap.from == gap.to {
                format!("nonce {} is missing", gap.from)
            } else {
                format!("nonces {} to {} are missing", gap.from, gap.to)
            };
            self.found(Finding {
                kind: "nonce-gap",
                lines: vec![gap.before, gap.after],
                message: format!(
                    "{missing} between lines {} and {} (the same seeds): bets the history \
                     does not show",
                    gap.before, gap.after
                ),
            });
        }
        for finding in self.chain.breaks() {
            self.found(finding);
        }
        let rank = |kind: &str| KINDS.iter().position(|k| *k == kind);
        self.findings
            .sort_by(|a, b| (rank(a.kind), &a.lines).cmp(&(rank(b.kind), &b.lines)));
        for (kind, &more) in KINDS.iter().zip(&self.more) {
            if more > 0 {
                self.findings.push(Finding {
                    kind,
                    lines: Vec::new(),
                    message: format!("and {more} more {kind} findings, not listed"),
                });
            }
        }
        self.findings
    }

    /// Lists `finding`, or counts it beyond [`MAX_LISTED`] of its kind.
    fn found(&mut self, mut finding: Finding) {
        let Some(kind) = KINDS.iter().position(|k| *k == finding.kind) else {
            return;
        };
        let listed = self
            .findings
            .iter()
            .filter(|f| f.kind == finding.kind)
            .count();
        if listed >= MAX_LISTED {
            self.more[kind] += 1;
            return;
        }
        if finding.lines.len() > MAX_LINES {
            finding.lines.truncate(MAX_LINES);
            finding.message = format!("{} (lines {}, ...)", finding.message, lines(&finding.lines));
        }
        self.findings.push(finding);
    }
}
