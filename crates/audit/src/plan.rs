//! What the audit deals: for each scheme, an input template and the fields
//! that each deal draws anew, so that every deal is a valid input of its own
//! (docs/fairness.md, "The inputs"). Each scheme gives its own in
//! `INFO.audit.plans`; the audit names none.
//!
//! Deal i's values come from its own generator, seeded by the audit's seed
//! and i ([`generator`]), so a run gives the same deals whatever the
//! threads. The fields drawn are the secrets a site reveals after play (the
//! server's seed), which make the deal; the rest is a fixed sample input.

use fairdeal::DynScheme;
use fairdeal::core::audit::{AuditPlan, Drawn};
use fairdeal::core::input::{Field, FieldKind, Rule, Seats};
use fairdeal::core::stream::SplitMix64;
use serde_json::{Value, json};

/// How a scheme that offers a choice shuffles its hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    /// Fisher-Yates from the starting order: every scheme's way.
    FisherYates,
    /// A kitchen-table hand: 3 riffles and a cut of the cards gathered
    /// after the hand before.
    KitchenTable,
}

impl Shuffle {
    /// Returns its name on the command line and in the report.
    pub fn name(self) -> &'static str {
        match self {
            Self::FisherYates => "fisher-yates",
            Self::KitchenTable => "kitchen-table",
        }
    }
}

/// One field drawn anew for each deal, at a JSON Pointer of the template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Vary {
    /// Lowercase hexadecimal digits.
    Hex {
        /// Where.
        pointer: String,
        /// How many.
        digits: usize,
    },
    /// Letters and digits.
    Text {
        /// Where.
        pointer: String,
        /// How many.
        chars: usize,
    },
    /// An integer from `min` to `max`.
    Integer {
        /// Where.
        pointer: String,
        /// The least.
        min: u64,
        /// The largest.
        max: u64,
    },
    /// A seat of the table another field states ([`Rule::Seat`]): from 0
    /// to the seats of the table the input being dealt states, with the
    /// fields drawn before it.
    Seat {
        /// Where.
        pointer: String,
        /// Where the table's size comes from.
        seats: Seats,
    },
}

/// What the audit deals for one scheme.
#[derive(Debug)]
pub struct Plan {
    /// The scheme, from the registry (or a test's own).
    pub scheme: &'static dyn DynScheme,
    /// How its hands are shuffled.
    pub shuffle: Shuffle,
    /// The input, before the drawn fields.
    pub template: Value,
    /// The fields each deal draws.
    pub vary: Vec<Vary>,
    /// The first deal of each input that is tallied (2 for kitchen-table
    /// hands, each dealt from the cards gathered after the one before).
    pub first: usize,
    /// The deals each input holds from `first` on: the hands of a game
    /// (each from a stream of its own), so that reading the game and
    /// drawing its set-up is shared by them; 1 for an input of one deal. It
    /// divides [`CHUNK`](crate::run::CHUNK).
    pub per_input: u64,
}

/// Returns the generator of input `i` (deal `i` for the schemes that deal
/// once an input): SplitMix64 from the state
/// SM(seed) xor SM(i), where SM(x) is the first output of SplitMix64 from
/// state x (a bijection, so each deal has a state of its own).
pub fn generator(seed: u64, i: u64) -> SplitMix64 {
    SplitMix64::new(SplitMix64::new(seed).next_u64() ^ SplitMix64::new(i).next_u64())
}

impl Plan {
    /// Returns the plan of a scheme for `shuffle`: the one its
    /// `INFO.audit.plans` gives, or, where it gives none, its first bench
    /// case with every hexadecimal field drawn anew.
    ///
    /// # Errors
    ///
    /// A shuffle the scheme does not offer, or a template it cannot make.
    pub fn of(scheme: &'static dyn DynScheme, shuffle: Shuffle) -> Result<Self, String> {
        let info = scheme.info();
        let name = shuffle.name();
        let (template, vary, first, per_input) = match info.audit.plans {
            [] if shuffle == Shuffle::FisherYates => {
                let (template, vary) = generic(scheme)?;
                (template, vary, 1, 1)
            }
            plans => {
                let plan: &AuditPlan = plans
                    .iter()
                    .find(|p| p.shuffle == name)
                    .ok_or_else(|| not_offered(info.id, shuffle))?;
                let template = (plan.template)()?;
                let vary = plan
                    .vary
                    .iter()
                    .map(|d| Vary::of(d, info.fields))
                    .collect::<Result<_, _>>()
                    .map_err(|e| format!("{}: {e}", info.id))?;
                (template, vary, plan.first, plan.per_input)
            }
        };
        Ok(Self {
            scheme,
            shuffle,
            template,
            vary,
            first,
            per_input,
        })
    }

