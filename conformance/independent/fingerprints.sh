#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, the hashed stages of every trace
# case of the vector files (docs/schemes/<scheme>.md):
#
#   fingerprint   = sha256sum of the scheme's FINGERPRINT fields, joined by ":"
#                   (euchremaster: the seed; sfc32-lock: seed ":" nonce, the lock)
#   randoms[0..7] = for schemes with a FIRST_BLOCK rule, the eight words of
#                   SHA-256(those fields joined by ":", then ":0"), read as u32
#                   big-endian from sha256sum's hex output (euchremaster:
#                   seed ":" cut ":0")
#
# One check per rule and case. Every scheme with a vector file needs a
# FINGERPRINT rule below: a file whose scheme has none fails. Prints one line
# per failure, then `N passed, N failed`; exits 1 on any failure.
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE...]   (from any directory)
#        (default: every vectors/*.json but schema.json)
#
# python3 is used only to pull fields out of the JSON (json module, no
# hashing): each text goes to a file of its own, byte for byte, and the hashed
# bytes are assembled with cat and printf '%s', so that spaces, quotes,
# backslashes and colons in a text reach sha256sum untouched.
set -euo pipefail
shopt -s nullglob

# The input fields each scheme's fingerprint hashes, in order, joined by ":".
declare -A FINGERPRINT=(
    [euchremaster]="seed"
    [sfc32-lock]="seed nonce"
)
# For schemes whose numbers come from SHA-256(prefix ":" k): the input fields
# of the prefix, joined by ":". Block 0 gives randoms[0..7].
declare -A FIRST_BLOCK=(
    [euchremaster]="seed cut"
)

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

passed=0
failed=0

fail() { # fail MESSAGE
    failed=$((failed + 1))
    printf 'FAIL %s\n' "$1"
}

check() { # check NAME WHAT EXPECTED ACTUAL
    if [[ $4 == "$3" ]]; then
        passed=$((passed + 1))
    else
        fail "$1: $2: expected $3, sha256sum gives $4"
    fi
}

hashed() { # hashed DIR "FIELD..." SUFFIX: the fields' bytes joined by ":", then SUFFIX
    local sep=""
    for name in $2; do
        printf '%s' "$sep"
        cat "$1/input.$name"
        sep=":"
    done
    printf '%s' "$3"
}

for vectors in "${files[@]}"; do
    out="$work/$(basename "$vectors" .json)"
    mkdir "$out"
    # One folder per trace case: id, scheme, fingerprint, randoms (the first
    # eight, space-separated decimal), and input.<name> for every text field
    # of the input. No trailing newlines anywhere.
    python3 -c '
import json, os, sys
with open(sys.argv[1], encoding="utf-8") as f:
    doc = json.load(f)
with open(os.path.join(sys.argv[2], "scheme"), "wb") as f:
    f.write(doc["scheme"].encode("utf-8"))
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
            "fingerprint": case["expected"]["fingerprint"],
            "randoms": " ".join(str(u) for u in case["expected"]["randoms"][:8]),
        }
        for name, value in case["input"].items():
            if isinstance(value, str):
                fields["input." + name] = value
        for name, text in fields.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(text.encode("utf-8"))
' "$vectors" "$out"

    scheme=$(<"$out/scheme")
    if [[ -z ${FINGERPRINT[$scheme]+set} ]]; then
        fail "$vectors: scheme $scheme has no FINGERPRINT rule in $0"
        continue
    fi
    cases=("$out"/*/)
    if ((${#cases[@]} == 0)); then
        fail "$vectors: no trace cases found"
        continue
    fi

    for dir in "${cases[@]}"; do
        id="$scheme $(<"$dir/id")"
        missing=""
        for name in ${FINGERPRINT[$scheme]} ${FIRST_BLOCK[$scheme]-}; do
            [[ -f $dir/input.$name ]] || missing+=" $name"
        done
        if [[ -n $missing ]]; then
            fail "$id: no text input field(s)$missing"
            continue
        fi

        # The fingerprint: SHA-256 of the fields, as given.
        sum=$(hashed "$dir" "${FINGERPRINT[$scheme]}" "" | sha256sum)
        check "$id" fingerprint "$(<"$dir/fingerprint")" "${sum%% *}"

        # H_0 = SHA-256(prefix ":" "0"); eight u32 BE words.
        if [[ -n ${FIRST_BLOCK[$scheme]+set} ]]; then
            sum=$(hashed "$dir" "${FIRST_BLOCK[$scheme]}" ":0" | sha256sum)
            hex=${sum%% *}
            words=()
            for ((w = 0; w < 8; w++)); do
                words+=("$((16#${hex:w*8:8}))") # 8 hex digits, most significant first
            done
            check "$id" "randoms[0..7]" "$(<"$dir/randoms")" "${words[*]}"
        fi
    done
done

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
