//! A receipt in the forms the sites give it, read by one parser for the
//! CLI (`fairdeal verify --input FILE`), the web package (`readReceipt`)
//! and anything else that takes a pasted receipt:
//!
//! - **JSON**: one object, the form of a batch line (`{"scheme": ...,
//!   "seed": ..., "fingerprint": ...}`), with or without its `scheme`;
//! - **command**: the site's own verifier command, as its page gives it
//!   (`python3 verify_deal.py HOUSE_SEED 'phrase' --hands 7 --patterns
//!   ...`), quoted as a shell quotes it; lines below it are read as labels;
//! - **labels**: one `Label: value` line per field, as the site's page shows
//!   them (`Server seed: ...`, `Client seed: ...`, `Nonce: 3`).
//!
//! The words are data of each scheme ([`Forms`](fairdeal_core::info::Forms)
//! in its INFO): the labels its page puts before each value, besides the
//! field's own name, and its verifier command. Nothing here names a scheme.
//! When the receipt does not name its scheme (nor the caller), it is the one
//! scheme, or game, whose fields the receipt's names fit best; a tie is
//! refused, naming the candidates.
//!
//! A value is taken exactly as given: after a label's colon, one space (or
//! tab) is the separator and the rest of the line, trailing spaces
//! included, is the value (the commitment is over exact text). Numbers and
//! true/false are read whatever spaces surround them.

use std::collections::BTreeMap;
use std::fmt;

use fairdeal_core::info::SiteCommand;
use fairdeal_core::input::fields::{integer_text, json_type};
use fairdeal_core::input::json::parse_json;
use fairdeal_core::input::{Field, FieldKind};
use fairdeal_core::{DynScheme, Error, ErrorKind, Game};
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::INPUT_LIMIT;

/// The most lines a receipt of labels (or a command and its labels) may
/// hold: a receipt has a line per field.
pub const MAX_LINES: usize = 256;

/// The most words a command line may hold: the site's command has a dozen.
pub const MAX_WORDS: usize = 1024;

/// What a receipt that lacks its fingerprint asks for, by this name.
pub const FINGERPRINT_ASK: &str = "the fingerprint the app showed before play";

/// The form a receipt was given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// One JSON object.
    Json,
    /// The site's verifier command (and label lines below it).
    Command,
    /// `Label: value` lines.
    Labels,
}

/// Something a receipt lacks that the player can give, and where they saw
/// it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ask {
    /// The receipt's field (`fingerprint`).
    pub field: &'static str,
    /// What to ask the player for, by this name
    /// ([`FINGERPRINT_ASK`]).
    pub ask: &'static str,
    /// Where the player saw it (the scheme's
    /// [`Forms::seen`](fairdeal_core::info::Forms::seen)).
    #[serde(rename = "where")]
    pub seen: &'static str,
}

/// What the command line (or a caller) names, when it does: the receipt
/// must then be of it, and nothing is guessed.
#[derive(Clone, Copy)]
pub enum Named {
    /// A scheme's receipt (`fairdeal verify SCHEME`): its games' receipts
    /// are not taken.
    Scheme(&'static dyn DynScheme),
    /// A game's receipt (`fairdeal play GAME`, `fairdeal roll GAME`).
    Game(&'static dyn DynScheme, &'static Game),
}

impl fmt::Debug for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Scheme(s) => write!(f, "Scheme({})", s.id()),
            Self::Game(s, g) => write!(f, "Game({}, {})", s.id(), g.name),
        }
    }
}

/// A receipt read: its scheme (and game), the form it came in, and the
/// receipt as one JSON object, the form a batch line has.
#[derive(Clone)]
pub struct Read {
    /// The scheme, named or guessed.
    pub scheme: &'static dyn DynScheme,
    /// The game, for a game's receipt.
    pub game: Option<&'static Game>,
    /// The form it was given in.
    pub form: Form,
    /// The receipt as a batch line gives it: `scheme` first, `game` for a
    /// game, the fields, and `fingerprint`, `hand`, `seat` when given. A
    /// JSON receipt keeps its keys and values as given.
    pub receipt: Map<String, Value>,
    /// What the receipt lacks that the player must give (its fingerprint).
    pub missing: Vec<Ask>,
}

impl fmt::Debug for Read {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Read")
            .field("scheme", &self.scheme.id())
            .field("game", &self.game.map(|g| g.name))
            .field("form", &self.form)
            .field("receipt", &self.receipt)
            .field("missing", &self.missing)
            .finish()
    }
}

impl Read {
    /// Returns it as the web package's `readReceipt` does: `{scheme, game?,
    /// form, receipt, missing}`.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("scheme".to_owned(), json!(self.scheme.id()));
        if let Some(game) = self.game {
            out.insert("game".to_owned(), json!(game.name));
        }
        out.insert("form".to_owned(), json!(self.form));
        out.insert("receipt".to_owned(), Value::Object(self.receipt.clone()));
        out.insert("missing".to_owned(), json!(self.missing));
        Value::Object(out)
    }
}

/// Returns whether `text` is JSON by its look: its first character past
/// spaces and line breaks (and a byte-order mark) opens an object or a
/// list. Every other text is read as a command or labels.
pub fn is_json(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    matches!(text.trim_start().chars().next(), Some('{' | '['))
}

