//! The command line. Doc comments are the help text.
//!
//! `deal` and `verify` take one subcommand per registered scheme, built from
//! the scheme's input fields, so a new scheme needs nothing here.

use std::collections::BTreeMap;
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
    /// Check a port in any language against the vectors (docs/porting.md)
    ///
    /// Exit 0 when every supported case passed, 1 on a conformance failure,
    /// 2 on a usage or protocol error.
    Conformance(ConformanceArgs),
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
    /// Measure deals per second of each scheme against the SHA-256 bound
    ///
    /// Progress goes to stderr, the table (or --json) to stdout. Measure a
    /// release build: `cargo run --release -- bench`. Method and numbers:
    /// docs/performance.md.
    Bench(BenchArgs),
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
pub struct ConformanceArgs {
    /// How to start the port, as one string: 'python3 my_port.py --flag'
    #[arg(long, value_name = "'CMD ARGS'")]
    pub port: String,
    /// Only this scheme (repeatable) [default: every scheme the port supports]
    #[arg(long, value_name = "ID")]
    pub scheme: Vec<String>,
    /// Run only cases whose id contains SUB; -SUB leaves them out
    #[arg(long, value_name = "SUB,-SUB")]
    pub case: Option<String>,
    /// Seconds one case may take before the port is counted as hung
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub timeout: f64,
    /// Cases known to fail: lines of `scheme/case-id todo|wontfix stage`
    #[arg(long, value_name = "FILE")]
    pub known_failures: Option<PathBuf>,
    /// Write every case's result as JSON
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write JUnit XML
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Differential mode: N random valid inputs per scheme (with --seed)
    #[arg(long, value_name = "N")]
    pub random: Option<usize>,
    /// The seed of differential mode's inputs
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub dir: VectorDir,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Schemes to measure [default: every scheme]
    #[arg(value_name = "SCHEME")]
    pub schemes: Vec<String>,
    /// Seconds each measurement runs (the SHA-256 baseline, then each deal)
    #[arg(long, default_value_t = 1.0, value_name = "S")]
    pub seconds: f64,
    /// Also run independent deals on N threads at once and report the scaling
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Print JSON instead of the table
    #[arg(long)]
    pub json: bool,
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
    /// The scheme's own extra flags given (see `DealScheme::CLI_EXTRAS`).
    pub extras: Map<String, Value>,
    /// `--input FILE`: a JSON object of the same fields (`-` for stdin).
    pub input: Option<PathBuf>,
    /// `--fingerprint F` (verify only).
    pub fingerprint: Option<String>,
    pub json: bool,
}

fn scheme_command(scheme: &dyn DynScheme, verify: bool) -> clap::Command {
    let mut cmd = clap::Command::new(scheme.id()).about(scheme.summary());
    for (field, position) in on_command_line(scheme) {
        let arg = Arg::new(field.name).help(field.help);
        let arg = match position {
            Some(index) => arg.index(index).value_name(field.name.to_uppercase()),
            None => arg.long(field.flag()),
        };
        cmd = cmd.arg(match field.kind {
            FieldKind::Bool => arg.action(ArgAction::SetTrue),
            FieldKind::Integer => arg.value_name("N").value_parser(clap::value_parser!(u64)),
            FieldKind::TextPerSeat { .. } => arg
                .value_name("SEAT=TEXT")
                .action(ArgAction::Append)
                .value_parser(seat_text),
            _ => arg.value_name(field.name.to_uppercase()),
        });
    }
    if verify {
        cmd = cmd.arg(
            Arg::new("fingerprint")
                .long("fingerprint")
                .value_name("HEX")
                .visible_aliases(scheme.commitment_aliases())
                .help("The fingerprint shown before play (or \"fingerprint\" in the --input file)"),
        );
    }
    cmd.arg(
        Arg::new("input")
            .long("input")
            .visible_alias("record")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .help("A JSON object of the inputs, with the field names above; - reads stdin. Flags override it"),
    )
    .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help(format!("Print JSON with the field names of docs/schemes/{}.md", scheme.id())))
}

