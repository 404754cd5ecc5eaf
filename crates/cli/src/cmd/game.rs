//! `fairdeal play GAME` and `fairdeal roll GAME`: a scheme's other games.
//! With a fingerprint (`--fingerprint`, or in the receipt file) the outcome
//! is shown only when it matches; without one, the output says it was not
//! checked.

use fairdeal::core::input::read_written;
use fairdeal::render::{self, Style};
use fairdeal::verdict::{Failure, Verdict, verify_game};
use fairdeal::{DynScheme, Game};
use serde_json::{Value, json};

use crate::args::GameCall;
use crate::error::{CliError, Outcome};
use crate::input::{gather_game, hint_game};
use crate::output::{print, print_json};

pub fn run<const ROLL: bool>(call: &GameCall<ROLL>, _style: Style) -> Result<Outcome, CliError> {
    let Some((scheme, _)) = fairdeal::game(call.game.name) else {
        return Err(CliError::Usage(format!("no game {:?}", call.game.name)));
    };
    let (input, fingerprint) = gather_game(call, scheme)?;
    show(scheme, call.game, &input, fingerprint, call.json)
}

/// Shows a game's outcome: checked against `fingerprint` when one is given
/// (and only when it matches), else said to be unchecked.
pub fn show(
    scheme: &'static dyn DynScheme,
    game: &'static Game,
    input: &Value,
    fingerprint: Option<String>,
    json: bool,
) -> Result<Outcome, CliError> {
    let Some(given) = fingerprint else {
        // What a person gives is read as the verdict reads it (`h s` for
        // `HS`), before anything is checked.
        let read = read_written(game.fields, input).map_err(|e| hint_game(game, e))?;
        let mut output = (game.run)(&read, None).map_err(|e| hint_game(game, e))?;
        if json {
            output["fingerprint_checked"] = json!(false);
            print_json(&output)?;
        } else {
            print(&format!(
                "{}fingerprint: not checked (give --fingerprint HEX to check it before the outcome)\n",
                render::game(&(game.shown)(&output))
            ))?;
        }
        return Ok(Outcome::Ok);
    };
    let (verdict, output) =
        verify_game(scheme, game, input, Some(&given)).map_err(|e| hint_game(game, e))?;
    match (verdict, output) {
        (Verdict::Verified(v), Some(mut output)) => {
            if json {
                output["fingerprint_checked"] = json!(true);
                print_json(&output)?;
            } else {
                print(&format!(
                    "VERIFIED: the fingerprint matches {}.\n\
                     The revealed server seed is the one committed to before play.\n\n{}",
                    v.commitment,
                    render::game(&(game.shown)(&output))
                ))?;
            }
            Ok(Outcome::Ok)
        }
        (Verdict::NotVerified(n), _) => {
            let printed = if json {
                print_json(&json!({ "verified": false, "failure": n.failure, "hints": n.hints }))
            } else {
                let mut out = String::new();
                if let Failure::Fingerprint {
                    commitment,
                    given,
                    computed,
                } = &n.failure
                {
                    let width = commitment.len().max(18);
                    out.push_str(&format!(
                        "NOT VERIFIED: the fingerprint does not match {commitment}.\n\
                         \x20 {:<width$}  {given}\n\
                         \x20 {commitment:<width$}  {computed}\n",
                        "fingerprint given"
                    ));
                }
                for hint in &n.hints {
                    out.push_str(&format!("Hint: {hint}.\n"));
                }
                out.push_str("The outcome is not shown: a seed that does not match its commitment proves nothing about the game.\n");
                print(&out)
            };
            Outcome::Failed.after(printed)
        }
        (Verdict::Verified(_), None) => Err(CliError::Usage(
            "the game gave no outcome for a matched fingerprint".to_owned(),
        )),
    }
}
