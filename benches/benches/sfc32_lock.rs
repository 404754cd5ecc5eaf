//! `sfc32-lock`: README.md's sample receipt. The stream bench clones the
//! generator the input seeded (16 draws discarded when it was read) and takes
//! the 23 numbers of the shuffle.

use criterion::Criterion;
use fairdeal_benches::inputs::SFC32_LOCK;
use fairdeal_sfc32_lock::Sfc32Lock;

use crate::stages;

pub fn bench(c: &mut Criterion) {
    let input = SFC32_LOCK.input::<Sfc32Lock>();
    let mut group = stages::group(c, "sfc32-lock");
    stages::single_deal::<Sfc32Lock>(&mut group, &input);
    group.finish();
}
