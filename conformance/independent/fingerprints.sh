#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, two stages of every trace case of
# vectors/euchremaster.json (docs/schemes/euchremaster.md, steps 1 and 2):
#
#   fingerprint   = sha256sum of the seed text, exactly as given
#   randoms[0..7] = the eight words of SHA-256(seed ":" cut ":0"), read as
#                   u32 big-endian from sha256sum's hex output
#
# Two checks per case. Prints one line per failure, then `N passed, N failed`;
# exits 1 on any failure.
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE]   (from any directory)
#
# python3 is used only to pull fields out of the JSON (json module, no
# hashing): each text goes to a file of its own, byte for byte, and the hashed
# bytes are assembled with cat and printf '%s', so that spaces, quotes,
# backslashes and colons in a cut reach sha256sum untouched.
set -euo pipefail
shopt -s nullglob

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
vectors=${1:-$root/vectors/euchremaster.json}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One folder per trace case: id, seed, cut, fingerprint, randoms (the first
# eight, space-separated decimal). No trailing newlines anywhere.
python3 -c '
import json, os, sys
with open(sys.argv[1], encoding="utf-8") as f:
    doc = json.load(f)
n = 0
for group in doc["groups"]:
    if group["kind"] != "trace":
        continue
    for case in group["cases"]:
        if "expected" not in case:
            continue
        folder = os.path.join(sys.argv[2], "%04d" % n)
        os.mkdir(folder)
        n += 1
        fields = {
            "id": "#%s %s" % (case["number"], case["id"]),
            "seed": case["input"]["seed"],
            "cut": case["input"]["cut"],
            "fingerprint": case["expected"]["fingerprint"],
            "randoms": " ".join(str(u) for u in case["expected"]["randoms"][:8]),
        }
        for name, text in fields.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(text.encode("utf-8"))
' "$vectors" "$work"

passed=0
failed=0

check() { # check NAME WHAT EXPECTED ACTUAL
    if [[ $4 == "$3" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s: %s: expected %s, sha256sum gives %s\n' "$1" "$2" "$3" "$4"
    fi
}

cases=("$work"/*/)
if ((${#cases[@]} == 0)); then
    printf 'FAIL %s: no trace cases found\n' "$vectors"
    failed=$((failed + 1))
fi

for dir in "${cases[@]}"; do
    id=$(<"$dir/id")

    # Step 1: the fingerprint is the SHA-256 of the seed text as given.
    sum=$(sha256sum <"$dir/seed")
    check "$id" fingerprint "$(<"$dir/fingerprint")" "${sum%% *}"

    # Step 2: H_0 = SHA-256(seed ":" cut ":" "0"); eight u32 BE words.
    sum=$({
        cat "$dir/seed"
        printf '%s' ":"
        cat "$dir/cut"
        printf '%s' ":0"
    } | sha256sum)
    hex=${sum%% *}
    words=()
    for ((w = 0; w < 8; w++)); do
        words+=("$((16#${hex:w*8:8}))") # 8 hex digits, most significant first
    done
    check "$id" "randoms[0..7]" "$(<"$dir/randoms")" "${words[*]}"
done

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
