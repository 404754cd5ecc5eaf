//! The kinds of case differential mode makes besides valid inputs: a game
//! round, a field at its limit, a refused field, and numbers the shuffle
//! must reject.

use super::*;

impl Cases<'_> {
    pub(super) fn game(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(Some(true))?;
        let base = *self.bases.get(i)?;
        let mut input = self.varied(base);
        if input.get("actions").is_some() {
            // An illegal round one time in four; else repaired into a legal one.
            let legal = self.rng.below(4) != 0;
            let actions = self.actions(base, &input, legal);
            input["actions"] = Value::String(actions);
        }
        match self.ours(base, &input) {
            Ok(_) => Some(self.case(id, base, input, None)),
            Err(e) if e.field().starts_with("actions") => Some(self.case(id, base, input, None)),
            Err(_) => None,
        }
    }

    /// A random action string for a blackjack round; when `legal`, repaired
    /// letter by letter from the refusals until the round is played out.
    pub(super) fn actions(&mut self, base: Base<'_>, input: &Value, legal: bool) -> String {
        const LETTERS: [char; 8] = ['H', 'S', 'H', 'S', 'D', 'P', 'H', 'S'];
        let length = self.rng.below(6);
        let mut actions: String = (0..length)
            .map(|_| {
                LETTERS
                    .get(self.rng.below(LETTERS.len()))
                    .copied()
                    .unwrap_or('S')
            })
            .collect();
        if !legal {
            // Now and then a letter that is no action at all.
            if self.rng.coin() {
                const BAD: [char; 5] = ['h', 's', 'X', 'é', ' '];
                let mut letters: Vec<char> = actions.chars().collect();
                let at = self.rng.below(letters.len() + 1);
                letters.insert(
                    at,
                    BAD.get(self.rng.below(BAD.len())).copied().unwrap_or('X'),
                );
                actions = letters.into_iter().collect();
            }
            return actions;
        }
        for _ in 0..16 {
            let mut tried = input.clone();
            tried["actions"] = Value::String(actions.clone());
            let Err(e) = self.ours(base, &tried) else {
                break;
            };
            match e
                .field()
                .strip_prefix("actions[")
                .and_then(|s| s.strip_suffix(']'))
            {
                // Too few: one more, a hit or a stand.
                None if e.field() == "actions" => {
                    actions.push(if self.rng.coin() { 'H' } else { 'S' });
                }
                // A letter refused (forbidden, or left over): a stand there.
                Some(at) => {
                    let at = at.parse::<usize>().unwrap_or(0);
                    actions = actions.chars().take(at).collect();
                    if e.kind().code() == "value" && self.rng.coin() {
                        actions.push('S');
                    }
                }
                None => break,
            }
        }
        actions
    }

    pub(super) fn limit(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(None)?;
        let base = *self.bases.get(i)?;
        let paths = limits::probe_paths(base.input);
        let path = paths.get(self.rng.below(paths.len()))?.clone();
        let found = self.limits_of(i, &path)?;
        let at_max = self.rng.coin() || found.min == found.max;
        let value = found.value(if at_max { found.max } else { found.min }, &mut self.rng);
        let mut input = base.input.clone();
        limits::set(&mut input, &path, value)?;
        if input.get("actions").is_some() {
            // Another shoe: a round played out on it.
            let actions = self.actions(base, &input, true);
            input["actions"] = Value::String(actions);
        }
        match self.ours(base, &input) {
            Err(e) if limits::names(e.field(), &path) => None,
            _ => Some(self.case(id, base, input, None)),
        }
    }

    pub(super) fn invalid(&mut self, id: &str) -> Option<PortCase> {
        let i = self.pick(None)?;
        let base = *self.bases.get(i)?;
        let paths = limits::all_paths(base.input);
        let path = paths.get(self.rng.below(paths.len()))?.clone();
        let mut input = base.input.clone();
        match self.rng.below(7) {
            // Past a limit of the field's own.
            0 => {
                let found = self.limits_of(i, &path)?;
                let beyond = if found.min > 0 && self.rng.coin() {
                    found.min - 1
                } else {
                    found.max.checked_add(1)?
                };
                limits::set(&mut input, &path, found.value(beyond, &mut self.rng))?;
            }
            // The wrong JSON type.
            1 => {
                let old = limits::get(&input, &path)?;
                let wrong = match old {
                    Value::String(_) => json!(7),
                    Value::Number(_) => json!("1"),
                    Value::Bool(b) => json!(b.to_string()),
                    Value::Array(_) => json!("x"),
                    Value::Object(_) => json!([]),
                    Value::Null => json!(0),
                };
                let wrong = if self.rng.below(4) == 0 {
                    Value::Null
                } else {
                    wrong
                };
                limits::set(&mut input, &path, wrong)?;
            }
            // Absent.
            2 => limits::remove(&mut input, &path)?,
            // An unknown field beside it.
            3 => {
                let mut at = path.clone();
                let Some(Seg::Key(name)) = at.pop() else {
                    return None;
                };
                let unknown = format!("{name}{}", ["s", "_", "2"][self.rng.below(3)]);
                limits::insert(&mut input, &at, unknown, json!(1))?;
            }
            // A bad character.
            4 => {
                const BAD: [char; 8] = ['\t', '\u{7f}', '|', 'g', '\n', 'é', '\u{1F0A1}', '\0'];
                let Value::String(text) = limits::get(&input, &path)? else {
                    return None;
                };
                let mut chars: Vec<char> = text.chars().collect();
                let at = self.rng.below(chars.len() + 1);
                chars.insert(at, BAD.get(self.rng.below(BAD.len())).copied()?);
                limits::set(
                    &mut input,
                    &path,
                    Value::String(chars.into_iter().collect()),
                )?;
            }
            // A whole number written with a fraction (`3.0`), or a negative one.
            5 => {
                let n = limits::get(&input, &path)?.as_u64()?;
                let wrong = if self.rng.coin() {
                    // Exact below 2^53, as every such field here is.
                    u32::try_from(n).map(|n| json!(f64::from(n))).ok()?
                } else {
                    json!(-1 - i64::from(u8::try_from(self.rng.below(3)).unwrap_or(0)))
                };
                limits::set(&mut input, &path, wrong)?;
            }
            // A mutated input the scheme happens to refuse.
            _ => input = mutate(base.input, None, &self.ranges, &mut self.rng),
        }
        let refusal = self.ours(base, &input).err()?;
        let expected = Expectation::Error {
            kind: refusal.kind().code().to_owned(),
            field: refusal.field().to_owned(),
        };
        Some(self.case(id, base, input, Some(expected)))
    }

    /// A shuffle fed a trace case's numbers with one more slipped in: the
    /// first candidate of a bounded search that the shuffle rejects, or the
    /// last one tried.
    pub(super) fn rejection(&mut self, id: &str) -> Option<(PortCase, bool)> {
        let pick = self.rng.below(self.streams.len());
        let (input, randoms, deal) = *self.streams.get(pick)?;
        let numbers = randoms.as_array()?;
        let mut last = None;
        for _ in 0..MINING {
            let at = self.rng.below(numbers.len());
            // Near the top mostly (where rejection lives), near 0 sometimes.
            let from_top = self.rng.below(4) != 0;
            let offset = u64::try_from(self.rng.below(32)).unwrap_or(0);
            let slipped = edge_number(numbers.first()?, from_top, offset)?;
            let mut fed = numbers.clone();
            fed.insert(at, slipped);
            let fed = Value::Array(fed);
            let ours = self.scheme.shuffle_json(input, deal.unwrap_or(1), &fed);
            let consumed = ours
                .as_ref()
                .ok()
                .and_then(|o| o.get("consumed"))
                .and_then(Value::as_u64);
            // One more number taken than without it: it was rejected.
            let rejected = consumed == u64::try_from(numbers.len() + 1).ok();
            let mut fields = Map::new();
            fields.insert("input".to_owned(), input.clone());
            fields.insert("randoms".to_owned(), fed);
            if let Some(n) = deal {
                fields.insert("deal".to_owned(), json!(n));
            }
            let case = PortCase {
                scheme: self.file.scheme.clone(),
                id: id.to_owned(),
                kind: "shuffle",
                fields,
                expected: expectation(ours),
                informative: false,
                setup: None,
            };
            if rejected {
                return Some((case, true));
            }
            last = Some((case, false));
        }
        last
    }
}
