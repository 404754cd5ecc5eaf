//! The game record, checked once (docs/schemes/showdown.md, "Inputs (a game
//! record)"): the field lists are the one description of it.

use fairdeal_core::cards::{Card, Deck, decks};
use fairdeal_core::input::fields::{self, as_text, json_type};
use fairdeal_core::input::{Field, FieldKind, Fields, Rule};
use fairdeal_core::{Error, ErrorKind, Fingerprint, FromJson};
use serde_json::Value;

use crate::{Dealing, GameSeed, Pattern, Setup};

const HOUSE_SEED: &str = "64 hexadecimal digits";
const PHRASE: &str = "0 to 1024 characters of text";
const RULES: &str =
    "an object: {\"shuffle\": \"fisher-yates\" or \"kitchen-table\", \"cut\": true or false}";
const SHUFFLES: &str = "\"fisher-yates\" or \"kitchen-table\"";
const HANDS: &str = "a list of 1 to 64 hands";
/// Decision (docs/schemes/showdown.md, "Inputs (a game record)"): the site's
/// page sets no limits; these are ours.
pub(crate) const MAX_HANDS: usize = 64;
const MAX_PHRASE: usize = 1024;

/// Every field of a record, in the order of the page's table.
///
/// A hand's own rules need the set-up (drawn from the two texts) and the
/// rules, so [`Input::from_json`] checks the hands item by item after these
/// ([`PATTERN`], [`GATHERED`]), and the fingerprint, which the table lists
/// after them, last: its entry here only names it.
const RECORD: &[Field] = &[
    Field {
        name: "house_seed",
        kind: FieldKind::Text,
        required: true,
        help: "The revealed house seed: 64 hex digits",
        expected: HOUSE_SEED,
        rule: Rule::Hex { digits: 64 },
    },
    Field {
        name: "phrase",
        kind: FieldKind::Text,
        required: true,
        help: "Your phrase, exactly as typed (may be empty: '')",
        expected: PHRASE,
        rule: Rule::Check(check_phrase),
    },
    Field {
        name: "rules",
        kind: FieldKind::Json,
        required: true,
        help: "{\"shuffle\": \"fisher-yates\" | \"kitchen-table\", \"cut\": bool}",
        expected: RULES,
        rule: Rule::Check(check_rules),
    },
    Field {
        name: "hands",
        kind: FieldKind::Json,
        required: true,
        help: "[{\"pattern\": \"3232\", \"gathered\": [24 cards]}, ...]",
        expected: HANDS,
        rule: Rule::Check(check_hand_list),
    },
    Field {
        name: "fingerprint",
        kind: FieldKind::Json,
        required: false,
        help: "The fingerprint shown before play",
        expected: HOUSE_SEED,
        rule: Rule::Any,
    },
];
/// The fields a person gives; a record's `fingerprint` is what `verify`
/// checks, so the CLI takes it as `--fingerprint`.
pub(crate) const FIELDS: &[Field] = RECORD.split_at(4).0;

const RULE_FIELDS: &[Field] = &[
    Field {
        name: "shuffle",
        kind: FieldKind::Text,
        required: true,
        help: "",
        expected: SHUFFLES,
        rule: Rule::Check(check_shuffle),
    },
    Field {
        name: "cut",
        kind: FieldKind::Bool,
        required: false,
        help: "",
        expected: "true or false",
        rule: Rule::Any,
    },
];

/// A hand's pattern. Required for the hands you (seat 0) deal: `expected`
/// says so when it is missing; the check names a pattern's form itself (so
/// the kind is `Json`, not `Text`).
const PATTERN: Field = Field {
    name: "pattern",
    kind: FieldKind::Json,
    required: false,
    help: "",
    expected: "the pattern you dealt this hand with: you (seat 0) deal it",
    rule: Rule::Check(check_pattern),
};
/// The cards gathered after a hand. Required in a kitchen-table game for
/// every hand but the last.
const GATHERED: Field = Field {
    name: "gathered",
    kind: FieldKind::Json,
    required: false,
    help: "",
    expected: "the 24 cards as gathered: the next hand is shuffled from them",
    rule: Rule::Check(check_gathered),
};

/// The cards the player recorded for a hand: not used to deal; `fairdeal
/// verify` checks them against the hand dealt (docs/schemes/showdown.md,
/// "Inputs (a game record)").
const RECORDED: Field = Field {
    name: "hand",
    kind: FieldKind::Json,
    required: false,
    help: "",
    expected: "your five cards of this hand, as card codes",
    rule: Rule::Any,
};

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
    /// Who deals each hand and how, worked out once: each deal reads it.
    dealings: Vec<Dealing>,
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

    /// Returns who deals hand `n` (from 1) and with which pattern.
    ///
    /// # Panics
    ///
    /// When the record has no hand `n`.
    #[inline]
    pub fn dealing(&self, n: usize) -> Dealing {
        self.dealings[n - 1]
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
        let phrase = f.text("phrase", PHRASE)?;
        let rules = rules("rules", &json["rules"])?;
        let seed = GameSeed::new(house_seed, phrase);
        // The set-up decides who deals each hand, and so whose pattern it is.
        let setup = Setup::draw(&seed);
        let hands = hands(f.list("hands", HANDS)?, rules, &setup)?;
        let fingerprint = f.get("fingerprint").map(fingerprint).transpose()?;
        let dealings = dealings(&setup, &hands).collect();
        Ok(Self {
            house_seed: house_seed.to_owned(),
            phrase: phrase.to_owned(),
            seed,
            setup,
            rules,
            hands,
            dealings,
            fingerprint,
        })
    }

    /// The house seed is read on its own (what an audit draws), and what
    /// follows from it drawn again: the game seed, the set-up and who deals
    /// each hand.
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        fields::reread(self, json, changed, RECORD, |input, name, value| {
            if name != "house_seed" {
                return Ok(false);
            }
            let house_seed = as_text(name, value, HOUSE_SEED)?;
            let seed = GameSeed::new(house_seed, &input.phrase);
            let setup = Setup::draw(&seed);
            // The hands' own check that depends on the set-up (see `hands`):
            // a hand you deal needs its pattern; `from_json` words the
            // refusal.
            let hands = &input.hands;
            if (0..hands.len()).any(|i| yours(&setup, i + 1) && hands[i].pattern.is_none()) {
                return Ok(false);
            }
            input.dealings.clear();
            input.dealings.extend(dealings(&setup, hands));
            fields::replace(&mut input.house_seed, house_seed);
            input.seed = seed;
            input.setup = setup;
            Ok(true)
        })
    }
}

