#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, every hash-derived value that a
# vector file states directly: for each trace case, the texts that the
# scheme's page says are hashed, and the value the vector gives for them.
#
#   euchremaster  fingerprint = SHA-256(seed)
#                 randoms[0..7] = words of SHA-256(seed ":" cut ":0"), u32 BE
#   showdown      fingerprint = SHA-256(house_seed)
#                 game_seed   = SHA-256(house_seed ":" phrase)
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE...]   (from any directory)
# Without files: every vectors/*.json whose scheme has rules below.
# Prints one line per failure, then `N passed, N failed`; exits 1 on any failure.
#
# python3 only pulls fields out of the JSON (json module, no hashing): every
# text goes to a file of its own, byte for byte (UTF-8), and the hashed bytes
# are those files joined by cat, so that spaces, quotes, backslashes, colons
# and non-ASCII reach sha256sum untouched.
set -euo pipefail
shopt -s nullglob

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
if (($# == 0)); then
    set -- "$root"/vectors/*.json
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One folder per check: `id`, `what`, `expected`, `form` (hex: the digest;
# words: the digest's first eight u32 BE words, space-separated decimal) and
# the parts part0, part1, ... whose concatenation is hashed.
python3 - "$work" "$@" <<'PY'
import json, os, sys

# scheme id -> for one trace case (input, expected): [(what, [texts], expected, form)]
RULES = {
    "euchremaster": lambda i, e: [
        ("fingerprint", [i["seed"]], e["fingerprint"], "hex"),
        ("randoms[0..7]", [i["seed"], ":", i["cut"], ":0"], " ".join(map(str, e["randoms"][:8])), "words"),
    ],
    "showdown": lambda i, e: [
        ("fingerprint", [i["house_seed"]], e["fingerprint"], "hex"),
        ("game_seed", [i["house_seed"], ":", i["phrase"]], e["game_seed"], "hex"),
    ],
}

out, files = sys.argv[1], sys.argv[2:]
n = 0
for path in files:
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    rule = RULES.get(doc.get("scheme"))
    if rule is None or "groups" not in doc:
        continue
    for group in doc["groups"]:
        if group["kind"] != "trace":
            continue
        for case in group["cases"]:
            if "expected" not in case:
                continue
            for what, texts, expected, form in rule(case["input"], case["expected"]):
                folder = os.path.join(out, "%05d" % n)
                os.mkdir(folder)
                n += 1
                meta = {"id": "%s #%s %s" % (doc["scheme"], case["number"], case["id"]),
                        "what": what, "expected": expected, "form": form}
                for name, text in meta.items():
                    with open(os.path.join(folder, name), "wb") as f:
                        f.write(text.encode("utf-8"))
                for k, text in enumerate(texts):
                    with open(os.path.join(folder, "part%d" % k), "wb") as f:
                        f.write(text.encode("utf-8"))
PY

passed=0
failed=0
checks=("$work"/*/)
if ((${#checks[@]} == 0)); then
    printf 'FAIL: no trace cases found in %s\n' "$*"
    failed=1
fi

for dir in "${checks[@]}"; do
    parts=("$dir"part*)
    sum=$(cat "${parts[@]}" | sha256sum)
    hex=${sum%% *}
    if [[ $(<"$dir/form") == words ]]; then
        words=()
        for ((w = 0; w < 8; w++)); do
            words+=("$((16#${hex:w*8:8}))") # 8 hex digits, most significant first
        done
        actual=${words[*]}
    else
        actual=$hex
    fi
    if [[ $actual == "$(<"$dir/expected")" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s: %s: expected %s, sha256sum gives %s\n' "$(<"$dir/id")" "$(<"$dir/what")" "$(<"$dir/expected")" "$actual"
    fi
done

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
