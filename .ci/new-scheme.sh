#!/usr/bin/env bash
# Issue 21's proof that the registry is the only list, run on every CI run:
# adds the throwaway scheme of .ci/new-scheme/ (a shape unlike the others:
# 2 to 10 seats from the input, an HMAC-SHA512 stream) to a copy of the
# committed tree by following docs/adding-a-scheme.md step by step, runs the
# suite there, and reports the existing files it had to touch. It fails when
# a step fails, when the copy touched an existing file other than the
# registration lines (the root Cargo.toml, crates/fairdeal/Cargo.toml,
# crates/fairdeal/src/lib.rs) and Cargo.lock, or when the count it measured
# is not the one docs/adding-a-scheme.md states.
#
# Usage: bash .ci/new-scheme.sh     (from any directory; CI runs it from .ci/run)
#        NEW_SCHEME_KEEP=1 bash .ci/new-scheme.sh   keeps the copy, to look into a failure
#
# The copy is a detached git worktree of HEAD in a temporary folder, removed
# on exit; the checkout it runs from is left as it was. It builds into this
# checkout's target/ (CARGO_TARGET_DIR, unless set), so the dependencies
# that CI has compiled are reused; the copy's own builds of the binaries are
# replaced by this checkout's at the end. The web step (wasm and Chromium)
# is not run in the copy: docs/adding-a-scheme.md, section 10, says why.
set -euo pipefail

