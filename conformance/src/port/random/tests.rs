//! Differential mode's cases: the same seed gives the same cases, every
//! category appears, the limits are the schemes' own, rejections are found.

use std::collections::BTreeSet;

use super::limits::{self, Seg};
use super::values::between;
use super::*;

fn file(scheme: &str) -> (VectorFile, &'static dyn DynScheme) {
    let path = format!("{}/../vectors/{scheme}.json", env!("CARGO_MANIFEST_DIR"));
    let file = VectorFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    (file, fairdeal::scheme(scheme).unwrap())
}

fn made(scheme: &str, count: usize, seed: u64) -> Vec<Generated> {
    let (file, s) = file(scheme);
    cases(&file, s, count, seed).collect()
}

/// The same file, count and seed give the same cases; another seed others.
#[test]
fn the_same_seed_gives_the_same_cases() {
    for scheme in ["euchremaster", "hmac-blackjack"] {
        let first = made(scheme, 40, 7);
        assert_eq!(first.len(), 40);
        assert_eq!(first, made(scheme, 40, 7), "{scheme}");
        // However many are asked for, the first ones are the same.
        assert_eq!(first[..10], made(scheme, 10, 7)[..], "{scheme}");
        assert_ne!(first, made(scheme, 40, 8), "{scheme}");
    }
}

/// `--random 18446744073709551615` once allocated room for every input
/// before the first case (and panicked); cases are made as asked for.
#[test]
fn cases_are_made_one_at_a_time() {
    let (file, scheme) = file("euchremaster");
    let first: Vec<Generated> = cases(&file, scheme, usize::MAX, 9).take(3).collect();
    assert_eq!(first.len(), 3);
    let ids: Vec<&str> = first.iter().map(|g| g.case.id.as_str()).collect();
    assert_eq!(ids, ["random-9-0", "random-9-1", "random-9-2"]);
}

/// Every category appears in a short run of a scheme with games; one
/// without games makes every category but `game`. Each case expects what
/// its category says: a refusal for `invalid`, an output for `valid`.
#[test]
fn every_category_appears() {
    for (scheme, games) in [("hmac-blackjack", true), ("atout-v1", false)] {
        let cases = made(scheme, 200, 7);
        let seen: BTreeSet<Category> = cases.iter().map(|g| g.category).collect();
        let all = [
            Category::Valid,
            Category::Game,
            Category::Limit,
            Category::Invalid,
            Category::Rejection,
        ];
        let want: BTreeSet<Category> = all
            .into_iter()
            .filter(|c| games || *c != Category::Game)
            .collect();
        assert_eq!(seen, want, "{scheme}");
        for g in &cases {
            let refused = matches!(g.case.expected, Expectation::Error { .. });
            match g.category {
                Category::Invalid => assert!(refused, "{g:?}"),
                Category::Valid => assert!(!refused, "{g:?}"),
                // A blackjack round at a limit may still end on a refused action.
                Category::Limit => assert!(!refused || g.case.kind == "game", "{g:?}"),
                Category::Game => assert_eq!(g.case.kind, "game"),
                Category::Rejection => assert_eq!(g.case.kind, "shuffle"),
            }
        }
    }
    // Blackjack rounds are played out, and some are refused.
    let rounds: Vec<Generated> = made("hmac-blackjack", 400, 3)
        .into_iter()
        .filter(|g| g.case.fields.get("game") == Some(&json!("blackjack")))
        .collect();
    assert!(
        rounds
            .iter()
            .any(|g| matches!(g.case.expected, Expectation::Output(_)))
    );
    assert!(
        rounds
            .iter()
            .any(|g| matches!(g.case.expected, Expectation::Error { .. }))
    );
}

/// The rejection search finds numbers that atout-v1's and showdown's
/// shuffles reject; euchremaster never rejects, so its cases are edges.
#[test]
fn rejections_are_found_where_the_scheme_rejects() {
    for (scheme, rejects) in [
        ("atout-v1", true),
        ("showdown", true),
        ("euchremaster", false),
    ] {
        let cases = made(scheme, 100, 5);
        let rejection: Vec<&Generated> = cases
            .iter()
            .filter(|g| g.category == Category::Rejection)
            .collect();
        assert!(!rejection.is_empty(), "{scheme}");
        assert_eq!(rejection.iter().any(|g| g.rejected), rejects, "{scheme}");
    }
}

