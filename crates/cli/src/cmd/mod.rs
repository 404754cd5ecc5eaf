//! One file per subcommand.

mod audit;
mod batch;
mod bench;
mod conformance;
mod deal;
mod dealer;
mod game;
mod history;
mod odds;
mod release;
mod riffles;
mod schemes;
mod serve;
pub(crate) mod vectors;
mod verify;

use std::io::IsTerminal;

use fairdeal::render::Style;

use crate::args::{Cli, Command};
use crate::error::{CliError, Outcome};

/// Runs the subcommand `cli` names.
pub fn run(cli: Cli) -> Result<Outcome, CliError> {
    let style = style(cli.ascii);
    match cli.command {
        Command::Schemes { json } => schemes::run(json),
        Command::Deal { call } => deal::run(&call, style),
        Command::Verify(args) => match (args.batch, args.call) {
            (Some(path), _) => batch::run(&path),
            (None, Some(call)) => verify::run(&call, style),
            (None, None) => verify::run_read(&args.receipt, style),
        },
        Command::Conformance(args) => conformance::run(args),
        Command::Play { call } => game::run(&call, style),
        Command::Roll { call } => game::run(&call, style),
        Command::Bench(args) => bench::run(&args),
        Command::Vectors { command } => vectors::run(command),
        Command::Riffles(args) => riffles::run(&args),
        Command::Odds { json } => odds::run(json),
        Command::Audit(args) => audit::run(&args),
        Command::History(args) => history::run(&args),
        Command::Dealer(args) => dealer::run(args, style),
        Command::Serve(args) => serve::run(args),
    }
}

/// Returns how cards are drawn: the method's codes with `--ascii`; else
/// suit symbols, in colour when standard output is a terminal and
/// `NO_COLOR` is not set (no-color.org).
fn style(ascii: bool) -> Style {
    if ascii {
        return Style::ASCII;
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Style {
        symbols: true,
        colour: !no_color && std::io::stdout().is_terminal(),
    }
}
