//! Turns `--input FILE` and the field flags into the one JSON object a scheme
//! or a game reads (ripgrep's low-to-high argument step).

use std::path::Path;

use fairdeal::core::input::FieldKind;
use fairdeal::core::input::json::parse_json;
use fairdeal::receipt::forms::{self, Named};
use fairdeal::{DynScheme, Error, ErrorKind, Game};
use serde_json::{Map, Value};

use crate::args::{GameCall, ReceiptArgs, SchemeCall, on_command_line};
use crate::error::CliError;
use crate::files::{INPUT_LIMIT, display, read_text};

/// The input object, and what a receipt gives besides it: the fingerprint
/// (checked by `verify`, shown as not checked by `deal`), the player's hand
/// and seat.
pub struct Gathered {
    pub input: Value,
    pub fingerprint: Option<String>,
    pub hand: Option<Value>,
    pub seat: Option<Value>,
    /// The next period's commitment a seed pair's receipt carries: one
    /// receipt cannot check it (`fairdeal history` follows the chain).
    pub next_fingerprint: Option<String>,
}

/// Takes a receipt's `next_fingerprint` out of `object`, checked for its
/// form (64 hex digits): not an input field.
fn take_next_fingerprint(object: &mut Map<String, Value>) -> Result<Option<String>, CliError> {
    let next = fairdeal::receipt::next_fingerprint_of(object)?;
    object.remove(fairdeal::receipt::NEXT_FINGERPRINT);
    Ok(next)
}

/// Returns the input of `call`: the `--input` object (a receipt file may
/// hold the fingerprint, the hand and the seat too), with every field given
/// as a flag put over it.
///
/// # Errors
///
/// A file that cannot be read, is not JSON or not an object; a fingerprint
/// given twice or not as a string; a flag refused as its field would be.
pub fn gather<const VERIFY: bool>(call: &SchemeCall<VERIFY>) -> Result<Gathered, CliError> {
    if let Some(e) = &call.refused {
        return Err(e.clone().into());
    }
    let mut object = match &call.input {
        Some(path) => read_object(path, Named::Scheme(call.scheme))?,
        None => Map::new(),
    };
    let aliases = call.scheme.info().commitment.aliases;
    let fingerprint = flag_over(call.fingerprint.clone(), &mut object, aliases)?;
    // The file's own hand and seat are taken out whether or not a flag
    // replaces them: neither is an input field.
    let (file_hand, file_seat) = (object.remove("hand"), object.remove("seat"));
    let next_fingerprint = take_next_fingerprint(&mut object)?;
    let hand = call.hand.clone().map(Value::String).or(file_hand);
    let seat_flag = call.seat.as_deref().map(seat_value).transpose()?;
    let seat = seat_flag.or(file_seat);
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
        hand,
        seat,
        next_fingerprint,
    })
}

/// Returns the fingerprint: the flag's when it is given, else the file's.
/// Either way the file's own is taken out of the object, under its name and
/// every alias (README: flags given as well override the file).
///
/// # Errors
///
/// Without a flag, the file's fingerprint given twice or not as a string.
fn flag_over(
    flag: Option<String>,
    object: &mut Map<String, Value>,
    aliases: &[&str],
) -> Result<Option<String>, CliError> {
    match flag {
        Some(f) => {
            for name in std::iter::once("fingerprint").chain(aliases.iter().copied()) {
                object.remove(name);
            }
            Ok(Some(f))
        }
        None => take_fingerprint(object, aliases),
    }
}

/// Removes the fingerprint from a receipt object, under its name or one of
/// `aliases`.
///
/// # Errors
///
/// A fingerprint given under two names, or not as a string.
pub fn take_fingerprint(
    object: &mut Map<String, Value>,
    aliases: &[&str],
) -> Result<Option<String>, CliError> {
    let names = std::iter::once("fingerprint").chain(aliases.iter().copied());
    let given: Vec<Value> = names.filter_map(|name| object.remove(name)).collect();
    if given.len() > 1 {
        return Err(CliError::Usage(
            "the input file gives the fingerprint twice, under two names".to_owned(),
        ));
    }
    match given.into_iter().next() {
        None => Ok(None),
        Some(Value::String(f)) => Ok(Some(f)),
        Some(other) => Err(Error::new(
            "fingerprint",
            ErrorKind::Type {
                got: fairdeal::core::input::fields::json_type(&other),
                expected: "64 hexadecimal digits",
            },
        )
        .into()),
    }
}

