#!/usr/bin/env bash
# The node half of web/test.sh: every case of every vector file
# (web/test/vectors.test.js), the JavaScript API's contract
# (web/test/api.test.js), a batch in bounded memory
# (web/test/batch.test.js), every code block of web/pkg-node/README.md run
# as written (web/test/readme.test.js), the TypeScript declarations
# (web/test/types.test.js: no `any`; tsc on a user, with web/test's
# typescript from npm ci) and the documented headers and server commands
# (web/test/csp.test.js) through web/pkg-node, with node's built-in test
# runner, which prints its usual summary (`# pass N`, `# fail N`). Needs
# web/build.sh to have run. `bash web/test-node.sh` runs it; web/test.sh may
# also source this file and call node_tests.

node_tests() {
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    if [ ! -f "$root/web/pkg-node/fairdeal_wasm.js" ]; then
        echo "web/pkg-node is not built: run bash web/build.sh first" >&2
        return 1
    fi
    (cd "$root" && node --test web/test/vectors.test.js web/test/api.test.js web/test/batch.test.js \
        web/test/readme.test.js web/test/types.test.js web/test/csp.test.js)
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -uo pipefail
    node_tests
fi
