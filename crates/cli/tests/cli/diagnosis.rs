//! `fairdeal conformance --port`: what the runner says about a failure, in
//! words a port's author can act on.

use std::process::Output;

use crate::util::{command, stderr, stdout};

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
/// which the second answer came, is judged on its own answer.
#[test]
fn diagnosis_a_second_answer_is_blamed_on_its_case_not_the_next() {
    let o = broken(
        "twice",
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
            "FAIL euchremaster/dealer-1/shuffle (shuffle): the port misbehaved: the port answered \
             this case (seq 2) a second time, while the next case ran\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("euchremaster: 2 passed, 1 failed, 0 unsupported"),
        "{out}"
    );
    assert!(
        !out.contains("restarted") && !out.contains("started again"),
        "{out}"
    );
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
