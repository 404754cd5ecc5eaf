//! What the audit counts, per thread, merged at the end: where each card
//! ends up, and the odds' events in the player's hands; and the statistics
//! made of the counts.

use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};

use num_bigint::BigInt;

use crate::exact::{factorial, fraction, ratio, to_f64};
use crate::odds::{TABLE, Trial};
use crate::riffles::eulerian_row;

/// Lines of the odds table.
const LINES: usize = TABLE.len();

/// The counts of a run, or of one thread's share of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Cards in the deck.
    pub cards: usize,
    /// Deals tallied.
    pub deals: u64,
    /// `counts[end * cards + start]`: deals in which the card at starting
    /// position `start` ended at position `end` (by final position, since
    /// a deal is tallied in that order).
    pub counts: Vec<u64>,
    /// For each line of the odds table, the trials counted (runs of its
    /// number of hands, aligned to the deal numbers) and the successes.
    pub trials: [u64; LINES],
    /// See `trials`.
    pub successes: [u64; LINES],
    /// `rising[r - 1]`: deals whose deck has r rising sequences (maximal
    /// runs of cards in their starting order, x then x + 1 then ...).
    pub rising: Vec<u64>,
}

impl Tally {
    /// Returns an empty tally of a deck of `cards`.
    pub fn new(cards: usize) -> Self {
        Self {
            cards,
            deals: 0,
            counts: vec![0; cards * cards],
            trials: [0; LINES],
            successes: [0; LINES],
            rising: vec![0; cards],
        }
    }

    /// Counts one deal: `positions[end]` is the starting position of the
    /// card that ended at `end`; `seen` is scratch room for a deck of 64
    /// cards or more.
    #[inline]
    pub fn add(&mut self, positions: &[u16], seen: &mut Vec<u64>) {
        let row = self.cards;
        // Column by column (final positions): a third faster than by rows.
        let columns = self.counts.chunks_exact_mut(row).zip(positions);
        let descents = if row < 64 {
            // In the same loop, the cards met kept as bits of a register.
            let (mut met, mut descents) = (0u64, 0);
            for (column, &start) in columns {
                if let Some(c) = column.get_mut(usize::from(start)) {
                    *c += 1;
                }
                // Masked so that no position, even a wrong one, overflows
                // the shift (x86 masks it so anyway).
                let start = u32::from(start);
                descents += usize::from((met >> ((start + 1) & 63)) & 1 == 1);
                met |= 1 << (start & 63);
            }
            descents
        } else {
            for (column, &start) in columns {
                if let Some(c) = column.get_mut(usize::from(start)) {
                    *c += 1;
                }
            }
            descents(positions, seen, row)
        };
        if let Some(r) = self.rising.get_mut(descents) {
            *r += 1;
        }
        self.deals += 1;
    }

    /// Counts the odds' trials of a run of hands whose first is a deal
    /// number divisible by every run's length: `bits[k]` holds hand k's
    /// events (bit `Event as u8`). A run left incomplete at the end is not
    /// counted.
    pub fn add_hands(&mut self, bits: &[u8]) {
        for (line, &(_, _, _, trial)) in TABLE.iter().enumerate() {
            let (_, hands) = trial.parts();
            for run in bits.chunks_exact(hands) {
                self.trials[line] += 1;
                self.successes[line] += u64::from(trial.success(run));
            }
        }
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &Self) {
        self.deals += other.deals;
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        for line in 0..LINES {
            self.trials[line] += other.trials[line];
            self.successes[line] += other.successes[line];
        }
        for (a, b) in self.rising.iter_mut().zip(&other.rising) {
            *a += b;
        }
    }