    /// Writes deal `i`'s drawn fields into `input` (a copy of the template,
    /// reused from deal to deal: the strings keep their room) from `g`.
    pub fn fill(&self, input: &mut Value, g: &mut SplitMix64) {
        self.fill_at(input, &self.slots(), g);
    }

    /// Returns the top-level fields that the drawn fields are in: all that
    /// changes from one input to the next, and so all that is read again
    /// (a [`Sampler`](fairdeal::core::Sampler)'s `changed`).
    pub fn changed(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for vary in &self.vary {
            let name = vary.pointer().split('/').nth(1).unwrap_or_default();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// Returns where each drawn field is among the template's top-level
    /// fields, for [`Plan::fill_at`]: `None` for a deeper one.
    pub fn slots(&self) -> Vec<Option<usize>> {
        let keys: Vec<&String> = self
            .template
            .as_object()
            .map(|o| o.keys().collect())
            .unwrap_or_default();
        self.vary
            .iter()
            .map(|v| {
                let key = v.pointer().strip_prefix('/')?;
                (!key.contains('/'))
                    .then(|| keys.iter().position(|k| k.as_str() == key))
                    .flatten()
            })
            .collect()
    }

    /// Does what [`Plan::fill`] does with the places of the drawn fields
    /// found once (`slots`, from [`Plan::slots`]), so that the audit does
    /// not compare keys for every deal.
    pub fn fill_at(&self, input: &mut Value, slots: &[Option<usize>], g: &mut SplitMix64) {
        for (vary, slot) in self.vary.iter().zip(slots) {
            let seats = vary.seats_in(input);
            let target = match slot {
                Some(i) => input.as_object_mut().and_then(|o| o.values_mut().nth(*i)),
                None => at(input, vary.pointer()),
            };
            if let Some(target) = target {
                vary.draw(target, seats, g);
            }
        }
    }
}

impl Vary {
    /// Returns what `drawn` draws, the range of a [`Drawn::Field`] read
    /// from the rule of its field in `fields`: the range it states, or the
    /// seats of the table another field states.
    ///
    /// # Errors
    ///
    /// A [`Drawn::Field`] naming no field of `fields` or one whose rule
    /// states no range and is no seat.
    pub fn of(drawn: &Drawn, fields: &[Field]) -> Result<Self, String> {
        Ok(match *drawn {
            Drawn::Hex { pointer, digits } => Self::Hex {
                pointer: pointer.to_owned(),
                digits,
            },
            Drawn::Text { pointer, chars } => Self::Text {
                pointer: pointer.to_owned(),
                chars,
            },
            Drawn::Integer { pointer, max } => Self::Integer {
                pointer: pointer.to_owned(),
                min: 0,
                max,
            },
            Drawn::Field { name } => {
                let pointer = format!("/{name}");
                let rule = fields.iter().find(|f| f.name == name).map(|f| f.rule);
                match (rule.and_then(Rule::range), rule) {
                    (Some((min, max)), _) => Self::Integer { pointer, min, max },
                    (None, Some(Rule::Seat(seats))) => Self::Seat { pointer, seats },
                    _ => return Err(format!("the drawn field {name} has no stated range")),
                }
            }
        })
    }
}

/// Returns the registered scheme whose audit plans offer `shuffle`, if any:
/// where a message or a plot names whose shuffle it is.
pub fn offered_by(shuffle: Shuffle) -> Option<&'static dyn DynScheme> {
    fairdeal::SCHEMES.iter().copied().find(|s| {
        s.info()
            .audit
            .plans
            .iter()
            .any(|p| p.shuffle == shuffle.name())
    })
}

/// The refusal of a shuffle that `id` does not offer: it names the
/// registered scheme whose shuffle it is, if any.
fn not_offered(id: &str, shuffle: Shuffle) -> String {
    let name = shuffle.name();
    match offered_by(shuffle) {
        Some(owner) => format!("--shuffle {name} is {}'s; {id} has one shuffle", owner.id()),
        None => format!("--shuffle {name}: no scheme offers it; {id} has one shuffle"),
    }
}

impl Vary {
    /// Returns the JSON Pointer of the field.
    pub fn pointer(&self) -> &str {
        match self {
            Self::Hex { pointer, .. }
            | Self::Text { pointer, .. }
            | Self::Integer { pointer, .. }
            | Self::Seat { pointer, .. } => pointer,
        }
    }

