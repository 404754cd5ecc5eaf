//! Turns `--input FILE` and the field flags into the one JSON object a scheme
//! or a game reads (ripgrep's low-to-high argument step).

use std::path::Path;

use fairdeal::core::FieldKind;
use fairdeal::core::fields::parse_json;
use fairdeal::{DynScheme, Error, ErrorKind, Game};
use serde_json::{Map, Value};

use crate::args::{GameCall, SchemeCall, on_command_line};
use crate::error::CliError;
use crate::files::{INPUT_LIMIT, display, read_text};

/// The input object and, for `verify`, the fingerprint to check.
pub struct Gathered {
    pub input: Value,
    pub fingerprint: Option<String>,
}

/// Returns the input of `call`: the `--input` object, with every field given
/// as a flag put over it.
///
/// # Errors
///
/// A file that cannot be read, is not JSON or not an object, and (verify
/// only) a `fingerprint` in the file that is not a string.
pub fn gather<const VERIFY: bool>(call: &SchemeCall<VERIFY>) -> Result<Gathered, CliError> {
    if let Some(e) = &call.refused {
        return Err(e.clone().into());
    }
    let mut object = match &call.input {
        Some(path) => read_object(path)?,
        None => Map::new(),
    };
    let mut fingerprint = call.fingerprint.clone();
    if VERIFY {
        let names = std::iter::once("fingerprint")
            .chain(call.scheme.info().commitment.aliases.iter().copied());
        let given: Vec<Value> = names.filter_map(|name| object.remove(name)).collect();
        if given.len() > 1 {
            return Err(CliError::Usage(
                "the input file gives the fingerprint twice, under two names".to_owned(),
            ));
        }
        if let Some(f) = given.into_iter().next() {
            let Value::String(f) = f else {
                return Err(Error::new(
                    "fingerprint",
                    ErrorKind::Type {
                        got: "not a string",
                        expected: "64 hexadecimal digits",
                    },
                )
                .into());
            };
            fingerprint.get_or_insert(f);
        }
    }
    if !call.extras.is_empty() {
        let expanded = match call.scheme.info().cli.expand {
            Some(expand) => expand(&call.extras).map_err(|e| hint(call.scheme, e))?,
            None => call.extras.clone(),
        };
        object.extend(expanded);
    }
    object.extend(call.flags.clone());
    Ok(Gathered {
        input: Value::Object(object),
        fingerprint,
    })
}

/// Returns the input of a game call: the `--input` object, with every field
/// given as a flag put over it.
///
/// # Errors
///
/// A file that cannot be read, is not JSON or not an object.
pub fn gather_game<const ROLL: bool>(call: &GameCall<ROLL>) -> Result<Value, CliError> {
    if let Some(e) = &call.refused {
        return Err(e.clone().into());
    }
    let mut object = match &call.input {
        Some(path) => read_object(path)?,
        None => Map::new(),
    };
    object.extend(call.flags.clone());
    Ok(Value::Object(object))
}

/// Reads the JSON object of `path`, refusing a key given twice at any
/// depth (serde_json alone keeps the last: `"client_seed"` given twice
/// would silently hash the second).
fn read_object(path: &Path) -> Result<Map<String, Value>, CliError> {
    let name = display(path);
    let text = read_text(path, INPUT_LIMIT)?;
    match parse_json(&text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(CliError::Usage(format!(
            "{name}: the input file must hold one JSON object of the scheme's fields"
        ))),
        // "not valid JSON (...)", or "client_seed: given twice, ...".
        Err(e) => Err(CliError::Usage(format!("{name}: {e}"))),
    }
}

/// Adds to a missing field's error how to give it on the command line.
pub fn hint(scheme: &dyn DynScheme, e: Error) -> CliError {
    let Some((field, at)) = on_command_line(scheme)
        .into_iter()
        .find(|(f, _)| f.name == e.field())
    else {
        return CliError::Input(e);
    };
    let given_as = match (field.kind, at) {
        (FieldKind::TextPerSeat { flag }, _) => format!("--{flag} SEAT=TEXT for each seat from 0"),
        (_, Some(_)) => format!("the {} argument", field.name.to_uppercase()),
        (_, None) => format!("--{}", field.flag()),
    };
    missing(e, &given_as, field.name)
}

/// Adds to a game's missing field's error how to give it.
pub fn hint_game(game: &Game, e: Error) -> CliError {
    match game.fields.iter().find(|f| f.name == e.field()) {
        Some(field) => missing(e, &format!("--{}", field.flag()), field.name),
        None => CliError::Input(e),
    }
}

/// A missing field's error with how to give it (`given_as`) or where to put
/// it in the input file; any other error as it is.
fn missing(e: Error, given_as: &str, name: &str) -> CliError {
    match e.kind() {
        ErrorKind::Missing { .. } => CliError::Usage(format!(
            "{e} (give {given_as}, or \"{name}\" in the --input file)"
        )),
        _ => CliError::Input(e),
    }
}
