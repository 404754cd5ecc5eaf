//! The audit's run: deals on every thread in chunks of consecutive deal
//! numbers, each thread with its own sampler, input and tally, merged at the
//! end. A stop request ends the run after the chunks under way; those
//! always form a prefix 0..D of the deal numbers, so an interrupted run is
//! the same as a shorter one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use fairdeal::core::bench::{Dealt, Sampler};
use fairdeal::core::cards::{Card, SUITS};
use fairdeal::core::info::Player;
use fairdeal::core::table::EuchreDeal;
use serde_json::Value;

use crate::odds::{Masks, bit};
use crate::plan::{Plan, generator};
use crate::tally::Tally;

/// Deals a thread takes at a time: a multiple of every odds run's length
/// (3, 5, 10 and 100 hands), so that no run spans two chunks.
pub const CHUNK: u64 = 3000;
/// The most threads.
pub const MAX_THREADS: usize = 256;

/// What to run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Deals to tally.
    pub deals: u64,
    /// The seed of the inputs.
    pub seed: u64,
    /// Threads dealing at once.
    pub threads: usize,
}

/// A finished (or stopped) run.
#[derive(Debug)]
pub struct Done {
    /// The counts.
    pub tally: Tally,
    /// Whether a stop request ended it before every deal was dealt.
    pub interrupted: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The first deal's starting deck (the cards the positions number).
    pub start: Vec<Card>,
}

/// Runs `plan` as `options` say; `progress` is told the deals done after
/// each chunk (from any thread), and `stop` ends the run early.
///
/// # Errors
///
/// An input the scheme refused (a plan that does not fit its scheme), or a
/// deck whose size changes between deals.
pub fn run(
    plan: &Plan,
    options: &Options,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Done, String> {
    let start = first_deck(plan)?;
    let cards = start.len();
    let chunks = options.deals.div_ceil(CHUNK);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    let threads = options.threads.clamp(1, MAX_THREADS);
    let results: Vec<Result<Tally, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut worker = Worker::new(plan, cards);
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        if chunk >= chunks {
                            break;
                        }
                        let from = chunk * CHUNK;
                        let to = (from + CHUNK).min(options.deals);
                        worker.chunk(options.seed, from, to)?;
                        progress(done.fetch_add(to - from, Ordering::Relaxed) + to - from);
                    }
                    Ok(worker.tally)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|_| Err("a thread panicked".to_owned()))
            })
            .collect()
    });
    let mut tally = Tally::new(cards);
    for result in results {
        tally.merge(&result?);
    }
    Ok(Done {
        interrupted: tally.deals < options.deals,
        tally,
        seconds: started.elapsed().as_secs_f64(),
        start,
    })
}

/// Returns the deck the plan deals: its first deal's starting deck.
fn first_deck(plan: &Plan) -> Result<Vec<Card>, String> {
    let mut sampler = plan.scheme.sampler();
    let mut input = plan.template.clone();
    plan.fill(&mut input, &mut generator(0, 0));
    let mut start = Vec::new();
    sampler(&input, &[], plan.first, &mut |d| {
        if start.is_empty() {
            start = d.start.to_vec();
        }
    })
    .map_err(|e| format!("{}: {e}", plan.scheme.id()))?;
    if start.is_empty() {
        return Err(format!("{}: no deal to tally", plan.scheme.id()));
    }
    Ok(start)
}

/// One thread's sampler, input, counts and scratch.
struct Worker<'a> {
    plan: &'a Plan,
    sampler: Sampler,
    input: Value,
    tally: Tally,
    /// The odds' events of each hand of the chunk under way.
    bits: Vec<u8>,
    /// The seat whose hand the odds look at, for a euchre deal.
    seat: usize,
    /// Scratch for the tally.
    seen: Vec<u64>,
    /// Where the drawn fields are in the input.
    slots: Vec<Option<usize>>,
    /// The input's fields that they are in.
    changed: Vec<&'a str>,
}

impl<'a> Worker<'a> {
    fn new(plan: &'a Plan, cards: usize) -> Self {
        let seat = match plan.scheme.info().player {
            Player::Seat { default, .. } => usize::from(default),
            Player::Positions(_) => 0,
        };
        Self {
            plan,
            sampler: plan.scheme.sampler(),
            input: plan.template.clone(),
            tally: Tally::new(cards),
            bits: Vec::with_capacity(usize::try_from(CHUNK).unwrap_or(0)),
            seat,
            seen: Vec::with_capacity(cards / 64 + 1),
            slots: plan.slots(),
            changed: plan.changed(),
        }
    }

    /// Deals and counts deals `from` to `to` - 1: inputs `from / per` to
    /// `(to - 1) / per`, each holding `per` deals (`from` is a multiple of
    /// `per`).
    fn chunk(&mut self, seed: u64, from: u64, to: u64) -> Result<(), String> {
        self.bits.clear();
        let mut euchre = true;
        let per = self.plan.per_input.max(1);
        let first = self.plan.first;
        for i in from / per..to.div_ceil(per) {
            let mut g = generator(seed, i);
            self.plan.fill_at(&mut self.input, &self.slots, &mut g);
            let (tally, bits, seat, seen) =
                (&mut self.tally, &mut self.bits, self.seat, &mut self.seen);
            let mut wrong_size = false;
            (self.sampler)(&self.input, &self.changed, first, &mut |d: Dealt<'_>| {
                // The suit named after each deal: from the input's own
                // generator, independent of the deal (4 divides 2^64: no
                // bias), and drawn for every deal, so that the hands of one
                // game are not tied together by their suit.
                let masks = Masks::new(SUITS[(g.next_u64() % 4) as usize]);
                // Deal numbers count from `first` within the input.
                let index = i * per + (d.deal - first) as u64;
                if index >= to {
                    return;
                }
                if d.positions.len() != tally.cards {
                    wrong_size = true;
                    return;
                }
                tally.add(d.positions, seen);
                match hand(&d, seat) {
                    Some(hand) => bits.push(masks.events(hand.iter().fold(0, |m, &c| m | bit(c)))),
                    None => euchre = false,
                }
            })
            .map_err(|e| format!("{} (deal {i}): {e}", self.plan.scheme.id()))?;
            if wrong_size {
                return Err(format!(
                    "{}: the deck's size changed",
                    self.plan.scheme.id()
                ));
            }
        }
        if euchre {
            self.tally.add_hands(&self.bits);
        }
        Ok(())
    }
}

/// The player's hand of a euchre deal of the 24-card deck; `None` for any
/// other deal (the odds are of that deck).
fn hand<'d>(d: &Dealt<'d>, seat: usize) -> Option<&'d [Card]> {
    let table = d.table.downcast_ref::<EuchreDeal>()?;
    (d.start.len() == 24)
        .then(|| table.hands.get(seat).map(Vec::as_slice))
        .flatten()
}
