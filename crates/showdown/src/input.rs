//! The game record, checked once (docs/schemes/showdown.md, "Inputs (a game
//! record)").

use fairdeal_core::fields::{as_integer, as_text, json_type};
use fairdeal_core::{
    Card, Deck, Error, ErrorKind, Field, FieldKind, Fields, Fingerprint, FromJson, text,
};
use fairdeal_euchremaster::STARTING_DECK;
use serde_json::{Map, Value, json};

use crate::{GameSeed, Pattern, Setup};

/// Every field of a record, in the order they are checked.
const RECORD: &[Field] = &[
    Field {
        name: "house_seed",
        kind: FieldKind::Text,
        required: true,
        help: "The revealed house seed: 64 hex digits",
    },
    Field {
        name: "phrase",
        kind: FieldKind::Text,
        required: true,
        help: "Your phrase, exactly as typed (may be empty: '')",
    },
    Field {
        name: "rules",
        kind: FieldKind::Json,
        required: true,
        help: "{\"shuffle\": \"fisher-yates\" | \"kitchen-table\", \"cut\": bool}",
    },
    Field {
        name: "hands",
        kind: FieldKind::Json,
        required: true,
        help: "[{\"pattern\": \"3232\", \"gathered\": [24 cards]}, ...]",
    },
    Field {
        name: "fingerprint",
        kind: FieldKind::Text,
        required: false,
        help: "The fingerprint shown before play",
    },
];
/// The fields a person gives; a record's `fingerprint` is what `verify`
/// checks, so the CLI takes it as `--fingerprint`.
pub(crate) const FIELDS: &[Field] = RECORD.split_at(4).0;

/// The command line of the site's own verifier: `HOUSE_SEED 'phrase'
/// --hands 7 --patterns 3232,2323,... [--cut] [--kitchen-table]`.
pub(crate) const CLI_EXTRAS: &[Field] = &[
    Field {
        name: "hands",
        kind: FieldKind::Integer,
        required: false,
        help: "How many hands were played (or --record game.json)",
    },
    Field {
        name: "patterns",
        kind: FieldKind::Text,
        required: false,
        help: "Each hand's pattern, comma-separated; empty or - where none was given",
    },
    Field {
        name: "cut",
        kind: FieldKind::Bool,
        required: false,
        help: "The table rules include the cut",
    },
    Field {
        name: "kitchen_table",
        kind: FieldKind::Bool,
        required: false,
        help: "The table rules use the kitchen-table shuffle",
    },
];

const RULES: &[Field] = &[
    Field {
        name: "shuffle",
        kind: FieldKind::Text,
        required: true,
        help: "",
    },
    Field {
        name: "cut",
        kind: FieldKind::Bool,
        required: false,
        help: "",
    },
];
const HAND: &[Field] = &[
    Field {
        name: "pattern",
        kind: FieldKind::Text,
        required: false,
        help: "",
    },
    Field {
        name: "gathered",
        kind: FieldKind::Json,
        required: false,
        help: "",
    },
];

const HOUSE_SEED: &str = "64 hexadecimal digits";
const PHRASE: &str = "0 to 1024 characters of text";
const HANDS: &str = "a list of 1 to 64 hands";
/// Decision (docs/schemes/showdown.md, "Inputs (a game record)"): the site's
/// page sets no limits; these are ours.
const MAX_HANDS: usize = 64;
const MAX_PHRASE: usize = 1024;

/// How each hand after the first is shuffled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    /// Fisher-Yates from the EuchreMaster order, every hand.
    FisherYates,
    /// Three riffles and a cut of the cards gathered after the hand before.
    KitchenTable,
}

/// The table rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The shuffle.
    pub shuffle: Shuffle,
    /// Whether the player on the dealer's right cuts after the shuffle.
    pub cut: bool,
}

/// One hand of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The pattern given with the hand, if any.
    pub pattern: Option<Pattern>,
    /// The cards as gathered after the hand, top first (24, each once).
    pub gathered: Option<Vec<Card>>,
}

