#!/usr/bin/env bash
# The web side, end to end: build the wasm packages (web/build.sh), run every
# vector case through the node package (web/test-node.sh), then the verifier
# page in a real headless Chromium (web/test/browser.test.js). Installs what
# is missing: Debian's chromium (apt-get), and puppeteer-core and typescript
# (npm ci, into web/test/node_modules). Ends with one line, `N passed, M
# failed`, counting both suites; exits non-zero on any failure. Screenshots:
# target/web-screens/.
#
# CHROMIUM=/path/to/chromium uses another browser binary.
set -uo pipefail
cd "$(dirname "$0")/.."

out=target/web-test
mkdir -p "$out"
passed=0
failed=0

finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
    exit $?
}

# Adds the counts of a suite's output: node's test runner (TAP `# pass N`
# and `# fail N`, or its spec reporter's `ℹ pass N`), or a plain closing
# line `N passed, M failed`. A suite that failed without counting counts
# as one failure.
count() {
    local file=$1 rc=$2 p f
    p=$(grep -aE '^(# |ℹ )pass [0-9]+$' "$file" | tail -n 1 | grep -oE '[0-9]+$')
    f=$(grep -aE '^(# |ℹ )fail [0-9]+$' "$file" | tail -n 1 | grep -oE '[0-9]+$')
    if [ -z "$p" ]; then
        local plain
        plain=$(grep -aE '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$file" | tail -n 1)
        p=$(sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/' <<<"$plain")
        f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$plain")
    fi
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    passed=$((passed + p))
    failed=$((failed + f))
}

echo "== web: build the wasm packages (web/build.sh)"
if ! bash web/build.sh; then
    echo "web/build.sh failed: nothing to test"
    failed=$((failed + 1))
    finish
fi

# puppeteer-core and typescript at the versions of web/test/package-lock.json
# (puppeteer-core downloads no browser of its own); the node suite's
# type check uses typescript.
if ! (cd web/test && npm ci --no-audit --no-fund --loglevel=error >"../../$out/npm.log" 2>&1); then
    tail -n 20 "$out/npm.log"
    echo "npm ci in web/test failed"
    failed=$((failed + 1))
    finish
fi

echo "== web: every vector case through web/pkg-node (web/test-node.sh)"
# Its TAP (a line per case, thousands) goes to a file; here only what
# failed and the counts.
bash web/test-node.sh >"$out/node.txt" 2>&1
rc=$?
grep -aE '^not ok|^# (tests|pass|fail) ' "$out/node.txt"
if [ "$rc" -ne 0 ]; then
    echo "web/test-node.sh exited $rc; the end of its output ($out/node.txt):"
    tail -n 40 "$out/node.txt"
fi
count "$out/node.txt" "$rc"

echo "== web: the page in headless Chromium (web/test/browser.test.js)"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM
if [ ! -x "$CHROMIUM" ]; then
    echo "installing Debian's chromium (apt-get)"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    if ! { $sudo apt-get update -q >"$out/apt.log" 2>&1 \
        && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium >>"$out/apt.log" 2>&1; }; then
        tail -n 20 "$out/apt.log"
        echo "chromium could not be installed"
        failed=$((failed + 1))
        finish
    fi
fi
"$CHROMIUM" --version 2>/dev/null | grep -v '^\[' || true
# At most 10 minutes in all; each test has its own limit (30 s, 60 s for
# the longest). Node's --test-timeout also bounds the file as a whole,
# which runs some 40 tests: 5 minutes.
timeout --kill-after=10 600 node --test --test-timeout=300000 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$out/browser.tap" \
    web/test/browser.test.js
rc=$?
count "$out/browser.tap" "$rc"
echo "screenshots: $(find target/web-screens -name '*.png' 2>/dev/null | wc -l) in target/web-screens/"

finish