    /// Returns the chi-squared test of the rising sequences against their
    /// exact law for a uniform order: A(n, r - 1) / n! (Eulerian numbers),
    /// the tails pooled until each class expects 5 deals or more.
    pub fn rising_sequences(&self) -> Rising {
        let n = self.cards;
        let all = factorial(n);
        let deals = self.deals as f64;
        let chances: Vec<f64> = eulerian_row(n)
            .into_iter()
            .map(|a| to_f64(&ratio(BigInt::from(a), BigInt::from(all.clone()))))
            .collect();
        // Classes of r, pooled from each end towards the middle.
        let mut classes: Vec<(f64, u64)> = Vec::new();
        let mut pending = (0.0, 0);
        for (r, &p) in chances.iter().enumerate() {
            pending.0 += p * deals;
            pending.1 += self.rising.get(r).copied().unwrap_or(0);
            if pending.0 >= 5.0 {
                classes.push(pending);
                pending = (0.0, 0);
            }
        }
        match classes.last_mut() {
            Some(last) => {
                last.0 += pending.0;
                last.1 += pending.1;
            }
            None => classes.push(pending),
        }
        let statistic: f64 = classes
            .iter()
            .filter(|(e, _)| *e > 0.0)
            .map(|&(e, o)| (o as f64 - e).powi(2) / e)
            .sum();
        let df = classes.len().saturating_sub(1) as u64;
        let p_value = if df == 0 {
            1.0
        } else {
            ChiSquared::new(df as f64).map_or(f64::NAN, |d| d.sf(statistic))
        };
        let mean = self
            .rising
            .iter()
            .enumerate()
            .map(|(r, &c)| (r + 1) as f64 * c as f64)
            .sum::<f64>()
            / deals.max(1.0);
        Rising {
            statistic,
            df,
            p_value,
            mean,
            expected_mean: (n as f64 + 1.0) / 2.0,
            fewest: self.rising.iter().position(|&c| c > 0).map_or(0, |r| r + 1),
        }
    }

    /// Returns the chi-squared test of the card x position table against
    /// every card equally likely at every position.
    pub fn uniformity(&self) -> Uniformity {
        let n = self.cards;
        let expected = self.deals as f64 / n as f64;
        let mut statistic = 0.0;
        let mut worst = (0.0, 0, 0);
        for (cell, &count) in self.counts.iter().enumerate() {
            let gap = count as f64 - expected;
            statistic += gap * gap / expected;
            let relative = gap / expected;
            if relative.abs() > f64::abs(worst.0) {
                worst = (relative, cell % n, cell / n);
            }
        }
        // Each row and each column adds up to the deals: (n - 1)^2 cells
        // are free.
        let df = ((n - 1) * (n - 1)) as u64;
        let p_value = ChiSquared::new(df as f64).map_or(f64::NAN, |d| d.sf(statistic));
        Uniformity {
            statistic,
            df,
            p_value,
            max_relative_deviation: worst.0,
            worst_start: worst.1,
            worst_end: worst.2,
        }
    }

    /// Returns each odds line as observed, with its z-score against the
    /// exact value; none when no hand was observed.
    pub fn odds(&self) -> Vec<Observed> {
        TABLE
            .iter()
            .enumerate()
            .filter(|&(line, _)| self.trials[line] > 0)
            .map(|(line, &(id, _, _, trial))| {
                observed(id, trial, self.trials[line], self.successes[line])
            })
            .collect()
    }
}

fn observed(id: &'static str, trial: Trial, trials: u64, successes: u64) -> Observed {
    let exact = trial.exact();
    let p = to_f64(&exact);
    let n = trials as f64;
    let seen = successes as f64 / n;
    // The binomial's standard error under the exact p.
    let z = (successes as f64 - n * p) / (n * p * (1.0 - p)).sqrt();
    Observed {
        id,
        trials,
        successes,
        observed: seen,
        exact: p,
        exact_fraction: fraction(&exact),
        z,
    }
}