/// A checked game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    house_seed: String,
    phrase: String,
    seed: GameSeed,
    setup: Setup,
    rules: Rules,
    hands: Vec<Hand>,
    fingerprint: Option<Fingerprint>,
}

impl Input {
    /// Returns the house seed as given.
    pub fn house_seed(&self) -> &str {
        &self.house_seed
    }

    /// Returns the phrase as given.
    pub fn phrase(&self) -> &str {
        &self.phrase
    }

    /// Returns the game seed G.
    pub fn seed(&self) -> &GameSeed {
        &self.seed
    }

    /// Returns the set-up (drawn once, when the record was checked).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Returns the rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Returns the hands.
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }

    /// Returns the fingerprint the record gives, if any.
    pub fn fingerprint(&self) -> Option<Fingerprint> {
        self.fingerprint
    }
}

impl FromJson for Input {
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, RECORD)?;
        let house_seed = f.text("house_seed", HOUSE_SEED)?;
        text::hex_digits("house_seed", house_seed, 64, HOUSE_SEED)?;
        let phrase = f.text("phrase", PHRASE)?;
        let chars = phrase.chars().count();
        if chars > MAX_PHRASE {
            return Err(Error::new(
                "phrase",
                ErrorKind::Length {
                    got: chars,
                    expected: PHRASE,
                },
            ));
        }
        let rules = rules(f.get("rules"))?;
        let seed = GameSeed::new(house_seed, phrase);
        // The set-up decides who deals each hand, and so whose pattern it is.
        let setup = Setup::draw(&seed);
        let hands = hands(f.get("hands"), rules, &setup)?;
        let fingerprint = match f.get("fingerprint") {
            None => None,
            Some(v) => Some(Fingerprint::parse(
                "fingerprint",
                as_text("fingerprint", v, HOUSE_SEED)?,
            )?),
        };
        Ok(Self {
            house_seed: house_seed.to_owned(),
            phrase: phrase.to_owned(),
            seed,
            setup,
            rules,
            hands,
            fingerprint,
        })
    }
}

fn rules(value: Option<&Value>) -> Result<Rules, Error> {
    const EXPECTED: &str =
        "an object: {\"shuffle\": \"fisher-yates\" or \"kitchen-table\", \"cut\": true or false}";
    let value =
        value.ok_or_else(|| Error::new("rules", ErrorKind::Missing { expected: EXPECTED }))?;
    if !value.is_object() {
        return Err(Error::new(
            "rules",
            ErrorKind::Type {
                got: json_type(value),
                expected: EXPECTED,
            },
        ));
    }
    let f = Fields::new(value, RULES).map_err(|e| e.within("rules"))?;
    let shuffle = match f
        .text("shuffle", "\"fisher-yates\" or \"kitchen-table\"")
        .map_err(|e| e.within("rules"))?
    {
        "fisher-yates" => Shuffle::FisherYates,
        "kitchen-table" => Shuffle::KitchenTable,
        other => {
            return Err(Error::new(
                "rules.shuffle",
                ErrorKind::Value {
                    got: other.to_owned(),
                    expected: "\"fisher-yates\" or \"kitchen-table\"".to_owned(),
                },
            ));
        }
    };
    let cut = f.bool_or("cut", false).map_err(|e| e.within("rules"))?;
    Ok(Rules { shuffle, cut })
}

