//! `fairdeal play GAME` and `fairdeal roll GAME`: a scheme's other games.

use fairdeal::render;

use crate::args::GameCall;
use crate::error::{CliError, Outcome};
use crate::input::{gather_game, hint_game};
use crate::output::{print, print_json};

pub fn run<const ROLL: bool>(call: &GameCall<ROLL>) -> Result<Outcome, CliError> {
    let input = gather_game(call)?;
    let output = (call.game.run)(&input, None).map_err(|e| hint_game(call.game, e))?;
    if call.json {
        print_json(&output)?;
    } else {
        print(&render::game(&output))?;
    }
    Ok(Outcome::Ok)
}
