//! `fairdeal serve`: the dealer as an HTTP service (crates/serve). The
//! first line on stdout is the address bound, for the script or test that
//! started it; everything else goes to stderr.

use std::io::Write;
use std::net::SocketAddr;

use fairdeal_serve::{Config, Limits, MIN_TOKEN_CHARS, TOKEN_ENV, Token};

use crate::args::ServeArgs;
use crate::cmd::dealer::store_path;
use crate::error::{CliError, Outcome};

pub fn run(args: ServeArgs) -> Result<Outcome, CliError> {
    let token = match (&args.token_file, Token::from_env()) {
        (Some(path), _) => Token::from_file(path),
        (None, Some(from_env)) => from_env,
        (None, None) => {
            return Err(CliError::Usage(format!(
                "no operator token: give one with --token-file PATH (a file holding it) or \
                 in {TOKEN_ENV}, {MIN_TOKEN_CHARS} printable characters or more \
                 (`openssl rand -hex 32 > token` makes one); the service does not start \
                 without it"
            )));
        }
    }
    .map_err(CliError::Usage)?;
    let listen = args.listen.unwrap_or(Config::DEFAULT_LISTEN);
    if let Some(warning) = exposure(listen) {
        eprintln!("warning: {warning}");
    }
    let store = store_path(args.store);
    let shown = store.display().to_string();
    let config = Config {
        store,
        listen,
        token,
        limits: Limits::default(),
    };
    fairdeal_serve::run(config, |addr| {
        let mut out = std::io::stdout().lock();
        // A closed stdout does not stop the service: the address is also
        // on stderr.
        drop(writeln!(out, "http://{addr}").and_then(|()| out.flush()));
        eprintln!(
            "fairdeal serve: {shown} on http://{addr}; the operator's endpoints need the \
             token; Ctrl-C stops"
        );
    })
    .map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(Outcome::Ok)
}

/// Returns the warning for an address reachable from other machines.
fn exposure(listen: SocketAddr) -> Option<String> {
    (!listen.ip().is_loopback()).then(|| {
        format!(
            "--listen {listen} is not a loopback address: the service is reachable from \
             other machines, its player's endpoints open to them, and the token and the \
             receipts cross the network as plain text; put a TLS proxy in front of it \
             (docs/dealer.md, \"The service\")"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_loopback_address_is_served_without_a_warning() {
        for quiet in ["127.0.0.1:8417", "127.0.0.2:0", "[::1]:8417"] {
            assert_eq!(
                exposure(quiet.parse().expect("an address")),
                None,
                "{quiet}"
            );
        }
        for loud in ["0.0.0.0:8417", "[::]:0", "192.0.2.7:80"] {
            let warning = exposure(loud.parse().expect("an address")).expect(loud);
            assert!(warning.contains(loud), "{warning}");
        }
        assert!(!Config::DEFAULT_LISTEN.ip().is_unspecified());
        assert_eq!(exposure(Config::DEFAULT_LISTEN), None);
    }
}
