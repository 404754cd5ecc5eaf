//! Many receipts of every scheme, as the dealer issued them, dealt again by
//! the independent Python port (conformance/independent/dealer_receipts.py):
//! the same fingerprint and the same deal.

use std::io::Write;
use std::process::{Command, Stdio};

use fairdeal_dealer::Dealer;
use serde_json::json;

use crate::lifecycle::every_scheme;
use crate::util::Fixed;

#[test]
fn the_python_port_deals_every_receipt_as_the_dealer_did() {
    let dealer = Dealer::in_memory()
        .expect("a store")
        .with_entropy(Fixed::new(7));
    let pairs = every_scheme(&dealer);
    let lines: String = pairs
        .iter()
        .map(|(receipt, trace)| format!("{}\n", json!({"receipt": receipt, "trace": trace})))
        .collect();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../conformance/independent/dealer_receipts.py"
    );
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || stdin.write_all(lines.as_bytes()));
    let out = child.wait_with_output().expect("python3 ends");
    writer.join().expect("joined").expect("written");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        text.lines().last(),
        Some(format!("{} passed, 0 failed", pairs.len()).as_str()),
        "{text}"
    );
}
