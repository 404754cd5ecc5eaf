//! `showdown`: a Fisher-Yates game of one hand (its commitment, its hand's
//! stages and its whole trace), and a kitchen-table hand: hand 2 of a game,
//! three riffles and a cut of the cards gathered after hand 1. Each hand also
//! into a reused table, the allocation-free path that issue 8's targets read.

use std::hint::black_box;

use criterion::Criterion;
use fairdeal_benches::inputs::{KITCHEN_TABLE_HAND, SHOWDOWN_FISHER_YATES, SHOWDOWN_KITCHEN_TABLE};
use fairdeal_core::DealScheme;
use fairdeal_showdown::Showdown;

use crate::stages;

pub fn bench(c: &mut Criterion) {
    let game = SHOWDOWN_FISHER_YATES.input::<Showdown>();
    let kitchen = SHOWDOWN_KITCHEN_TABLE.input::<Showdown>();
    let mut group = stages::group(c, "showdown");
    stages::commitment::<Showdown>(&mut group, &game);
    stages::deal_stages::<Showdown>(&mut group, "fisher-yates/", &game, 1);
    stages::hand::<Showdown>(&mut group, "fisher-yates/hand", &game, 1);
    stages::hand_table::<Showdown>(&mut group, "fisher-yates/hand-table", &game, 1);
    group.bench_function("fisher-yates/trace", |b| {
        b.iter(|| Showdown::trace(black_box(&game)));
    });
    stages::deal_stages::<Showdown>(&mut group, "kitchen-table/", &kitchen, KITCHEN_TABLE_HAND);
    stages::hand::<Showdown>(
        &mut group,
        "kitchen-table/hand",
        &kitchen,
        KITCHEN_TABLE_HAND,
    );
    stages::hand_table::<Showdown>(
        &mut group,
        "kitchen-table/hand-table",
        &kitchen,
        KITCHEN_TABLE_HAND,
    );
    group.finish();
}
