//! The command line. Doc comments are the help text.
//!
//! `deal` and `verify` take one subcommand per registered scheme, and `play`
//! and `roll` one per game, each built from its input fields
//! ([`scheme_call`], [`game_call`], both through [`fields`]), so a new scheme
//! needs nothing here.

pub mod dealer;
mod fields;
mod game_call;
mod receipt;
mod scheme_call;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub use game_call::GameCall;
pub use receipt::{ReceiptArgs, without_site_command};
pub use scheme_call::{SchemeCall, on_command_line};

/// Reproduce and verify card deals whose server committed to a seed before play.
#[derive(Debug, Parser)]
#[command(name = "fairdeal", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Cards as the method's codes (Th) instead of suit symbols (10♥), no colour
    #[arg(long, global = true)]
    pub ascii: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the schemes this build knows, one line each
    Schemes {
        /// Print JSON: each scheme's id, summary and input fields
        #[arg(long)]
        json: bool,
    },
    /// Reproduce a deal from its revealed inputs
    Deal {
        #[command(subcommand)]
        call: SchemeCall<false>,
    },
    /// Check a receipt: the revealed seed against the fingerprint shown
    /// before play, and your cards against the deal
    ///
    /// Without a scheme, `--input FILE` reads a receipt in any form the
    /// sites give (the JSON object, the site's verifier command, the lines
    /// of the site's page) and finds its scheme from its fields; after a
    /// scheme, the words of the site's verifier command may be pasted as
    /// they are (`verify showdown python3 verify_deal.py HOUSE_SEED
    /// 'phrase' --hands 7 ...`).
    ///
    /// Exit 0 when the fingerprint (and every check given) matches, 1 when
    /// it does not, 2 for bad input.
    Verify(VerifyArgs),
    /// Check a port in any language against the vectors (docs/porting.md)
    ///
    /// Exit 0 when every supported case passed, 1 on a conformance failure,
    /// 2 on a usage or protocol error.
    Conformance(ConformanceArgs),
    /// Replay a game you played, from the revealed seeds and your decisions
    ///
    /// Exit 0 with the result, 2 for bad input or an action the rules forbid.
    Play {
        #[command(subcommand)]
        call: GameCall<false>,
    },
    /// Reproduce a game decided by the numbers alone (roulette, mines, ...)
    ///
    /// Exit 0 with the result, 2 for bad input.
    Roll {
        #[command(subcommand)]
        call: GameCall<true>,
    },
    /// Measure deals per second of each scheme against the SHA-256 bound
    ///
    /// Progress goes to stderr, the table (or --json) to stdout. Measure a
    /// release build: `cargo run --release -- bench`. Method and numbers:
    /// docs/performance.md.
    Bench(BenchArgs),
    /// Check vector files, or regenerate their expected values
    Vectors {
        #[command(subcommand)]
        command: VectorsCommand,
    },
    /// The exact distance from random after 1..K riffle shuffles of N cards
    ///
    /// The Gilbert-Shannon-Reeds model (Bayer and Diaconis 1992), the model
    /// of showdown's kitchen-table riffle; exact arithmetic, shown to 4
    /// decimals (docs/fairness.md).
    Riffles(RifflesArgs),
    /// The euchre odds of the sfc32-lock site's page, computed exactly
    ///
    /// Fractions in lowest terms, then percent and "1 in N", beside the
    /// site's figures; each line defined in docs/fairness.md.
    Odds {
        /// Print JSON: {"odds": [{"id", "what", "exact", "percent", "one_in", ...}]}
        #[arg(long)]
        json: bool,
    },
    /// Deal many times from random valid inputs and test the deals for
    /// uniformity
    ///
    /// On every core: where each card ends up and the rising sequences of
    /// the order (chi-squared), the euchre odds in the player's hands
    /// (z-scores), and the exact bias of each draw. The same --seed gives the same counts on any machine and any
    /// number of threads; Ctrl-C stops and reports what was dealt. Exit 0
    /// when uniform, 1 when p < 1e-6, 2 for bad flags, 130 when interrupted
    /// (docs/fairness.md).
    Audit(AuditArgs),
    /// Check a history of receipts: each verified, integrity across them,
    /// your cards against the exact odds
    ///
    /// JSONL receipts (the --batch format) or CSV with a header row naming
    /// the fields, any mix of schemes, in any order; verified on every core,
    /// streaming. Findings across receipts: seed-reused, deal-repeated,
    /// nonce-repeated, nonce-gap, chain-broken. Exit 0 consistent with a
    /// fair deal, 1 suspicious or failed, 2 an input that cannot be read
    /// (docs/history.md).
    History(HistoryArgs),
    /// The dealer's side: commit to secure seeds, deal, reveal receipts
    /// that `fairdeal verify` checks, seed periods with nonces, in a
    /// crash-safe store with a hash-chained log
    ///
    /// One SQLite file (--store, $FAIRDEAL_DEALER_STORE, else
    /// ./fairdeal-dealer.sqlite). Exit 0 done, 1 a log whose chain is
    /// broken, 2 bad input or a step out of order (a reveal before the
    /// deal) (docs/dealer.md).
    Dealer(dealer::DealerArgs),
    /// The dealer as an HTTP service, for a game server in any language:
    /// the same operations as JSON endpoints over one store
    ///
    /// The operator's endpoints (commit, deal, reveal, bet, rotate, the log,
    /// the receipts) need `Authorization: Bearer TOKEN`, the token read from
    /// --token-file or $FAIRDEAL_SERVE_TOKEN (no token, no service: exit 2);
    /// the player's (a round's commitment, its receipt once revealed) are
    /// open. Prints the address bound as its first line (`http://...`);
    /// SIGINT or SIGTERM stops it once the requests in flight are answered
    /// (exit 0) (docs/dealer.md, "The service").
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The store, one SQLite file [default: $FAIRDEAL_DEALER_STORE, else
    /// ./fairdeal-dealer.sqlite]
    #[arg(long, value_name = "PATH")]
    pub store: Option<PathBuf>,
    /// The address to listen on, IP:PORT [default: 127.0.0.1:8417]; port 0
    /// picks a free one. An address other than loopback is reachable from
    /// other machines: served only when given here, with a warning
    #[arg(long, value_name = "ADDR", value_parser = listen_address)]
    pub listen: Option<std::net::SocketAddr>,
    /// A file holding the operator's bearer token, 16 printable characters
    /// or more [default: $FAIRDEAL_SERVE_TOKEN]
    #[arg(long, value_name = "PATH")]
    pub token_file: Option<PathBuf>,
}

