//! Fills in a vector file's expected values from the code. This is the only
//! writer of expected values: they are never edited by hand.

use fairdeal::DynScheme;

use crate::format::FormatError;
use crate::{ExpectedError, Kind, VectorFile, compute};

/// Returns `file` with every case's `expected` or `error` computed by
/// `scheme` from the case's inputs; ids, numbers, comments and flags stay.
///
/// # Errors
///
/// A case whose outcome contradicts its group: an `invalid` case that is
/// accepted, a `trace` or `stream` case that is refused, or a `game` case
/// naming a game the scheme does not have. Stage cases (`generator`,
/// `shuffle`, `deal`) and `game` cases may expect a refusal of what they are
/// fed.
pub fn regenerate(file: &VectorFile, scheme: &dyn DynScheme) -> Result<VectorFile, FormatError> {
    let mut out = file.clone();
    for group in &mut out.groups {
        for case in &mut group.cases {
            if group.kind == Kind::Game {
                let name = case.game.as_deref().unwrap_or_default();
                if compute::find_game(scheme, name).is_none() {
                    return Err(FormatError(format!(
                        "case {:?}: {} has no game {name:?}",
                        case.id,
                        scheme.id()
                    )));
                }
            }
            let output = compute::output(scheme, group.kind, case);
            (case.expected, case.error) = match (group.kind, output) {
                (Kind::Invalid, Ok(_)) => {
                    return Err(FormatError(format!(
                        "case {:?}: an invalid case, but the input was accepted",
                        case.id
                    )));
                }
                (_, Ok(v)) => (Some(v), None),
                (
                    Kind::Invalid | Kind::Generator | Kind::Shuffle | Kind::Deal | Kind::Game,
                    Err(e),
                ) => (
                    None,
                    Some(ExpectedError {
                        kind: e.kind().code().to_owned(),
                        field: e.field().to_owned(),
                    }),
                ),
                (_, Err(e)) => {
                    return Err(FormatError(format!("case {:?}: refused: {e}", case.id)));
                }
            };
        }
    }
    Ok(out)
}