    /// Returns, for a [`Vary::Seat`], the seats of the table `input` states
    /// (`None` where it states a table of none, or for any other field).
    fn seats_in(&self, input: &Value) -> Option<(u64, u64)> {
        match self {
            Self::Seat { seats, .. } => Rule::Seat(*seats).range_in(input),
            _ => None,
        }
    }

    /// Writes a value drawn from `g` into `target`; a seat from `seats`
    /// ([`Vary::seats_in`]), left as it is where the table has none.
    fn draw(&self, target: &mut Value, seats: Option<(u64, u64)>, g: &mut SplitMix64) {
        match (self, target) {
            (Self::Hex { digits, .. }, Value::String(s)) => {
                symbols(s, *digits, (16, hex_digits), g);
            }
            (Self::Text { chars, .. }, Value::String(s)) => {
                symbols(s, *chars, (10, text_chars), g);
            }
            (Self::Integer { min, max, .. }, v) => *v = integer(*min, *max, g),
            (Self::Seat { .. }, v) => {
                if let Some((min, max)) = seats {
                    *v = integer(min, max, g);
                }
            }
            _ => {}
        }
    }
}

/// An integer from `min` to `max` drawn from `g`.
fn integer(min: u64, max: u64, g: &mut SplitMix64) -> Value {
    // The span divides 2^64 for the seats here (4); any bias elsewhere only
    // picks among sample inputs.
    let u = g.next_u64();
    json!(match max.saturating_sub(min).checked_add(1) {
        Some(span) => min + u % span,
        None => u,
    })
}

/// Letters, digits, `-` and `_`: the 64 characters of a drawn text.
const TEXT: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Returns the 10 characters of `draw`, 6 bits each from [`TEXT`], lowest
/// bits first (the last 6 bytes unused).
fn text_chars(draw: u64) -> [u8; 16] {
    let mut chars = [0; 16];
    for (k, c) in chars[..10].iter_mut().enumerate() {
        *c = TEXT[usize::try_from((draw >> (6 * k)) & 63).unwrap_or(0)];
    }
    chars
}

/// Returns the 16 hexadecimal digits of `draw`, lowest four bits first, all
/// at once: each digit's value spread into a byte of its own, then made
/// ASCII with no table and no branch.
fn hex_digits(draw: u64) -> [u8; 16] {
    const LOW: u128 = 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f;
    // Byte j of the draw into bytes 2j (its low four bits) and 2j + 1 (its
    // high four bits): spread bytes apart by halves, then split each.
    let mut x = u128::from(draw);
    x = (x | (x << 32)) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
    x = (x | (x << 16)) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
    x = (x | (x << 8)) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
    let values = (x | (x << 4)) & LOW;
    // v + 6 reaches 16 (bit 4) exactly when v is 10 or more: a letter,
    // 'a' - '0' - 10 = 39 further on.
    let letters = ((values + 0x0606_0606_0606_0606_0606_0606_0606_0606) >> 4)
        & 0x0101_0101_0101_0101_0101_0101_0101_0101;
    (values + 0x3030_3030_3030_3030_3030_3030_3030_3030 + letters * 39).to_le_bytes()
}

/// How a drawn text is made: `per` symbols (at most 16) from each draw, and
/// the function that makes them.
type Symbols = (usize, fn(u64) -> [u8; 16]);

/// Replaces `s` with `count` symbols, `per` (at most 16) from each draw of
/// `g` as `of` makes them. Written a buffer at a time: pushing char by char
/// costs more than the draws (the audit draws a seed of 64 digits for every
/// deal).
fn symbols(s: &mut String, count: usize, (per, of): Symbols, g: &mut SplitMix64) {
    s.clear();
    let mut buf = [0u8; 64];
    let mut left = count;
    while left > 0 {
        let take = left.min(buf.len() / per * per);
        for chunk in buf[..take].chunks_mut(per) {
            let symbols = of(g.next_u64());
            // A whole draw of 16 as one fixed-size copy, not a call to
            // `memcpy`; only a short one is copied by its length.
            match <&mut [u8; 16]>::try_from(&mut *chunk) {
                Ok(whole) => *whole = symbols,
                Err(_) => chunk.copy_from_slice(&symbols[..chunk.len()]),
            }
        }
        // Both alphabets are ASCII.
        s.push_str(std::str::from_utf8(&buf[..take]).unwrap_or_default());
        left -= take;
    }
}

/// The value at `pointer`, a JSON Pointer of plain keys (`Value::pointer_mut`
/// would unescape every token with two `replace` calls).
fn at<'v>(value: &'v mut Value, pointer: &str) -> Option<&'v mut Value> {
    pointer.split('/').skip(1).try_fold(value, |v, key| {
        v.as_object_mut()?
            .iter_mut()
            .find(|(k, _)| k.as_str() == key)
            .map(|(_, v)| v)
    })
}

