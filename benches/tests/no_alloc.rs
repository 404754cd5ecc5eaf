//! A deal into caller-provided buffers allocates nothing (issue 8): every
//! registered scheme's workloads into reused buffers ("into a table"), once
//! the buffers have held a deal, run a hundred more deals without one
//! allocation.
//!
//! This binary has no test harness (`harness = false` in Cargo.toml): dhat
//! counts every thread's allocations, and libtest's own threads allocate
//! while a test runs, which made the count flaky on a loaded machine (issue
//! 14). Here `main` is the only thread, so what is counted is the deals'.

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

fn main() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let workloads = fairdeal_measure::workload::all();
    let into_buffers: Vec<_> = workloads.iter().filter(|w| w.into_buffers).collect();
    // Every bench case of every registered scheme has one.
    let cases: usize = fairdeal::SCHEMES.iter().map(|s| s.info().bench.len()).sum();
    assert_eq!(into_buffers.len(), cases);
    for w in into_buffers {
        let mut run = w.runner();
        run();
        run();
        let before = dhat::HeapStats::get();
        for _ in 0..100 {
            run();
        }
        let after = dhat::HeapStats::get();
        assert_eq!(
            (
                after.total_blocks - before.total_blocks,
                after.total_bytes - before.total_bytes
            ),
            (0, 0),
            "{} ({}): allocations in 100 deals into a reused table",
            w.scheme,
            w.deal
        );
        println!("{} ({}): no allocation in 100 deals", w.scheme, w.deal);
    }
}
