//! `play GAME` and `roll GAME`: one subcommand per game of a registered
//! scheme, its flags built from the game's fields.

use std::path::PathBuf;

use clap::{ArgMatches, FromArgMatches, Subcommand};
use fairdeal::{DynScheme, Game, Verb};
use serde_json::{Map, Value};

use super::fields;

/// A game named on the command line (`play` when `ROLL` is false), with its
/// inputs as flags.
#[derive(Debug)]
pub struct GameCall<const ROLL: bool> {
    pub game: &'static Game,
    /// The fields given as flags, by JSON field name.
    pub flags: Map<String, Value>,
    /// `--input FILE`: a JSON object of the same fields (`-` for stdin).
    pub input: Option<PathBuf>,
    /// `--fingerprint F`: checked before the outcome is shown.
    pub fingerprint: Option<String>,
    pub json: bool,
    /// The first flag refused as its field would be (an integer flag given
    /// `-1`), reported when the input is gathered.
    pub refused: Option<fairdeal::Error>,
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
    let cmd = game
        .fields
        .iter()
        .fold(clap::Command::new(game.name).about(about), |cmd, field| {
            cmd.arg(fields::arg(field, None))
        });
    fields::shared(
        cmd.arg(fields::fingerprint(scheme.info().commitment.aliases)),
        scheme.id(),
        false,
    )
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
        let (mut flags, mut refused) = (Map::new(), None);
        for field in game.fields {
            match fields::value(m, field)? {
                Some(Ok(value)) => {
                    flags.insert(field.name.to_owned(), value);
                }
                Some(Err(e)) => {
                    refused.get_or_insert(e);
                }
                None => {}
            }
        }
        Ok(Self {
            game,
            flags,
            input: m.get_one::<PathBuf>("input").cloned(),
            fingerprint: m.get_one::<String>("fingerprint").cloned(),
            json: m.get_flag("json"),
            refused,
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
