//! The JSON functions behind the JavaScript package, on the host: every
//! vector case through them (what web/test/vectors.test.js checks through
//! the built package), and the verdicts on the sample receipts.

use std::path::{Path, PathBuf};

use fairdeal::Verb;
use fairdeal::core::input::json::parse_json;
use fairdeal::receipt::INPUT_LIMIT;
use fairdeal_wasm::api;
use fairdeal_wasm::batch::{Batch, Tally};
use serde_json::{Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).expect("file");
    parse_json(&text).expect("JSON")
}

/// Runs one vector case through the API as the node test does.
fn run(scheme: &str, kind: &str, case: &Value) -> Result<Value, fairdeal::Error> {
    let input = &case["input"];
    let deal = case.get("deal");
    match kind {
        "trace" | "invalid" => api::deal(scheme, input),
        "stream" => api::stream(scheme, input, &case["count"], deal),
        "generator" => api::generator(scheme, &case["state"], &case["count"]),
        "shuffle" => api::shuffle(scheme, input, &case["randoms"], deal),
        "deal" => api::deal_deck(scheme, input, &case["deck"], deal),
        "game" => {
            let name = case["game"].as_str().expect("game");
            let (_, game) = fairdeal::game(name).expect("a registered game");
            let mut out = api::game(game.verb, name, input, case.get("randoms"))?;
            if let Value::Object(fields) = &mut out {
                assert_eq!(fields.remove("fingerprint_checked"), Some(json!(false)));
            }
            Ok(out)
        }
        other => panic!("a kind of group the API does not cover: {other}"),
    }
}

#[test]
fn every_vector_case_agrees() {
    let mut count = 0;
    for s in fairdeal::SCHEMES {
        let file = read(&format!("vectors/{}.json", s.id()));
        for group in file["groups"].as_array().expect("groups") {
            let kind = group["kind"].as_str().expect("kind");
            for case in group["cases"].as_array().expect("cases") {
                let id = format!("{} {}", s.id(), case["id"]);
                match (run(s.id(), kind, case), case.get("error")) {
                    (Ok(out), None) => assert_eq!(out, case["expected"], "{id}"),
                    (Err(e), Some(want)) => {
                        assert_eq!(e.kind().code(), want["kind"], "{id}: {e}");
                        assert_eq!(e.field(), want["field"], "{id}: {e}");
                    }
                    (Ok(_), Some(want)) => panic!("{id}: accepted, expected {want}"),
                    (Err(e), None) => panic!("{id}: refused: {e}"),
                }
                count += 1;
            }
        }
    }
    assert!(count > 600, "{count} cases");
}

#[test]
fn schemes_describe_every_registered_scheme() {
    let list = api::schemes();
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), fairdeal::SCHEMES.len());
    let em = &list[0];
    assert_eq!(em["id"], "euchremaster");
    assert_eq!(em["commitment"]["covers"], json!(["seed"]));
    assert_eq!(em["player"], json!({ "seat": 0, "choosable": false }));
    assert_eq!(em["fields"][0]["name"], "seed");
    assert_eq!(em["fields"][0]["kind"], "text");
    assert_eq!(em["fields"][0]["flag"], "--seed");
    assert_eq!(
        em["fields"][0]["rule"],
        json!({ "kind": "hex", "digits": 64 })
    );
    let hmac = list
        .iter()
        .find(|s| s["id"] == "hmac-blackjack")
        .expect("hmac");
    assert_eq!(hmac["player"], json!({ "positions": [0, 2] }));
    assert!(
        hmac["games"]
            .as_array()
            .expect("games")
            .iter()
            .any(|g| g["name"] == "blackjack" && g["verb"] == "play")
    );
    let lock = list.iter().find(|s| s["id"] == "sfc32-lock").expect("lock");
    assert_eq!(lock["commitment"]["aliases"], json!(["lock"]));
    // The receipt as the site gives it: where the fingerprint was seen,
    // the labels, the site's command, as INFO.forms says.
    for (described, scheme) in list.iter().zip(fairdeal::SCHEMES) {
        let forms = scheme.info().forms;
        assert_eq!(described["commitment"]["seen"], forms.seen);
        assert_eq!(
            described["labels"].as_array().map(Vec::len),
            Some(forms.labels.len())
        );
        assert_eq!(described["command"].is_null(), forms.command.is_none());
    }
}

