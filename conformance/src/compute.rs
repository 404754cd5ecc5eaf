//! Running one case against its scheme: shared by the runner (which compares)
//! and the generator (which records).

use fairdeal::{DynScheme, Error, ErrorKind, Game};
use serde_json::{Value, json};

use crate::{Case, Kind};

/// Returns what `scheme` gives for `case`, a case of `kind`.
///
/// # Errors
///
/// The scheme's refusal, which is what `invalid` cases expect.
pub(crate) fn output(scheme: &dyn DynScheme, kind: Kind, case: &Case) -> Result<Value, Error> {
    let missing = Value::Null;
    let deal = case.deal.unwrap_or(1);
    match kind {
        Kind::Trace | Kind::Invalid => scheme.trace_json(&case.input),
        Kind::Stream => {
            let randoms = scheme.stream_json(&case.input, deal, case.count.unwrap_or(0))?;
            Ok(json!({ "randoms": randoms }))
        }
        Kind::Generator => {
            let state = case.state.as_ref().unwrap_or(&missing);
            let Some(generator) = scheme.info().hints.generator else {
                return Err(Error::new(
                    "state",
                    ErrorKind::Unsupported {
                        what: "raw generator stage",
                    },
                ));
            };
            let randoms = generator(state, case.count.unwrap_or(0))?;
            Ok(json!({ "randoms": randoms }))
        }
        Kind::Shuffle => {
            scheme.shuffle_json(&case.input, deal, case.randoms.as_ref().unwrap_or(&missing))
        }
        Kind::Deal => scheme.deal_json(&case.input, deal, case.deck.as_ref().unwrap_or(&missing)),
        Kind::Game => {
            let name = case.game.as_deref().unwrap_or_default();
            let game = find_game(scheme, name).ok_or_else(|| {
                Error::new(
                    "game",
                    ErrorKind::Value {
                        got: name.to_owned(),
                        expected: format!("a game of {}", scheme.id()),
                    },
                )
            })?;
            (game.run)(&case.input, case.randoms.as_ref())
        }
    }
}

/// Returns the game of `scheme` called `name`.
pub(crate) fn find_game(scheme: &dyn DynScheme, name: &str) -> Option<&'static Game> {
    scheme.info().games.iter().find(|g| g.name == name)
}
