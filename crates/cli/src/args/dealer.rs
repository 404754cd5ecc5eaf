//! `fairdeal dealer`: the dealer's side over a store. The player's fields
//! of `deal` and `bet` depend on the round's scheme, which only the store
//! knows: they are taken as words and read by a command built from the
//! scheme's fields once the round is found ([`fields_command`]).

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, Subcommand};
use fairdeal::DynScheme;
use fairdeal::core::info::Period;
use fairdeal::core::input::Field;
use serde_json::Map;

use super::{SchemeCall, fields, on_command_line};

#[derive(Debug, Args)]
pub struct DealerArgs {
    /// The store, one SQLite file [default: $FAIRDEAL_DEALER_STORE, else
    /// ./fairdeal-dealer.sqlite]
    #[arg(long, value_name = "PATH", global = true)]
    pub store: Option<PathBuf>,
    #[command(subcommand)]
    pub command: DealerCommand,
}

/// A round's id, as `commit` printed it.
fn id() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=i64::MAX as u64)
}

#[derive(Debug, Subcommand)]
pub enum DealerCommand {
    /// Commit to a fresh secret of SCHEME: prints the round's id and the
    /// fingerprint to show before play (the secret is never printed)
    ///
    /// For a scheme of seed periods (hmac-blackjack) the id is a seed pair,
    /// which takes bets.
    Commit {
        /// The scheme (fairdeal schemes lists them)
        #[arg(value_name = "SCHEME")]
        scheme: String,
        /// The table's variant, for a scheme that has them (atout-v1:
        /// coinche, belote or duo)
        #[arg(long, value_name = "V")]
        variant: Option<String>,
        /// Seed pairs: rotate by itself after N bets of a period, 1 to 2^53
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=fairdeal_dealer::MAX_ROTATE_AFTER))]
        rotate_after: Option<u64>,
        /// Print JSON: {"id", "scheme", "fingerprint"}, and "settings" when
        /// the dealer set public fields with it
        #[arg(long)]
        json: bool,
    },
    /// Take the player's input for round ID and deal: prints the table as
    /// `fairdeal deal` shows it
    ///
    /// The fields are the scheme's, as flags, less those the dealer draws
    /// (`fairdeal dealer deal ID --help` lists them): `--cut 'K7 cut'
    /// --dealer 1`; `--input FILE` for a JSON object of them; `--json`
    /// prints the trace. A round is dealt once.
    #[command(disable_help_flag = true)]
    Deal {
        /// The round, as `commit` printed it
        #[arg(value_name = "ID", value_parser = id())]
        id: u64,
        /// The player's and the table's fields, as flags
        #[arg(
            value_name = "FIELDS",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        fields: Vec<String>,
    },
    /// Reveal round ID's secret once it is dealt: prints the receipt as one
    /// JSON line, the form `fairdeal verify` reads
    ///
    /// Refused before the deal (exit 2). Asked again, prints the same
    /// receipt.
    Reveal {
        /// The round, as `commit` printed it
        #[arg(value_name = "ID", value_parser = id())]
        id: u64,
    },
    /// Take bets on seed pair PAIR: each the next nonce, acknowledged by one
    /// line once it is stored
    ///
    /// The pair's fields (`--client-seed TEXT`) are needed at a period's
    /// first bet and must stay the same within it; `--count N` takes N bets;
    /// `--json` prints each as {"pair", "period", "nonce", "fingerprint"}
    /// with "rotated" when the bet set off a rotation. `fairdeal dealer bet
    /// PAIR --help` lists the fields.
    #[command(disable_help_flag = true)]
    Bet {
        /// The seed pair, as `commit` printed it
        #[arg(value_name = "PAIR", value_parser = id())]
        pair: u64,
        /// The pair's fields and --count N, --json, as flags
        #[arg(
            value_name = "FIELDS",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        fields: Vec<String>,
    },
    /// Rotate seed pair PAIR: reveal its server seed, whose bets' receipts
    /// `export` then prints, and show the next seed's fingerprint
    ///
    /// `--client-seed TEXT` sets the next period's (else it carries over);
    /// `--json` prints {"pair", "period", "fingerprint", the secret,
    /// "next_fingerprint", "bets"}.
    #[command(disable_help_flag = true)]
    Rotate {
        /// The seed pair, as `commit` printed it
        #[arg(value_name = "PAIR", value_parser = id())]
        pair: u64,
        /// The next period's pair fields and --json, as flags
        #[arg(
            value_name = "FIELDS",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        fields: Vec<String>,
    },
    /// Print the event log, one JSON entry a line (docs/dealer.md, "The log")
    ///
    /// With --verify: check the chain, exit 0 printing the count and the
    /// head's hash, or exit 1 naming the first bad entry.
    Log {
        /// Check the chain instead of printing it
        #[arg(long)]
        verify: bool,
    },
    /// Print every revealed receipt, one JSON line each: the format of
    /// `fairdeal verify --batch` and `fairdeal history`
    Export,
}

/// What a command built from a scheme's fields read.
pub struct Parsed {
    /// The fields, as a scheme call (`gather` reads it into the input).
    pub call: SchemeCall<false>,
    /// `--count N` (bet only).
    pub count: u64,
}