/// Reads `--listen`: an IP address and a port.
fn listen_address(text: &str) -> Result<std::net::SocketAddr, String> {
    text.parse().map_err(|_| {
        "expected IP:PORT, such as 127.0.0.1:8417 or [::1]:8417 (port 0 picks a free one)"
            .to_owned()
    })
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// The scheme to audit (fairdeal schemes lists them)
    #[arg(value_name = "SCHEME")]
    pub scheme: String,
    /// Deals to tally: 1 to 10^12
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub deals: u64,
    /// The seed of the random inputs
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads dealing at once: 1 to 256 [default: every core]
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Showdown's shuffle: kitchen-table deals hand 2 from a fixed gathering
    #[arg(long, value_enum, default_value = "fisher-yates")]
    pub shuffle: ShuffleArg,
    /// Print JSON: {"scheme", "deals", "seed", "threads", "deals_per_second", "uniformity", "odds", "draw_bias", ...}
    #[arg(long)]
    pub json: bool,
    /// Also write SVG pictures into DIR (made if missing, checked before the
    /// first deal): where each card ends up, the odds, the rising sequences,
    /// the riffle distance
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The history: a JSONL or CSV file, `-` for standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print JSON: {"receipts", "verified", "not_verified", "invalid", "findings", "tests", "verdict"}
    #[arg(long)]
    pub json: bool,
    /// Threads verifying at once: 1 to 256 [default: every core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Also write the tests as SVG pictures into DIR (made if missing,
    /// checked before the history is read)
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
}

