//! `fairdeal dealer`: the dealer's side (crates/dealer) over one store.
//! Every line is printed once its event is stored and synced: a line seen
//! is an event that survives a crash.

use std::io::{self, Write};
use std::path::PathBuf;

use fairdeal::render::{self, Reader, Style};
use fairdeal_dealer::{CommitOptions, Dealer, ErrorKind, Rotation, STORE_ENV};
use serde_json::{Map, Value, json};

use crate::args::dealer::{self as args, DealerArgs, DealerCommand, Verb};
use crate::error::{CliError, Outcome};
use crate::input::gather;
use crate::output::{print, print_json};

pub fn run(mut args: DealerArgs, style: Style) -> Result<Outcome, CliError> {
    let (mut store, mut ascii) = (args.store.take(), false);
    if let DealerCommand::Deal { fields, .. }
    | DealerCommand::Bet { fields, .. }
    | DealerCommand::Rotate { fields, .. } = &mut args.command
    {
        let (given, a) = args::take_globals(fields);
        store = given.or(store);
        ascii = a;
    }
    let style = if ascii { Style::ASCII } else { style };
    let dealer = Dealer::open(&store_path(store))?;
    match args.command {
        DealerCommand::Commit {
            scheme,
            variant,
            rotate_after,
            json,
        } => commit(&dealer, &scheme, variant, rotate_after, json),
        DealerCommand::Deal { id, fields } => deal(&dealer, id, &fields, style),
        DealerCommand::Reveal { id } => {
            let receipt = dealer.reveal(id)?;
            print(&format!("{receipt}\n"))?;
            Ok(Outcome::Ok)
        }
        DealerCommand::Bet { pair, fields } => bet(&dealer, pair, &fields),
        DealerCommand::Rotate { pair, fields } => rotate(&dealer, pair, &fields),
        DealerCommand::Log { verify } => log(&dealer, verify),
        DealerCommand::Export => {
            let mut out = io::stdout().lock();
            dealer.export(|receipt| -> Result<(), CliError> {
                writeln!(out, "{receipt}")?;
                Ok(())
            })?;
            out.flush()?;
            Ok(Outcome::Ok)
        }
    }
}