/// Reads a receipt in any of its forms (see the module's docs).
///
/// # Errors
///
/// Text over [`INPUT_LIMIT`] bytes (field `receipt`), or over
/// [`MAX_LINES`] lines or [`MAX_WORDS`] words, refused before it is read;
/// JSON that does not parse or is not an object; a command whose quotes do
/// not close, whose flag is unknown or whose value is refused; a line with
/// no label, a label no scheme knows, a field given twice; a scheme or game
/// named that the receipt is not of; names that fit two schemes equally.
pub fn read(text: &str, named: Option<Named>) -> Result<Read, Error> {
    if u64::try_from(text.len()).unwrap_or(u64::MAX) > INPUT_LIMIT {
        return Err(Error::new(
            "receipt",
            ErrorKind::Value {
                got: format!("more than {INPUT_LIMIT} bytes"),
                expected: "a receipt of a few KiB at most".to_owned(),
            },
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Error::new(
            "receipt",
            ErrorKind::Missing {
                expected: "the receipt: a JSON object, the site's command, or `Label: value` lines",
            },
        ));
    }
    if is_json(text) {
        return match parse_json(text).map_err(|e| e.within("receipt"))? {
            Value::Object(object) => from_object(object, named),
            other => Err(Error::new(
                "receipt",
                ErrorKind::Type {
                    got: json_type(&other),
                    expected: "an object: the receipt's fields",
                },
            )),
        };
    }
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() > MAX_LINES {
        return Err(Error::new(
            "receipt",
            ErrorKind::Count {
                got: lines.len(),
                expected: format!("at most {MAX_LINES} lines, one per field"),
            },
        ));
    }
    let lines: Vec<&str> = lines
        .into_iter()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let candidates = candidates(named);
    if let Some((command, first)) = find_command(&lines, &candidates) {
        return read_command(&lines, first, command, &candidates);
    }
    read_labels(&numbered(&lines, 0), &candidates, Form::Labels, Map::new())
}

/// Reads a receipt given as a JSON object (the CLI reads a file's JSON
/// itself, to keep its messages): its `scheme` and `game` when it names
/// them, else the scheme whose fields its keys fit best.
///
/// # Errors
///
/// A `scheme` or `game` that is not a registered one's name, or not the one
/// named; keys that fit two schemes equally, or none.
pub fn from_object(object: Map<String, Value>, named: Option<Named>) -> Result<Read, Error> {
    let mut pool = candidates(named);
    if let Some(value) = object.get("scheme") {
        let id = match value {
            Value::String(id) => id.as_str(),
            other => {
                return Err(Error::new(
                    "scheme",
                    ErrorKind::Type {
                        got: json_type(other),
                        expected: "the scheme's id",
                    },
                ));
            }
        };
        pool.retain(|c| c.scheme.id() == id);
        if pool.is_empty() {
            return Err(refused_scheme(id, named));
        }
    }
    match object.get("game") {
        Some(Value::String(name)) => {
            pool.retain(|c| c.game.is_some_and(|g| g.name == name));
            if pool.is_empty() {
                return Err(refused_game(name, named));
            }
        }
        Some(other) => {
            return Err(Error::new(
                "game",
                ErrorKind::Type {
                    got: json_type(other),
                    expected: "a game's name",
                },
            ));
        }
        // A named game's receipt need not say it again.
        None if !matches!(named, Some(Named::Game(..))) => pool.retain(|c| c.game.is_none()),
        None => {}
    }
    let chosen = if pool.len() == 1 {
        pool[0]
    } else {
        let names: Vec<Name> = object
            .keys()
            .filter(|k| !matches!(k.as_str(), "scheme" | "game"))
            .map(|k| Name::Key(k.as_str()))
            .collect();
        best(&pool, &names)?
    };
    let mut receipt = Map::new();
    receipt.insert("scheme".to_owned(), json!(chosen.scheme.id()));
    if let Some(game) = chosen.game {
        receipt.insert("game".to_owned(), json!(game.name));
    }
    receipt.extend(
        object
            .into_iter()
            .filter(|(k, _)| !matches!(k.as_str(), "scheme" | "game")),
    );
    Ok(finish(chosen, Form::Json, receipt))
}

/// A scheme, or one of its games, that a receipt may be of.
#[derive(Clone, Copy)]
struct Candidate {
    scheme: &'static dyn DynScheme,
    game: Option<&'static Game>,
}

impl Candidate {
    /// The input fields.
    fn fields(self) -> &'static [Field] {
        self.game.map_or(self.scheme.info().fields, |g| g.fields)
    }

    /// How a message names it: `hmac-blackjack` or `mines (hmac-blackjack)`.
    fn name(self) -> String {
        match self.game {
            Some(g) => format!("{} ({})", g.name, self.scheme.id()),
            None => self.scheme.id().to_owned(),
        }
    }

    /// Returns where the value of `name` goes, if this candidate knows it.
    fn resolve(self, name: Name) -> Option<Target> {
        let info = self.scheme.info();
        match name {
            Name::Key(key) => {
                if key == "fingerprint" || info.commitment.aliases.contains(&key) {
                    return Some(Target::Fingerprint);
                }
                if self.game.is_none() && matches!(key, "hand" | "seat") {
                    return Some(Target::Own(if key == "hand" { "hand" } else { "seat" }));
                }
                self.fields()
                    .iter()
                    .find(|f| f.name == key)
                    .map(Target::Field)
            }
            Name::Label(label, seat) => {
                let is = |words: &[&str]| words.iter().any(|w| normalised(w) == label);
                let labelled = |field: &str| {
                    info.forms
                        .labels
                        .iter()
                        .any(|l| l.field == field && is(l.words))
                };
                if seat.is_none() {
                    if label == "fingerprint"
                        || is(info.commitment.aliases)
                        || labelled("fingerprint")
                    {
                        return Some(Target::Fingerprint);
                    }
                    if self.game.is_none() {
                        if is(&["hand", "your hand", "your cards"]) {
                            return Some(Target::Own("hand"));
                        }
                        if is(&["seat", "your seat"]) {
                            return Some(Target::Own("seat"));
                        }
                    }
                }
                self.fields()
                    .iter()
                    .filter(|f| matches!(f.kind, FieldKind::TextPerSeat { .. }) == seat.is_some())
                    .find(|f| normalised(f.name) == label || labelled(f.name))
                    .map(Target::Field)
            }
        }
    }
}

