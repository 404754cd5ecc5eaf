//! `fairdeal conformance --port`: what the runner says about a failure, in
//! words a port's author can act on.

use std::process::Output;

use crate::util::{command, root, stderr, stdout};

/// Runs the runner against crates/cli/tests/ports/broken_port.py in `mode`.
fn broken(mode: &str, args: &[&str]) -> Output {
    command()
        .args([
            "conformance",
            "--port",
            "python3 crates/cli/tests/ports/broken_port.py",
        ])
        .args(args)
        .env("BROKEN_PORT", mode)
        .output()
        .expect("the fairdeal binary runs")
}

/// A dealer that draws by other rules changes the dealer's cards and then
/// the outcomes: the runner reports the dealer's cards, where the mistake
/// is, not `/hands/0/outcome`.
#[test]
fn diagnosis_a_dealer_rule_mistake_is_reported_at_the_dealer() {
    let o = broken(
        "dealer-stands-on-16",
        &["--scheme", "hmac-blackjack", "--case", "double-soft-17"],
    );
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL hmac-blackjack/double-soft-17 (game): first differing stage: dealer, \
             at /dealer/cards: your list has 3 items, expected 4\n"
        ),
        "{out}"
    );
    // The Python port's own mistake of a dealer that hits soft 17
    // (conformance/coverage/rules/<id>.json).
    let o = command()
        .args([
            "conformance",
            "--port",
            "python3 conformance/ports/python/port.py",
            "--scheme",
            "hmac-blackjack",
            "--case",
            "dealer-stands-on-soft-17",
        ])
        .env("FAIRDEAL_MUTANT", "hb-bj-dealer-hits-soft-17")
        .output()
        .unwrap();
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL hmac-blackjack/dealer-stands-on-soft-17 (game): first differing stage: dealer, \
             at /dealer/cards: your list has 5 items, expected 3\n"
        ),
        "{out}{}",
        stderr(&o)
    );
}

/// What a port writes to its standard error while it runs a case is how
/// its author debugs it: every failing case shows it, not only a port that
/// misbehaved.
#[test]
fn diagnosis_every_failing_case_shows_what_the_port_wrote_to_stderr_for_it() {
    let o = broken(
        "wrong",
        &[
            "--scheme",
            "euchremaster",
            "--case",
            "dealer-1,-joker,-deal-",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "FAIL euchremaster/dealer-1/shuffle (shuffle): first differing stage: deck, at /deck/0: expected \"Kh\", got \"Jh\"\n     \
             stderr: debug: seq 2: the deck reversed\n"
        ),
        "{out}"
    );
    // Only that case's lines: the passing cases around it show none.
    assert_eq!(out.matches("stderr:").count(), 1, "{out}");
}

/// A port that answers a case twice fails that case; the next case, during
/// which the second answer came, is judged on its own answer. A second
/// answer to the last case is found too.
#[test]
fn diagnosis_a_second_answer_is_blamed_on_its_case_not_the_next() {
    for (at, case) in [
        ("2", "dealer-1/shuffle (shuffle)"),
        ("3", "dealer-1/deal (deal)"),
    ] {
        let o = command()
            .args([
                "conformance",
                "--port",
                "python3 crates/cli/tests/ports/broken_port.py",
                "--scheme",
                "euchremaster",
                "--case",
                "dealer-1,-joker,-deal-",
            ])
            .env("BROKEN_PORT", "twice")
            .env("BROKEN_AT", at)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
        let out = stdout(&o);
        assert!(
            out.contains(&format!(
                "FAIL euchremaster/{case}: the port misbehaved: the port answered \
                 this case (seq {at}) a second time\n"
            )),
            "{out}"
        );
        assert!(
            out.contains("euchremaster: 2 passed, 1 failed, 0 unsupported"),
            "{out}"
        );
        assert!(!out.contains("started again"), "{out}");
    }
}