/// The chi-squared test of the rising sequences.
#[derive(Clone, Debug, Serialize)]
pub struct Rising {
    /// Pearson's statistic over the classes of r.
    pub statistic: f64,
    /// Classes less one.
    pub df: u64,
    /// The chance of a statistic at least this large from a uniform deal.
    pub p_value: f64,
    /// The mean number of rising sequences.
    pub mean: f64,
    /// Its exact value for a uniform order, (n + 1) / 2.
    pub expected_mean: f64,
    /// The fewest seen in one deal.
    pub fewest: usize,
}

/// The chi-squared test of the card x position table.
#[derive(Clone, Debug, Serialize)]
pub struct Uniformity {
    /// Pearson's statistic: the sum over cells of (count - expected)^2 /
    /// expected.
    pub statistic: f64,
    /// Degrees of freedom, (cards - 1)^2.
    pub df: u64,
    /// The chance of a statistic at least this large from a uniform deal.
    pub p_value: f64,
    /// The largest (count - expected) / expected over the cells.
    pub max_relative_deviation: f64,
    /// Its card's starting position.
    pub worst_start: usize,
    /// Its final position.
    pub worst_end: usize,
}

/// One odds line as observed.
#[derive(Clone, Debug, Serialize)]
pub struct Observed {
    /// The line's id (`fairdeal odds`).
    pub id: &'static str,
    /// Trials counted: hands, or runs of hands.
    pub trials: u64,
    /// Trials in which it happened.
    pub successes: u64,
    /// successes / trials.
    pub observed: f64,
    /// The exact chance, as a float.
    pub exact: f64,
    /// The exact chance, in lowest terms (`fairdeal odds`).
    pub exact_fraction: String,
    /// (successes - trials p) / sqrt(trials p (1 - p)).
    pub z: f64,
}

/// Returns the number of cards x (a starting position) whose successor
/// x + 1 lies above x in `positions` (the starting position at each final
/// one): where a new rising sequence starts. When x is met, x + 1 has been
/// already: `seen` (scratch room) holds a bit for each card of the `cards`.
fn descents(positions: &[u16], seen: &mut Vec<u64>, cards: usize) -> usize {
    // One bit to spare past the last card.
    seen.clear();
    seen.resize(cards / 64 + 1, 0);
    let mut descents = 0;
    for &start in positions {
        let (start, next) = (usize::from(start), usize::from(start) + 1);
        let above = seen.get(next / 64).map_or(0, |w| (w >> (next % 64)) & 1);
        descents += usize::from(above == 1);
        if let Some(w) = seen.get_mut(start / 64) {
            *w |= 1 << (start % 64);
        }
    }
    descents
}

#[cfg(test)]
mod tests {
    use fairdeal::core::stream::SplitMix64;

    use super::*;

    /// Counts one deal the plain way: the table by rows, the rising
    /// sequences from the inverse order.
    fn plainly(tally: &mut Tally, positions: &[u16]) {
        let n = tally.cards;
        let mut at = vec![0; n];
        for (end, &start) in positions.iter().enumerate() {
            tally.counts[end * n + usize::from(start)] += 1;
            at[usize::from(start)] = end;
        }
        tally.rising[at.windows(2).filter(|w| w[1] < w[0]).count()] += 1;
        tally.deals += 1;
    }

    #[test]
    fn a_deal_is_counted_as_the_plain_way_counts_it_for_every_size() {
        let mut g = SplitMix64::new(5);
        for cards in [1, 2, 24, 32, 63, 64, 65, 130, 416] {
            let (mut quick, mut plain) = (Tally::new(cards), Tally::new(cards));
            let mut seen = Vec::new();
            let mut deck: Vec<u16> = (0..u16::try_from(cards).unwrap()).collect();
            for _ in 0..200 {
                for i in (1..cards).rev() {
                    let j = usize::try_from(g.next_u64() % (i as u64 + 1)).unwrap();
                    deck.swap(i, j);
                }
                quick.add(&deck, &mut seen);
                plainly(&mut plain, &deck);
            }
            assert_eq!(quick, plain, "{cards} cards");
        }
    }
}