/// Takes the global flags out of the words after a round's id, where the
/// parser left them: `--store PATH` (or `--store=PATH`) and `--ascii`.
/// Returns the store given, and whether `--ascii` was.
pub fn take_globals(words: &mut Vec<String>) -> (Option<PathBuf>, bool) {
    let (mut store, mut ascii) = (None, false);
    let mut i = 0;
    while i < words.len() {
        match words[i].as_str() {
            "--ascii" => {
                ascii = true;
                words.remove(i);
            }
            "--store" if i + 1 < words.len() => {
                store = Some(PathBuf::from(words.remove(i + 1)));
                words.remove(i);
            }
            w if w.starts_with("--store=") => {
                store = Some(PathBuf::from(&w["--store=".len()..]));
                words.remove(i);
            }
            _ => i += 1,
        }
    }
    (store, ascii)
}

/// The most bets one `dealer bet --count` takes.
pub const MAX_COUNT: u64 = 1_000_000_000;

/// Which command the fields are read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Deal,
    Bet,
    Rotate,
}

/// Returns the fields `verb` takes for `scheme`, each with whether it is
/// the dealer's own: a deal every field but the dealer's; a bet every field
/// but the dealer's and the nonce; a rotation the pair's fields alone. The
/// dealer's are read too, as hidden flags, so that the dealer refuses them
/// by name.
fn taken(scheme: &dyn DynScheme, verb: Verb) -> Vec<(&'static Field, bool)> {
    let info = scheme.info();
    let (nonce, with): (Option<&str>, &[&str]) = match info.history.period {
        Period::Nonce { nonce, with } => (Some(nonce), with),
        Period::Receipt => (None, &[]),
    };
    let dealer: Vec<&str> = std::iter::once(info.history.secret)
        .chain(info.dealer.drawn.iter().map(|d| d.field))
        .chain(info.dealer.variant)
        .chain(nonce.filter(|_| verb != Verb::Deal))
        .collect();
    on_command_line(scheme)
        .into_iter()
        .map(|(f, _)| (f, dealer.contains(&f.name)))
        .filter(|(f, own)| *own || verb != Verb::Rotate || with.contains(&f.name))
        .collect()
}

/// Returns the command that reads `verb`'s fields for `scheme`: one flag
/// each, `--input FILE` and `--json` (and `--count` for a bet).
pub fn fields_command(scheme: &dyn DynScheme, verb: Verb, id: u64) -> clap::Command {
    let name = match verb {
        Verb::Deal => format!("fairdeal dealer deal {id}"),
        Verb::Bet => format!("fairdeal dealer bet {id}"),
        Verb::Rotate => format!("fairdeal dealer rotate {id}"),
    };
    let mut cmd = clap::Command::new(name.clone())
        .bin_name(name)
        .no_binary_name(true)
        .about(format!(
            "{}: {}\n\nThe fields the dealer draws (the secret) or set at the commitment \
             are not taken.",
            scheme.id(),
            scheme.info().summary
        ));
    for (field, own) in taken(scheme, verb) {
        cmd = cmd.arg(fields::arg(field, None).hide(own));
    }
    // The global flags, read before the round's scheme was known.
    cmd = cmd
        .arg(
            Arg::new("ascii")
                .long("ascii")
                .action(ArgAction::SetTrue)
                .hide(true),
        )
        .arg(Arg::new("store").long("store").hide(true));
    if verb == Verb::Bet {
        cmd = cmd.arg(
            Arg::new("count")
                .long("count")
                .value_name("N")
                .value_parser(clap::value_parser!(u64).range(1..=MAX_COUNT))
                .default_value("1")
                .help("Take N bets, one line each as it is stored"),
        );
    }
    fields::shared(cmd, scheme.id(), false)
}

/// Reads `words` with [`fields_command`].
///
/// # Errors
///
/// Clap's: an unknown flag, `--help`.
pub fn parse(
    scheme: &'static dyn DynScheme,
    verb: Verb,
    id: u64,
    words: &[String],
) -> Result<Parsed, clap::Error> {
    let m: ArgMatches = fields_command(scheme, verb, id).try_get_matches_from(words)?;
    let extras = scheme.info().cli.extras;
    let (mut flags, mut given_extras, mut refused) = (Map::new(), Map::new(), None);
    for (field, _) in taken(scheme, verb) {
        let into = if extras.iter().any(|e| e.name == field.name) {
            &mut given_extras
        } else {
            &mut flags
        };
        match fields::value(&m, field)? {
            Some(Ok(value)) => {
                into.insert(field.name.to_owned(), value);
            }
            Some(Err(e)) => {
                refused.get_or_insert(e);
            }
            None => {}
        }
    }
    let count = if verb == Verb::Bet {
        m.get_one::<u64>("count").copied().unwrap_or(1)
    } else {
        1
    };
    Ok(Parsed {
        call: SchemeCall {
            scheme,
            flags,
            extras: given_extras,
            input: m.get_one::<PathBuf>("input").cloned(),
            fingerprint: None,
            hand: None,
            seat: None,
            json: m.get_flag("json"),
            refused,
        },
        count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schemes_field_commands_are_well_formed() {
        for scheme in fairdeal::SCHEMES {
            for verb in [Verb::Deal, Verb::Bet, Verb::Rotate] {
                fields_command(*scheme, verb, 1).debug_assert();
            }
        }
    }

    #[test]
    fn the_global_flags_are_taken_out_of_the_fields() {
        let mut words: Vec<String> = ["--cut", "x", "--ascii", "--store", "s.db", "--json"]
            .map(str::to_owned)
            .to_vec();
        let (store, ascii) = take_globals(&mut words);
        assert_eq!((store, ascii), (Some(PathBuf::from("s.db")), true));
        assert_eq!(words, ["--cut", "x", "--json"]);
        let mut words = vec!["--store=t.db".to_owned()];
        assert_eq!(take_globals(&mut words).0, Some(PathBuf::from("t.db")));
        assert!(words.is_empty());
    }
}