/// A count with a range states it, for a form to check before asking.
#[test]
fn a_game_count_states_its_range() {
    let list = api::schemes();
    let hmac = list
        .as_array()
        .expect("a list")
        .iter()
        .find(|s| s["id"] == "hmac-blackjack")
        .expect("hmac");
    let field = |game: &str, name: &str| {
        let games = hmac["games"].as_array().expect("games");
        let game = games.iter().find(|g| g["name"] == game).expect("game");
        let fields = game["fields"].as_array().expect("fields");
        fields.iter().find(|f| f["name"] == name).expect("field")["rule"].clone()
    };
    let between = |min: u64, max: u64| json!({ "kind": "between", "min": min, "max": max });
    assert_eq!(field("mines", "mines"), between(1, 24));
    assert_eq!(field("battle", "players"), between(2, 4));
    assert_eq!(field("plinko", "rows"), between(1, 32));
}

/// A seat states the field its table comes from and each table's seats,
/// for a form to offer only those; roulette's nonce states its one value.
#[test]
fn a_seat_states_the_table_it_is_a_seat_of() {
    let list = api::schemes();
    let scheme = |id: &str| {
        list.as_array()
            .and_then(|l| l.iter().find(|s| s["id"] == id))
            .expect("registered")
            .clone()
    };
    let rule = |fields: &Value, name: &str| {
        let fields = fields.as_array().expect("fields");
        fields.iter().find(|f| f["name"] == name).expect("field")["rule"].clone()
    };
    let atout = scheme("atout-v1");
    let dealer = rule(&atout["fields"], "dealer");
    assert_eq!(
        (&dealer["kind"], &dealer["of"]),
        (&json!("seat"), &json!("variant"))
    );
    assert_eq!(
        dealer["tables"],
        json!([
            {"name": "coinche", "seats": 0, "required": false},
            {"name": "belote", "seats": 4, "required": true},
            {"name": "duo", "seats": 2, "required": true}
        ])
    );
    let numbers = rule(&atout["fields"], "numbers");
    assert_eq!(numbers["kind"], "per-seat");
    assert_eq!(numbers["tables"][2]["seats"], 2);
    let hmac = scheme("hmac-blackjack");
    let games = hmac["games"].as_array().expect("games");
    let roulette = games
        .iter()
        .find(|g| g["name"] == "roulette")
        .expect("roulette");
    assert_eq!(
        rule(&roulette["fields"], "nonce"),
        json!({"kind": "exactly", "value": 1, "max": 9_007_199_254_740_991_u64})
    );
}