/// Returns whether you (seat 0) deal hand `n` (from 1), and so choose its
/// pattern.
fn yours(setup: &Setup, n: usize) -> bool {
    setup.dealer(n).index() == 0
}

/// Returns who deals each of `hands` and how, hand 1 first.
fn dealings<'a>(setup: &'a Setup, hands: &'a [Hand]) -> impl Iterator<Item = Dealing> + 'a {
    (1..)
        .zip(hands)
        .map(|(n, hand)| Dealing::of(setup, n, hand))
}

/// Checks each hand with the fields it needs, then the count of hands.
fn hands(items: &[Value], rules: Rules, setup: &Setup) -> Result<Vec<Hand>, Error> {
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
        let fields = [
            // Decision (docs/schemes/showdown.md, step 6: who deals each
            // hand, and with which pattern): only your own hands need one.
            Field {
                required: yours(setup, i + 1),
                ..PATTERN
            },
            // Step 7: a kitchen-table hand is shuffled from the cards
            // gathered after the one before.
            Field {
                required: rules.shuffle == Shuffle::KitchenTable && i + 1 < items.len(),
                ..GATHERED
            },
            RECORDED,
        ];
        let f = Fields::new(item, &fields).map_err(|e| e.within(&at))?;
        out.push(Hand {
            pattern: f
                .get("pattern")
                .map(|v| pattern("pattern", v))
                .transpose()?,
            gathered: f
                .get("gathered")
                .map(|v| gathered("gathered", v))
                .transpose()?,
        });
    }
    // No `Rule` states these: a hand's own fields are required by the
    // set-up the seeds draw (who deals it) and by the rules, and the count
    // comes after every hand (docs/vectors.md: items before their count).
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

fn check_phrase(field: &str, value: &Value) -> Result<(), Error> {
    let chars = as_text(field, value, PHRASE)?.chars().count();
    if chars > MAX_PHRASE {
        return Err(Error::new(
            field,
            ErrorKind::Length {
                got: chars,
                expected: PHRASE,
            },
        ));
    }
    Ok(())
}

fn check_rules(field: &str, value: &Value) -> Result<(), Error> {
    rules(field, value).map(drop)
}

/// The rules object: an object first, then its own fields.
fn rules(field: &str, value: &Value) -> Result<Rules, Error> {
    if !value.is_object() {
        return Err(Error::new(
            field,
            ErrorKind::Type {
                got: json_type(value),
                expected: RULES,
            },
        ));
    }
    let f = Fields::new(value, RULE_FIELDS).map_err(|e| e.within(field))?;
    Ok(Rules {
        shuffle: shuffle("shuffle", &value["shuffle"]).map_err(|e| e.within(field))?,
        cut: f.bool_or("cut", false)?,
    })
}

fn check_shuffle(field: &str, value: &Value) -> Result<(), Error> {
    shuffle(field, value).map(drop)
}

fn shuffle(field: &str, value: &Value) -> Result<Shuffle, Error> {
    match as_text(field, value, SHUFFLES)? {
        "fisher-yates" => Ok(Shuffle::FisherYates),
        "kitchen-table" => Ok(Shuffle::KitchenTable),
        other => Err(Error::new(
            field,
            ErrorKind::Value {
                got: other.to_owned(),
                expected: SHUFFLES.to_owned(),
            },
        )),
    }
}

fn check_hand_list(field: &str, value: &Value) -> Result<(), Error> {
    if value.is_array() {
        return Ok(());
    }
    Err(Error::new(
        field,
        ErrorKind::Type {
            got: json_type(value),
            expected: HANDS,
        },
    ))
}

fn check_pattern(field: &str, value: &Value) -> Result<(), Error> {
    pattern(field, value).map(drop)
}

fn pattern(field: &str, value: &Value) -> Result<Pattern, Error> {
    Pattern::parse(field, as_text(field, value, "a pattern such as \"3232\"")?)
}

fn check_gathered(field: &str, value: &Value) -> Result<(), Error> {
    gathered(field, value).map(drop)
}

/// The 24 cards, each once: item by item (each read and checked against
/// the deck before the next, docs/schemes/showdown.md, "Refusals, in
/// order"), then the count.
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
    // The item's name is written only for an error: a batch reads 24 cards
    // a hand, and formatting each name was a tenth of a game's reading.
    let cards = items.iter().enumerate().map(|(i, v)| {
        as_text("", v, "a card code")
            .and_then(str::parse::<Card>)
            .map_err(|e| e.within(&format!("[{i}]")))
    });
    let deck = Deck::read(&decks::EUCHRE, cards).map_err(|e| e.within(field))?;
    Ok(deck.cards().to_vec())
}

fn fingerprint(value: &Value) -> Result<Fingerprint, Error> {
    Fingerprint::parse("fingerprint", as_text("fingerprint", value, HOUSE_SEED)?)
}