/// A name a receipt gives a value: a JSON key as it is, or a label line's
/// words (normalised) with the seat number that follows them.
#[derive(Clone, Copy, Debug)]
enum Name<'a> {
    Key(&'a str),
    Label(&'a str, Option<usize>),
}

/// Where a value goes.
#[derive(Clone, Copy)]
enum Target {
    Field(&'static Field),
    Fingerprint,
    /// `hand` or `seat`.
    Own(&'static str),
}

/// Returns the schemes and games a receipt may be of.
fn candidates(named: Option<Named>) -> Vec<Candidate> {
    match named {
        Some(Named::Scheme(scheme)) => vec![Candidate { scheme, game: None }],
        Some(Named::Game(scheme, game)) => vec![Candidate {
            scheme,
            game: Some(game),
        }],
        None => crate::SCHEMES
            .iter()
            .flat_map(|&scheme| {
                std::iter::once(Candidate { scheme, game: None }).chain(
                    scheme.info().games.iter().map(move |g| Candidate {
                        scheme,
                        game: Some(g),
                    }),
                )
            })
            .collect(),
    }
}

/// Returns the candidate whose fields the names fit best: most names
/// known, then whether it lacks none of its required fields (a receipt of
/// server seed, client seed and nonce fits a scheme that needs no more
/// better than one that also needs a count of players; a lone seed, which
/// lacks fields of both schemes that take one, still fits both alike); among a scheme's own
/// receipt and its games', the scheme's own where it knows as many.
///
/// # Errors
///
/// No candidate knows any name; two schemes (or two games of one) fit
/// alike.
fn best(pool: &[Candidate], names: &[Name]) -> Result<Candidate, Error> {
    let known = |c: &Candidate| names.iter().filter(|&&n| c.resolve(n).is_some()).count();
    let lacking = |c: &Candidate| {
        let given: Vec<&str> = names
            .iter()
            .filter_map(|&n| match c.resolve(n) {
                Some(Target::Field(f)) => Some(f.name),
                _ => None,
            })
            .collect();
        c.fields()
            .iter()
            .filter(|f| f.required && !given.contains(&f.name))
            .count()
    };
    // Higher is better: the names known, then a complete receipt.
    let score = |c: &Candidate| (known(c), lacking(c) == 0);
    let top_score = pool.iter().map(score).max();
    let top = top_score.map_or(0, |(k, _)| k);
    let fits: Vec<Candidate> = pool
        .iter()
        .copied()
        .filter(|c| Some(score(c)) == top_score)
        .collect();
    let own: Vec<Candidate> = fits.iter().copied().filter(|c| c.game.is_none()).collect();
    let chosen = match (top, own.as_slice(), fits.as_slice()) {
        (0, ..) => None,
        (_, [one], _) if fits.iter().all(|c| c.scheme.id() == one.scheme.id()) => Some(*one),
        (_, [], [one]) => Some(*one),
        _ => None,
    };
    chosen.ok_or_else(|| {
        let listed = match (top, own.is_empty()) {
            (0, _) => pool.iter().copied().filter(|c| c.game.is_none()).collect(),
            (_, false) => own,
            (_, true) => fits,
        };
        let names: Vec<String> = listed.iter().map(|c| c.name()).collect();
        Error::new(
            "scheme",
            ErrorKind::Value {
                got: if top == 0 {
                    "a receipt whose fields fit no scheme".to_owned()
                } else {
                    format!("a receipt whose fields fit {}", names.join(" and "))
                },
                expected: format!(
                    "the scheme named (`fairdeal verify SCHEME`, \"scheme\" in JSON, \
                     a `Scheme:` line): one of {}",
                    names.join(", ")
                ),
            },
        )
    })
}

/// Returns the refusal of a scheme id a receipt gives.
fn refused_scheme(id: &str, named: Option<Named>) -> Error {
    let expected = match named {
        Some(Named::Scheme(s) | Named::Game(s, _)) => {
            format!("{}, the scheme named on the command line", s.id())
        }
        None => format!(
            "one of {}",
            crate::SCHEMES
                .iter()
                .map(|s| s.id())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Error::new(
        "scheme",
        ErrorKind::Value {
            got: id.to_owned(),
            expected,
        },
    )
}

/// Returns the refusal of a game name a receipt gives.
fn refused_game(name: &str, named: Option<Named>) -> Error {
    let expected = match named {
        Some(Named::Scheme(s)) => format!(
            "no game: `fairdeal verify {}` checks its deal; `fairdeal play` and `fairdeal roll` \
             its games",
            s.id()
        ),
        Some(Named::Game(_, g)) => format!("{}, the game named on the command line", g.name),
        None => format!(
            "one of {}",
            crate::games()
                .map(|(_, g)| g.name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Error::new(
        "game",
        ErrorKind::Value {
            got: name.to_owned(),
            expected,
        },
    )
}

/// Returns the read receipt, with what it lacks.
fn finish(chosen: Candidate, form: Form, receipt: Map<String, Value>) -> Read {
    let info = chosen.scheme.info();
    let has_fingerprint = receipt.contains_key("fingerprint")
        || info
            .commitment
            .aliases
            .iter()
            .any(|a| receipt.contains_key(*a));
    let missing = if has_fingerprint {
        Vec::new()
    } else {
        vec![Ask {
            field: "fingerprint",
            ask: FINGERPRINT_ASK,
            seen: info.forms.seen,
        }]
    };
    Read {
        scheme: chosen.scheme,
        game: chosen.game,
        form,
        receipt,
        missing,
    }
}

/// Returns a label's words as they are compared: lower case, `_` and `-`
/// read as spaces, runs of spaces as one, none at the ends.
fn normalised(words: &str) -> String {
    words
        .to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Returns lines with their numbers (from 1), from index `from`.
fn numbered<'a>(lines: &[&'a str], from: usize) -> Vec<(usize, &'a str)> {
    lines
        .iter()
        .enumerate()
        .skip(from)
        .map(|(i, l)| (i + 1, *l))
        .collect()
}

/// Returns the site command the receipt starts with, and the index of its
/// first line: its first words past blank lines, the command's label and a
/// shell prompt (`$`) are a candidate's script, or an interpreter and the
/// script.
fn find_command(lines: &[&str], pool: &[Candidate]) -> Option<(SiteCommand, usize)> {
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let mut seen: Vec<SiteCommand> = Vec::new();
    for c in pool {
        if let Some(command) = c.scheme.info().forms.command {
            if !seen.contains(&command) {
                seen.push(command);
            }
        }
    }
    seen.into_iter()
        .find(|command| {
            let words: Vec<&str> = command_text(lines[first], command)
                .split_whitespace()
                .take(3)
                .collect();
            let words = match words.split_first() {
                Some((&"$", rest)) => rest,
                _ => &words[..],
            };
            let script = match words {
                [interpreter, script, ..] if command.interpreters.contains(interpreter) => {
                    Some(*script)
                }
                [script, ..] => Some(*script),
                [] => None,
            };
            script.is_some_and(|s| is_script(s, command))
        })
        .map(|command| (command, first))
}

/// Returns a line with the command's label (`Command for the verifier
/// script:`) taken off its start, when it has it.
fn command_text<'a>(line: &'a str, command: &SiteCommand) -> &'a str {
    match line.split_once(':') {
        Some((label, rest)) if normalised(label) == normalised(command.label) => rest,
        _ => line,
    }
}

/// Returns whether `word` names the command's script, in any folder.
fn is_script(word: &str, command: &SiteCommand) -> bool {
    word.rsplit('/').next() == Some(command.script)
}

/// Reads the site's command from line `first` (and the lines it continues
/// on with a `\` at their end), then the lines below it as labels.
fn read_command(
    lines: &[&str],
    first: usize,
    command: SiteCommand,
    pool: &[Candidate],
) -> Result<Read, Error> {
    let mut end = first;
    while lines[end].ends_with('\\') && end + 1 < lines.len() {
        end += 1;
    }
    let mut text = command_text(lines[first], &command).to_owned();
    for line in &lines[first + 1..=end] {
        text.push('\n');
        text.push_str(line);
    }
    let count = text.split_whitespace().count();
    if count > MAX_WORDS {
        return Err(Error::new(
            "receipt",
            ErrorKind::Count {
                got: count,
                expected: format!("a command of at most {MAX_WORDS} words"),
            },
        ));
    }
    let words = shell_words::split(&text).map_err(|shell_words::ParseError| {
        Error::new(
            "receipt",
            ErrorKind::Value {
                got: "a command whose quotes do not close".to_owned(),
                expected: format!(
                    "{} as the site gives it, each quote closed: 'the phrase'",
                    command.name
                ),
            },
        )
    })?;
    let mut words = words.iter().map(String::as_str).peekable();
    words.next_if_eq(&"$");
    if words
        .peek()
        .is_some_and(|w| command.interpreters.contains(w))
    {
        words.next();
    }
    words.next();
    let scheme = pool
        .iter()
        .map(|c| c.scheme)
        .find(|s| s.info().forms.command == Some(command))
        .ok_or_else(|| {
            Error::new(
                "receipt",
                ErrorKind::Missing {
                    expected: "a scheme",
                },
            )
        })?;
    let chosen = Candidate { scheme, game: None };
    let mut receipt = Map::new();
    receipt.insert("scheme".to_owned(), json!(scheme.id()));
    receipt.extend(arguments(scheme, &words.collect::<Vec<_>>(), &command)?);
    read_labels(&numbered(lines, end + 1), &[chosen], Form::Command, receipt)
}

/// Returns the input fields of the command's arguments, read as the CLI
/// reads the scheme's: the positional fields in order, `--FLAG VALUE` (or
/// `--FLAG=VALUE`) for the others and the scheme's extras, `--FLAG` alone
/// for true; `--fingerprint` (or an alias) too; the extras turned into
/// fields by the scheme.
fn arguments(
    scheme: &'static dyn DynScheme,
    words: &[&str],
    command: &SiteCommand,
) -> Result<Map<String, Value>, Error> {
    let info = scheme.info();
    let extras = info.cli.extras;
    let taken: Vec<&'static Field> = info
        .fields
        .iter()
        .filter(|f| f.kind != FieldKind::Json && !extras.iter().any(|e| e.name == f.name))
        .chain(extras)
        .collect();
    let flags: Vec<&Field> = taken
        .iter()
        .copied()
        .filter(|f| !info.cli.positional.contains(&f.name))
        .collect();
    let positional: Vec<&Field> = info
        .cli
        .positional
        .iter()
        .filter_map(|name| taken.iter().copied().find(|f| f.name == *name))
        .collect();
    let flag_names = || {
        let mut names: Vec<String> = flags.iter().map(|f| format!("--{}", f.flag())).collect();
        names.push("--fingerprint".to_owned());
        names.join(", ")
    };
    let (mut fields, mut given_extras) = (Map::new(), Map::new());
    let mut per_seat: BTreeMap<&str, BTreeMap<usize, String>> = BTreeMap::new();
    let mut at = 0;
    let mut words = words.iter().copied();
    let mut only_positional = false;
    while let Some(word) = words.next() {
        let Some(flag) = word.strip_prefix("--").filter(|_| !only_positional) else {
            let field = positional.get(at).ok_or_else(|| {
                Error::new(
                    "receipt",
                    ErrorKind::Value {
                        got: format!("the argument {word}"),
                        expected: format!(
                            "{} arguments ({}), then the flags {}",
                            positional.len(),
                            positional
                                .iter()
                                .map(|f| f.name.to_uppercase())
                                .collect::<Vec<_>>()
                                .join(" "),
                            flag_names()
                        ),
                    },
                )
            })?;
            at += 1;
            fields.insert(field.name.to_owned(), Value::String(word.to_owned()));
            continue;
        };
        if flag.is_empty() {
            only_positional = true;
            continue;
        }
        let (flag, inline) = match flag.split_once('=') {
            Some((f, v)) => (f, Some(v)),
            None => (flag, None),
        };
        let mut value = || {
            inline
                .map(str::to_owned)
                .or_else(|| words.next().map(str::to_owned))
                .ok_or_else(|| {
                    Error::new(
                        format!("--{flag}"),
                        ErrorKind::Missing {
                            expected: "a value after the flag",
                        },
                    )
                })
        };
        if flag == "fingerprint" || info.commitment.aliases.contains(&flag) {
            let v = value()?;
            if fields
                .insert("fingerprint".to_owned(), Value::String(v))
                .is_some()
            {
                return Err(twice("fingerprint"));
            }
            continue;
        }
        let field = flags.iter().find(|f| f.flag() == flag).ok_or_else(|| {
            Error::new(
                format!("--{flag}"),
                ErrorKind::Unknown {
                    expected: format!("the flags of {}: {}", command.name, flag_names()),
                },
            )
        })?;
        let into = if extras.iter().any(|e| e.name == field.name) {
            &mut given_extras
        } else {
            &mut fields
        };
        let v = match field.kind {
            FieldKind::Bool => match inline {
                None => Value::Bool(true),
                Some(text) => boolean(field, text)?,
            },
            FieldKind::Integer => integer(field, &value()?)?,
            FieldKind::TextPerSeat { .. } => {
                let text = value()?;
                let (seat, text) = seat_text(field, &text)?;
                if per_seat
                    .entry(field.name)
                    .or_default()
                    .insert(seat, text)
                    .is_some()
                {
                    return Err(twice(&format!("{}[{seat}]", field.name)));
                }
                continue;
            }
            _ => Value::String(value()?),
        };
        if into.insert(field.name.to_owned(), v).is_some() {
            return Err(twice(field.name));
        }
    }
    for (name, by_seat) in per_seat {
        fields.insert(name.to_owned(), by_seat_list(name, by_seat)?);
    }
    let mut out = Map::new();
    let fingerprint = fields.remove("fingerprint");
    out.extend(fields);
    if let Some(expand) = info.cli.expand {
        out.extend(expand(&given_extras)?);
    } else {
        out.extend(given_extras);
    }
    if let Some(f) = fingerprint {
        out.insert("fingerprint".to_owned(), f);
    }
    Ok(out)
}

/// Reads `Label: value` lines into `receipt` (which the command form has
/// begun), for the candidate whose fields the labels fit best.
fn read_labels(
    lines: &[(usize, &str)],
    pool: &[Candidate],
    form: Form,
    mut receipt: Map<String, Value>,
) -> Result<Read, Error> {
    struct Line<'a> {
        number: usize,
        label: String,
        seat: Option<usize>,
        value: &'a str,
    }
    let mut read = Vec::new();
    for &(number, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        // The first colon or tab ends the label (a label holds neither).
        let (label, value) = match line.find([':', '\t']).map(|at| line.split_at(at)) {
            Some((label, rest)) if rest.starts_with(':') => (label, strip_one_space(&rest[1..])),
            Some((label, rest)) => (label, rest.trim_start_matches('\t')),
            None => {
                return Err(Error::new(
                    format!("receipt line {number}"),
                    ErrorKind::Value {
                        got: line.to_owned(),
                        expected: format!(
                            "a line `Label: value`, with a label of the receipt's page ({})",
                            known_labels(pool)
                        ),
                    },
                ));
            }
        };
        let label = normalised(label);
        let (label, seat) = split_seat(&label);
        read.push(Line {
            number,
            label,
            seat,
            value,
        });
    }
    // `Scheme:` and `Game:` lines choose among the candidates.
    let mut pool: Vec<Candidate> = pool.to_vec();
    for line in &read {
        match (line.label.as_str(), line.seat) {
            ("scheme", None) => {
                let id = line.value.trim();
                pool.retain(|c| c.scheme.id() == id);
                if pool.is_empty() {
                    return Err(refused_scheme(id, None));
                }
            }
            ("game", None) => {
                let name = line.value.trim();
                pool.retain(|c| c.game.is_some_and(|g| g.name == name));
                if pool.is_empty() {
                    return Err(refused_game(name, None));
                }
            }
            _ => {}
        }
    }
    let read: Vec<Line> = read
        .into_iter()
        .filter(|l| !(l.seat.is_none() && matches!(l.label.as_str(), "scheme" | "game")))
        .collect();
    let names: Vec<Name> = read
        .iter()
        .map(|l| Name::Label(l.label.as_str(), l.seat))
        .collect();
    let chosen = if pool.len() == 1 {
        pool[0]
    } else {
        best(&pool, &names)?
    };
    if !receipt.contains_key("scheme") {
        receipt.insert("scheme".to_owned(), json!(chosen.scheme.id()));
    }
    if let Some(game) = chosen.game {
        receipt.insert("game".to_owned(), json!(game.name));
    }
    let mut fields = Map::new();
    let mut per_seat: BTreeMap<&str, BTreeMap<usize, String>> = BTreeMap::new();
    for (line, name) in read.iter().zip(&names) {
        let target = chosen.resolve(*name).ok_or_else(|| {
            let shown = match line.seat {
                Some(seat) => format!("{} {seat}", line.label),
                None => line.label.clone(),
            };
            Error::new(
                format!("receipt line {}", line.number),
                ErrorKind::Value {
                    got: shown,
                    expected: format!(
                        "a label of {}'s receipt: {}",
                        chosen.name(),
                        known_labels(&[chosen])
                    ),
                },
            )
        })?;
        let (key, value) = match target {
            Target::Fingerprint => ("fingerprint", Value::String(line.value.to_owned())),
            Target::Own("seat") => ("seat", integer(&SEAT, line.value)?),
            Target::Own(own) => (own, Value::String(line.value.to_owned())),
            Target::Field(field) => match (field.kind, line.seat) {
                (FieldKind::TextPerSeat { .. }, Some(seat)) => {
                    if per_seat
                        .entry(field.name)
                        .or_default()
                        .insert(seat, line.value.to_owned())
                        .is_some()
                    {
                        return Err(twice(&format!("{}[{seat}]", field.name)));
                    }
                    continue;
                }
                _ => (field.name, value_of(field, line.value)?),
            },
        };
        if receipt.contains_key(key) || fields.insert(key.to_owned(), value).is_some() {
            return Err(twice(key));
        }
    }
    for (name, by_seat) in per_seat {
        if receipt.contains_key(name) {
            return Err(twice(name));
        }
        fields.insert(name.to_owned(), by_seat_list(name, by_seat)?);
    }
    // The fields in the order the scheme lists them, then the rest.
    for field in chosen.fields() {
        if let Some(v) = fields.remove(field.name) {
            receipt.insert(field.name.to_owned(), v);
        }
    }
    for own in ["fingerprint", "hand", "seat"] {
        if let Some(v) = fields.remove(own) {
            if receipt.insert(own.to_owned(), v).is_some() {
                return Err(twice(own));
            }
        }
    }
    if receipt.len() <= 1 + usize::from(chosen.game.is_some()) {
        return Err(Error::new(
            "receipt",
            ErrorKind::Missing {
                expected: "the receipt: a JSON object, the site's command, or `Label: value` lines",
            },
        ));
    }
    Ok(finish(chosen, form, receipt))
}

/// The player's seat as a label gives it.
const SEAT: Field = Field {
    name: "seat",
    kind: FieldKind::Integer,
    required: false,
    help: "",
    expected: "a seat number, from 0",
    rule: fairdeal_core::input::Rule::Any,
};

/// Returns the labels the candidates know, for a message.
fn known_labels(pool: &[Candidate]) -> String {
    let mut labels: Vec<String> = Vec::new();
    for c in pool {
        let info = c.scheme.info();
        for field in c.fields() {
            let own = info
                .forms
                .labels
                .iter()
                .filter(|l| l.field == field.name)
                .flat_map(|l| l.words.iter().map(|w| (*w).to_owned()));
            labels.extend(own);
            labels.push(field.name.replace('_', " "));
        }
        labels.push("Fingerprint".to_owned());
    }
    let mut seen = Vec::new();
    labels.retain(|l| {
        let n = normalised(l);
        let new = !seen.contains(&n);
        seen.push(n);
        new
    });
    labels.join(", ")
}

/// Returns a label's words and the seat number at their end, if any
/// (`number 2`).
fn split_seat(label: &str) -> (String, Option<usize>) {
    match label.rsplit_once(' ') {
        Some((words, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            match n.parse() {
                Ok(seat) => (words.to_owned(), Some(seat)),
                Err(_) => (label.to_owned(), None),
            }
        }
        _ => (label.to_owned(), None),
    }
}

/// Returns a value after its label's colon, less the one space or tab that
/// separates them.
fn strip_one_space(value: &str) -> &str {
    value
        .strip_prefix(' ')
        .or_else(|| value.strip_prefix('\t'))
        .unwrap_or(value)
}

/// Returns a label's value as its field's JSON value.
fn value_of(field: &Field, text: &str) -> Result<Value, Error> {
    match field.kind {
        FieldKind::Integer => integer(field, text),
        FieldKind::Bool => boolean(field, text),
        FieldKind::Json => parse_json(text).map_err(|e| e.within(field.name)),
        _ => Ok(Value::String(text.to_owned())),
    }
}

/// Reads an integer as the CLI reads an integer flag: spaces around it
/// allowed; `-1` or too many digits is out of range, `1.5` or `two` not an
/// integer.
fn integer(field: &Field, text: &str) -> Result<Value, Error> {
    integer_text(field.name, text.trim(), field.expected).map(Value::from)
}

/// Reads true or false (`yes`, `no`, `1`, `0` too), whatever the case.
fn boolean(field: &Field, text: &str) -> Result<Value, Error> {
    match text.trim().to_lowercase().as_str() {
        "true" | "yes" | "1" => Ok(Value::Bool(true)),
        "false" | "no" | "0" => Ok(Value::Bool(false)),
        _ => Err(Error::new(
            field.name,
            ErrorKind::Value {
                got: text.to_owned(),
                expected: field.expected.to_owned(),
            },
        )),
    }
}

/// Reads a command's `SEAT=TEXT`.
fn seat_text(field: &Field, arg: &str) -> Result<(usize, String), Error> {
    arg.split_once('=')
        .filter(|(seat, _)| !seat.is_empty() && seat.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|(seat, text)| Some((seat.parse().ok()?, text.to_owned())))
        .ok_or_else(|| {
            Error::new(
                field.name,
                ErrorKind::Value {
                    got: arg.to_owned(),
                    expected: "SEAT=TEXT: a seat number, then =, then the text".to_owned(),
                },
            )
        })
}

/// Returns texts given by seat as the list a per-seat field is: every seat
/// from 0 to the highest given.
fn by_seat_list(name: &str, by_seat: BTreeMap<usize, String>) -> Result<Value, Error> {
    if let Some(missing) = (0..)
        .zip(by_seat.keys())
        .find_map(|(i, &s)| (i != s).then_some(i))
    {
        return Err(Error::new(
            format!("{name}[{missing}]"),
            ErrorKind::Missing {
                expected: "every seat from 0, each once (an empty text for a robot)",
            },
        ));
    }
    Ok(Value::Array(
        by_seat.into_values().map(Value::String).collect(),
    ))
}

/// Returns the refusal of a field given twice.
fn twice(name: &str) -> Error {
    Error::new(
        name,
        ErrorKind::Duplicate {
            expected: "each field once in a receipt",
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::receipt::check;

    const EM_SEED: &str = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
    const EM_FP: &str = "616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53";
    const SD_SEED: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
    const SD_FP: &str = "ebd913807f693cca350eedfb1fb5711ee56e2237d7ffcdf35e1f1a8dacb45232";

    /// Reads `text` unnamed, and returns the read receipt's verdict.
    fn checked(text: &str) -> (Read, &'static str) {
        let got = read(text, None).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let outcome = check(&Value::Object(got.receipt.clone()));
        (got, outcome.verdict)
    }

    #[test]
    fn each_schemes_labels_are_read_and_its_scheme_guessed() {
        for (text, scheme, game) in [
            (
                format!("Seed: {EM_SEED}\nCut: K7 cut\nDealer: 1\nFingerprint: {EM_FP}\n"),
                "euchremaster",
                None,
            ),
            (
                "Seed: 340cbd92ae497b96429e4f63942c9dfa\r\nNonce: hand-12\r\nLock: \
                 565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c\r\n"
                    .to_owned(),
                "sfc32-lock",
                None,
            ),
            (
                "Secret: s\nVariant: belote\nNumber 0: 12\nNumber 1:\nNumber 2: 7\nNumber 3: \n\
                 Donneur: 3\nPreneur: 1\n\
                 Fingerprint: 043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89"
                    .to_owned(),
                "atout-v1",
                None,
            ),
            (
                "Server seed: c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59\n\
                 Client seed: lucky\nNonce: 0\nHashed server seed: \
                 62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225"
                    .to_owned(),
                "hmac-blackjack",
                None,
            ),
            (
                "Server seed: c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59\n\
                 Client seed: lucky\nNonce: 0\nMines: 3\nHashed server seed: \
                 62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225"
                    .to_owned(),
                "hmac-blackjack",
                Some("mines"),
            ),
        ] {
            let (got, verdict) = checked(&text);
            assert_eq!(got.form, Form::Labels, "{text}");
            assert_eq!(got.scheme.id(), scheme, "{text}");
            assert_eq!(got.game.map(|g| g.name), game, "{text}");
            assert_eq!(verdict, "verified", "{text}: {:?}", got.receipt);
            assert!(got.missing.is_empty());
        }
    }

    #[test]
    fn the_first_colon_or_tab_ends_a_label() {
        let (got, _) = checked("Seed: 340cbd92ae497b96429e4f63942c9dfa\nNonce\t3:00 a:b\nLock:\tx");
        assert_eq!(got.scheme.id(), "sfc32-lock");
        assert_eq!(got.receipt["nonce"], "3:00 a:b");
        assert_eq!(got.receipt["fingerprint"], "x");
        let (got, _) = checked("Nonce:3\nServer seed:  s\nClient seed: https://x/y\n");
        assert_eq!(
            got.receipt["server_seed"], " s",
            "one space is the separator"
        );
        assert_eq!(got.receipt["client_seed"], "https://x/y");
        assert_eq!(got.receipt["nonce"], 3);
    }

    #[test]
    fn the_atout_numbers_are_a_list_by_seat_and_a_value_keeps_its_spaces() {
        let (got, _) = checked("Secret: s\nVariant: coinche\nNumber 1: b \nNumber 0:  a");
        assert_eq!(got.receipt["numbers"], json!([" a", "b "]));
        assert!(got.receipt.get("fingerprint").is_none());
        assert_eq!(got.missing.len(), 1);
        assert_eq!(got.missing[0].ask, FINGERPRINT_ASK);
        let e = read("Secret: s\nVariant: coinche\nNumber 1: b", None).unwrap_err();
        assert_eq!(e.field(), "numbers[0]");
    }

    #[test]
    fn the_site_command_is_read_with_its_quotes_and_asks_for_the_fingerprint() {
        for text in [
            format!(
                "python3 verify_deal.py {SD_SEED} 'the quick brown fox' --hands 3 --patterns 3323,3232,2323"
            ),
            format!(
                "Command for the verifier script: python3 verify_deal.py {SD_SEED} \"the quick brown fox\" \\\n  --hands=3 --patterns 3323,3232,2323\n"
            ),
            format!(
                "$ ./verify_deal.py {SD_SEED} the\\ quick\\ brown\\ fox --patterns 3323,3232,2323"
            ),
        ] {
            let (got, verdict) = checked(&text);
            assert_eq!((got.scheme.id(), got.form), ("showdown", Form::Command));
            assert_eq!(verdict, "invalid", "no fingerprint: {text}");
            assert_eq!(got.receipt["phrase"], "the quick brown fox");
            assert_eq!(
                got.receipt["rules"],
                json!({"shuffle": "fisher-yates", "cut": false})
            );
            assert_eq!(
                got.to_json()["missing"],
                json!([{
                    "field": "fingerprint",
                    "ask": "the fingerprint the app showed before play",
                    "where": got.scheme.info().forms.seen,
                }])
            );
        }
        let text = format!(
            "python3 verify_deal.py {SD_SEED} 'the quick brown fox' --hands 3 --patterns 3323,3232,2323\nFingerprint: {SD_FP}"
        );
        let (got, verdict) = checked(&text);
        assert_eq!(verdict, "verified", "{:?}", got.receipt);
        assert!(got.missing.is_empty());
        let text = format!("python3 verify_deal.py {SD_SEED} '' --hands 1 --cut --kitchen-table");
        let (got, _) = checked(&text);
        assert_eq!(got.receipt["phrase"], "");
        assert_eq!(
            got.receipt["rules"],
            json!({"shuffle": "kitchen-table", "cut": true})
        );
    }

    #[test]
    fn a_bad_command_is_refused_naming_what_is_wrong() {
        for (text, message) in [
            (
                "python3 verify_deal.py abc 'open",
                "receipt: \"a command whose quotes do not close\" is not accepted",
            ),
            (
                "python3 verify_deal.py abc 'p' --hands 2 --colour red",
                "--colour: not a field of this scheme, expected one of the flags of the site's verifier script: --hands, --patterns, --cut, --kitchen-table, --fingerprint",
            ),
            (
                "python3 verify_deal.py abc 'p' extra --hands 2",
                "receipt: \"the argument extra\" is not accepted, expected 2 arguments (HOUSE_SEED PHRASE)",
            ),
            ("python3 verify_deal.py abc 'p'", "hands: missing"),
            ("python3 verify_deal.py abc 'p' --hands", "--hands: missing"),
            (
                "python3 verify_deal.py abc 'p' --hands two",
                "hands: two is not an integer",
            ),
        ] {
            let e = read(text, None).unwrap_err();
            assert!(e.to_string().starts_with(message), "{text}: {e}");
        }
        let many = format!("python3 verify_deal.py {}", "a ".repeat(MAX_WORDS));
        let e = read(&many, None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("receipt", "length"));
    }

    #[test]
    fn json_receipts_keep_their_keys_and_name_or_guess_their_scheme() {
        let text = format!(
            "{{\"seed\": \"{EM_SEED}\", \"cut\": \"K7 cut\", \"dealer\": 1, \"fingerprint\": \"{EM_FP}\"}}"
        );
        let (got, verdict) = checked(&text);
        assert_eq!(
            (got.scheme.id(), got.form, verdict),
            ("euchremaster", Form::Json, "verified")
        );
        assert_eq!(
            got.receipt.keys().collect::<Vec<_>>(),
            ["scheme", "seed", "cut", "dealer", "fingerprint"]
        );
        for receipt in [
            "sfc32-lock",
            "showdown",
            "hmac-blackjack",
            "atout-v1",
            "euchremaster",
        ] {
            let path = format!(
                "{}/../../docs/receipts/{receipt}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(path).expect("a sample receipt");
            let (got, verdict) = checked(&text);
            assert_eq!((got.scheme.id(), verdict), (receipt, "verified"));
        }
        let lines = include_str!("../../../../docs/receipts/batch.jsonl");
        for line in lines.lines().filter(|l| !l.trim().is_empty()) {
            let Ok(value) = parse_json(line) else {
                continue;
            };
            let Value::Object(object) = value.clone() else {
                continue;
            };
            let Ok(got) = from_object(object, None) else {
                continue;
            };
            assert_eq!(
                Value::Object(got.receipt),
                value,
                "a batch line is read as it is"
            );
        }
        let e = read("{\"scheme\": \"nope\"}", None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("scheme", "value"));
        let e = read("[1]", None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("receipt", "type"));
        let e = read("{\"game\": \"nope\"}", None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("game", "value"));
    }

    #[test]
    fn names_that_fit_two_schemes_are_refused_listing_both() {
        for text in [
            format!("Seed: {EM_SEED}\nFingerprint: {EM_FP}"),
            format!("{{\"seed\": \"{EM_SEED}\"}}"),
        ] {
            let e = read(&text, None).unwrap_err();
            let message = e.to_string();
            assert_eq!(e.field(), "scheme", "{message}");
            assert!(
                message.contains("fit euchremaster and sfc32-lock"),
                "{message}"
            );
        }
        let e = read("Colour: red", None).unwrap_err();
        assert!(e.to_string().contains("fit no scheme"), "{e}");
        let e = read(&format!("Seed: {EM_SEED}\nCut: x\nColour: red"), None).unwrap_err();
        assert_eq!(e.field(), "receipt line 3", "{e}");
        let e = read("no label here", None).unwrap_err();
        assert_eq!(e.field(), "receipt line 1", "{e}");
        let e = read(&format!("Seed: {EM_SEED}\nCut: x\nCut: y"), None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("cut", "syntax"));
        let e = read(&format!("Seed: {EM_SEED}\nCut: x\nDealer: one"), None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("dealer", "range"));
        let e = read(" \n\t\n", None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("receipt", "missing"));
    }

    #[test]
    fn a_named_scheme_is_not_guessed_and_a_scheme_line_chooses() {
        let sfc = crate::SCHEMES
            .iter()
            .copied()
            .find(|s| s.info().commitment.aliases.contains(&"lock"))
            .expect("a scheme with a lock");
        let got = read(&format!("Seed: {EM_SEED}"), Some(Named::Scheme(sfc))).unwrap();
        assert_eq!(got.scheme.id(), sfc.id());
        let text = format!("Scheme: euchremaster\nSeed: {EM_SEED}\nCut: x\nDealer: 0");
        assert_eq!(read(&text, None).unwrap().scheme.id(), "euchremaster");
        let e = read(&text, Some(Named::Scheme(sfc))).unwrap_err();
        assert_eq!(e.field(), "scheme");
        let e = from_object(
            Map::from_iter([("scheme".to_owned(), json!("euchremaster"))]),
            Some(Named::Scheme(sfc)),
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("the scheme named on the command line"),
            "{e}"
        );
    }

    #[test]
    fn text_over_the_limit_is_refused_before_it_is_read() {
        let big = " ".repeat(usize::try_from(INPUT_LIMIT).unwrap() + 1);
        let e = read(&big, None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("receipt", "value"));
        let lines = "Seed: x\n".repeat(MAX_LINES + 1);
        let e = read(&lines, None).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("receipt", "length"));
    }

    #[test]
    fn every_label_names_a_field_once_and_every_scheme_says_where_its_fingerprint_was() {
        for scheme in crate::SCHEMES {
            let info = scheme.info();
            let games = info.games.iter().flat_map(|g| g.fields);
            let names: Vec<&str> = info.fields.iter().chain(games).map(|f| f.name).collect();
            let mut words = Vec::new();
            for label in info.forms.labels {
                assert!(
                    label.field == "fingerprint" || names.contains(&label.field),
                    "{}: {}",
                    scheme.id(),
                    label.field
                );
                for word in label.words {
                    assert!(!word.contains(':'), "{word}");
                    let n = normalised(word);
                    assert!(!words.contains(&n), "{}: {word} twice", scheme.id());
                    words.push(n);
                }
            }
            assert!(!info.forms.seen.is_empty(), "{}", scheme.id());
        }
    }
}
