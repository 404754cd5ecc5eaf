//! Receipts as the sites give them (issue 22, item 1): the site's verifier
//! command, the lines of the site's page, the JSON object; the scheme found
//! from the fields when none is named; the fingerprint asked for by name.

use serde_json::Value;

use crate::util::{Scratch, fairdeal, root, stderr, stdout, with_stdin};

const HOUSE: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";
const HOUSE_FINGERPRINT: &str = "ebd913807f693cca350eedfb1fb5711ee56e2237d7ffcdf35e1f1a8dacb45232";
const SERVER_SEED: &str = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
const HASHED_SERVER_SEED: &str = "62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225";

/// Returns the fingerprint of a scheme's sample receipt.
fn sample_fingerprint(scheme: &str) -> String {
    let path = root().join(format!("docs/receipts/{scheme}.json"));
    let text = std::fs::read_to_string(path).expect("a sample receipt");
    let receipt: Value = serde_json::from_str(&text).expect("JSON");
    let object = receipt.as_object().expect("an object");
    object
        .iter()
        .find(|(k, _)| {
            *k == "fingerprint"
                || fairdeal::scheme(scheme)
                    .expect("registered")
                    .info()
                    .commitment
                    .aliases
                    .contains(&k.as_str())
        })
        .and_then(|(_, v)| v.as_str())
        .expect("a fingerprint")
        .to_owned()
}

/// Returns the text of `docs/schemes/<id>.md`'s section "The receipt as
/// the site gives it".
fn receipt_section(scheme: &str) -> String {
    let page = std::fs::read_to_string(root().join(format!("docs/schemes/{scheme}.md")))
        .expect("the scheme's page");
    let start = page
        .find("## The receipt as the site gives it")
        .unwrap_or_else(|| panic!("{scheme}: the page has no section on the site's receipt"));
    let rest = &page[start + 3..];
    let end = rest.find("\n## ").map_or(rest.len(), |e| e + 1);
    rest[..end].to_owned()
}

/// Returns the ```text blocks of a section.
fn text_blocks(section: &str) -> Vec<String> {
    section
        .split("```text\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or_default().to_owned())
        .collect()
}

/// Returns text with each run of spaces and line breaks as one space.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_schemes_page_shows_its_receipt_as_the_site_gives_it_and_each_example_verifies() {
    for scheme in fairdeal::SCHEMES {
        let id = scheme.id();
        let forms = scheme.info().forms;
        let section = receipt_section(id);
        let words = flat(&section);
        // The page says what INFO says: where the fingerprint was seen, the
        // labels, the site's command.
        assert!(words.contains(&flat(forms.seen)), "{id}: {}", forms.seen);
        for label in forms.labels {
            for word in label.words {
                assert!(
                    words.contains(&format!("`{word}")),
                    "{id}: the page names the label {word}"
                );
            }
        }
        if let Some(command) = forms.command {
            assert!(
                words.contains(command.script) && words.contains(command.label),
                "{id}"
            );
        }
        let blocks = text_blocks(&section);
        assert!(
            !blocks.is_empty(),
            "{id}: an example of the receipt as the site gives it"
        );
        let fingerprint = sample_fingerprint(id);
        for block in blocks {
            let file = Scratch::new("forms", &format!("{id}-example.txt"), block.as_bytes());
            let o = fairdeal(&["verify", "--input", file.path(), "--json"]);
            let o = if o.status.code() == Some(2) {
                // Without its fingerprint: asked for by name, with where it was seen.
                let err = flat(&stderr(&o));
                assert!(
                    err.contains("the fingerprint the app showed before play"),
                    "{id}: {err}"
                );
                assert!(err.contains(&flat(forms.seen)), "{id}: {err}");
                fairdeal(&[
                    "verify",
                    "--input",
                    file.path(),
                    "--json",
                    "--fingerprint",
                    &fingerprint,
                ])
            } else {
                o
            };
            assert_eq!(o.status.code(), Some(0), "{id}: {block}\n{}", stderr(&o));
            let out: Value = serde_json::from_str(&stdout(&o)).unwrap();
            if out.get("fingerprint_checked").is_some() {
                // A game's receipt: checked as `roll`/`play` checks it.
                assert_eq!(out["fingerprint_checked"], true, "{id}");
                continue;
            }
            assert_eq!(out["verified"], true, "{id}");
            // The same text, the scheme named.
            let o = fairdeal(&[
                "verify",
                id,
                "--input",
                file.path(),
                "--fingerprint",
                &fingerprint,
            ]);
            assert_eq!(o.status.code(), Some(0), "{id}: {block}\n{}", stderr(&o));
        }
    }
}

