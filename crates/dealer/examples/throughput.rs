//! Deals committed, dealt and revealed per second (the first registered
//! scheme of single deals, euchremaster, with its bench case's input), and
//! bets per second (the first of seed periods, hmac-blackjack), on a store
//! file (docs/performance.md, "The dealer"):
//!
//!     cargo run --release -p fairdeal-dealer --example throughput [DIR]
//!
//! The store is made in DIR (default: the system's temp folder) and
//! removed after. Each event is a transaction synced to the disk, so the
//! figures are the disk's as much as the code's; the same loops on a store
//! in memory show the code's alone.

use std::path::PathBuf;
use std::time::Instant;

use fairdeal::DynScheme;
use fairdeal_dealer::{CommitOptions, Dealer, Error};
use serde_json::{Map, Value};

const ROUNDS: u32 = 2000;
const BETS: u32 = 5000;

/// The first registered scheme of single deals (`pair` false) or of seed
/// periods, and its first bench case less what the dealer draws: the
/// player's input.
fn scheme(pair: bool) -> (&'static dyn DynScheme, Map<String, Value>) {
    let scheme = fairdeal::SCHEMES
        .iter()
        .copied()
        .find(|&s| fairdeal_dealer::deals_in_periods(s) == pair)
        .expect("a registered scheme of each kind");
    let info = scheme.info();
    let Ok(Value::Object(input)) = serde_json::from_str(info.bench[0].input) else {
        panic!("{}: the bench case is an object", info.id);
    };
    (scheme, fairdeal_dealer::player_input(scheme, input, pair))
}

fn rounds(dealer: &Dealer) -> Result<f64, Error> {
    let (scheme, input) = scheme(false);
    let start = Instant::now();
    for _ in 0..ROUNDS {
        let c = dealer.commit(scheme.id(), &CommitOptions::default())?;
        dealer.deal(c.id, &input)?;
        dealer.reveal(c.id)?;
    }
    Ok(f64::from(ROUNDS) / start.elapsed().as_secs_f64())
}

fn bets(dealer: &Dealer) -> Result<f64, Error> {
    let (scheme, input) = scheme(true);
    let pair = dealer.commit(
        scheme.id(),
        &CommitOptions {
            variant: None,
            rotate_after: Some(1000),
        },
    )?;
    let start = Instant::now();
    for _ in 0..BETS {
        dealer.bet(pair.id, &input)?;
    }
    Ok(f64::from(BETS) / start.elapsed().as_secs_f64())
}

fn main() -> Result<(), Error> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(std::env::temp_dir, PathBuf::from);
    let path = dir.join(format!("fairdeal-throughput-{}.sqlite", std::process::id()));
    let file = Dealer::open(&path)?;
    let (file_rounds, file_bets) = (rounds(&file)?, bets(&file)?);
    drop(file);
    for end in ["", "-wal", "-shm"] {
        drop(std::fs::remove_file(format!("{}{end}", path.display())));
    }
    let memory = Dealer::in_memory()?;
    let (memory_rounds, memory_bets) = (rounds(&memory)?, bets(&memory)?);
    println!("store              deals committed+dealt+revealed/s   bets/s");
    println!("file (FULL sync)   {file_rounds:>33.0}   {file_bets:>6.0}");
    println!("memory             {memory_rounds:>33.0}   {memory_bets:>6.0}");
    Ok(())
}
