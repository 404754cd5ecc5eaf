//! `fairdeal conformance --port 'CMD ARGS'`: check a port in any language.

use std::path::Path;
use std::time::Duration;

use fairdeal_conformance::port::{self, Options, parse_known};
use fairdeal_conformance::{Filter, VectorFile};

use crate::args::ConformanceArgs;
use crate::cmd::vectors::vector_files;
use crate::error::{CliError, Outcome};
use crate::files::{VECTOR_LIMIT, read_text, write_atomic};
use crate::output::print;

pub fn run(args: ConformanceArgs) -> Result<Outcome, CliError> {
    let command = split_command(&args.port)?;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(CliError::Usage(format!(
            "--timeout: {} is not a positive number of seconds",
            args.timeout
        )));
    }
    let known = match &args.known_failures {
        Some(path) => parse_known(&read(path)?)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?,
        None => Vec::new(),
    };
    let mut files = Vec::new();
    for path in vector_files(&args.dir.dir)? {
        let text = read(&path)?;
        files.push(
            VectorFile::parse(&text)
                .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?,
        );
    }
    if let Some(unknown) = args
        .scheme
        .iter()
        .find(|s| !files.iter().any(|f| &f.scheme == *s))
    {
        return Err(CliError::Usage(format!(
            "--scheme: no vector file for {unknown:?}"
        )));
    }
    let options = Options {
        command,
        schemes: args.scheme,
        filter: args
            .case
            .as_deref()
            .map_or_else(Filter::default, Filter::parse),
        timeout: Duration::from_secs_f64(args.timeout),
        known,
    };
    let report = match (args.random, args.seed) {
        (Some(count), Some(seed)) => port::differential(&files, &options, count, seed),
        (Some(_), None) | (None, Some(_)) => {
            return Err(CliError::Usage(
                "--random N and --seed S go together".to_owned(),
            ));
        }
        (None, None) => port::check(&files, &options),
    }
    .map_err(|e| CliError::Usage(format!("protocol error: {e}")))?;
    if let Some(path) = &args.report {
        let json = serde_json::to_string_pretty(&report).unwrap_or_default();
        write(path, &format!("{json}\n"))?;
    }
    if let Some(path) = &args.junit {
        write(path, &port::junit(&report))?;
    }
    print(&port::summary(&report))?;
    Ok(if report.ok() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
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
}