/// Returns `--seat N` as the JSON number the verdict reads.
fn seat_value(text: &str) -> Result<Value, CliError> {
    text.parse::<u64>().map(Value::from).map_err(|_| {
        Error::new(
            "seat",
            ErrorKind::Value {
                got: text.to_owned(),
                expected: "a seat number, from 0".to_owned(),
            },
        )
        .into()
    })
}

/// Returns the input of a game call (the `--input` object, with every field
/// given as a flag put over it) and the fingerprint, from `--fingerprint` or
/// the receipt file.
///
/// # Errors
///
/// A file that cannot be read, is not JSON or not an object.
pub fn gather_game<const ROLL: bool>(
    call: &GameCall<ROLL>,
    scheme: &'static dyn DynScheme,
) -> Result<(Value, Option<String>), CliError> {
    if let Some(e) = &call.refused {
        return Err(e.clone().into());
    }
    let aliases = scheme.info().commitment.aliases;
    let mut object = match &call.input {
        Some(path) => read_object(path, Named::Game(scheme, call.game))?,
        None => Map::new(),
    };
    let fingerprint = flag_over(call.fingerprint.clone(), &mut object, aliases)?;
    object.extend(call.flags.clone());
    Ok((Value::Object(object), fingerprint))
}

/// Reads the receipt of `path`, in any of its forms, as the input object of
/// what the command line names: the fields, the fingerprint, the hand and
/// the seat (a receipt's `scheme` and `game`, when it gives them, must be
/// the ones named). JSON is read as it always was, refusing a key given
/// twice at any depth (serde_json alone keeps the last: `"client_seed"`
/// given twice would silently hash the second).
fn read_object(path: &Path, named: Named) -> Result<Map<String, Value>, CliError> {
    let name = display(path);
    let text = read_text(path, INPUT_LIMIT)?;
    let read = if forms::is_json(&text) {
        let map = json_object(&name, &text)?;
        if !map.contains_key("scheme") && !map.contains_key("game") {
            return Ok(map);
        }
        forms::from_object(map, Some(named))?
    } else {
        forms::read(&text, Some(named)).map_err(|e| within_file(&name, e))?
    };
    let mut receipt = read.receipt;
    receipt.remove("scheme");
    receipt.remove("game");
    Ok(receipt)
}

/// Reads a receipt of any scheme or game from `path`, in any of its forms,
/// its scheme found from its fields when it does not name it.
///
/// # Errors
///
/// A file that cannot be read; a receipt the facade refuses
/// (`fairdeal::receipt::forms::read`).
pub fn read_any(path: &Path) -> Result<forms::Read, CliError> {
    let name = display(path);
    let text = read_text(path, INPUT_LIMIT)?;
    if forms::is_json(&text) {
        Ok(forms::from_object(json_object(&name, &text)?, None)?)
    } else {
        forms::read(&text, None).map_err(|e| within_file(&name, e))
    }
}

/// Returns the JSON object of a receipt file's text.
fn json_object(name: &str, text: &str) -> Result<Map<String, Value>, CliError> {
    match parse_json(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(CliError::Usage(format!(
            "{name}: the input file must hold one JSON object of the scheme's fields"
        ))),
        // "not valid JSON (...)", or "client_seed: given twice, ...".
        Err(e) => Err(CliError::Usage(format!("{name}: {e}"))),
    }
}

/// Returns a refusal of a receipt file's text: one of the whole file
/// (`receipt`, a line of it) names the file; one of a field is the field's.
fn within_file(name: &str, e: Error) -> CliError {
    if e.field() == "receipt" || e.field().starts_with("receipt ") {
        CliError::Usage(format!("{name}: {e}"))
    } else {
        CliError::Input(e)
    }
}

/// Returns the parts of a receipt read whole (`verify --input FILE`) with
/// the flags given over it: the input object, the fingerprint, the hand
/// and the seat.
///
/// # Errors
///
/// The receipt's fingerprint given twice or not as a string; a `--seat`
/// that is not a number.
pub fn gather_read(read: &forms::Read, flags: &ReceiptArgs) -> Result<Gathered, CliError> {
    let mut object = read.receipt.clone();
    object.remove("scheme");
    object.remove("game");
    let aliases = read.scheme.info().commitment.aliases;
    let fingerprint = flag_over(flags.fingerprint.clone(), &mut object, aliases)?;
    let (file_hand, file_seat) = (object.remove("hand"), object.remove("seat"));
    let next_fingerprint = take_next_fingerprint(&mut object)?;
    let hand = flags.hand.clone().map(Value::String).or(file_hand);
    let seat_flag = flags.seat.as_deref().map(seat_value).transpose()?;
    Ok(Gathered {
        input: Value::Object(object),
        fingerprint,
        hand,
        seat: seat_flag.or(file_seat),
        next_fingerprint,
    })
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
