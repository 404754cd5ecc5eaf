//! One bench per stage of a deal, for any scheme: the commitment, the stream
//! (the numbers one deal consumes), the shuffle fed those numbers, the deal
//! of the shuffled deck, and the whole deal.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use fairdeal_core::{DealScheme, Table};

/// Returns the group of scheme `name`, one deal per iteration.
pub fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(1));
    group
}

/// Benches `commitment`, `stream`, `shuffle`, `deal` and `trace` (the whole
/// deal, `DealScheme::trace`) of a one-deal input.
pub fn single_deal<S: DealScheme>(group: &mut BenchmarkGroup<'_, WallTime>, input: &S::Input) {
    commitment::<S>(group, input);
    deal_stages::<S>(group, "", input, 1);
    group.bench_function("trace", |b| b.iter(|| S::trace(black_box(input))));
}

/// Benches `commitment`: the fingerprint shown before play.
pub fn commitment<S: DealScheme>(group: &mut BenchmarkGroup<'_, WallTime>, input: &S::Input) {
    group.bench_function("commitment", |b| {
        b.iter(|| S::commitment(black_box(input)));
    });
}

/// Benches `{prefix}stream`, `{prefix}shuffle` and `{prefix}deal` of deal
/// `deal` of `input`, each fed what the stage before gives.
pub fn deal_stages<S: DealScheme>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    prefix: &str,
    input: &S::Input,
    deal: usize,
) {
    let setup = S::setup(input);
    let traced = S::trace_deal(input, &setup, deal).expect("an endless stream never runs out");
    let count = traced.randoms.len();
    group.bench_function(format!("{prefix}stream"), |b| {
        b.iter(|| {
            for u in S::stream(black_box(input), deal).take(count) {
                black_box(u);
            }
        });
    });
    let randoms = &traced.randoms;
    group.bench_function(format!("{prefix}shuffle"), |b| {
        b.iter(|| S::shuffle(input, deal, &mut black_box(randoms).iter().copied()));
    });
    let prelude = S::prelude(input, &setup, deal);
    let cards = traced.deck.cards();
    group.bench_function(format!("{prefix}deal"), |b| {
        b.iter(|| S::deal(input, &prelude, black_box(cards)));
    });
}

/// Benches `{name}`: deal `deal` of a game as `DealScheme::trace` deals each
/// hand (prelude, stream, shuffle, deal), without the game's commitment.
pub fn hand<S: DealScheme>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    input: &S::Input,
    deal: usize,
) {
    let setup = S::setup(input);
    group.bench_function(name, |b| {
        b.iter(|| S::trace_deal(black_box(input), &setup, deal));
    });
}

/// Benches `{name}`: deal `deal` of a game into a reused [`Table`]
/// (`DealScheme::deal_into_table`: prelude, stream, shuffle, deal, with no
/// allocation once the table has held a deal), as `fairdeal bench` times it.
pub fn hand_table<S: DealScheme>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    input: &S::Input,
    deal: usize,
) {
    let setup = S::setup(input);
    let mut table = Table::<S>::new();
    group.bench_function(name, |b| {
        b.iter(|| S::deal_into_table(black_box(input), &setup, deal, &mut table));
    });
}
