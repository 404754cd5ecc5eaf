//! `fairdeal`: reproduce, verify and test verifiable card deals.
//!
//! A thin layer over the `fairdeal` facade crate: parse the arguments, run
//! one subcommand, turn the outcome into an exit code (0 good, 1 a check that
//! failed, 2 a usage error or bad input).

mod args;
mod cmd;
mod error;
mod files;
mod input;
mod output;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse_from(args::without_site_command(std::env::args_os()));
    match cmd::run(cli) {
        Ok(outcome) => outcome.exit_code(),
        Err(err) => err.report(),
    }
}
