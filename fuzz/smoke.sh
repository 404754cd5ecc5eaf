#!/usr/bin/env bash
# fuzz/smoke.sh SECONDS: runs every fuzz target for SECONDS each, from a seed
# corpus made of the vector files, with the dictionary of field names; exits
# non-zero naming the target and the crash file when any target crashes.
# Needs the nightly of fuzz/rust-toolchain.toml: without it, it says it
# skipped and exits 0.
# How to fuzz longer and what to do with a crash: fuzz/README.md.
set -euo pipefail
seconds=${1:?usage: fuzz/smoke.sh SECONDS}
cd "$(dirname "$0")/.."

# The nightly of fuzz/rust-toolchain.toml, under its dated name or as the
# machine's `nightly` when that is the same build; cargo-fuzz at one version.
pinned=$(sed -n 's/^channel = "\(.*\)"$/\1/p' fuzz/rust-toolchain.toml)
build=$(sed -n 's/^# needs nightly.s -Zsanitizer): rustc \(.*\)\.$/\1/p' fuzz/rust-toolchain.toml)
cargo_fuzz_version=0.13.2
if rustup run "$pinned" rustc --version >/dev/null 2>&1; then
    nightly=$pinned
elif [ -n "$build" ] && [ "$(rustup run nightly rustc --version 2>/dev/null)" = "rustc $build" ]; then
    nightly=nightly
else
    echo "fuzz smoke: skipped: no $pinned toolchain (rustup toolchain install $pinned)"
    exit 0
fi
echo "fuzz smoke: $(rustup run "$nightly" rustc --version)"
if [ "$(cargo "+$nightly" fuzz --version 2>/dev/null)" != "cargo-fuzz $cargo_fuzz_version" ]; then
    echo "fuzz smoke: installing cargo-fuzz $cargo_fuzz_version from crates.io"
    cargo "+$nightly" install cargo-fuzz --version "$cargo_fuzz_version" --locked --quiet
fi

# Every target the crate declares, so a new one is smoked without an edit here.
mapfile -t targets < <(cargo "+$nightly" fuzz list)
if ((${#targets[@]} == 0)); then
    echo "fuzz smoke: cargo fuzz list named no target" >&2
    exit 1
fi
python3 fuzz/make_corpus.py fuzz/corpus
start=$SECONDS
cargo "+$nightly" fuzz build
echo "fuzz smoke: built ${#targets[@]} targets in $((SECONDS - start)) s"

logs=fuzz/target/smoke
mkdir -p "$logs"
crashed=()
for target in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
    log="$logs/$target.log"
    # -timeout: one input taking this long is a hang, reported as a crash.
    if cargo "+$nightly" fuzz run "$target" -- \
        -max_total_time="$seconds" -dict=fuzz/fields.dict \
        -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=8192 -timeout=30 \
        -print_final_stats=1 >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
        echo "fuzz smoke: $target: ok, ${execs:-?} runs in $seconds s, ${cov:-cov: ?}"
    else
        crashed+=("$target")
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        echo "fuzz smoke: $target: CRASH, input saved at ${artifact:-(none: see the log)}"
        grep -E -m 20 "panicked|ERROR: |SUMMARY|Error|error:" "$log" | sed 's/^/    /' || true
        echo "    full log: $log"
    fi
done

if ((${#crashed[@]})); then
    echo "fuzz smoke: ${#crashed[@]} target(s) crashed: ${crashed[*]} (fuzz/README.md: a crash becomes a regression test)"
    exit 1
fi
echo "fuzz smoke: ${#targets[@]} targets, no crash"