/// The limits found are the ones the scheme pages state.
#[test]
fn the_limits_are_the_pages_own() {
    let limits_of = |scheme: &str, game: Option<&str>, path: Path| {
        let (file, s) = file(scheme);
        let case = file
            .cases()
            .map(|(_, c)| c)
            .find(|c| c.game.as_deref() == game && c.expected.is_some() && c.randoms.is_none())
            .unwrap();
        let accepts = |input: &Value| match ours(s, game, input) {
            Ok(_) => true,
            Err(e) => !limits::names(e.field(), &path),
        };
        limits::find(&case.input, &path, accepts).map(|l| (l.min, l.max))
    };
    let key = |k: &str| vec![Seg::Key(k.to_owned())];
    assert_eq!(limits_of("euchremaster", None, key("cut")), Some((1, 1024)));
    assert_eq!(limits_of("euchremaster", None, key("seed")), Some((64, 64)));
    assert_eq!(limits_of("euchremaster", None, key("dealer")), Some((0, 3)));
    assert_eq!(limits_of("sfc32-lock", None, key("nonce")), Some((1, 1024)));
    let max_nonce = (1 << 53) - 1;
    assert_eq!(
        limits_of("hmac-blackjack", None, key("nonce")),
        Some((0, max_nonce))
    );
    assert_eq!(
        limits_of("hmac-blackjack", None, key("client_seed")),
        Some((0, 1024))
    );
    assert_eq!(
        limits_of("hmac-blackjack", Some("mines"), key("mines")),
        Some((1, 24))
    );
    assert_eq!(
        limits_of("hmac-blackjack", Some("plinko"), key("rows")),
        Some((1, 32))
    );
    assert_eq!(
        limits_of("hmac-blackjack", Some("plinko"), key("balls")),
        Some((1, 100))
    );
    assert_eq!(
        limits_of("hmac-blackjack", Some("case"), key("rolls")),
        Some((1, 4))
    );
    let numbers = vec![Seg::Key("numbers".to_owned()), Seg::Index(1)];
    assert_eq!(limits_of("atout-v1", None, numbers), Some((0, 1024)));
    assert_eq!(limits_of("showdown", None, key("phrase")), Some((0, 1024)));
    // A field with a value of its own (a variant) has no length limits.
    assert_eq!(limits_of("atout-v1", None, key("variant")), None);
}

/// A crafted file whose trace inputs span the whole of u64 in one field
/// (0 in one case, u64::MAX in another) once divided by zero
/// (`hi - lo + 1` wraps to 0).
#[test]
fn a_range_over_the_whole_of_u64_does_not_divide_by_zero() {
    let (mut file, scheme) = file("euchremaster");
    let traces = file.groups.iter_mut().filter(|g| g.kind == Kind::Trace);
    let mut fields = traces
        .flat_map(|g| g.cases.iter_mut())
        .map(|c| &mut c.input);
    fields.next().unwrap()["dealer"] = json!(0);
    fields.next().unwrap()["dealer"] = json!(u64::MAX);
    // The scheme refuses most such dealers; drawing them must not panic.
    assert_eq!(cases(&file, scheme, 20, 5).count(), 20);
    let ranges = BTreeMap::from([("n".to_owned(), (0, u64::MAX))]);
    let mut rng = Rng(SplitMix64::new(1));
    for _ in 0..100 {
        mutate(&json!({ "n": 1 }), None, &ranges, &mut rng);
    }
    assert_eq!(between(7, 7, &mut rng), 7);
    assert!((3..=9).contains(&between(3, 9, &mut rng)));
}

/// A printed case goes into the group that runs it.
#[test]
fn a_printed_case_names_its_group_and_carries_what_it_runs() {
    let cases = made("hmac-blackjack", 30, 2);
    for g in &cases {
        let printed: Value = serde_json::from_str(&as_vector_case(g, 300, 30, 2)).unwrap();
        assert_eq!(printed["id"], json!(g.case.id));
        assert_eq!(printed["input"], g.case.fields["input"]);
        let comment = printed["comment"].as_str().unwrap();
        assert!(comment.contains(g.category.name()), "{comment}");
        match g.case.kind {
            "game" => assert!(printed["game"].is_string()),
            "shuffle" => assert!(printed["randoms"].is_array()),
            _ => assert!(printed.get("game").is_none()),
        }
    }
}

