//! An audit's report: the run, the uniformity test, the odds observed and
//! the exact bias of each draw, as JSON and as text.

use std::fmt::Write;
use std::sync::atomic::AtomicBool;

use fairdeal::core::cards::Card;
use serde::Serialize;

use crate::bias::{Bias, bias};
use crate::plan::{Plan, Shuffle};
use crate::run::{Options, run};
use crate::tally::{Observed, Rising, Tally, Uniformity};

/// Below this p-value the deal is called not uniform: a real scheme's
/// deals cross it once in a million audits.
pub const FLAG: f64 = 1e-6;

/// What `fairdeal audit` reports.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The scheme id.
    pub scheme: &'static str,
    /// Showdown's shuffle (`fisher-yates` or `kitchen-table`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shuffle: Option<&'static str>,
    /// Deals tallied.
    pub deals: u64,
    /// Deals asked for.
    pub requested: u64,
    /// Whether the run was stopped before all were dealt.
    pub interrupted: bool,
    /// The seed of the inputs.
    pub seed: u64,
    /// Threads that dealt.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Deals per second, all threads together.
    pub deals_per_second: f64,
    /// Cards in the deck.
    pub cards: usize,
    /// The chi-squared test of where each card ends up.
    pub uniformity: Uniformity,
    /// The chi-squared test of the rising sequences of each deck.
    pub rising_sequences: Rising,
    /// Whether either p is below [`FLAG`].
    pub flagged: bool,
    /// The odds in the player's hands (euchre schemes).
    pub odds: Vec<Observed>,
    /// The exact bias of each way the scheme draws.
    pub draw_bias: Vec<Bias>,
    /// The counts, for plots.
    #[serde(skip)]
    pub tally: Tally,
    /// The starting (or gathered) deck the positions number, for plots.
    #[serde(skip)]
    pub start: Vec<Card>,
}

/// Audits `plan` as `options` say (see [`run`]).
///
/// # Errors
///
/// Those of [`run`].
pub fn audit(
    plan: &Plan,
    options: &Options,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, String> {
    let done = run(plan, options, stop, progress)?;
    let uniformity = done.tally.uniformity();
    let rising = done.tally.rising_sequences();
    let id = plan.scheme.id();
    Ok(Report {
        scheme: id,
        // Named only where the scheme offers more than one.
        shuffle: (plan.scheme.info().audit.plans.len() > 1).then(|| plan.shuffle.name()),
        deals: done.tally.deals,
        requested: options.deals,
        interrupted: done.interrupted,
        seed: options.seed,
        threads: options.threads,
        seconds: done.seconds,
        deals_per_second: done.tally.deals as f64 / done.seconds.max(1e-9),
        cards: done.tally.cards,
        flagged: uniformity.p_value < FLAG || rising.p_value < FLAG,
        uniformity,
        rising_sequences: rising,
        odds: done.tally.odds(),
        draw_bias: plan.scheme.info().audit.draws.iter().map(bias).collect(),
        tally: done.tally,
        start: done.start,
    })
}

impl Report {
    /// Returns the report as a person reads it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let shuffle = self.shuffle.map(|s| format!(" ({s})")).unwrap_or_default();
        let stopped = if self.interrupted {
            format!(
                ", interrupted: {} of {} asked for",
                self.deals, self.requested
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "audit of {}{shuffle}: {} deals, seed {}, {} threads, {:.2} s, {:.0} deals/s{stopped}\n",
            self.scheme, self.deals, self.seed, self.threads, self.seconds, self.deals_per_second
        );
        let u = &self.uniformity;
        let verdict = if u.p_value < FLAG {
            "NOT UNIFORM: some cards end up at some positions more often than chance allows"
        } else if u.p_value < 1e-3 {
            "uniform at p > 1e-6, but worth a longer run"
        } else {
            "consistent with every card equally likely at every position"
        };
        let from = if self.shuffle == Some(Shuffle::KitchenTable.name()) {
            "gathered position"
        } else {
            "starting position"
        };
        let _ = writeln!(
            out,
            "where each card ends up ({n} cards x {n} positions, against its {from}):\n  \
             chi-squared {:.1} on {} degrees of freedom, p = {}: {verdict}\n  \
             largest cell: {:+.2}% from expected (the card from position {} at position {})\n",
            u.statistic,
            u.df,
            p_text(u.p_value),
            u.max_relative_deviation * 100.0,
            u.worst_start,
            u.worst_end,
            n = self.cards,
        );
        let r = &self.rising_sequences;
        let order = if from == "gathered position" {
            "gathered"
        } else {
            "starting"
        };
        let _ = writeln!(
            out,
            "rising sequences (runs of cards x, x + 1, ... of the {order} order left in the deck):\n  \
             mean {:.3} (uniform: {:.1}), fewest {}; chi-squared {:.1} on {} degrees of freedom, \
             p = {}: {}\n",
            r.mean,
            r.expected_mean,
            r.fewest,
            r.statistic,
            r.df,
            p_text(r.p_value),
            if r.p_value < FLAG {
                "NOT RANDOM: the deck keeps runs of its order"
            } else {
                "as in a uniformly random order"
            }
        );
        if !self.odds.is_empty() {
            let _ = writeln!(
                out,
                "the odds in the player's hands (trump a suit named at random):\n  \
                 {:<24} {:>9} {:>10} {:>10} {:>7}",
                "id", "trials", "observed", "exact", "z"
            );
            for o in &self.odds {
                let _ = writeln!(
                    out,
                    "  {:<24} {:>9} {:>9.3}% {:>9.3}% {:>7.2}",
                    o.id,
                    o.trials,
                    o.observed * 100.0,
                    o.exact * 100.0,
                    o.z
                );
            }
            out.push('\n');
        }
        out += "the bias of one draw, exact:\n";
        for b in &self.draw_bias {
            let detail = match (b.method, b.worst_n, &b.probability) {
                ("rejection", ..) => "none: every choice exactly 1/n".to_owned(),
                (_, Some(n), _) => format!(
                    "largest gap from 1/n {} = {:.3e} (n = {n}); relative {:.2e} (n = {})",
                    b.max_deviation,
                    b.max_deviation_f64,
                    b.relative,
                    b.relative_n.unwrap_or(n)
                ),
                (_, None, Some(p)) => format!(
                    "P = {p} = {:.8}, {:.2}% off the chance meant",
                    p_of(p),
                    b.relative * 100.0
                ),
                _ => String::new(),
            };
            let _ = writeln!(out, "  {} ({}): {detail}", b.method, b.used_for);
        }
        out
    }
}

/// A p-value as text: `< 1e-300` when it underflows.
fn p_text(p: f64) -> String {
    if p == 0.0 {
        "< 1e-300".to_owned()
    } else if p < 1e-3 {
        format!("{p:.2e}")
    } else {
        format!("{p:.4}")
    }
}

/// The float of a fraction `p/q` written as text.
fn p_of(fraction: &str) -> f64 {
    let mut parts = fraction
        .split('/')
        .map(|x| x.parse::<f64>().unwrap_or(f64::NAN));
    match (parts.next(), parts.next()) {
        (Some(p), Some(q)) => p / q,
        _ => f64::NAN,
    }
}
