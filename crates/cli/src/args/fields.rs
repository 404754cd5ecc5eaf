//! Input fields as command-line arguments: one flag (or positional
//! argument) per field, read back as the JSON value of the field; and the
//! flags every scheme and game subcommand shares. Both `deal`/`verify` and
//! `play`/`roll` build their subcommands here, so they take fields alike.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches};
use fairdeal::Error;
use fairdeal::core::input::fields::integer_text;
use fairdeal::core::input::{Field, FieldKind};
use serde_json::Value;

/// Returns the argument of `field`: `--FLAG`, or the positional argument
/// at `position` (from 1).
pub fn arg(field: &Field, position: Option<usize>) -> Arg {
    let arg = Arg::new(field.name).help(field.help);
    let arg = match position {
        Some(index) => arg.index(index).value_name(field.name.to_uppercase()),
        None => arg.long(field.flag()),
    };
    match field.kind {
        FieldKind::Bool => arg.action(ArgAction::SetTrue),
        // Any text: the field's own check names what is wrong with `-1`,
        // `1.5` or `two` (see `integer`), not clap.
        FieldKind::Integer => arg.value_name("N").allow_negative_numbers(true),
        FieldKind::TextPerSeat { .. } => arg
            .value_name("SEAT=TEXT")
            .action(ArgAction::Append)
            .value_parser(seat_text),
        _ => arg.value_name(field.name.to_uppercase()),
    }
}

/// The value given for a field: `None` when it was not given, else the
/// field's JSON value, or the refusal of a text that is no integer (kept
/// until the input is gathered, so that it is reported as the field's own
/// errors are: exit 2, naming the field and what is expected).
pub type Given = Option<Result<Value, Error>>;

/// Returns the value given for `field` in `m` (see [`Given`]).
///
/// # Errors
///
/// A per-seat field whose seats are given twice or not from 0 (see
/// [`texts_by_seat`]).
pub fn value(m: &ArgMatches, field: &Field) -> Result<Given, clap::Error> {
    Ok(match field.kind {
        FieldKind::Bool => m.get_flag(field.name).then_some(Ok(Value::Bool(true))),
        FieldKind::Integer => m
            .get_one::<String>(field.name)
            .map(|text| integer(field, text)),
        FieldKind::TextPerSeat { .. } => m
            .get_many::<(usize, String)>(field.name)
            .map(|given| texts_by_seat(field, given))
            .transpose()?
            .map(Ok),
        _ => m
            .get_one::<String>(field.name)
            .map(|s| Ok(Value::String(s.clone()))),
    })
}

/// Reads an integer flag: a u64 is the field's value, whose range the
/// scheme checks; any other text is refused as the JSON field would be:
/// `-1` or too many digits is out of range, `1.5` or `two` is not an
/// integer (`range`, both), nothing at all is `type`.
fn integer(field: &Field, text: &str) -> Result<Value, Error> {
    integer_text(field.name, text, field.expected).map(Value::from)
}

/// Adds the flags every scheme and game subcommand takes: `--input FILE`
/// (also `--record` where `record` is true) and `--json`.
pub fn shared(cmd: clap::Command, scheme: &str, record: bool) -> clap::Command {
    let input = Arg::new("input")
        .long("input")
        .value_name("FILE")
        .value_parser(clap::value_parser!(PathBuf))
        .help(format!(
            "A JSON object of the inputs, with the field names above, or the receipt as the site \
             gives it (docs/schemes/{scheme}.md); - reads stdin. Flags override it"
        ));
    cmd.arg(if record {
        input.visible_alias("record")
    } else {
        input
    })
    .arg(
        Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help(format!(
                "Print JSON with the field names of docs/schemes/{scheme}.md"
            )),
    )
}

/// Returns `--fingerprint HEX`, also under the site's other names for it.
pub fn fingerprint(aliases: &'static [&'static str]) -> Arg {
    Arg::new("fingerprint")
        .long("fingerprint")
        .value_name("HEX")
        .visible_aliases(aliases)
        .help("The fingerprint shown before play (or \"fingerprint\" in the --input file)")
}

/// Parses one `--number SEAT=TEXT`: a seat number, `=`, then the text as
/// given (it may be empty, or hold `=`).
pub fn seat_text(arg: &str) -> Result<(usize, String), String> {
    let refuse = || {
        "expected SEAT=TEXT: a seat number, then =, then the text (SEAT= for an empty one)"
            .to_owned()
    };
    let (seat, text) = arg.split_once('=').ok_or_else(refuse)?;
    if seat.is_empty() || !seat.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refuse());
    }
    let seat = seat.parse().map_err(|_| refuse())?;
    Ok((seat, text.to_owned()))
}

/// Returns the texts given as `--FLAG SEAT=TEXT` as a list by seat. Every
/// seat from 0 to the highest given must be there once: the scheme checks
/// how many seats its game has.
fn texts_by_seat<'a>(
    field: &Field,
    given: impl Iterator<Item = &'a (usize, String)>,
) -> Result<Value, clap::Error> {
    let refuse = |message: String| {
        clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            format!("--{}: {message}", field.flag()),
        )
    };
    let mut by_seat = BTreeMap::new();
    for (seat, text) in given {
        if by_seat.insert(*seat, text.clone()).is_some() {
            return Err(refuse(format!(
                "seat {seat} is given twice, expected each seat once"
            )));
        }
    }
    if let Some(missing) = (0..)
        .zip(by_seat.keys())
        .find_map(|(i, &s)| (i != s).then_some(i))
    {
        return Err(refuse(format!(
            "seat {missing} is missing, expected every seat from 0 (give --{} {missing}=TEXT, or {missing}= for an empty one)",
            field.flag()
        )));
    }
    Ok(Value::Array(
        by_seat.into_values().map(Value::String).collect(),
    ))
}