/// Returns the store's file: `--store`, else the environment's, else the
/// default in the current folder.
pub(crate) fn store_path(flag: Option<PathBuf>) -> PathBuf {
    flag.or_else(|| {
        std::env::var_os(STORE_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
    .unwrap_or_else(|| PathBuf::from(fairdeal_dealer::DEFAULT_STORE))
}

fn commit(
    dealer: &Dealer,
    scheme: &str,
    variant: Option<String>,
    rotate_after: Option<u64>,
    json: bool,
) -> Result<Outcome, CliError> {
    let c = dealer.commit(
        scheme,
        &CommitOptions {
            variant,
            rotate_after,
        },
    )?;
    if json {
        let mut out = json!({"id": c.id, "scheme": c.scheme, "fingerprint": c.fingerprint});
        if !c.settings.is_empty() {
            out["settings"] = Value::Object(c.settings);
        }
        print(&format!("{out}\n"))?;
        return Ok(Outcome::Ok);
    }
    let what = if c.pair { "seed pair" } else { "round" };
    let mut text = format!("{what} {} committed: {}\n", c.id, c.scheme);
    text.push_str(&format!("fingerprint  {}\n", c.fingerprint));
    for (field, value) in &c.settings {
        text.push_str(&format!("{field:<12} {}\n", render::value(value)));
    }
    let next = if c.pair {
        format!("`fairdeal dealer bet {}` takes its bets", c.id)
    } else {
        format!(
            "`fairdeal dealer deal {} ...` takes the player's input",
            c.id
        )
    };
    text.push_str(&format!("Show the fingerprint before play; {next}.\n"));
    print(&text)?;
    Ok(Outcome::Ok)
}

/// Returns the scheme of round `id`, for reading its fields.
fn scheme_of(dealer: &Dealer, id: u64) -> Result<&'static dyn fairdeal::DynScheme, CliError> {
    let status = dealer.status(id)?;
    fairdeal::scheme(status.scheme).ok_or_else(|| {
        CliError::Usage(format!(
            "round {id}: the scheme {} is not registered",
            status.scheme
        ))
    })
}

/// Reads `words` as `verb`'s fields of round `id`'s scheme.
fn parse(
    dealer: &Dealer,
    verb: Verb,
    id: u64,
    words: &[String],
) -> Result<(args::Parsed, Map<String, Value>), CliError> {
    let scheme = scheme_of(dealer, id)?;
    let parsed = match args::parse(scheme, verb, id, words) {
        Ok(parsed) => parsed,
        Err(e) => e.exit(),
    };
    let gathered = gather(&parsed.call)?;
    let Value::Object(input) = gathered.input else {
        return Err(CliError::Usage("the input is not a JSON object".to_owned()));
    };
    Ok((parsed, input))
}

fn deal(dealer: &Dealer, id: u64, words: &[String], style: Style) -> Result<Outcome, CliError> {
    let (parsed, input) = parse(dealer, Verb::Deal, id, words)?;
    let dealt = dealer.deal(id, &input)?;
    if parsed.call.json {
        let mut out = json!({"id": id});
        if let Value::Object(trace) = dealt.computed.trace_json() {
            out.as_object_mut()
                .map(|o| o.extend(trace))
                .unwrap_or_default();
        }
        print_json(&out)?;
    } else {
        print(&format!(
            "{}\nround {id} dealt: `fairdeal dealer reveal {id}` reveals the secret after play.\n",
            render::trace(dealt.scheme, &dealt.computed.view, style, Reader::default())
        ))?;
    }
    Ok(Outcome::Ok)
}

fn bet(dealer: &Dealer, pair: u64, words: &[String]) -> Result<Outcome, CliError> {
    let (parsed, input) = parse(dealer, Verb::Bet, pair, words)?;
    let mut out = io::stdout().lock();
    for _ in 0..parsed.count {
        let bet = dealer.bet(pair, &input)?;
        let line = if parsed.call.json {
            let mut line = json!({
                "pair": bet.pair,
                "period": bet.period,
                "nonce": bet.nonce,
                "fingerprint": bet.fingerprint,
            });
            if let Some(r) = &bet.rotated {
                line["rotated"] = rotation_json(r);
            }
            line.to_string()
        } else {
            let mut line = format!(
                "pair {} period {} nonce {} fingerprint {}",
                bet.pair, bet.period, bet.nonce, bet.fingerprint
            );
            if let Some(r) = &bet.rotated {
                line.push('\n');
                line.push_str(&rotation_text(r));
            }
            line
        };
        // The acknowledgement: written and flushed once the bet is stored.
        writeln!(out, "{line}")?;
        out.flush()?;
    }
    Ok(Outcome::Ok)
}

fn rotate(dealer: &Dealer, pair: u64, words: &[String]) -> Result<Outcome, CliError> {
    let (parsed, input) = parse(dealer, Verb::Rotate, pair, words)?;
    let r = dealer.rotate(pair, &input)?;
    if parsed.call.json {
        print(&format!("{}\n", rotation_json(&r)))?;
    } else {
        print(&format!("{}\n", rotation_text(&r)))?;
    }
    Ok(Outcome::Ok)
}

fn rotation_json(r: &Rotation) -> Value {
    let mut out = json!({"pair": r.pair, "period": r.period, "fingerprint": r.fingerprint});
    if let Some(o) = out.as_object_mut() {
        o.extend(r.revealed.clone());
        o.insert("next_fingerprint".to_owned(), json!(r.next_fingerprint));
        o.insert("bets".to_owned(), json!(r.bets));
    }
    out
}

fn rotation_text(r: &Rotation) -> String {
    let secret: Vec<String> = r
        .revealed
        .iter()
        .map(|(k, v)| format!("{k} {}", render::value(v)))
        .collect();
    let bets = if r.bets == 1 { "bet" } else { "bets" };
    format!(
        "pair {} rotated: period {} revealed ({} {bets}), {}; next fingerprint {}",
        r.pair,
        r.period,
        r.bets,
        secret.join(", "),
        r.next_fingerprint
    )
}

fn log(dealer: &Dealer, verify: bool) -> Result<Outcome, CliError> {
    if !verify {
        let mut out = io::stdout().lock();
        dealer.log_entries(|entry| -> Result<(), CliError> {
            writeln!(out, "{entry}")?;
            Ok(())
        })?;
        out.flush()?;
        return Ok(Outcome::Ok);
    }
    let check = dealer.check_log()?;
    match check.bad {
        None => {
            print(&format!(
                "log: {} entries, the chain holds; head {}\n",
                check.entries, check.head
            ))?;
            Ok(Outcome::Ok)
        }
        Some(bad) => {
            print(&format!(
                "log: entry {} is bad: {} ({} entries good before it)\n",
                bad.seq, bad.why, check.entries
            ))?;
            Ok(Outcome::Failed)
        }
    }
}

impl From<fairdeal_dealer::Error> for CliError {
    fn from(e: fairdeal_dealer::Error) -> Self {
        match e.kind() {
            ErrorKind::Input(input) => Self::Input(input.clone()),
            _ => Self::Usage(e.to_string()),
        }
    }
}
