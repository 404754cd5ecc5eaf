//! `fairdeal conformance --port 'CMD ARGS'`: check a port in any language.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use fairdeal::core::input::text::{printable_lines, quoted};
use fairdeal_conformance::port::{self, Options, RANDOM_LIMIT, parse_known};
use fairdeal_conformance::{Filter, VectorFile, release};

use crate::args::ConformanceArgs;
use crate::cmd::vectors::{Source, sources};
use crate::error::{CliError, Outcome};
use crate::files::{VECTOR_LIMIT, read_text, write_atomic};
use crate::output::print;

/// The longest `--timeout`: an hour for one case.
const TIMEOUT_MAX: f64 = 3600.0;
/// The longest `--deadline`: a week for a run.
const DEADLINE_MAX: f64 = 604_800.0;
/// The shortest `--timeout` and `--deadline`: a millisecond.
const SECONDS_MIN: f64 = 0.001;

pub fn run(args: ConformanceArgs) -> Result<Outcome, CliError> {
    let command = split_command(&args.port)?;
    let timeout = seconds("--timeout", args.timeout, TIMEOUT_MAX)?;
    let deadline = args
        .deadline
        .map(|d| seconds("--deadline", d, DEADLINE_MAX))
        .transpose()?;
    let random = match (args.random, args.seed) {
        (Some(count), Some(seed)) => Some((random_count(count)?, seed)),
        (Some(_), None) | (None, Some(_)) => {
            return Err(CliError::Usage(
                "--random N and --seed S go together".to_owned(),
            ));
        }
        (None, None) => None,
    };
    let sources = sources(args.dir.dir.as_deref())?;
    // Every output is checked before the run, which may take long: a bad
    // path must not cost the whole summary.
    let inputs: Vec<&Path> = sources
        .iter()
        .filter_map(Source::path)
        .chain(args.known_failures.as_deref())
        .collect();
    let outputs = [
        ("--report", &args.report),
        ("--junit", &args.junit),
        ("--html", &args.html),
        ("--badge", &args.badge),
    ];
    check_outputs(&outputs, &inputs)?;
    let known_text = match &args.known_failures {
        Some(path) => read(path)?,
        None => String::new(),
    };
    let known = match &args.known_failures {
        Some(path) => parse_known(&known_text)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?,
        None => Vec::new(),
    };
    let vectors_version = vectors_version(args.dir.dir.as_deref())?;
    let files = sources
        .iter()
        .map(Source::load)
        .collect::<Result<Vec<VectorFile>, _>>()?;
    if let Some(unknown) = args
        .scheme
        .iter()
        .find(|s| !files.iter().any(|f| &f.scheme == *s))
    {
        return Err(CliError::Usage(format!(
            "--scheme: no vector file for {}",
            quoted(unknown)
        )));
    }
    end_ports_on_interrupt();
    let options = Options {
        command,
        schemes: args.scheme,
        filter: args
            .case
            .as_deref()
            .map_or_else(Filter::default, Filter::parse),
        timeout,
        deadline,
        known,
    };
    let report = match random {
        Some((count, seed)) => port::differential(&files, &options, count, seed),
        None => port::check(&files, &options),
    }
    .map_err(|e| CliError::Usage(format!("protocol error: {e}")))?;
    // The summary first: a file that cannot be written loses only itself.
    // A port's messages and standard error are shown: nothing in them may
    // act on the terminal.
    print(&vectors_line(args.dir.dir.as_deref()))?;
    print(&printable_lines(&port::summary(&report)))?;
    if let Some(path) = &args.report {
        // Serializing plain structs of strings, numbers and JSON values
        // cannot fail.
        let json = serde_json::to_string_pretty(&report).unwrap_or_default();
        write(path, &format!("{json}\n"))?;
    }
    if let Some(path) = &args.junit {
        write(path, &port::junit(&report))?;
    }
    if let Some(path) = &args.html {
        write(path, &port::html(&report, vectors_version.as_deref()))?;
    }
    if let Some(path) = &args.badge {
        write(path, &port::badge(&report))?;
    }
    if let (true, Some(path)) = (args.fix, &args.known_failures) {
        let failures: Vec<(String, String)> = report
            .cases
            .iter()
            .filter_map(|c| match &c.verdict {
                port::Verdict::Fail(f) => Some((format!("{}/{}", c.scheme, c.id), f.stage.clone())),
                _ => None,
            })
            .collect();
        // A run that stopped early has not seen every case: its file would
        // lose the lines of the cases it never ran.
        if report.aborted.is_none() {
            write(path, &port::fix_known(&known_text, &failures))?;
            eprintln!("conformance: rewrote {} from the run", path.display());
        }
    }
    if let Some(why) = report.aborted {
        return Err(CliError::Usage(format!("the run stopped early: {why}")));
    }
    Ok(if report.ok() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// Returns the line that names the vectors the run checked: `vectors 1.0.0`
/// for the built-in release; for `--dir`, the version its `VERSION` file
/// states, or that it states none.
fn vectors_line(dir: Option<&Path>) -> String {
    let Some(dir) = dir else {
        return format!("vectors {}\n", fairdeal_conformance::vectors_version());
    };
    let name = crate::files::display(dir);
    // A VERSION file is a line: anything longer is not one.
    let stated = read_text(&dir.join("VERSION"), 64)
        .ok()
        .filter(|text| release::parse_version(text).is_ok());
    match stated {
        Some(version) => format!("vectors {} (from {name})\n", version.trim_end()),
        None => format!("vectors of {name}: no VERSION file stating MAJOR.MINOR.PATCH\n"),
    }
}

/// Makes an interrupted run (Ctrl-C, SIGTERM, SIGHUP) kill the ports'
/// process groups before it ends as the signal says: a port runs in a group
/// of its own, which the terminal's Ctrl-C does not reach, and a hung one
/// would be left behind.
#[cfg(unix)]
fn end_ports_on_interrupt() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    // Without the handler (it cannot be installed) an interrupt ends the
    // runner as before; the run itself does not depend on it.
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            port::kill_running();
            // Ends the process by the signal itself, as the shell expects.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}

#[cfg(not(unix))]
fn end_ports_on_interrupt() {}

/// Returns `value` seconds, refusing what is not a number from
/// [`SECONDS_MIN`] to `max`.
fn seconds(flag: &str, value: f64, max: f64) -> Result<Duration, CliError> {
    let expected = format!("expected seconds from {SECONDS_MIN} to {max}");
    if value.is_nan() {
        return Err(CliError::Usage(format!(
            "{flag}: {value:?} is not a number, {expected}"
        )));
    }
    if !(SECONDS_MIN..=max).contains(&value) {
        return Err(CliError::Usage(format!(
            "{flag}: {value:?} is out of range, {expected}"
        )));
    }
    // In range, so finite and far below Duration's limit.
    Duration::try_from_secs_f64(value)
        .map_err(|e| CliError::Usage(format!("{flag}: {value:?}: {e}, {expected}")))
}

/// Returns `--random`'s count, refusing 0 and more than [`RANDOM_LIMIT`].
fn random_count(count: usize) -> Result<usize, CliError> {
    if (1..=RANDOM_LIMIT).contains(&count) {
        Ok(count)
    } else {
        Err(CliError::Usage(format!(
            "--random: {count} is out of range, expected a count of inputs per scheme from 1 to {RANDOM_LIMIT}"
        )))
    }
}

/// Refuses an output path that is a folder or some other non-file, whose
/// folder does not exist, that two flags share, or that is a file the run
/// reads (compared once symbolic links are resolved).
fn check_outputs(outputs: &[(&str, &Option<PathBuf>)], inputs: &[&Path]) -> Result<(), CliError> {
    let inputs: Vec<PathBuf> = inputs
        .iter()
        .filter_map(|p| fs::canonicalize(p).ok())
        .collect();
    let mut taken: Vec<(&str, PathBuf)> = Vec::new();
    for &(flag, path) in outputs {
        let Some(path) = path else {
            continue;
        };
        let shown = path.display();
        let usage = |what: String| Err(CliError::Usage(format!("{flag}: {what}")));
        if let Ok(meta) = fs::metadata(path) {
            if meta.is_dir() {
                return usage(format!("{shown} is a folder, expected a file to write"));
            }
            if !meta.is_file() {
                return usage(format!(
                    "{shown} is not a regular file, expected a file to write"
                ));
            }
        }
        let Some(name) = path.file_name() else {
            return usage(format!("{shown} names no file, expected a file to write"));
        };
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let Ok(folder) = fs::canonicalize(folder) else {
            return usage(format!(
                "the folder of {shown} does not exist, expected a file in an existing folder"
            ));
        };
        if !folder.is_dir() {
            return usage(format!(
                "the folder of {shown} is not a folder, expected a file in an existing folder"
            ));
        }
        let full = fs::canonicalize(path).unwrap_or_else(|_| folder.join(name));
        if inputs.contains(&full) {
            return usage(format!(
                "{shown} is a file this run reads, expected a file of its own"
            ));
        }
        if let Some((other, _)) = taken.iter().find(|(_, p)| *p == full) {
            return usage(format!(
                "{shown} is also given to {other}, expected a file of its own"
            ));
        }
        taken.push((flag, full));
    }
    Ok(())
}

/// The longest `VERSION` file read: a version is one short line.
const VERSION_LIMIT: u64 = 256;

/// Returns the version of the vectors the run checks: the built-in
/// release's, or the one `dir`'s `VERSION` file states (none when it has no
/// such file, or states no MAJOR.MINOR.PATCH), as [`vectors_line`] names it.
fn vectors_version(dir: Option<&Path>) -> Result<Option<String>, CliError> {
    let Some(dir) = dir else {
        return Ok(Some(fairdeal_conformance::vectors_version().to_owned()));
    };
    let path = dir.join("VERSION");
    if !path.is_file() {
        return Ok(None);
    }
    let text = read_text(&path, VERSION_LIMIT)?;
    Ok(release::parse_version(&text)
        .is_ok()
        .then(|| text.trim().to_owned()))
}

fn read(path: &Path) -> Result<String, CliError> {
    read_text(path, VECTOR_LIMIT)
}

fn write(path: &Path, text: &str) -> Result<(), CliError> {
    write_atomic(path, text.as_bytes())
}

/// Splits a command line as a POSIX shell would, without its expansions:
/// blanks separate, quotes group, a backslash escapes (see
/// [`shell_words::split`]).
fn split_command(line: &str) -> Result<Vec<String>, CliError> {
    let words = shell_words::split(line).map_err(|shell_words::ParseError| {
        CliError::Usage(format!(
            "--port: an unclosed quote in {line:?}, expected each ' or \" closed as in a shell"
        ))
    })?;
    if words.is_empty() {
        return Err(CliError::Usage(
            "--port: give the command that starts the port".to_owned(),
        ));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::usage;

    #[test]
    fn commands_split_like_a_shell() {
        let w = split_command(r#"python3 'my port.py' --x "a b" c\ d"#).unwrap();
        assert_eq!(w, ["python3", "my port.py", "--x", "a b", "c d"]);
        assert!(split_command("a 'b").is_err());
        assert!(split_command("  ").is_err());
    }

    #[test]
    fn an_unclosed_quote_names_the_flag_and_what_is_expected() {
        let Err(CliError::Usage(message)) = split_command(r#"python3 "my port.py"#) else {
            panic!("an unclosed quote is a usage error");
        };
        assert_eq!(
            message,
            r#"--port: an unclosed quote in "python3 \"my port.py", expected each ' or " closed as in a shell"#
        );
    }

    #[test]
    fn seconds_outside_their_range_name_the_flag_and_the_range() {
        assert_eq!(
            usage(seconds("--timeout", 1e300, TIMEOUT_MAX)),
            "--timeout: 1e300 is out of range, expected seconds from 0.001 to 3600"
        );
        for bad in [0.0, -1.0, f64::INFINITY, 3600.5] {
            assert!(usage(seconds("--timeout", bad, TIMEOUT_MAX)).contains("out of range"));
        }
        assert!(usage(seconds("--deadline", f64::NAN, DEADLINE_MAX)).contains("not a number"));
        assert_eq!(
            seconds("--timeout", 0.5, TIMEOUT_MAX).ok(),
            Some(Duration::from_millis(500))
        );
        assert!(usage(random_count(0)).starts_with("--random: 0 is out of range"));
        assert!(random_count(RANDOM_LIMIT).is_ok());
    }
}
