//! `fairdeal odds`: the euchre odds of the sfc32-lock site's page, exact,
//! beside the site's figures (fairdeal-audit's `odds`, docs/fairness.md).

use fairdeal_audit::exact::{fixed, fraction, one_in, ratio, to_f64};
use fairdeal_audit::odds::{Odds, table};
use serde_json::{Value, json};

use crate::error::{CliError, Outcome};
use crate::output::{print, print_json};

/// The longest fraction the table prints whole; `--json` has them all.
const SHOWN: usize = 30;

pub fn run(json: bool) -> Result<Outcome, CliError> {
    let odds = table();
    if json {
        let rows: Vec<Value> = odds.iter().map(row).collect();
        print_json(&json!({ "deck": 24, "hand": 5, "odds": rows }))?;
    } else {
        print(&text(&odds))?;
    }
    Ok(Outcome::Ok)
}

fn percent(o: &Odds) -> String {
    fixed(&(&o.exact * ratio(100, 1)), 2)
}

fn row(o: &Odds) -> Value {
    json!({
        "id": o.id,
        "what": o.what,
        "exact": fraction(&o.exact),
        "percent": to_f64(&o.exact) * 100.0,
        "percent_2": percent(o),
        "one_in": to_f64(&o.exact.recip()),
        "hands": o.hands,
        "site": o.site,
    })
}

fn text(odds: &[Odds]) -> String {
    let mut out = String::from(
        "Euchre odds of the sfc32-lock site's page, computed exactly: a 24-card deck, \
         5-card hands, trump named after the deal (docs/fairness.md)\n\n",
    );
    out += &format!(
        "{:<24}  {:>7}  {:>7}  {:>8}  {}\n",
        "id", "ours", "1 in", "site", "exact"
    );
    for o in odds {
        let exact = fraction(&o.exact);
        let exact = if exact.len() <= SHOWN {
            exact
        } else {
            format!(
                "a fraction of {} digits over {} (--json)",
                o.exact.numer().to_string().len(),
                o.exact.denom().to_string().len()
            )
        };
        out += &format!(
            "{:<24}  {:>7}  {:>7}  {:>8}  {exact}\n",
            o.id,
            format!("{}%", percent(o)),
            one_in(&o.exact).unwrap_or_else(|| "-".to_owned()),
            o.site.unwrap_or("-"),
        );
    }
    out += "\n";
    for o in odds {
        out += &format!("{}: {}\n", o.id, o.what);
    }
    out += "\n\"site\" is the figure the site's page prints (\"-\" where the issue quotes none).\n";
    out
}