/// The end of the summary says, per scheme, which stages are right.
#[test]
fn diagnosis_the_summary_says_which_stages_are_right() {
    let o = broken(
        "wrong",
        &[
            "--scheme",
            "euchremaster",
            "--case",
            "dealer-1,-joker,-deal-",
        ],
    );
    let out = stdout(&o);
    assert!(
        out.contains(
            "by stage (FAIL: where cases first differ):\n  \
             euchremaster: fingerprint ok, stream ok, shuffle FAIL (1 case), deal ok\n"
        ),
        "{out}"
    );
}

/// The text of docs/porting.md between `<!-- NAME:start -->` and
/// `<!-- NAME:end -->`.
fn guide_block(name: &str) -> String {
    block_of("docs/porting.md", name)
}

/// The text between `<!-- NAME:start -->` and `<!-- NAME:end -->` in `page`.
fn block_of(page: &str, name: &str) -> String {
    let guide = std::fs::read_to_string(root().join(page)).expect(page);
    let start = format!("<!-- {name}:start -->\n");
    let from = guide.find(&start).expect("the start marker") + start.len();
    let to = from
        + guide[from..]
            .find(&format!("<!-- {name}:end -->"))
            .expect("the end marker");
    guide[from..to].to_owned()
}

/// The port line names the Python that runs the port, which differs from
/// machine to machine; the first line names the vectors' version, which
/// changes from release to release.
fn any_python(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("port: fairdeal-python (Python ") {
                "port: fairdeal-python (Python ...)"
            } else if l.starts_with("vectors ") {
                "vectors ..."
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// docs/porting.md walks through one real failure: its command, run on the
/// mutant it names, prints exactly the text the page shows.
#[test]
fn diagnosis_the_porting_guide_shows_a_failure_exactly_as_printed() {
    let block = guide_block("walkthrough");
    let body = block
        .strip_prefix("```text\n")
        .and_then(|b| b.strip_suffix("```\n"))
        .expect("a text block");
    let (command_line, shown) = body.split_once('\n').expect("a command, then its output");
    let words = shell_words::split(command_line.strip_prefix("$ ").expect("a $ command")).unwrap();
    let (mutant, args) = words.split_first().unwrap();
    let mutant = mutant.strip_prefix("FAIRDEAL_MUTANT=").expect("the mutant");
    assert_eq!(args.first().map(String::as_str), Some("fairdeal"));
    let o = command()
        .args(&args[1..])
        .env("FAIRDEAL_MUTANT", mutant)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(any_python(&stdout(&o)), any_python(shown));
}

/// Each scheme page's table of inputs (docs/porting.md, "Inputs, scheme by
/// scheme", points to them) lists the scheme's and each of its games'
/// required and optional fields as the schemes define them.
#[test]
fn diagnosis_the_scheme_pages_list_every_input_field() {
    let names = |cell: &str| -> Vec<String> {
        cell.split(',')
            .map(|n| n.trim().trim_matches('`').to_owned())
            .filter(|n| !n.is_empty())
            .collect()
    };
    let mut rows = std::collections::BTreeMap::new();
    for scheme in fairdeal::SCHEMES {
        let page = format!("docs/schemes/{}.md", scheme.id());
        for line in block_of(&page, "inputs").lines().skip(2) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            rows.insert(cells[1].to_owned(), (names(cells[2]), names(cells[3])));
        }
    }
    let mut expected = std::collections::BTreeMap::new();
    for scheme in fairdeal::SCHEMES {
        let info = scheme.info();
        let mut add = |row: String, fields: &[fairdeal::core::input::Field]| {
            let of = |required: bool| -> Vec<String> {
                let f = fields.iter().filter(|f| f.required == required);
                f.map(|f| f.name.to_owned()).collect()
            };
            expected.insert(row, (of(true), of(false)));
        };
        add(format!("`{}`", info.id), info.fields);
        for game in info.games {
            add(format!("`{}` game `{}`", info.id, game.name), game.fields);
        }
    }
    assert_eq!(rows, expected);
}