/// A range a field states is where the random cases draw its numbers:
/// every one within it, both edges reached.
#[test]
fn a_stated_range_bounds_the_numbers_drawn_and_reaches_its_edges() {
    let ranges = stated_ranges(fairdeal::scheme("hmac-blackjack").unwrap());
    assert_eq!(ranges.get("players"), Some(&(2, 4)));
    assert_eq!(ranges.get("mines"), Some(&(1, 24)));
    let mut rng = Rng(SplitMix64::new(3));
    let drawn: BTreeSet<u64> = (0..400)
        .filter_map(|_| {
            mutate(&json!({ "players": 3 }), None, &ranges, &mut rng)["players"].as_u64()
        })
        .collect();
    assert_eq!(drawn, BTreeSet::from([2, 3, 4]));
    let drawn: Vec<u64> = (0..2000)
        .filter_map(|_| mutate(&json!({ "mines": 3 }), None, &ranges, &mut rng)["mines"].as_u64())
        .collect();
    assert!(drawn.iter().all(|m| (1..=24).contains(m)));
    assert!(drawn.contains(&1) && drawn.contains(&24));
    // A file whose vectors hold 3 mines only still has its cases draw
    // over the stated range.
    let (mut file, scheme) = file("hmac-blackjack");
    let inputs = file.groups.iter_mut().flat_map(|g| g.cases.iter_mut());
    for input in inputs.map(|c| &mut c.input) {
        if input.get("mines").is_some() {
            input["mines"] = json!(3);
        }
    }
    let made = cases(&file, scheme, 1, 0);
    assert_eq!(made.ranges.get("mines"), Some(&(1, 24)));
}

/// A seat of a table another field states is drawn over that table's
/// seats, both edges reached: atout-v1's dealer over the variant's (0 or 1
/// for duo, 0 to 3 for belote), its taker only in belote.
#[test]
fn a_seat_is_drawn_over_the_seats_of_the_table_its_input_states() {
    let fields = fairdeal::scheme("atout-v1").unwrap().info().fields;
    let mut rng = Rng(SplitMix64::new(5));
    let mut drawn = |input: &Value, name: &str| -> BTreeSet<u64> {
        (0..400)
            .filter_map(|_| {
                let mut input = input.clone();
                draw_seats(&mut input, fields, &mut rng);
                input.get(name).and_then(Value::as_u64)
            })
            .collect()
    };
    let duo = json!({"variant": "duo", "numbers": ["", ""], "dealer": 1});
    assert_eq!(drawn(&duo, "dealer"), BTreeSet::from([0, 1]));
    let belote = json!({"variant": "belote", "numbers": ["", "", "", ""], "dealer": 0, "taker": 2});
    assert_eq!(drawn(&belote, "dealer"), BTreeSet::from([0, 1, 2, 3]));
    assert_eq!(drawn(&belote, "taker"), BTreeSet::from([0, 1, 2, 3]));
    // No dealer at coinche: none is added.
    let coinche = json!({"variant": "coinche", "numbers": ["", "", "", ""]});
    assert!(drawn(&coinche, "dealer").is_empty());
    // A file whose inputs all have dealer 0 still has its valid cases
    // reach every seat of each variant's table, and only those.
    let (mut file, scheme) = file("atout-v1");
    let inputs = file.groups.iter_mut().flat_map(|g| g.cases.iter_mut());
    for input in inputs.map(|c| &mut c.input) {
        if input.get("dealer").is_some() {
            input["dealer"] = json!(0);
        }
    }
    let mut by_variant: BTreeMap<String, BTreeSet<u64>> = BTreeMap::new();
    for g in cases(&file, scheme, 400, 7) {
        let input = &g.case.fields["input"];
        if let (Category::Valid, Some(dealer)) = (g.category, input["dealer"].as_u64()) {
            let variant = input["variant"].as_str().unwrap().to_owned();
            by_variant.entry(variant).or_default().insert(dealer);
        }
    }
    assert_eq!(by_variant["duo"], BTreeSet::from([0, 1]));
    assert_eq!(by_variant["belote"], BTreeSet::from([0, 1, 2, 3]));
}