/// Returns the fields and extras the command line takes for `scheme`, each
/// with its position when it is a positional argument. Lists and objects
/// (JSON fields) come only from `--input`; an extra replaces the field of
/// the same name.
pub fn on_command_line(scheme: &dyn DynScheme) -> Vec<(&'static Field, Option<usize>)> {
    let extras = scheme.cli_extras();
    let fields = scheme
        .fields()
        .iter()
        .filter(|f| f.kind != FieldKind::Json && !extras.iter().any(|e| e.name == f.name));
    let mut position = 0;
    fields
        .chain(extras)
        .map(|f| {
            let at = scheme.positional().contains(&f.name).then(|| {
                position += 1;
                position
            });
            (f, at)
        })
        .collect()
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
        let (mut flags, mut extras) = (Map::new(), Map::new());
        for (field, _) in on_command_line(scheme) {
            let value = match field.kind {
                FieldKind::Bool => m.get_flag(field.name).then_some(Value::Bool(true)),
                FieldKind::Integer => m.get_one::<u64>(field.name).map(|&n| Value::from(n)),
                FieldKind::TextPerSeat { .. } => m
                    .get_many::<(usize, String)>(field.name)
                    .map(|given| texts_by_seat(field, given))
                    .transpose()
                    .map_err(|e| {
                        // Shows the scheme's own usage line, not the top-level one.
                        let verb = if VERIFY { "verify" } else { "deal" };
                        e.format(
                            &mut scheme_command(scheme, VERIFY)
                                .bin_name(format!("fairdeal {verb} {id}")),
                        )
                    })?,
                _ => m
                    .get_one::<String>(field.name)
                    .map(|s| Value::String(s.clone())),
            };
            let into = if scheme.cli_extras().contains(field) {
                &mut extras
            } else {
                &mut flags
            };
            if let Some(value) = value {
                into.insert(field.name.to_owned(), value);
            }
        }
        Ok(Self {
            scheme,
            flags,
            extras,
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

/// Parses one `--number SEAT=TEXT`: a seat number, `=`, then the text as
/// given (it may be empty, or hold `=`).
fn seat_text(arg: &str) -> Result<(usize, String), String> {
    let refuse = || {
        "expected SEAT=TEXT: a seat number, then =, then the text (SEAT= for an empty one)"
            .to_owned()
    };
    let (seat, text) = arg.split_once('=').ok_or_else(refuse)?;
    if seat.is_empty() || !seat.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refuse());
    }
    let seat = seat.parse().map_err(|_| refuse())?;
    Ok((seat, text.to_owned()))
}

/// Returns the texts given as `--FLAG SEAT=TEXT` as a list by seat. Every
/// seat from 0 to the highest given must be there once: the scheme checks
/// how many seats its game has.
fn texts_by_seat<'a>(
    field: &Field,
    given: impl Iterator<Item = &'a (usize, String)>,
) -> Result<Value, clap::Error> {
    let refuse = |message: String| {
        clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            format!("--{}: {message}", field.flag()),
        )
    };
    let mut by_seat = BTreeMap::new();
    for (seat, text) in given {
        if by_seat.insert(*seat, text.clone()).is_some() {
            return Err(refuse(format!(
                "seat {seat} is given twice, expected each seat once"
            )));
        }
    }
    if let Some(missing) = (0..)
        .zip(by_seat.keys())
        .find_map(|(i, &s)| (i != s).then_some(i))
    {
        return Err(refuse(format!(
            "seat {missing} is missing, expected every seat from 0 (give --{} {missing}=TEXT, or {missing}= for an empty one)",
            field.flag()
        )));
    }
    Ok(Value::Array(
        by_seat.into_values().map(Value::String).collect(),
    ))
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

/// Returns the game `name` offered by `verb`.
fn find_game(verb: Verb, name: &str) -> Option<&'static Game> {
    fairdeal::game(name)
        .map(|(_, g)| g)
        .filter(|g| g.verb == verb)
}

/// Returns a game's subcommand: one flag per field, `--input` and `--json`.
fn game_command(scheme: &dyn DynScheme, game: &Game) -> clap::Command {
    let about = format!("{} [{}]", game.summary, scheme.id());
    let mut cmd = clap::Command::new(game.name).about(about);
    for field in game.fields {
        let arg = Arg::new(field.name).long(field.flag()).help(field.help);
        cmd = cmd.arg(match field.kind {
            FieldKind::Bool => arg.action(ArgAction::SetTrue),
            FieldKind::Integer => arg.value_name("N").value_parser(clap::value_parser!(u64)),
            _ => arg.value_name(field.name.to_uppercase()),
        });
    }
    cmd.arg(
        Arg::new("input")
            .long("input")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .help("A JSON object of the inputs, with the field names above; - reads stdin. Flags override it"),
    )
    .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help(format!("Print JSON with the field names of docs/schemes/{}.md", scheme.id())))
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
        let mut flags = Map::new();
        for field in game.fields {
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
        Ok(Self {
            game,
            flags,
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
                cmd.subcommand(game_command(scheme, game))
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
    fn seats_and_texts_are_split_at_the_first_equals_sign() {
        assert_eq!(seat_text("0=a=b"), Ok((0, "a=b".to_owned())));
        assert_eq!(seat_text("12="), Ok((12, String::new())));
        for bad in [
            "",
            "=x",
            "x=1",
            "1",
            "-1=x",
            "+1=x",
            "1 =x",
            "99999999999999999999999=x",
        ] {
            assert!(seat_text(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn no_field_clashes_with_a_shared_flag() {
        for scheme in fairdeal::SCHEMES {
            let games = scheme.games().iter().flat_map(|g| g.fields);
            for field in scheme.fields().iter().chain(games) {
                let shared = ["input", "json", "fingerprint"];
                assert!(!shared.contains(&field.name), "{}", field.name);
                assert!(!shared.contains(&field.flag().as_str()), "{}", field.name);
            }
        }
    }
}
