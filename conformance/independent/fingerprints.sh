#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, what a hash of the inputs fixes in
# the vector files (each scheme's docs/schemes/<id>.md, step 1, and for
# euchremaster step 2):
#
#   fingerprint   = sha256sum of the committed text, exactly as given, in
#                   every case that has one (trace cases and game cases):
#                     euchremaster     the seed
#                     hmac-blackjack   the server seed
#   randoms[0..7] = (euchremaster trace cases) the eight words of
#                   SHA-256(seed ":" cut ":0"), read as u32 big-endian from
#                   sha256sum's hex output
#
# Prints one line per failure, then `N passed, N failed`; exits 1 on any
# failure. A scheme missing from the table below is a failure, so that a new
# scheme is added here too.
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE...]   (from any directory)
#        (without files: every vectors/*.json but the schema)
#
# python3 is used only to pull fields out of the JSON (json module, no
# hashing): each text goes to a file of its own, byte for byte, and the hashed
# bytes are assembled with cat and printf '%s', so that spaces, quotes,
# backslashes, colons and non-ASCII characters reach sha256sum untouched.
set -euo pipefail
shopt -s nullglob

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
if (($# > 0)); then
    files=("$@")
else
    files=()
    for f in "$root"/vectors/*.json; do
        [[ $(basename "$f") == schema.json ]] || files+=("$f")
    done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One folder per case with a fingerprint: id, committed (the hashed text),
# fingerprint, and for euchremaster trace cases seed, cut and randoms (the
# first eight, space-separated decimal). No trailing newlines anywhere. A file
# whose scheme the table does not know gets a folder holding `unknown`.
python3 -c '
import json, os, sys
COMMITTED = {"euchremaster": "seed", "hmac-blackjack": "server_seed"}
out = sys.argv[1]
n = 0
def folder(fields):
    global n
    path = os.path.join(out, "%05d" % n)
    os.mkdir(path)
    n += 1
    for name, text in fields.items():
        with open(os.path.join(path, name), "wb") as f:
            f.write(text.encode("utf-8"))
for vectors in sys.argv[2:]:
    with open(vectors, encoding="utf-8") as f:
        doc = json.load(f)
    scheme = doc["scheme"]
    if scheme not in COMMITTED:
        folder({"id": vectors, "unknown": scheme})
        continue
    found = 0
    for group in doc["groups"]:
        for case in group["cases"]:
            expected = case.get("expected") or {}
            if "fingerprint" not in expected:
                continue
            found += 1
            fields = {
                "id": "%s #%s %s" % (scheme, case["number"], case["id"]),
                "committed": case["input"][COMMITTED[scheme]],
                "fingerprint": expected["fingerprint"],
            }
            if scheme == "euchremaster" and group["kind"] == "trace":
                fields["seed"] = case["input"]["seed"]
                fields["cut"] = case["input"]["cut"]
                fields["randoms"] = " ".join(str(u) for u in expected["randoms"][:8])
            folder(fields)
    if not found:
        folder({"id": vectors, "empty": scheme})
' "$work" "${files[@]}"

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
    printf 'FAIL %s: no cases with a fingerprint found\n' "${files[*]}"
    failed=$((failed + 1))
fi

for dir in "${cases[@]}"; do
    id=$(<"$dir/id")
    if [[ -f $dir/unknown ]]; then
        printf 'FAIL %s: scheme %s has no entry in fingerprints.sh\n' "$id" "$(<"$dir/unknown")"
        failed=$((failed + 1))
        continue
    fi
    if [[ -f $dir/empty ]]; then
        printf 'FAIL %s: no case with a fingerprint\n' "$id"
        failed=$((failed + 1))
        continue
    fi

    # Step 1: the fingerprint is the SHA-256 of the committed text as given.
    sum=$(sha256sum <"$dir/committed")
    check "$id" fingerprint "$(<"$dir/fingerprint")" "${sum%% *}"

    # euchremaster step 2: H_0 = SHA-256(seed ":" cut ":" "0"); eight u32 BE words.
    if [[ -f $dir/randoms ]]; then
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
    fi
done

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
