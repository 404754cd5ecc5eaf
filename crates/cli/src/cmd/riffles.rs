//! `fairdeal riffles --cards N --up-to K`: the exact distance from random
//! after 1..K riffle shuffles (fairdeal-audit's `riffles`, docs/fairness.md).

use fairdeal_audit::exact::{fixed, to_f64};
use fairdeal_audit::riffles::{Riffled, distances};
use serde_json::json;

use crate::args::RifflesArgs;
use crate::error::{CliError, Outcome};
use crate::output::{print, print_json};

pub fn run(args: &RifflesArgs) -> Result<Outcome, CliError> {
    // The flags' ranges are checked by the parser.
    let cards = usize::try_from(args.cards).unwrap_or(1);
    let rows = distances(cards, args.up_to);
    if args.json {
        let rows: Vec<_> = rows.iter().map(Riffled::row).collect();
        print_json(&json!({ "cards": cards, "model": "gilbert-shannon-reeds", "rows": rows }))?;
    } else {
        print(&table(cards, &rows))?;
    }
    Ok(Outcome::Ok)
}

fn table(cards: usize, rows: &[Riffled]) -> String {
    let mut out = format!(
        "{cards} cards, riffled k times (Gilbert-Shannon-Reeds): total variation distance \
         from a uniformly random order, exact\n\n{:>7}  {:>8}  {:>16}\n",
        "riffles", "distance", "orders reachable"
    );
    for r in rows {
        out += &format!(
            "{:>7}  {:>8}  {:>16}\n",
            r.riffles,
            fixed(&r.total_variation, 4),
            share(to_f64(&r.reachable))
        );
    }
    out += "\n1 is as far as can be (some orders never come out); 0 is perfectly random.\n\
            A cut afterwards can only bring the deck closer, and reaches at most (ways to cut) \
            x (orders reachable) of the orders (docs/fairness.md).\n";
    out
}

/// A share as a percent, or in scientific notation when it is tiny.
fn share(x: f64) -> String {
    if x >= 1e-4 {
        format!("{:.2}%", x * 100.0)
    } else {
        format!("{x:.2e}")
    }
}
