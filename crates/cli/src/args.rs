//! The command line. Doc comments are the help text.
//!
//! `deal` and `verify` take one subcommand per registered scheme, and `play`
//! and `roll` one per game of every scheme, each built from its input
//! fields, so a new scheme or game needs nothing here.

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use fairdeal::core::{Field, FieldKind};
use fairdeal::{DynScheme, Game, Verb};
use serde_json::{Map, Value};

/// Reproduce and verify card deals whose server committed to a seed before play.
#[derive(Debug, Parser)]
#[command(name = "fairdeal", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the schemes this build knows, one line each
    Schemes {
        /// Print JSON: each scheme's id, summary and input fields
        #[arg(long)]
        json: bool,
    },
    /// Reproduce a deal from its revealed inputs
    Deal {
        #[command(subcommand)]
        call: SchemeCall<false>,
    },
    /// Reproduce a deal and check the fingerprint shown before play
    ///
    /// Exit 0 when the inputs match the fingerprint, 1 when they do not,
    /// 2 for bad input.
    Verify {
        #[command(subcommand)]
        call: SchemeCall<true>,
    },
    /// Replay a game you played, from the revealed seeds and your decisions
    ///
    /// Exit 0 with the result, 2 for bad input or an action the rules forbid.
    Play {
        #[command(subcommand)]
        call: GameCall<false>,
    },
    /// Reproduce a game decided by the numbers alone (roulette, mines, ...)
    ///
    /// Exit 0 with the result, 2 for bad input.
    Roll {
        #[command(subcommand)]
        call: GameCall<true>,
    },
    /// Check vector files, or regenerate their expected values
    Vectors {
        #[command(subcommand)]
        command: VectorsCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum VectorsCommand {
    /// Run vector files against the registered schemes (exit 1 on a failure)
    Check {
        /// Vector files to check [default: every vectors/*.json]
        files: Vec<PathBuf>,
        #[command(flatten)]
        dir: VectorDir,
        /// Run only cases whose id contains SUB; -SUB leaves them out
        #[arg(long, value_name = "SUB,-SUB")]
        case: Option<String>,
    },
    /// Recompute every expected value from the code and rewrite the files
    Generate {
        #[command(flatten)]
        dir: VectorDir,
        /// Only this scheme's file (repeatable)
        #[arg(long, value_name = "ID")]
        scheme: Vec<String>,
        /// Write nothing; exit 1 if any file would change
        #[arg(long)]
        check: bool,
    },
}

#[derive(Debug, Args)]
pub struct VectorDir {
    /// The folder holding the vector files
    #[arg(long, default_value = "vectors", value_name = "DIR")]
    pub dir: PathBuf,
}

/// A scheme named on the command line, with its inputs as flags.
#[derive(Debug)]
pub struct SchemeCall<const VERIFY: bool> {
    pub scheme: &'static dyn DynScheme,
    /// The fields given as flags, by JSON field name.
    pub flags: Map<String, Value>,
    /// `--input FILE`: a JSON object of the same fields (`-` for stdin).
    pub input: Option<PathBuf>,
    /// `--fingerprint F` (verify only).
    pub fingerprint: Option<String>,
    pub json: bool,
}

/// Returns the flag of a JSON field name: `server_seed` is `--server-seed`.
pub fn flag(field: &str) -> String {
    field.replace('_', "-")
}

/// A game named on the command line (`play` when `ROLL` is false), with its
/// inputs as flags.
#[derive(Debug)]
pub struct GameCall<const ROLL: bool> {
    pub game: &'static Game,
    /// The fields given as flags, by JSON field name.
    pub flags: Map<String, Value>,
    /// `--input FILE`: a JSON object of the same fields (`-` for stdin).
    pub input: Option<PathBuf>,
    pub json: bool,
}

impl<const ROLL: bool> GameCall<ROLL> {
    const VERB: Verb = if ROLL { Verb::Roll } else { Verb::Play };
}

/// Adds one flag per input field to `cmd`.
fn field_args(mut cmd: clap::Command, fields: &[Field]) -> clap::Command {
    for field in fields {
        let arg = Arg::new(field.name).long(flag(field.name)).help(field.help);
        cmd = cmd.arg(match field.kind {
            FieldKind::Bool => arg.action(ArgAction::SetTrue),
            FieldKind::Integer => arg.value_name("N").value_parser(clap::value_parser!(u64)),
            _ => arg.value_name(field.name.to_uppercase()),
        });
    }
    cmd
}

/// Adds `--input FILE` and `--json`.
fn shared_args(cmd: clap::Command) -> clap::Command {
    cmd.arg(
        Arg::new("input")
            .long("input")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .help("A JSON object of the inputs, with the field names above; - reads stdin. Flags override it"),
    )
    .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("Print JSON with the field names of SCHEMES.md"))
}

