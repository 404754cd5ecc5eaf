//! `fairdeal verify --input FILE`: a receipt without its scheme named, in
//! any form the facade reads (`fairdeal::receipt::forms`), and the flags
//! that override it; and the site's own verifier command pasted after the
//! scheme (`fairdeal verify SCHEME python3 verify_deal.py ...`).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};

/// The receipt flags of `verify` without a scheme.
#[derive(Debug, Default)]
pub struct ReceiptArgs {
    /// `--input FILE`: the receipt, in any form (`-` for stdin).
    pub input: Option<PathBuf>,
    /// `--fingerprint HEX` (or an alias of any scheme's).
    pub fingerprint: Option<String>,
    /// `--hand CARDS`.
    pub hand: Option<String>,
    /// `--seat N`.
    pub seat: Option<String>,
    pub json: bool,
}

impl Args for ReceiptArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut aliases: Vec<&'static str> = Vec::new();
        for scheme in fairdeal::SCHEMES {
            for alias in scheme.info().commitment.aliases {
                if !aliases.contains(alias) {
                    aliases.push(alias);
                }
            }
        }
        cmd.arg(
            Arg::new("input")
                .long("input")
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .conflicts_with("batch")
                .help(
                    "A receipt of any scheme, its scheme found from its fields: the JSON object, \
                     the site's verifier command, or the lines of the site's page \
                     (`Server seed: ...`); - reads stdin. Flags override it",
                ),
        )
        .arg(
            Arg::new("fingerprint")
                .long("fingerprint")
                .value_name("HEX")
                .visible_aliases(aliases)
                .requires("input")
                .help("The fingerprint the app showed before play (or in the --input receipt)"),
        )
        .arg(
            Arg::new("hand")
                .long("hand")
                .value_name("CARDS")
                .requires("input")
                .help("Your cards as you remember them, any order: \"Tc 9s 9d Jd Ad\""),
        )
        .arg(
            Arg::new("seat")
                .long("seat")
                .value_name("N")
                .requires("input")
                .help("Your seat, whose cards --hand checks, where the scheme lets you name it"),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .requires("input")
                .help("Print JSON, as `fairdeal verify SCHEME --json` does"),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for ReceiptArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let text = |id: &str| m.get_one::<String>(id).cloned();
        Ok(Self {
            input: m.get_one::<PathBuf>("input").cloned(),
            fingerprint: text("fingerprint"),
            hand: text("hand"),
            seat: text("seat"),
            json: m.get_flag("json"),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// Returns the arguments with a site's verifier command's own words taken
/// out where they follow `deal SCHEME` or `verify SCHEME` (the words the
/// site's page gives, pasted after the scheme): `python3 verify_deal.py`,
/// or the script alone, as the scheme's INFO names them. The arguments that
/// follow are the scheme's own, which clap reads as usual.
pub fn without_site_command(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    let text = |i: usize| args.get(i).and_then(|a| a.to_str()).unwrap_or("");
    let Some(verb) = (1..args.len()).find(|&i| text(i) != "--ascii") else {
        return args;
    };
    if !matches!(text(verb), "verify" | "deal") {
        return args;
    }
    let Some(command) = fairdeal::scheme(text(verb + 1)).and_then(|s| s.info().forms.command)
    else {
        return args;
    };
    let is_script = |word: &str| word.rsplit('/').next() == Some(command.script);
    let at = verb + 2;
    let words = if command.interpreters.contains(&text(at)) && is_script(text(at + 1)) {
        2
    } else if is_script(text(at)) {
        1
    } else {
        0
    };
    args.drain(at..at + words);
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(args: &[&str]) -> Vec<String> {
        without_site_command(args.iter().map(OsString::from))
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn the_site_commands_words_are_taken_out_after_its_scheme_alone() {
        let scheme = fairdeal::SCHEMES
            .iter()
            .find(|s| s.info().forms.command.is_some())
            .expect("a scheme with a site command");
        let command = scheme.info().forms.command.unwrap();
        let id = scheme.id();
        let script = command.script;
        let interpreter = command.interpreters[0];
        let folder = format!("./{script}");
        for (args, kept) in [
            (
                vec!["fairdeal", "verify", id, interpreter, script, "H", "p"],
                vec!["fairdeal", "verify", id, "H", "p"],
            ),
            (
                vec!["fairdeal", "--ascii", "deal", id, &folder, "H"],
                vec!["fairdeal", "--ascii", "deal", id, "H"],
            ),
            (
                vec!["fairdeal", "verify", id, "H", script],
                vec!["fairdeal", "verify", id, "H", script],
            ),
            (
                vec!["fairdeal", "schemes", id, script],
                vec!["fairdeal", "schemes", id, script],
            ),
            (
                vec!["fairdeal", "verify", id, interpreter, "H"],
                vec!["fairdeal", "verify", id, interpreter, "H"],
            ),
            (vec!["fairdeal"], vec!["fairdeal"]),
        ] {
            assert_eq!(strip(&args), kept, "{args:?}");
        }
    }
}