/// A scheme the audit has no plan of: its first bench case, with every
/// hexadecimal text field (a revealed seed) drawn anew.
fn generic(scheme: &'static dyn DynScheme) -> Result<(Value, Vec<Vary>), String> {
    let info = scheme.info();
    let case = info.bench.first().ok_or("no bench case to start from")?;
    let template: Value = serde_json::from_str(case.input).map_err(|e| e.to_string())?;
    let vary: Vec<Vary> = info
        .fields
        .iter()
        .filter_map(|f: &Field| match (f.kind, f.rule) {
            (FieldKind::Text, Rule::Hex { digits }) => Some(Vary::Hex {
                pointer: format!("/{}", f.name),
                digits,
            }),
            _ => None,
        })
        .collect();
    if vary.is_empty() {
        return Err(format!(
            "{}: no plan, and no hexadecimal seed to draw",
            info.id
        ));
    }
    Ok((template, vary))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Symbols as drawn one at a time: `per` from each draw, `bits` each,
    /// lowest first, from `alphabet`.
    fn one_at_a_time(count: usize, bits: u32, alphabet: &[u8], g: &mut SplitMix64) -> String {
        let per = (64 / bits) as usize;
        let mut out = String::new();
        while out.len() < count {
            let draw = g.next_u64();
            for k in 0..per.min(count - out.len()) {
                let symbol = (draw >> (bits as usize * k)) & ((1 << bits) - 1);
                out.push(char::from(alphabet[usize::try_from(symbol).unwrap()]));
            }
        }
        out
    }

    #[test]
    fn hex_digits_come_in_the_order_one_at_a_time_would_draw_them() {
        let kinds: [(u32, &[u8], Symbols); 2] = [
            (4, b"0123456789abcdef", (16, hex_digits)),
            (6, TEXT, (10, text_chars)),
        ];
        for (bits, alphabet, made) in kinds {
            for count in 0..=130 {
                let mut quick = String::new();
                let (mut g, mut h) = (SplitMix64::new(count as u64), SplitMix64::new(count as u64));
                let plain = one_at_a_time(count, bits, alphabet, &mut g);
                symbols(&mut quick, count, made, &mut h);
                assert_eq!(quick, plain, "{count} symbols of {bits} bits");
                assert_eq!(
                    g.next_u64(),
                    h.next_u64(),
                    "{count} symbols: the draws used"
                );
            }
        }
    }

    const PLAYERS: Field = Field {
        name: "players",
        kind: FieldKind::Integer,
        required: true,
        help: "",
        expected: "2 to 10 players",
        rule: Rule::Between { min: 2, max: 10 },
    };

    #[test]
    fn a_drawn_field_takes_the_range_its_rule_states_edges_included() {
        let vary = Vary::of(&Drawn::Field { name: "players" }, &[PLAYERS]).unwrap();
        assert_eq!(vary.pointer(), "/players");
        let mut g = SplitMix64::new(7);
        let mut drawn = std::collections::BTreeSet::new();
        for _ in 0..500 {
            let mut v = json!(0);
            vary.draw(&mut v, None, &mut g);
            drawn.insert(v.as_u64().unwrap());
        }
        assert_eq!(drawn, (2..=10).collect());
    }

    #[test]
    fn a_drawn_field_without_a_stated_range_is_refused() {
        let any = Field {
            rule: Rule::Any,
            ..PLAYERS
        };
        let name = Drawn::Field { name: "players" };
        assert!(Vary::of(&name, &[any]).unwrap_err().contains("players"));
        assert!(Vary::of(&Drawn::Field { name: "rounds" }, &[PLAYERS]).is_err());
    }

    const BUTTON: Field = Field {
        name: "button",
        kind: FieldKind::Integer,
        required: true,
        help: "",
        expected: "a seat of the players",
        rule: Rule::Seat(Seats::Count { of: "players" }),
    };

    /// A plan of `scheme` drawing `names` (each a [`Drawn::Field`] of
    /// `fields`) into `template`.
    fn drawing(
        scheme: &'static dyn DynScheme,
        fields: &[Field],
        names: &[&'static str],
        template: Value,
    ) -> Plan {
        let vary = names
            .iter()
            .map(|&name| Vary::of(&Drawn::Field { name }, fields).unwrap())
            .collect();
        Plan {
            scheme,
            shuffle: Shuffle::FisherYates,
            template,
            vary,
            first: 1,
            per_input: 1,
        }
    }

    /// A seat drawn is a seat of the table its input states, drawn before
    /// it: every seat of every count of players, edges included.
    #[test]
    fn a_drawn_seat_takes_the_seats_of_the_table_its_input_states() {
        let scheme = fairdeal::SCHEMES[0];
        let template = json!({"players": 2, "button": 0});
        let plan = drawing(scheme, &[PLAYERS, BUTTON], &["players", "button"], template);
        assert!(matches!(&plan.vary[1], Vary::Seat { pointer, .. } if pointer == "/button"));
        let mut g = SplitMix64::new(11);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..4000 {
            let mut input = plan.template.clone();
            plan.fill(&mut input, &mut g);
            let players = input["players"].as_u64().unwrap();
            let button = input["button"].as_u64().unwrap();
            assert!(button < players, "{input}");
            seen.insert((players, button));
        }
        for players in 2..=10 {
            assert!(seen.contains(&(players, 0)) && seen.contains(&(players, players - 1)));
        }
    }

    /// atout-v1's dealer, drawn, is a seat of the variant's table: 0 or 1
    /// for duo, 0 to 3 for belote; at coinche, which has none, it is left
    /// out as it was.
    #[test]
    fn a_drawn_dealer_takes_the_seats_its_variant_gives() {
        let scheme = fairdeal::scheme("atout-v1").unwrap();
        let fields = scheme.info().fields;
        let dealers = |template: Value| {
            let plan = drawing(scheme, fields, &["dealer"], template);
            let mut g = SplitMix64::new(3);
            (0..200)
                .filter_map(|_| {
                    let mut input = plan.template.clone();
                    plan.fill(&mut input, &mut g);
                    scheme.validate(&input).unwrap();
                    input.get("dealer").and_then(Value::as_u64)
                })
                .collect::<std::collections::BTreeSet<u64>>()
        };
        let duo = json!({"secret": "s", "variant": "duo", "numbers": ["", ""], "dealer": 0});
        assert_eq!(dealers(duo), (0..=1).collect());
        let belote =
            json!({"secret": "s", "variant": "belote", "numbers": ["", "", "", ""], "dealer": 0});
        assert_eq!(dealers(belote), (0..=3).collect());
        let coinche = json!({"secret": "s", "variant": "coinche", "numbers": ["", "", "", ""]});
        assert!(dealers(coinche).is_empty());
    }

    #[test]
    fn euchremaster_draws_its_dealers_from_the_field_list() {
        let scheme = fairdeal::scheme("euchremaster").unwrap();
        let plan = Plan::of(scheme, Shuffle::FisherYates).unwrap();
        let dealer = plan.vary.iter().find(|v| v.pointer() == "/dealer").unwrap();
        assert!(matches!(dealer, Vary::Integer { min: 0, max: 3, .. }));
    }
}
