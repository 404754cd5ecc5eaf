//! One file per subcommand.

mod bench;
mod conformance;
mod deal;
mod game;
mod schemes;
pub(crate) mod vectors;
mod verify;

use crate::args::{Cli, Command};
use crate::error::{CliError, Outcome};

/// Runs the subcommand `cli` names.
pub fn run(cli: Cli) -> Result<Outcome, CliError> {
    match cli.command {
        Command::Schemes { json } => schemes::run(json),
        Command::Deal { call } => deal::run(&call),
        Command::Verify { call } => verify::run(&call),
        Command::Conformance(args) => conformance::run(args),
        Command::Play { call } => game::run(&call),
        Command::Roll { call } => game::run(&call),
        Command::Bench(args) => bench::run(&args),
        Command::Vectors { command } => vectors::run(command),
    }
}