/// Showdown's shuffles.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ShuffleArg {
    /// Fisher-Yates from the EuchreMaster order
    FisherYates,
    /// Three riffles and a cut of the cards gathered after the hand before
    KitchenTable,
}

#[derive(Debug, Args)]
pub struct RifflesArgs {
    /// Cards in the deck: 2 to 416 (52 for a full deck, 24 for euchre)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=416))]
    pub cards: u32,
    /// Show 1, 2, ..., K riffles: K from 1 to 64
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub up_to: u32,
    /// Print JSON: {"cards", "model", "rows": [{"riffles", "total_variation", ...}]}
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, arg_required_else_help = true)]
pub struct VerifyArgs {
    /// Verify a file of receipts, one JSON object per line (- for stdin; a
    /// blank line is skipped):
    /// {"scheme": ID, "game": NAME (optional), the fields, "fingerprint", "hand"}
    #[arg(long, value_name = "FILE.jsonl")]
    pub batch: Option<PathBuf>,
    #[command(flatten)]
    pub receipt: ReceiptArgs,
    #[command(subcommand)]
    pub call: Option<SchemeCall<true>>,
}

#[derive(Debug, Subcommand)]
pub enum VectorsCommand {
    /// Run vector files against the registered schemes (exit 1 on a failure)
    Check {
        /// Vector files to check [default: the built-in vectors, or every
        /// *.json of --dir]
        files: Vec<PathBuf>,
        #[command(flatten)]
        dir: VectorSource,
        /// Run only cases whose id contains SUB; -SUB leaves them out
        #[arg(long, value_name = "SUB,-SUB")]
        case: Option<String>,
    },
    /// Recompute every expected value from the code and rewrite the files
    Generate {
        #[command(flatten)]
        dir: VectorDir,
        /// Only this scheme's file (repeatable)
        #[arg(long, value_name = "ID")]
        scheme: Vec<String>,
        /// Write nothing; exit 1 if any file would change
        #[arg(long)]
        check: bool,
    },
    /// Recompute the accumulated sweeps (DIR/sweeps/<id>.json) from their
    /// recipes; a scheme without one gets its first from its audit plans
    Sweep {
        #[command(flatten)]
        dir: VectorDir,
        /// Only this scheme's sweep (repeatable)
        #[arg(long, value_name = "ID")]
        scheme: Vec<String>,
        /// Write nothing; exit 1 if any file would change or is missing
        #[arg(long)]
        check: bool,
    },
    /// Record a change to the vector files: a new version in DIR/VERSION
    /// (minor for cases, files or sweeps added; major with --changed) and
    /// its section in DIR/CHANGES.md, listing what was added or changed and
    /// every file's case count and digest as they are now
    #[command(group(clap::ArgGroup::new("entries").required(true).multiple(true).args(["added", "changed"])))]
    Bump {
        #[command(flatten)]
        dir: VectorDir,
        /// What was added, one line for the changelog (`atout-v2.json`: ...)
        #[arg(long, value_name = "TEXT")]
        added: Option<String>,
        /// What changed for a port that read the files before (the file
        /// format; a corrected expected value), one line: a major version
        #[arg(long, value_name = "TEXT")]
        changed: Option<String>,
        /// The release's date, YYYY-MM-DD [default: today, UTC]
        #[arg(long, value_name = "DATE")]
        date: Option<String>,
    },
    /// Write the built-in vectors as a release into DIR: the vector files,
    /// the schema, the sweeps, VERSION, CHANGES.md and SHA256SUMS (made if
    /// missing; a folder holding other files than a release's is refused)
    Release {
        /// The folder to write the release into
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct ConformanceArgs {
    /// How to start the port, as one string: 'python3 my_port.py --flag'
    #[arg(long, value_name = "'CMD ARGS'")]
    pub port: String,
    /// Only this scheme (repeatable) [default: every scheme the port supports]
    #[arg(long, value_name = "ID")]
    pub scheme: Vec<String>,
    /// Run only cases whose id contains SUB; -SUB leaves them out
    #[arg(long, value_name = "SUB,-SUB")]
    pub case: Option<String>,
    /// Seconds one case may take before the port is counted as hung (0.001 to 3600)
    // Negative numbers are taken, so that `-1` gets the flag's own message.
    #[arg(
        long,
        default_value_t = 10.0,
        value_name = "SECONDS",
        allow_negative_numbers = true
    )]
    pub timeout: f64,
    /// Seconds the whole run may take (0.001 to 604800); past it the run stops, exit 2
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub deadline: Option<f64>,
    /// Cases known to fail: lines of `scheme/case-id todo|wontfix stage`
    #[arg(long, value_name = "FILE")]
    pub known_failures: Option<PathBuf>,
    /// Write every case's result as JSON
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write JUnit XML
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write a static results page: per scheme, the stages passed and each failure with its evidence
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write a shields.io endpoint badge (JSON): N/M passed
    #[arg(long, value_name = "FILE")]
    pub badge: Option<PathBuf>,
    /// Rewrite the --known-failures file from the run: lines that hold and comments kept, new failures added as todo
    #[arg(long, requires = "known_failures")]
    pub fix: bool,
    /// Differential mode: N random cases per scheme, valid and refused (with --seed; 1 to 100000)
    #[arg(long, value_name = "N")]
    pub random: Option<usize>,
    /// The seed of differential mode's inputs
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub dir: VectorSource,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Schemes to measure [default: every scheme]
    #[arg(value_name = "SCHEME")]
    pub schemes: Vec<String>,
    /// Seconds each measurement runs (the SHA-256 baseline, then each deal):
    /// more than 0, at most 3600
    // Taken as text and checked by `bench`, so that `-1` or `1e20` gets the
    // flag's own message, not clap's.
    #[arg(
        long,
        default_value = "1",
        value_name = "S",
        allow_negative_numbers = true
    )]
    pub seconds: String,
    /// Also run independent deals on N threads at once and report the
    /// scaling: 1 to 256
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<String>,
    /// Print JSON instead of the table
    #[arg(long)]
    pub json: bool,
}