/// A field of fixed choices lists them, a seat by the scheme's names, so
/// that the page offers a choice without knowing any scheme.
#[test]
fn a_field_of_fixed_choices_lists_them() {
    let list = api::schemes();
    let mut seen = 0;
    for scheme in list.as_array().expect("a list") {
        let games = scheme["games"].as_array().expect("games");
        let fields = scheme["fields"].as_array().expect("fields").iter().chain(
            games
                .iter()
                .flat_map(|g| g["fields"].as_array().expect("fields")),
        );
        for field in fields {
            let rule = &field["rule"];
            let Some(choices) = field.get("choices") else {
                assert!(
                    !["fixed-seat", "one-of"].contains(&rule["kind"].as_str().unwrap_or_default())
                        && (rule["kind"] != "seat" || rule.get("tables").is_none()),
                    "{field}: no choices"
                );
                continue;
            };
            seen += 1;
            let values: Vec<Value> = choices
                .as_array()
                .expect("a list")
                .iter()
                .map(|c| {
                    assert!(c["label"].is_string(), "{c}");
                    c["value"].clone()
                })
                .collect();
            match rule["kind"].as_str() {
                Some("fixed-seat") => {
                    let max = rule["max"].as_u64().expect("max");
                    assert_eq!(values, (0..=max).map(Value::from).collect::<Vec<_>>());
                }
                // A seat of a table another field names: its largest table's.
                Some("seat") => {
                    let tables = rule["tables"].as_array().expect("tables");
                    let most = tables.iter().filter_map(|t| t["seats"].as_u64()).max();
                    let most = most.expect("a table");
                    assert_eq!(values, (0..most).map(Value::from).collect::<Vec<_>>());
                }
                Some("one-of") => assert_eq!(&Value::Array(values), &rule["words"]),
                other => panic!("{field}: choices for a rule of kind {other:?}"),
            }
        }
    }
    assert!(seen >= 4, "{seen} fields of fixed choices");
    let field = |id: &str, name: &str| {
        let scheme = list
            .as_array()
            .expect("a list")
            .iter()
            .find(|s| s["id"] == id)
            .expect("scheme");
        let fields = scheme["fields"].as_array().expect("fields");
        fields
            .iter()
            .find(|f| f["name"] == name)
            .expect("field")
            .clone()
    };
    let labels = |f: &Value| -> Vec<Value> {
        f["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| c["label"].clone())
            .collect()
    };
    assert_eq!(
        labels(&field("euchremaster", "dealer")),
        json!(["you (0)", "left (1)", "partner (2)", "right (3)"])
            .as_array()
            .expect("a list")
            .clone()
    );
    assert_eq!(
        field("atout-v1", "variant")["rule"],
        json!({ "kind": "one-of", "words": ["coinche", "belote", "duo"] })
    );
    assert_eq!(
        labels(&field("atout-v1", "taker")),
        json!(["seat 0", "seat 1", "seat 2", "seat 3"])
            .as_array()
            .expect("a list")
            .clone()
    );
}

#[test]
fn sample_receipts_verify_with_trace_and_view() {
    for s in fairdeal::SCHEMES {
        let receipt = read(&format!("docs/receipts/{}.json", s.id()));
        let out = api::verify(s.id(), &receipt).expect("a verdict");
        assert_eq!(out["verdict"], "verified", "{}", s.id());
        assert_eq!(out["fingerprint"], out["trace"]["fingerprint"]);
        assert_eq!(out["view"]["fingerprint"], out["fingerprint"]);
        assert!(out["view"]["deals"][0][1].is_array(), "the deck");
        assert!(out["covered"][0][0].is_string(), "[[name, value]]");
    }
}

#[test]
fn a_verdict_shows_the_deal_it_reached_and_the_seats_of_its_table() {
    let duo = json!({"secret": "n8Fq2VxL7cTz4Rw9", "variant": "duo", "numbers": ["", "1337"], "dealer": 1});
    let mut receipt = duo.clone();
    receipt["fingerprint"] =
        json!("762affaa7cbc2c9362bce8b1c112eb6bd16e78b4a8907abfba45d68588dbe6e1");
    receipt["seat"] = json!(1);
    let out = api::verify("atout-v1", &receipt).expect("a verdict");
    assert_eq!(out["verdict"], "verified");
    assert_eq!(
        out["trace"],
        api::deal("atout-v1", &duo).expect("the trace")
    );
    assert_eq!(out["view"], api::view("atout-v1", &duo).expect("the view"));
    let table = &out["view"]["deals"][0][0];
    assert_eq!(table["seats"], 2, "duo seats two");
    assert_eq!(table["roles"], json!([{"name": "dealer", "seat": 1}]));
    receipt["seat"] = json!(2);
    let e = api::verify("atout-v1", &receipt).expect_err("no seat 2 at duo");
    assert_eq!((e.field(), e.kind().code()), ("seat", "value"));
    assert!(e.to_string().contains("seat 0 or seat 1"), "{e}");
    let atout = api::schemes();
    let atout = atout
        .as_array()
        .and_then(|l| l.iter().find(|s| s["id"] == "atout-v1"))
        .expect("atout-v1");
    assert_eq!(atout["seats"], "numbered");
    assert_eq!(
        api::schemes()[0]["seats"],
        json!({"named": ["you", "left", "partner", "right"]})
    );
}

#[test]
fn deal_takes_the_method_input_alone() {
    let receipt = read("docs/receipts/sfc32-lock.json");
    let e = api::deal("sfc32-lock", &receipt).expect_err("a receipt");
    assert_eq!((e.field(), e.kind().code()), ("lock", "unknown"));
}

#[test]
fn a_wrong_fingerprint_is_not_verified_and_shows_no_deal() {
    let mut receipt = read("docs/receipts/euchremaster.json");
    receipt["fingerprint"] = json!("0".repeat(64));
    let out = api::verify("euchremaster", &receipt).expect("a verdict");
    assert_eq!(out["verdict"], "not-verified");
    assert_eq!(out["failure"]["check"], "fingerprint");
    assert!(out["hints"].is_array());
    assert!(out.get("trace").is_none() && out.get("view").is_none());
}

#[test]
fn a_wrong_hand_is_not_verified() {
    let mut receipt = read("docs/receipts/euchremaster.json");
    receipt["hand"] = json!("9c 9s 9d Jd Ad");
    let out = api::verify("euchremaster", &receipt).expect("a verdict");
    assert_eq!(out["failure"]["check"], "hand");
    receipt["hand"] = json!("Tc 9s 9d Jd Ad");
    let out = api::verify("euchremaster", &receipt).expect("a verdict");
    assert_eq!(out["verdict"], "verified");
    assert_eq!(out["hands"][0]["deal"], 1);
}

#[test]
fn refusals_name_their_field_and_kind() {
    let mut receipt = read("docs/receipts/euchremaster.json");
    let fingerprint = receipt
        .as_object_mut()
        .expect("object")
        .remove("fingerprint");
    let e = api::verify("euchremaster", &receipt).expect_err("no fingerprint");
    assert_eq!((e.field(), e.kind().code()), ("fingerprint", "missing"));
    receipt["fingerprint"] = fingerprint.expect("given");
    receipt["seed"] = json!("a".repeat(63));
    let e = api::verify("euchremaster", &receipt).expect_err("short seed");
    assert_eq!((e.field(), e.kind().code()), ("seed", "length"));
    assert_eq!(
        e.to_string(),
        "seed: 63 characters, expected 64 hexadecimal digits"
    );
    let e = api::deal("nope", &json!({})).expect_err("no such scheme");
    assert_eq!((e.field(), e.kind().code()), ("scheme", "value"));
    receipt["scheme"] = json!("sfc32-lock");
    let e = api::verify("euchremaster", &receipt).expect_err("another scheme");
    assert_eq!(e.field(), "scheme");
}

#[test]
fn a_receipt_may_give_the_fingerprint_under_its_alias_and_name_its_scheme() {
    let mut receipt = read("docs/receipts/sfc32-lock.json");
    receipt["scheme"] = json!("sfc32-lock");
    let out = api::verify("sfc32-lock", &receipt).expect("a verdict");
    assert_eq!(out["verdict"], "verified");
}

#[test]
fn json_text_keeps_numbers_a_javascript_object_cannot() {
    let input = api::parse("input", r#"{"seed": "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a", "cut": "K7 cut", "dealer": 1.0}"#)
        .expect("JSON");
    let e = api::deal("euchremaster", &input).expect_err("1.0");
    assert_eq!((e.field(), e.kind().code()), ("dealer", "range"));
    let e = api::parse("input", r#"{"a": 1, "a": 2}"#).expect_err("twice");
    assert_eq!(e.field(), "input.a");
}

#[test]
fn games_check_their_fingerprint_and_verb() {
    let receipt = read("docs/receipts/hmac-blackjack.json");
    let mut input = receipt.clone();
    input["actions"] = json!("S");
    let out = api::game(Verb::Play, "blackjack", &input, None).expect("a verdict");
    assert_eq!(out["verdict"], "verified");
    assert_eq!(out["output"]["fingerprint_checked"], true);
    assert_eq!(out["output"]["fingerprint"], receipt["fingerprint"]);
    input["fingerprint"] = json!("0".repeat(64));
    let out = api::game(Verb::Play, "blackjack", &input, None).expect("a verdict");
    assert_eq!(out["verdict"], "not-verified");
    assert!(out.get("output").is_none());
    input.as_object_mut().expect("object").remove("fingerprint");
    let out = api::game(Verb::Play, "blackjack", &input, None).expect("an output");
    assert_eq!(out["fingerprint_checked"], false);
    let e = api::game(Verb::Roll, "blackjack", &input, None).expect_err("played");
    assert_eq!((e.field(), e.kind().code()), ("game", "value"));
}

#[test]
fn a_receipt_is_read_as_a_person_writes_it_and_the_card_that_differs_marked() {
    // Issue 22, item 3: cards as displayed, actions in any case, a hint
    // beside a refusal, the differing card flagged for the page.
    let mut receipt = read("docs/receipts/euchremaster.json");
    receipt["hand"] = json!("10♣, 9♠, 9♦, J♦, A♦");
    let out = api::verify("euchremaster", &receipt).expect("a verdict");
    assert_eq!(out["verdict"], "verified");
    receipt["hand"] = json!("tc 9s 9d jd kd");
    let out = api::verify("euchremaster", &receipt).expect("a verdict");
    assert_eq!(
        out["failure"]["recorded_differs"],
        json!([false, false, false, false, true])
    );
    assert_eq!(
        out["failure"]["dealt_differs"],
        json!([false, false, false, false, true])
    );
    let mut spaced = read("docs/receipts/euchremaster.json");
    spaced["seed"] = json!(format!("{} ", spaced["seed"].as_str().expect("seed")));
    let e = api::verify("euchremaster", &spaced).expect_err("a space");
    assert_eq!((e.field(), e.kind().code()), ("seed", "character"));
    assert!(
        e.hints()[0].starts_with("the seed ends with a space (0x20): remove it"),
        "{:?}",
        e.hints()
    );
    let mut input = read("docs/receipts/hmac-blackjack.json");
    input["actions"] = json!("stand");
    let out = api::game(Verb::Play, "blackjack", &input, None).expect("a verdict");
    assert_eq!(out["verdict"], "verified");
    // Without a fingerprint the input is the method's, as a vector's.
    input.as_object_mut().expect("object").remove("fingerprint");
    let e = api::game(Verb::Play, "blackjack", &input, None).expect_err("a word");
    assert_eq!(e.field(), "actions[0]");
    // ... which readWritten gives it, as the page does for a round typed
    // without its fingerprint: every form a person writes, one outcome.
    let method = {
        let mut m = input.clone();
        m["actions"] = json!("S");
        api::game(Verb::Play, "blackjack", &m, None).expect("the method's form")
    };
    for words in ["stand", "s", "S", " s ", "Stand"] {
        input["actions"] = json!(words);
        let read = api::read_written("blackjack", &input).expect(words);
        assert_eq!(read["actions"], "S", "{words}");
        assert_eq!(
            read["server_seed"], input["server_seed"],
            "other keys as given"
        );
        let out = api::game(Verb::Play, "blackjack", &read, None).expect(words);
        assert_eq!(out, method, "{words}");
    }
    for (words, method) in [
        ("h s", "HS"),
        ("H,S", "HS"),
        ("hit stand", "HS"),
        ("hit, stand", "HS"),
    ] {
        input["actions"] = json!(words);
        let read = api::read_written("blackjack", &input).expect(words);
        assert_eq!(read["actions"], method, "{words}");
    }
    input["actions"] = json!("hit jump");
    let e = api::read_written("blackjack", &input).expect_err("no such action");
    assert_eq!(e.field(), "actions[1]", "the word at fault");
    let e = api::read_written("poker", &input).expect_err("no such game");
    assert_eq!((e.field(), e.kind().code()), ("game", "value"));
    // A game without such a field takes its input as given.
    let plinko = json!({"server_seed": "ab", "nonce": 1, "rows": 8});
    assert_eq!(
        api::read_written("plinko", &plinko).expect("plinko"),
        plinko
    );
}

/// The verdicts of `text` through the shared rule, line by line: what the
/// CLI's batch and the package's both give.
fn line_by_line(bytes: &[u8]) -> Vec<Value> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .enumerate()
        .filter_map(|(i, line)| {
            let outcome = fairdeal::receipt::check_line(line)?;
            let mut out = json!({ "line": i + 1 });
            if let (Value::Object(out), Ok(Value::Object(rest))) =
                (&mut out, serde_json::to_value(&outcome))
            {
                out.extend(rest);
            }
            Some(out)
        })
        .collect()
}

/// Feeds `pieces` to a batch, returning its verdicts and count.
fn fed(pieces: &[&[u8]]) -> (Vec<Value>, Tally) {
    let mut verdicts = Vec::new();
    let mut keep = |v| {
        verdicts.push(v);
        Ok::<(), ()>(())
    };
    let mut batch = Batch::new();
    for piece in pieces {
        batch.feed(piece, &mut keep).expect("kept");
    }
    let tally = batch.finish(&mut keep).expect("kept");
    (verdicts, tally)
}

/// The sample batch with every kind of line: blank ones, a byte-order
/// mark, a carriage return, a line that is not UTF-8, no newline at the
/// end.
fn mixed_batch() -> Vec<u8> {
    let text = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("file");
    let mut bytes =
        format!("\u{feff}{text}\n \t\r\n\u{feff}\n{{\"scheme\": 1}}\r\n\u{a0}\n").into_bytes();
    bytes.extend_from_slice(b"\xff{}\n");
    bytes.extend_from_slice(text.lines().next().expect("a line").as_bytes());
    bytes
}

#[test]
fn a_batch_gives_the_verdicts_of_the_shared_rule_line_by_line() {
    let bytes = mixed_batch();
    let (verdicts, tally) = fed(&[&bytes]);
    assert_eq!(verdicts, line_by_line(&bytes));
    // The sample's lines, then: the end of its last line, a blank line with
    // a space, a tab and a carriage return, a byte-order mark alone,
    // receipts that are refused, one that is not UTF-8, a receipt again.
    let sample: u64 = 12;
    let numbers: Vec<u64> = verdicts.iter().filter_map(|v| v["line"].as_u64()).collect();
    let expected: Vec<u64> = (1..=sample).chain(sample + 4..=sample + 7).collect();
    assert_eq!(numbers, expected, "blank lines skipped, and counted");
    assert_eq!(
        verdicts[0]["verdict"], "verified",
        "after a byte-order mark"
    );
    assert_eq!(
        verdicts[12]["error"]["field"], "scheme",
        "the line after a blank one"
    );
    assert_eq!(
        verdicts[13]["error"]["kind"], "syntax",
        "U+00A0 is not blank"
    );
    assert_eq!(
        verdicts[14]["error"]["message"],
        "receipt: \"byte 1 not UTF-8\" is not accepted, expected UTF-8 text"
    );
    assert_eq!(verdicts[15]["verdict"], "verified", "no newline at the end");
    assert_eq!(
        tally.receipts,
        tally.verified + tally.not_verified + tally.invalid
    );
    assert_eq!(tally.receipts, verdicts.len());
    assert_eq!(
        tally.invalid,
        verdicts
            .iter()
            .filter(|v| v["verdict"] == "invalid")
            .count()
    );
}

#[test]
fn a_batch_split_anywhere_gives_the_same_verdicts() {
    let bytes = mixed_batch();
    let (whole, tally) = fed(&[&bytes]);
    for at in (0..bytes.len()).step_by(7) {
        let (a, b) = bytes.split_at(at);
        assert_eq!(fed(&[a, b]), (whole.clone(), tally), "split at byte {at}");
    }
    let bytewise: Vec<&[u8]> = bytes.chunks(1).collect();
    assert_eq!(fed(&bytewise).0, whole);
}

#[test]
fn a_line_over_the_limit_is_refused_and_skipped_holding_no_more_than_the_limit() {
    let limit = usize::try_from(INPUT_LIMIT).expect("fits");
    let receipt = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("file");
    let receipt = receipt.lines().next().expect("a line");
    let mut verdicts = Vec::new();
    let mut batch = Batch::new();
    let mut most = 0;
    let piece = vec![b' '; 65_536];
    let mut keep = |v: Value| {
        verdicts.push(v);
        Ok::<(), ()>(())
    };
    // A line of exactly the limit is read; one a byte longer is not, however
    // long it goes on.
    batch.feed(&vec![b'x'; limit], &mut keep).expect("kept");
    most = most.max(batch.held());
    batch.feed(b"\n", &mut keep).expect("kept");
    for _ in 0..160 {
        batch.feed(&piece, &mut keep).expect("kept");
        most = most.max(batch.held());
    }
    batch
        .feed(format!("\n{receipt}\n").as_bytes(), &mut keep)
        .expect("kept");
    batch.finish(&mut keep).expect("kept");
    assert!(most <= limit, "held {most} bytes");
    assert_eq!(verdicts.len(), 3);
    assert_eq!(verdicts[0]["error"]["field"], "receipt");
    assert_eq!(verdicts[0]["error"]["kind"], "syntax", "read, not too long");
    assert_eq!(verdicts[1]["line"], 2);
    assert_eq!(
        verdicts[1]["error"]["message"],
        fairdeal::receipt::too_long().to_string()
    );
    assert_eq!(verdicts[2]["line"], 3);
    assert_eq!(verdicts[2]["verdict"], "verified");
}

#[test]
fn verify_batch_returns_a_short_batch_whole_and_refuses_a_longer_one() {
    let text = std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("file");
    let out = api::verify_batch(&format!("{text}\n\nnot json\n")).expect("short");
    let out = out.as_array().expect("a list");
    assert_eq!(
        out,
        &line_by_line(format!("{text}\n\nnot json\n").as_bytes())
    );
    assert_eq!(out[0]["line"], 1);
    assert_eq!(out[0]["verdict"], "verified");
    let last = out.last().expect("the bad line");
    assert_eq!(
        (last["verdict"].as_str(), last["error"]["field"].as_str()),
        (Some("invalid"), Some("receipt"))
    );
    let lines = "\n".repeat(api::BATCH_LINES);
    assert_eq!(api::verify_batch(&lines).expect("blank lines"), json!([]));
    let e = api::verify_batch(&format!("{lines}x")).expect_err("a line too many");
    assert_eq!((e.field(), e.kind().code()), ("text", "range"));
    assert!(
        e.to_string()
            .starts_with("text: 10001 lines is out of range"),
        "{e}"
    );
    assert!(
        e.to_string().contains("verifyBatch(text, onVerdict)"),
        "{e}"
    );
    let e = api::verify_batch(&" ".repeat(usize::try_from(INPUT_LIMIT).expect("fits") + 1))
        .expect_err("too big");
    assert_eq!((e.field(), e.kind().code()), ("text", "range"));
}

#[test]
fn a_receipt_text_is_read_as_the_cli_reads_a_file() {
    let text =
        std::fs::read_to_string(root().join("docs/receipts/euchremaster.json")).expect("file");
    let verify = |text: &str| {
        api::parse("receipt", text).and_then(|receipt| api::verify("euchremaster", &receipt))
    };
    assert_eq!(verify(&text).expect("the sample")["verdict"], "verified");
    let twice = text.replacen(
        "\"fingerprint\"",
        "\"fingerprint\": \"0\", \"fingerprint\"",
        1,
    );
    let e = verify(&twice).expect_err("given twice");
    assert_eq!(
        e.to_string(),
        "receipt.fingerprint: given twice, expected each key of an object once"
    );
    // The CLI's messages for `fairdeal verify euchremaster --input FILE`.
    for (dealer, shown) in [
        ("1.0000000000000001", "1.0"),
        ("-0", "-0.0"),
        ("1e-400", "0.0"),
    ] {
        let e = verify(&text.replace("\"dealer\": 1", &format!("\"dealer\": {dealer}")))
            .expect_err(dealer);
        assert_eq!(
            e.to_string(),
            format!("dealer: {shown} is not an integer, expected a seat from 0 to 3")
        );
    }
    let limit = usize::try_from(INPUT_LIMIT).expect("fits");
    let padded = format!("{text}{}", " ".repeat(limit - text.len()));
    assert_eq!(
        verify(&padded).expect("at the limit")["verdict"],
        "verified"
    );
    let e = verify(&format!("{padded} ")).expect_err("a byte over");
    assert_eq!((e.field(), e.kind().code()), ("receipt", "value"));
    assert_eq!(
        e.to_string(),
        "receipt: \"more than 4194304 bytes\" is not accepted, \
         expected at most 4 MiB of JSON, as the CLI reads an input file"
    );
    let deep = format!("{}{}", "[".repeat(3000), "]".repeat(3000));
    let e = api::parse("receipt", &deep).expect_err("deep");
    assert_eq!((e.field(), e.kind().code()), ("receipt", "syntax"));
}

/// `readReceipt`: a receipt as the site gives it, read into the object
/// `verify` takes, for every scheme's sample receipt and the site's
/// command.
#[test]
fn read_receipt_gives_the_scheme_the_form_and_the_receipt_verify_takes() {
    for scheme in fairdeal::SCHEMES {
        let id = scheme.id();
        let path = format!("docs/receipts/{id}.json");
        let text = std::fs::read_to_string(root().join(&path)).expect("file");
        let out = api::read_receipt(&text).expect("read");
        assert_eq!(out["scheme"], id);
        assert_eq!(out["form"], "json");
        assert_eq!(out["missing"], json!([]));
        assert!(out.get("game").is_none());
        let verdict = api::verify(id, &out["receipt"]).expect("verified");
        assert_eq!(verdict["verdict"], "verified", "{id}");
    }
    let house = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
    let out = api::read_receipt(&format!(
        "python3 verify_deal.py {house} 'the quick brown fox' --hands 3 --patterns 3323,3232,2323"
    ))
    .expect("read");
    assert_eq!(out["form"], "command");
    let seen = fairdeal::scheme(out["scheme"].as_str().expect("an id"))
        .expect("registered")
        .info()
        .forms
        .seen;
    assert_eq!(
        out["missing"],
        json!([{"field": "fingerprint", "ask": "the fingerprint the app showed before play", "where": seen}])
    );
    assert_eq!(
        out["receipt"]["hands"],
        json!([{"pattern": "3323"}, {"pattern": "3232"}, {"pattern": "2323"}])
    );
    let out = api::read_receipt(
        "Server seed: c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59\nClient seed: lucky\nNonce: 0\nRolls: 2\n",
    )
    .expect("read");
    assert_eq!(
        (out["form"].as_str(), out["game"].as_str()),
        (Some("labels"), Some("case"))
    );
    for (text, field) in [
        ("", "receipt"),
        ("Seed: x", "scheme"),
        ("nothing", "receipt line 1"),
        ("{", "receipt"),
    ] {
        let e = api::read_receipt(text).expect_err(text);
        assert_eq!(e.field(), field, "{text}");
    }
    let big = " ".repeat(usize::try_from(INPUT_LIMIT).expect("fits") + 1);
    assert_eq!(
        api::read_receipt(&big).expect_err("too big").field(),
        "receipt"
    );
}

/// `history`: the report `fairdeal history --json` prints, on the page's
/// one thread.
#[test]
fn history_reports_a_dropped_history_as_the_cli_does() {
    let batch =
        std::fs::read_to_string(root().join("docs/receipts/batch.jsonl")).expect("the batch");
    // Its first two lines: one deal twice.
    let two: String = batch.lines().take(2).map(|l| format!("{l}\n")).collect();
    let out = api::history(&two).expect("a history");
    assert_eq!(out["receipts"], 2);
    assert_eq!(out["verdict"], "suspicious");
    assert_eq!(out["findings"][0]["kind"], "deal-repeated");
    assert_eq!(out["findings"][0]["lines"], json!([1, 2]));
    let one: String = batch.lines().take(1).collect();
    assert_eq!(
        api::history(&one).expect("a history")["verdict"],
        "consistent"
    );
    let e = api::history("seed,seed\n").expect_err("a field twice");
    assert_eq!((e.field(), e.kind().code()), ("history", "value"));
    assert!(
        e.to_string()
            .contains("line 1: the CSV header names `seed` twice"),
        "{e}"
    );
}