fn hands(value: Option<&Value>, rules: Rules, setup: &Setup) -> Result<Vec<Hand>, Error> {
    let value = value.ok_or_else(|| Error::new("hands", ErrorKind::Missing { expected: HANDS }))?;
    let Value::Array(items) = value else {
        return Err(Error::new(
            "hands",
            ErrorKind::Type {
                got: json_type(value),
                expected: HANDS,
            },
        ));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = format!("hands[{i}]");
        if !item.is_object() {
            return Err(Error::new(
                at,
                ErrorKind::Type {
                    got: json_type(item),
                    expected: "an object",
                },
            ));
        }
        let f = Fields::new(item, HAND).map_err(|e| e.within(&at))?;
        let pattern = match f.get("pattern") {
            Some(v) => {
                let field = format!("{at}.pattern");
                Some(Pattern::parse(
                    &field,
                    as_text(&field, v, "a pattern such as \"3232\"")?,
                )?)
            }
            // Decision (docs/schemes/showdown.md, step 6: who deals each hand,
            // and with which pattern): only your own hands need one.
            None if setup.dealer(i + 1).index() == 0 => {
                return Err(Error::new(
                    format!("{at}.pattern"),
                    ErrorKind::Missing {
                        expected: "the pattern you dealt this hand with: you (seat 0) deal it",
                    },
                ));
            }
            None => None,
        };
        let gathered = match f.get("gathered") {
            Some(v) => Some(gathered(&format!("{at}.gathered"), v)?),
            None if rules.shuffle == Shuffle::KitchenTable && i + 1 < items.len() => {
                return Err(Error::new(
                    format!("{at}.gathered"),
                    ErrorKind::Missing {
                        expected: "the 24 cards as gathered: the next hand is shuffled from them",
                    },
                ));
            }
            None => None,
        };
        out.push(Hand { pattern, gathered });
    }
    if !(1..=MAX_HANDS).contains(&items.len()) {
        return Err(Error::new(
            "hands",
            ErrorKind::Count {
                got: items.len(),
                expected: format!("1 to {MAX_HANDS} hands"),
            },
        ));
    }
    Ok(out)
}

/// The 24 cards, each once: item by item, then the count.
fn gathered(field: &str, value: &Value) -> Result<Vec<Card>, Error> {
    let Value::Array(items) = value else {
        return Err(Error::new(
            field,
            ErrorKind::Type {
                got: json_type(value),
                expected: "a list of 24 card codes",
            },
        ));
    };
    let cards = items
        .iter()
        .enumerate()
        .map(|(j, v)| {
            let item = format!("{field}[{j}]");
            as_text(&item, v, "a card code")?
                .parse::<Card>()
                .map_err(|e| e.within(&item))
        })
        .collect::<Result<Vec<Card>, Error>>()?;
    Deck::from_cards(&STARTING_DECK, &cards).map_err(|e| e.within(field))?;
    Ok(cards)
}

/// Turns the verifier-shaped flags into `rules` and `hands`.
pub(crate) fn expand_cli(extras: &Map<String, Value>) -> Result<Map<String, Value>, Error> {
    let patterns: Vec<&str> = match extras.get("patterns").and_then(Value::as_str) {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => Vec::new(),
    };
    let count = match extras.get("hands") {
        Some(n) => {
            usize::try_from(as_integer("hands", n, "a count of hands")?).unwrap_or(usize::MAX)
        }
        None if !patterns.is_empty() => patterns.len(),
        None => {
            return Err(Error::new(
                "hands",
                ErrorKind::Missing {
                    expected: "how many hands were played (--hands N)",
                },
            ));
        }
    };
    if !patterns.is_empty() && patterns.len() != count {
        return Err(Error::new(
            "patterns",
            ErrorKind::Count {
                got: patterns.len(),
                expected: format!("one pattern per hand: {count}"),
            },
        ));
    }
    let hands: Vec<Value> = (0..count)
        .map(|i| match patterns.get(i) {
            Some(p) if !p.is_empty() && *p != "-" => json!({ "pattern": p }),
            _ => json!({}),
        })
        .collect();
    let flag = |name| extras.get(name).and_then(Value::as_bool).unwrap_or(false);
    let shuffle = if flag("kitchen_table") {
        "kitchen-table"
    } else {
        "fisher-yates"
    };
    let mut out = Map::new();
    out.insert(
        "rules".to_owned(),
        json!({ "shuffle": shuffle, "cut": flag("cut") }),
    );
    out.insert("hands".to_owned(), Value::Array(hands));
    Ok(out)
}
