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
