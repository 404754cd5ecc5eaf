//! sfc32-lock: the check against the lock, the JSON fields and bad inputs.

use serde_json::Value;

use crate::util::{fairdeal, keys_of, stderr, stdout};

const SFC32_SEED: &str = "340cbd92ae497b96429e4f63942c9dfa";
// `printf '%s' 340cbd92ae497b96429e4f63942c9dfa:hand-12 | sha256sum`
const SFC32_LOCK: &str = "565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c";

#[test]
fn sfc32_lock_verifies_with_lock_flag_and_input_file() {
    let o = fairdeal(&[
        "verify",
        "sfc32-lock",
        "--seed",
        SFC32_SEED,
        "--nonce",
        "hand-12",
        "--lock",
        SFC32_LOCK,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("VERIFIED: the fingerprint matches SHA-256(seed:nonce)"),
        "{out}"
    );
    // Seats are only numbered in this method (docs/schemes/sfc32-lock.md).
    assert!(
        out.contains("\nseat 0       Q♠ J♠ Q♥ A♦ 9♦  (you)\n"),
        "{out}"
    );
    assert!(
        out.contains("up-card      K♠\nkitty        10♦ K♦ K♥\n"),
        "{out}"
    );

    // `"lock"` in the --input file is the fingerprint too.
    let o = fairdeal(&[
        "verify",
        "sfc32-lock",
        "--input",
        "docs/receipts/sfc32-lock.json",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["verified"], true);
    assert_eq!(v["fingerprint"], SFC32_LOCK);
    assert_eq!(v["hands"][3][0], "Qc");
}

#[test]
fn sfc32_lock_that_does_not_match_exits_1_and_shows_no_deal() {
    // The next hand's nonce: the same seed deals the same cards, but the
    // lock is another.
    let args = [
        "verify",
        "sfc32-lock",
        "--seed",
        SFC32_SEED,
        "--nonce",
        "hand-13",
        "--lock",
        SFC32_LOCK,
    ];
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with("NOT VERIFIED: the fingerprint does not match SHA-256(seed:nonce).\n"),
        "{out}"
    );
    // `printf '%s' 340cbd92ae497b96429e4f63942c9dfa:hand-13 | sha256sum`
    assert!(
        out.contains(
            "  fingerprint given    565d9dc4234b36e5ec730dd29707f7dea3d24403f4a5fa8eabc56f99f171517c\n  \
             SHA-256(seed:nonce)  50f5ff2894ca628e460ee95cd390dc9cdf81da0f2de9eaef6f2f4d4f86aeb74a\n"
        ),
        "{out}"
    );
    assert!(
        !out.contains("seat 0") && !out.contains("up-card"),
        "a failed check must not print the deal: {out}"
    );
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn sfc32_lock_deal_json_has_exactly_the_fields_of_schemes_md() {
    let o = fairdeal(&[
        "deal",
        "sfc32-lock",
        "--seed",
        SFC32_SEED,
        "--nonce",
        "hand-12",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let keys = keys_of(&v);
    assert_eq!(
        keys,
        [
            "fingerprint",
            "randoms",
            "positions",
            "deck",
            "hands",
            "upcard",
            "kitty"
        ]
    );
    assert_eq!(v["fingerprint"], SFC32_LOCK);
    assert_eq!(v["randoms"].as_array().unwrap().len(), 23);
    assert_eq!(v["upcard"], "Ks");
}

/// Each bad input gets its own message naming the field, and exit 2, from
/// `deal` and from `verify` alike.
#[test]
fn sfc32_lock_bad_inputs_exit_2_with_their_own_message() {
    let s31 = &SFC32_SEED[..31];
    let s33 = format!("{SFC32_SEED}0");
    let nonhex = format!("{}g", &SFC32_SEED[..31]);
    let long = "x".repeat(1025);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--seed", s31, "--nonce", "n"],
            "seed: 31 characters, expected 32 hexadecimal digits",
        ),
        (
            vec!["--seed", &s33, "--nonce", "n"],
            "seed: 33 characters, expected 32 hexadecimal digits",
        ),
        (
            vec!["--seed", &nonhex, "--nonce", "n"],
            "seed: character 32 is 'g', expected a hexadecimal digit",
        ),
        (
            vec!["--seed", SFC32_SEED, "--nonce", ""],
            "nonce: 0 characters, expected 1 to 1024 printable ASCII characters",
        ),
        (
            vec!["--seed", SFC32_SEED, "--nonce", "hand-12é"],
            "nonce: character 8 is 0xE9, expected printable ASCII (0x20 to 0x7E)",
        ),
        (
            vec!["--seed", SFC32_SEED, "--nonce", &long],
            "nonce: 1025 characters, expected 1 to 1024",
        ),
        (
            vec!["--seed", SFC32_SEED],
            "nonce: missing, expected 1 to 1024 printable ASCII characters (give --nonce",
        ),
    ];
    for (flags, message) in cases {
        for command in ["deal", "verify"] {
            let mut args = vec![command, "sfc32-lock"];
            args.extend(&flags);
            if command == "verify" {
                args.extend(["--lock", SFC32_LOCK]);
            }
            let o = fairdeal(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
            assert!(
                stdout(&o).is_empty(),
                "no partial result on stdout: {args:?}"
            );
        }
    }
}
