//! `deal SCHEME` and `verify SCHEME`: one subcommand per registered scheme,
//! its arguments built from the scheme's fields and CLI shape.

use std::path::PathBuf;

use clap::{Arg, ArgMatches, FromArgMatches, Subcommand};
use fairdeal::DynScheme;
use fairdeal::core::input::{Field, FieldKind};
use serde_json::{Map, Value};

use super::fields;

/// A scheme named on the command line, with its inputs as flags.
#[derive(Debug)]
pub struct SchemeCall<const VERIFY: bool> {
    pub scheme: &'static dyn DynScheme,
    /// The fields given as flags, by JSON field name.
    pub flags: Map<String, Value>,
    /// The scheme's own extra flags given (see `Cli::extras`).
    pub extras: Map<String, Value>,
    /// `--input FILE`: a JSON object of the same fields (`-` for stdin).
    pub input: Option<PathBuf>,
    /// `--fingerprint F` (verify only).
    pub fingerprint: Option<String>,
    /// `--hand CARDS` (verify only).
    pub hand: Option<String>,
    /// `--seat N` (verify only, where the scheme lets a receipt name it).
    pub seat: Option<String>,
    pub json: bool,
    /// The first flag refused as its field would be (an integer flag given
    /// `-1`), reported when the input is gathered.
    pub refused: Option<fairdeal::Error>,
}

fn scheme_command(scheme: &dyn DynScheme, verify: bool) -> clap::Command {
    let info = scheme.info();
    let mut cmd = clap::Command::new(info.id).about(info.summary);
    for (field, position) in on_command_line(scheme) {
        cmd = cmd.arg(fields::arg(field, position));
    }
    if verify {
        cmd = cmd.arg(fields::fingerprint(info.commitment.aliases)).arg(
            Arg::new("hand")
                .long("hand")
                .value_name("CARDS")
                .help("Your cards as you remember them, any order: \"Tc 9s 9d Jd Ad\""),
        );
        if let fairdeal::core::info::Player::Seat {
            choosable: true, ..
        } = info.player
        {
            cmd = cmd.arg(
                Arg::new("seat")
                    .long("seat")
                    .value_name("N")
                    .help("Your seat, whose cards --hand checks [default: 0]"),
            );
        }
    }
    fields::shared(cmd, info.id, true)
}

/// Returns the fields and extras the command line takes for `scheme`, each
/// with its position when it is a positional argument. Lists and objects
/// (JSON fields) come only from `--input`; an extra replaces the field of
/// the same name.
pub fn on_command_line(scheme: &dyn DynScheme) -> Vec<(&'static Field, Option<usize>)> {
    let info = scheme.info();
    let extras = info.cli.extras;
    let fields = info
        .fields
        .iter()
        .filter(|f| f.kind != FieldKind::Json && !extras.iter().any(|e| e.name == f.name));
    let mut position = 0;
    fields
        .chain(extras)
        .map(|f| {
            let at = info.cli.positional.contains(&f.name).then(|| {
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
        let extras = scheme.info().cli.extras;
        let (mut flags, mut given_extras, mut refused) = (Map::new(), Map::new(), None);
        for (field, _) in on_command_line(scheme) {
            let value = fields::value(m, field).map_err(|e| {
                // Shows the scheme's own usage line, not the top-level one.
                let verb = if VERIFY { "verify" } else { "deal" };
                e.format(
                    &mut scheme_command(scheme, VERIFY).bin_name(format!("fairdeal {verb} {id}")),
                )
            })?;
            let into = if extras.iter().any(|e| e.name == field.name) {
                &mut given_extras
            } else {
                &mut flags
            };
            match value {
                Some(Ok(value)) => {
                    into.insert(field.name.to_owned(), value);
                }
                Some(Err(e)) => {
                    refused.get_or_insert(e);
                }
                None => {}
            }
        }
        Ok(Self {
            scheme,
            flags,
            extras: given_extras,
            input: m.get_one::<PathBuf>("input").cloned(),
            fingerprint: given(m, "fingerprint"),
            hand: given(m, "hand"),
            seat: given(m, "seat"),
            json: m.get_flag("json"),
            refused,
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
            .subcommand_value_name("SCHEME")
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        fairdeal::scheme(name).is_some()
    }
}

/// Returns the text of the flag `id`, when the subcommand has it and it was
/// given.
fn given(m: &ArgMatches, id: &str) -> Option<String> {
    m.try_get_one::<String>(id).ok().flatten().cloned()
}