/// Returns the fields given as flags, by JSON field name.
fn field_values(fields: &[Field], m: &ArgMatches) -> Map<String, Value> {
    let mut flags = Map::new();
    for field in fields {
        let value = match field.kind {
            FieldKind::Bool => m.get_flag(field.name).then_some(Value::Bool(true)),
            FieldKind::Integer => m.get_one::<u64>(field.name).map(|&n| Value::from(n)),
            _ => m
                .get_one::<String>(field.name)
                .map(|s| Value::String(s.clone())),
        };
        if let Some(value) = value {
            flags.insert(field.name.to_owned(), value);
        }
    }
    flags
}

fn scheme_command(scheme: &dyn DynScheme, verify: bool) -> clap::Command {
    let mut cmd = field_args(
        clap::Command::new(scheme.id()).about(scheme.summary()),
        scheme.fields(),
    );
    if verify {
        cmd = cmd.arg(
            Arg::new("fingerprint")
                .long("fingerprint")
                .value_name("HEX")
                .visible_aliases(scheme.commitment_aliases())
                .help("The fingerprint shown before play (or \"fingerprint\" in the --input file)"),
        );
    }
    shared_args(cmd)
}

impl<const VERIFY: bool> FromArgMatches for SchemeCall<VERIFY> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((id, m)) = matches.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "name a scheme (see `fairdeal schemes`)\n",
            ));
        };
        let Some(scheme) = fairdeal::scheme(id) else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("no scheme {id:?}\n"),
            ));
        };
        Ok(Self {
            scheme,
            flags: field_values(scheme.fields(), m),
            input: m.get_one::<PathBuf>("input").cloned(),
            fingerprint: if VERIFY {
                m.get_one::<String>("fingerprint").cloned()
            } else {
                None
            },
            json: m.get_flag("json"),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<const VERIFY: bool> Subcommand for SchemeCall<VERIFY> {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        fairdeal::SCHEMES
            .iter()
            .fold(cmd, |cmd, scheme| {
                cmd.subcommand(scheme_command(*scheme, VERIFY))
            })
            .subcommand_required(true)
            .subcommand_value_name("SCHEME")
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        fairdeal::scheme(name).is_some()
    }
}

/// Returns the game `name` offered by `verb`.
fn find_game(verb: Verb, name: &str) -> Option<&'static Game> {
    fairdeal::game(name)
        .map(|(_, g)| g)
        .filter(|g| g.verb == verb)
}

impl<const ROLL: bool> FromArgMatches for GameCall<ROLL> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let verb = Self::VERB;
        let Some((name, m)) = matches.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                format!("name a game (see `fairdeal {verb} --help`)\n"),
            ));
        };
        let Some(game) = find_game(verb, name) else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("no game {name:?} to {verb}\n"),
            ));
        };
        Ok(Self {
            game,
            flags: field_values(game.fields, m),
            input: m.get_one::<PathBuf>("input").cloned(),
            json: m.get_flag("json"),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<const ROLL: bool> Subcommand for GameCall<ROLL> {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        fairdeal::games()
            .filter(|(_, g)| g.verb == Self::VERB)
            .fold(cmd, |cmd, (scheme, game)| {
                let about = format!("{} [{}]", game.summary, scheme.id());
                cmd.subcommand(shared_args(field_args(
                    clap::Command::new(game.name).about(about),
                    game.fields,
                )))
            })
            .subcommand_required(true)
            .subcommand_value_name("GAME")
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        find_game(Self::VERB, name).is_some()
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }

    #[test]
    fn no_field_clashes_with_a_shared_flag() {
        for scheme in fairdeal::SCHEMES {
            let games = scheme.games().iter().flat_map(|g| g.fields);
            for field in scheme.fields().iter().chain(games) {
                assert!(
                    !["input", "json", "fingerprint"].contains(&field.name),
                    "{}",
                    field.name
                );
            }
        }
    }
}