/// Where the vector files are read from: built into the binary, so that an
/// installed `fairdeal` works in any folder, unless `--dir` names one.
#[derive(Debug, Args)]
pub struct VectorSource {
    /// Read the vector files (every *.json but schema.json) from this folder
    /// [default: the vectors built into this binary]
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The folder `vectors generate` rewrites.
#[derive(Debug, Args)]
pub struct VectorDir {
    /// The folder holding the vector files
    #[arg(long, default_value = "vectors", value_name = "DIR")]
    pub dir: PathBuf,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::args::fields::seat_text;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }

    #[test]
    fn seats_and_texts_are_split_at_the_first_equals_sign() {
        assert_eq!(seat_text("0=a=b"), Ok((0, "a=b".to_owned())));
        assert_eq!(seat_text("12="), Ok((12, String::new())));
        for bad in [
            "",
            "=x",
            "x=1",
            "1",
            "-1=x",
            "+1=x",
            "1 =x",
            "99999999999999999999999=x",
        ] {
            assert!(seat_text(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn no_field_clashes_with_a_shared_flag() {
        for scheme in fairdeal::SCHEMES {
            let games = scheme.info().games.iter().flat_map(|g| g.fields);
            for field in scheme.info().fields.iter().chain(games) {
                let shared = ["input", "json", "fingerprint"];
                assert!(!shared.contains(&field.name), "{}", field.name);
                assert!(!shared.contains(&field.flag().as_str()), "{}", field.name);
            }
        }
    }
}
