//! `euchremaster`: README.md's sample receipt, 23 numbers from 3 counter
//! hashes.

use criterion::Criterion;
use fairdeal_benches::inputs::EUCHREMASTER;
use fairdeal_euchremaster::EuchreMaster;

use crate::stages;

pub fn bench(c: &mut Criterion) {
    let input = EUCHREMASTER.input::<EuchreMaster>();
    let mut group = stages::group(c, "euchremaster");
    stages::single_deal::<EuchreMaster>(&mut group, &input);
    group.finish();
}