# The whole script is one block, read before it runs: an edit of this file
# during a run does not change the run.
{
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fixture=$root/.ci/new-scheme/files
doc=$root/docs/adding-a-scheme.md
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
export CARGO_TERM_COLOR=never

# The fixture names its scheme once: by its vector file, and the Rust type by
# its crate's `impl SingleDeal for` (or `impl DealScheme for`).
vector=$(cd "$fixture/vectors" && ls -- *.json)
id=${vector%.json}
module=${id//-/_}
type=$(sed -n 's/^impl \(SingleDeal\|DealScheme\) for \([A-Za-z0-9_]*\) {$/\2/p' "$fixture/crates/$id/src/lib.rs")
[[ -n $type ]] || { echo "new-scheme: $fixture/crates/$id/src/lib.rs has no impl SingleDeal"; exit 1; }

start=$SECONDS
tmp=$(mktemp -d)
copy=$tmp/copy
cleanup() {
    if [[ -n ${NEW_SCHEME_KEEP:-} ]]; then
        echo "new-scheme: the copy is kept in $copy (git worktree remove --force $copy)"
    else
        git -C "$root" worktree remove --force "$copy" >/dev/null 2>&1 || true
        git -C "$root" worktree prune >/dev/null 2>&1 || true
        rm -rf "$tmp"
    fi
    # The copy's binaries were uplifted into the shared target/: put this
    # checkout's back (nothing is recompiled).
    (cd "$root" && cargo build --quiet >/dev/null 2>&1) || true
}
trap cleanup EXIT
git -C "$root" worktree add --quiet --detach "$copy" HEAD
cd "$copy"
# A fresh checkout's files are newer than every build of them, so cargo
# would rebuild each crate of the copy. A file the same as this checkout's
# takes its time, and the crates the new scheme does not change (core and
# the other schemes) are found built.
git ls-files -z | python3 -c '
import os, sys
root = sys.argv[1]
for path in sys.stdin.buffer.read().split(b"\0"):
    mine = os.path.join(root.encode(), path)
    try:
        with open(path, "rb") as a, open(mine, "rb") as b:
            same = a.read() == b.read()
        if same:
            st = os.stat(mine)
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    except OSError:
        pass
' "$root"
# The tests write their reports into the repository's target/, which the
# copy has none of while it builds into this checkout's.
mkdir -p target

step() {
    printf '== new-scheme [%ds] %s\n' "$((SECONDS - start))" "$*"
}

# quiet CMD...: runs CMD with its output kept in $log, shown when it fails.
log=$tmp/log
quiet() {
    if ! "$@" >"$log" 2>&1; then
        tail -n 100 "$log"
        echo "FAIL new-scheme: $*"
        exit 1
    fi
}

# --- docs/adding-a-scheme.md, step by step ------------------------------------

step "1. the page: docs/schemes/$id.md"
cp "$fixture/docs/schemes/$id.md" docs/schemes/

step "2. the crate: crates/$id"
cp -r "$fixture/crates/$id" crates/
mv "crates/$id/Cargo.toml.in" "crates/$id/Cargo.toml"

step "3. register it: the root Cargo.toml, crates/fairdeal/Cargo.toml, crates/fairdeal/src/lib.rs"
python3 - "$id" "$module" "$type" <<'PY'
import re, sys
from pathlib import Path

scheme, module, typ = sys.argv[1:]

def insert_after_last(path, pattern, line):
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    last = max(k for k, l in enumerate(lines) if re.match(pattern, l))
    lines.insert(last + 1, line)
    Path(path).write_text("\n".join(lines), encoding="utf-8")

# 1. [workspace.dependencies]: beside the other crates of crates/.
insert_after_last("Cargo.toml", r'fairdeal-[a-z0-9-]+ = \{ path = "crates/',
                  f'fairdeal-{scheme} = {{ path = "crates/{scheme}" }}')
# 2. The registry crate's [dependencies].
insert_after_last("crates/fairdeal/Cargo.toml", r"fairdeal-[a-z0-9-]+\.workspace = true$",
                  f"fairdeal-{scheme}.workspace = true")
# 3. A `pub use` beside the others, where rustfmt's order puts it, and the
#    line in SCHEMES, last.
path = Path("crates/fairdeal/src/lib.rs")
lines = path.read_text(encoding="utf-8").split("\n")
uses = [(k, m.group(1)) for k, l in enumerate(lines) if (m := re.match(r"pub use (fairdeal_\w+) as \w+;$", l))]
after = [k for k, name in uses if name > f"fairdeal_{module}"]
at = after[0] if after else uses[-1][0] + 1
lines.insert(at, f"pub use fairdeal_{module} as {module};")
begin = lines.index("pub static SCHEMES: &[&dyn DynScheme] = &[")
end = next(k for k in range(begin, len(lines)) if lines[k] == "];")
lines.insert(end, f"    &{module}::{typ},")
path.write_text("\n".join(lines), encoding="utf-8")
PY

step "4. the vector file, its sweep, the version and the sample receipt; vectors generate, sweep, bump"
cp "$fixture/vectors/$id.json" vectors/
cp "$fixture/docs/receipts/$id.json" docs/receipts/
quiet cargo run --quiet -- vectors generate --scheme "$id"
quiet cargo run --quiet -- vectors sweep --scheme "$id"
quiet cargo run --quiet -- vectors bump --added "\`$id.json\` and \`sweeps/$id.json\`: the new scheme $id"

step "5. the Python port module and the fingerprint rule; check_vectors.py"
cp "$fixture/conformance/ports/python/schemes/$module.py" conformance/ports/python/schemes/
cp "$fixture/conformance/independent/rules/$id.py" conformance/independent/rules/
quiet python3 conformance/ports/python/check_vectors.py "vectors/$id.json"
tail -n 1 "$log"

step "6. the coverage rules; the generated docs and snapshots; a_new_scheme_lacks_nothing"
cp "$fixture/conformance/coverage/rules/$id.json" conformance/coverage/rules/
quiet python3 conformance/coverage/coverage.py
quiet env UPDATE_DOCS=1 cargo test -p fairdeal-conformance inputs_table
quiet env INSTA_UPDATE=always cargo test -p fairdeal-conformance --no-fail-fast
quiet env INSTA_UPDATE=no cargo test -p fairdeal-conformance a_new_scheme_lacks_nothing
grep -E '^test lacks::a_new_scheme_lacks_nothing' "$log"

# --- the suite, in the copy (.ci/run's checks but the web step) ---------------

export INSTA_UPDATE=no
step "suite: cargo fmt --check"
quiet cargo fmt --all -- --check
step "suite: cargo clippy"
quiet cargo clippy --workspace --all-targets -- -D warnings
step "suite: cargo test --workspace"
quiet cargo test --workspace
awk '/^test result: / { p += $4; f += $6 } END { printf "in the copy, cargo test --workspace: %d passed, %d failed\n", p, f }' "$log"
if [[ -x $root/target/ci-venv/bin/python ]]; then
    step "suite: vectors against their JSON Schema"
    quiet "$root/target/ci-venv/bin/python" conformance/independent/validate_schema.py
    tail -n 1 "$log"
fi
step "suite: fingerprints against sha256sum"
quiet bash conformance/independent/fingerprints.sh
tail -n 1 "$log"
step "suite: the Python port, every vector"
quiet python3 conformance/ports/python/check_vectors.py
tail -n 1 "$log"
step "suite: coverage.py --check"
quiet python3 conformance/coverage/coverage.py --check
tail -n 1 "$log"
step "suite: the sample receipt verifies"
quiet cargo run --quiet -- verify "$id" --input "docs/receipts/$id.json"
step "suite: fairdeal conformance against the Python port"
quiet cargo run --quiet -- conformance --port 'python3 conformance/ports/python/port.py'
tail -n 1 "$log"
tail -n 1 "$log" | grep -q ' 0 failed, 0 skipped$' \
    || { echo "FAIL new-scheme: the Python port must run every case"; exit 1; }

# --- what the copy touched ----------------------------------------------------

step "the files the new scheme touched"
git add --intent-to-add --all
status=$(git status --porcelain --untracked-files=all)
python3 - "$id" "$module" "$doc" "$status" "$(git diff --numstat)" <<'PY'
import re, sys
from collections import Counter

scheme, module, doc, status, numstat = sys.argv[1:]
# The registration lines (docs/adding-a-scheme.md, step 3): the most lines
# each file may gain; none may lose one. Cargo.lock is cargo's.
ALLOWED = {"Cargo.toml": 1, "crates/fairdeal/Cargo.toml": 1, "crates/fairdeal/src/lib.rs": 2}
# The new version's record: VERSION's line replaced; CHANGES.md gains lines.
RECORD = {"vectors/VERSION": (1, 1), "vectors/CHANGES.md": (None, 0)}
KINDS = [
    (f"crates/{scheme}/", "the crate"),
    (f"vectors/{scheme}.json", "its vector file"),
    (f"vectors/sweeps/{scheme}.json", "its sweep"),
    (f"docs/schemes/{scheme}.md", "its page"),
    (f"docs/receipts/{scheme}.json", "its sample receipt"),
    (f"conformance/ports/python/schemes/{module}.py", "its Python port module"),
    (f"conformance/independent/rules/{scheme}.py", "its fingerprint rule"),
    (f"conformance/coverage/rules/{scheme}.json", "its coverage rules"),
    (f"docs/vector-coverage/{scheme}.md", "its page of rules (generated)"),
    (f"conformance/tests/snapshots/conformance__snapshots__{scheme}__", "its snapshots (generated)"),
]
added = {}
for line in numstat.splitlines():
    plus, minus, path = line.split("\t")
    added[path] = (int(plus), int(minus))
modified, new = [], Counter()
problems = []
for line in status.splitlines():
    code, path = line[:2], line[3:]
    if code.strip() == "A":
        kind = next((k for prefix, k in KINDS if path.startswith(prefix)), None)
        if kind is None:
            problems.append(f"a new file of no expected kind: {path}")
            kind = "other"
        new[kind] += 1
    else:
        modified.append(path)
lines = 0
for path in modified:
    plus, minus = added.get(path, (0, 0))
    print(f"  modified {path}: +{plus} -{minus}")
    if path == "Cargo.lock":
        continue
    # The vectors' release record (step 4's `vectors bump`): the version
    # line replaced, a section added to the changelog.
    if path in RECORD:
        if (plus, minus) != RECORD[path] and not (path.endswith(".md") and minus == 0):
            problems.append(f"{path}: +{plus} -{minus}, more than a new version's record")
        continue
    if path not in ALLOWED:
        problems.append(f"an existing file outside the registration lines was touched: {path}")
    elif plus > ALLOWED[path] or minus:
        problems.append(f"{path}: +{plus} -{minus}, more than its {ALLOWED[path]} registration line(s)")
    lines += plus
for _, kind in KINDS + [(None, "other")]:
    if new[kind]:
        print(f"  new: {kind}: {new[kind]} file(s)")
files = len([p for p in modified if p != "Cargo.lock" and p not in RECORD])
record = "".join(f" and {p}" for p in RECORD if p in modified)
lock = " and Cargo.lock" if "Cargo.lock" in modified else ""
measured = f"{files} existing files (+{lines} lines){record}{lock}"
print(f"  measured: {measured}")
text = re.sub(r"\s+", " ", open(doc, encoding="utf-8").read()).replace("`", "")
if f"touched {measured}," not in text:
    stated = re.search(r"touched (\d+ existing files \(\+\d+ lines\)[^,]*),", text)
    problems.append(
        f"docs/adding-a-scheme.md states {stated.group(1) if stated else 'no count'!r}; "
        f"the run measured {measured!r}: write the measured count there"
    )
for p in problems:
    print(f"FAIL new-scheme: {p}")
sys.exit(1 if problems else 0)
PY
step "passed: $id added by docs/adding-a-scheme.md, in $((SECONDS - start)) s"
exit 0
}
