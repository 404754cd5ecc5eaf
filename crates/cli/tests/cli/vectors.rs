//! `fairdeal vectors`: the committed vector files check and regenerate unchanged.

use std::process::Command;

use crate::util::{fairdeal, root, stderr, stdout};

#[test]
fn vectors_check_and_generate_check_pass_on_the_committed_files() {
    let o = fairdeal(&["vectors", "check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o)
            .lines()
            .last()
            .unwrap()
            .ends_with(" failed, 0 skipped")
            && stdout(&o).contains(" 0 failed")
    );
    let o = fairdeal(&["vectors", "generate", "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = fairdeal(&["vectors", "sweep", "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("sweeps/showdown.json: unchanged"),
        "{}",
        stdout(&o)
    );
    let o = fairdeal(&["vectors", "sweep", "--check", "--scheme", "../x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a registered scheme"),
        "{}",
        stderr(&o)
    );
}

/// A folder of this test's own outside the repository, empty: no
/// `vectors/` to find there.
fn elsewhere(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("fairdeal-elsewhere-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder can be made");
    dir
}

/// An installed `fairdeal` carries the vectors: `conformance`, its
/// differential mode and `vectors check` run from any folder.
#[test]
fn vectors_the_built_in_vectors_work_from_any_folder() {
    let dir = elsewhere("any-folder");
    let port = format!(
        "python3 {}",
        root().join("conformance/ports/python/port.py").display()
    );
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_fairdeal"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let o = run(&["conformance", "--port", &port, "--case", "dealer-1"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    // The run names the release of the vectors it checked, first.
    let version = std::fs::read_to_string(root().join("vectors/VERSION")).unwrap();
    assert!(
        stdout(&o).starts_with(&format!("vectors {version}")),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains(" passed, 0 failed, 0 skipped\n"),
        "{}",
        stdout(&o)
    );
    let o = run(&[
        "conformance",
        "--port",
        &port,
        "--random",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let o = run(&["vectors", "check"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("euchremaster.json (built in): "),
        "{}",
        stdout(&o)
    );
    // --dir reads a folder instead, and says so when there is none.
    let o = run(&["vectors", "check", "--dir", "vectors"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("vectors: "), "{}", stderr(&o));
    let vectors = root().join("vectors").display().to_string();
    let o = run(&["vectors", "check", "--dir", &vectors, "--case", "dealer-1"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("vectors/euchremaster.json: "),
        "{}",
        stdout(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `vectors release DIR` writes the repository's files byte for byte, with
/// VERSION, CHANGES.md and a SHA256SUMS that lists each; it writes again
/// over its own release, and refuses a folder holding anything else.
#[test]
fn vectors_release_writes_the_files_and_their_sums_and_refuses_other_files() {
    use fairdeal_conformance::release::sha256_hex;
    let dir = elsewhere("release").join("out");
    let dir_text = dir.to_str().unwrap();
    let o = fairdeal(&["vectors", "release", dir_text]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap();
    let mut listed = Vec::new();
    for line in sums.lines() {
        let (digest, name) = line.split_once("  ").unwrap();
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert_eq!(digest, sha256_hex(&bytes), "{name}");
        assert_eq!(
            bytes,
            std::fs::read(root().join("vectors").join(name)).unwrap(),
            "{name}"
        );
        listed.push(name.to_owned());
    }
    for name in ["VERSION", "CHANGES.md", "schema.json", "showdown.json"] {
        assert!(listed.iter().any(|n| n == name), "{name} is not released");
    }
    // Again over its own release: nothing else there, so it is written.
    let o = fairdeal(&["vectors", "release", dir_text]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let o = fairdeal(&["vectors", "release", dir_text]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("\"notes.txt\""), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "mine"
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// `vectors bump` records a folder whose files gained a case: a new minor
/// version and its section, which then holds the files as the release
/// test holds the repository's; a line that is not one is refused.
#[test]
fn vectors_bump_records_an_added_file_as_a_new_minor_version() {
    use fairdeal_conformance::release::{check_record, folder_files, parse_version};
    let dir = elsewhere("bump").join("vectors");
    let _ = std::fs::remove_dir_all(&dir);
    let release = fairdeal(&["vectors", "release", dir.to_str().unwrap()]);
    assert_eq!(release.status.code(), Some(0), "{}", stderr(&release));
    // A changed file: the record of the current version no longer holds.
    let path = dir.join("euchremaster.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}\n")).unwrap();
    let current = std::fs::read_to_string(dir.join("VERSION")).unwrap();
    let files = folder_files(&dir).unwrap();
    let files: Vec<(String, &str)> = files.iter().map(|(n, t)| (n.clone(), t.as_str())).collect();
    let changes = std::fs::read_to_string(dir.join("CHANGES.md")).unwrap();
    assert!(check_record(&current, &changes, &files).is_err());
    let o = fairdeal(&[
        "vectors",
        "bump",
        "--dir",
        dir.to_str().unwrap(),
        "--added",
        "a newline",
        "--date",
        "2027-01-02",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let version = std::fs::read_to_string(dir.join("VERSION")).unwrap();
    let [major, minor, patch] = parse_version(&version).unwrap();
    assert_eq!([major, minor, patch], {
        let [a, b, _] = parse_version(&current).unwrap();
        [a, b + 1, 0]
    });
    let changes = std::fs::read_to_string(dir.join("CHANGES.md")).unwrap();
    assert!(changes.contains(&format!(
        "## [{}] - 2027-01-02\n\n### Added\n\n- a newline\n",
        version.trim()
    )));
    check_record(&version, &changes, &files).expect("the new section records the files");
    for bad in [
        &["--added", ""][..],
        &["--added", "two\nlines"],
        &["--added", "x", "--date", "3 Jan"],
    ] {
        let mut args = vec!["vectors", "bump", "--dir", dir.to_str().unwrap()];
        args.extend_from_slice(bad);
        assert_eq!(fairdeal(&args).status.code(), Some(2), "{bad:?}");
    }
}