#[test]
fn every_sample_receipt_is_verified_without_its_scheme_named() {
    for scheme in fairdeal::SCHEMES {
        let path = format!("docs/receipts/{}.json", scheme.id());
        let o = fairdeal(&["verify", "--input", &path, "--ascii"]);
        assert_eq!(o.status.code(), Some(0), "{path}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("VERIFIED"), "{path}");
        // From standard input too.
        let text = std::fs::read(root().join(&path)).unwrap();
        let o = with_stdin(&["verify", "--input", "-"], &text);
        assert_eq!(o.status.code(), Some(0), "{path}: {}", stderr(&o));
    }
}

#[test]
fn the_sites_command_is_taken_pasted_after_the_scheme_and_in_a_file() {
    let pasted = [
        "verify",
        "showdown",
        "python3",
        "verify_deal.py",
        HOUSE,
        "the quick brown fox",
        "--hands",
        "3",
        "--patterns",
        "3323,3232,2323",
    ];
    let o = fairdeal(&pasted);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = flat(&stderr(&o));
    assert!(
        err.contains("Give the fingerprint the app showed before play: you saw it in the app"),
        "{err}"
    );
    let mut args = pasted.to_vec();
    args.extend(["--fingerprint", HOUSE_FINGERPRINT, "--ascii"]);
    let o = fairdeal(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("VERIFIED"));
    // `deal` takes the pasted words as well.
    let o = fairdeal(&[
        "deal",
        "showdown",
        "verify_deal.py",
        HOUSE,
        "p",
        "--hands",
        "1",
        "--patterns",
        "3232",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The command as the page gives it, in a file: with the scheme named
    // and without.
    let command = format!(
        "Command for the verifier script: python3 verify_deal.py {HOUSE} 'the quick brown fox' --hands 3 --patterns 3323,3232,2323\n"
    );
    let file = Scratch::new("forms", "command.txt", command.as_bytes());
    for args in [
        vec!["verify", "--input", file.path()],
        vec!["verify", "showdown", "--input", file.path()],
    ] {
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(flat(&stderr(&o)).contains("the fingerprint the app showed before play"));
        let mut args = args.clone();
        args.extend(["--fingerprint", HOUSE_FINGERPRINT]);
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        // A fingerprint that does not match is a failed check.
        let wrong = "0".repeat(64);
        let last = args.len() - 1;
        args[last] = &wrong;
        let o = fairdeal(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
    }
    // A pattern that differs from the drawn one fails the check too.
    let file = Scratch::new(
        "forms",
        "command-pattern.txt",
        format!("python3 verify_deal.py {HOUSE} 'the quick brown fox' --hands 3 --patterns 2222,3232,2323\nFingerprint: {HOUSE_FINGERPRINT}").as_bytes(),
    );
    let o = fairdeal(&["verify", "--input", file.path()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn a_bad_receipt_is_refused_naming_what_is_wrong() {
    for (text, message) in [
        (
            format!("Seed: {SERVER_SEED}\nFingerprint: {HASHED_SERVER_SEED}\n"),
            "fit euchremaster and sfc32-lock",
        ),
        ("Colour: red\n".to_owned(), "fit no scheme"),
        (
            format!("python3 verify_deal.py {HOUSE} 'open --hands 1"),
            "a command whose quotes do not close",
        ),
        (
            format!("python3 verify_deal.py {HOUSE} p --hands 1 --deck 52"),
            "--deck: not a field of this scheme",
        ),
        (
            format!("Server seed: {SERVER_SEED}\nClient seed: x\nNonce: one\n"),
            "nonce: one is not an integer",
        ),
        (String::new(), "receipt: missing"),
    ] {
        let file = Scratch::new("forms", "bad.txt", text.as_bytes());
        let o = fairdeal(&["verify", "--input", file.path()]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stderr(&o).contains(message), "{text}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
    // A scheme named that the receipt is not of.
    let file = Scratch::new("forms", "other.txt", b"{\"scheme\": \"showdown\"}");
    let o = fairdeal(&["verify", "euchremaster", "--input", file.path()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("expected euchremaster, the scheme named on the command line"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_labelled_value_is_taken_exactly_with_its_spaces() {
    // The client seed with a space copied after it: kept, so the deal is
    // another, and the hint names the space.
    let text = format!(
        "Server seed: {SERVER_SEED}\nClient seed: lucky \nNonce: 0\nHashed server seed: {HASHED_SERVER_SEED}\n"
    );
    let file = Scratch::new("forms", "space.txt", text.as_bytes());
    let o = fairdeal(&["verify", "--input", file.path(), "--hand", "3d 5s"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = fairdeal(&["verify", "--input", file.path(), "--json"]);
    let out: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(out["not_covered"]["client_seed"], "lucky ");
}

#[test]
fn a_games_receipt_as_the_site_gives_it_is_played_or_rolled() {
    let seeds = format!("Server seed: {SERVER_SEED}\nClient seed: lucky\nNonce: 0\n");
    let mines = Scratch::new(
        "forms",
        "mines.txt",
        format!("{seeds}Mines: 3\n").as_bytes(),
    );
    let o = fairdeal(&[
        "roll",
        "mines",
        "--input",
        mines.path(),
        "--fingerprint",
        HASHED_SERVER_SEED,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("VERIFIED"), "{}", stdout(&o));
    // Found from its fields, the fingerprint required.
    let o = fairdeal(&["verify", "--input", mines.path()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        flat(&stderr(&o)).contains("the hashed server seed"),
        "{}",
        stderr(&o)
    );
    let o = fairdeal(&[
        "verify",
        "--input",
        mines.path(),
        "--fingerprint",
        HASHED_SERVER_SEED,
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(out["mines"].as_array().map(Vec::len), Some(3));
    // A game named by a line.
    let case = Scratch::new(
        "forms",
        "case.txt",
        format!("Game: case\n{seeds}Rolls: 2\nHashed server seed: {HASHED_SERVER_SEED}\n")
            .as_bytes(),
    );
    let o = fairdeal(&["verify", "--input", case.path(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A game's receipt has no hand.
    let o = fairdeal(&["verify", "--input", case.path(), "--hand", "As"]);
    assert_eq!(o.status.code(), Some(2));
    let blackjack = Scratch::new(
        "forms",
        "blackjack.txt",
        format!("{seeds}Actions: S\n").as_bytes(),
    );
    let o = fairdeal(&["play", "blackjack", "--input", blackjack.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_batch_line_stays_a_json_object() {
    let line = format!("python3 verify_deal.py {HOUSE} p --hands 1 --patterns 3232\n");
    let o = with_stdin(&["verify", "--batch", "-"], line.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let out: Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(out["verdict"], "invalid");
    assert_eq!(out["error"]["field"], "receipt");
}
