#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, the hash stages of the vector files:
# one function per scheme, each reading its own vectors/<id>.json.
#
# euchremaster (docs/schemes/euchremaster.md, steps 1 and 2), every trace case:
#   fingerprint   = sha256sum of the seed text, exactly as given
#   randoms[0..7] = the eight words of SHA-256(seed ":" cut ":0"), read as
#                   u32 big-endian from sha256sum's hex output
#
# atout-v1 (docs/schemes/atout-v1.md, steps 1 to 3), every trace and stream
# case:
#   fingerprint   = sha256sum of the secret (trace cases)
#   key           = sha256sum of "atout-v1|" secret "|" numbers joined by "|"
#   randoms       = H_0 = SHA-256(key ":0") for a trace case's first eight;
#                   H_0, H_1, ... for all of a stream case's numbers
#   The vectors do not hold the key, so it is checked through the numbers it
#   keys: a wrong key fails the randoms check.
#
# Prints one line per failure, then `N passed, N failed`; exits 1 on any
# failure.
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE...]   (from any directory)
#        Without arguments, every scheme's own file.
#
# python3 is used only to pull fields out of the JSON (json module, no
# hashing): each text goes to a file of its own, byte for byte, and the hashed
# bytes are assembled with cat and printf '%s', so that spaces, quotes,
# backslashes, colons and bars in a text reach sha256sum untouched.
set -euo pipefail
shopt -s nullglob

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

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

words() { # words HEX: the eight u32 big-endian words of a digest, in decimal
    local w out=()
    for ((w = 0; w < 8; w++)); do
        out+=("$((16#${1:w*8:8}))") # 8 hex digits, most significant first
    done
    printf '%s' "${out[*]}"
}

# Returns the case folders under $1, failing the run when there are none.
case_dirs() { # case_dirs FOLDER VECTOR_FILE
    cases=("$1"/*/)
    if ((${#cases[@]} == 0)); then
        printf 'FAIL %s: no trace cases found\n' "$2"
        failed=$((failed + 1))
    fi
}

euchremaster() { # euchremaster VECTOR_FILE
    local vectors=$1 out="$work/euchremaster" dir id sum
    mkdir -p "$out"

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
' "$vectors" "$out"

    case_dirs "$out" "$vectors"
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
        check "$id" "randoms[0..7]" "$(<"$dir/randoms")" "$(words "${sum%% *}")"
    done
}

atout_v1() { # atout_v1 VECTOR_FILE
    local vectors=$1 out="$work/atout-v1" dir id sum key k blocks blocks_shown number all
    mkdir -p "$out"

    # One folder per trace or stream case: id, secret, number.0 .. number.N
    # (one file per seat, empty for a robot), blocks (how many H_k the case
    # shows), randoms (those numbers, space-separated decimal) and, for a
    # trace case, fingerprint. No trailing newlines anywhere.
    python3 -c '
import json, os, sys
with open(sys.argv[1], encoding="utf-8") as f:
    doc = json.load(f)
n = 0
for group in doc["groups"]:
    if group["kind"] not in ("trace", "stream"):
        continue
    for case in group["cases"]:
        if "expected" not in case:
            continue
        folder = os.path.join(sys.argv[2], "%04d" % n)
        os.mkdir(folder)
        n += 1
        randoms = case["expected"]["randoms"]
        # A trace case shows H_0 in full (a shuffle takes at least 31
        # numbers); a stream case every block it reaches.
        blocks = 1 if group["kind"] == "trace" else len(randoms) // 8
        fields = {
            "id": "#%s %s" % (case["number"], case["id"]),
            "secret": case["input"]["secret"],
            "blocks": str(blocks),
            "randoms": " ".join(str(u) for u in randoms[: 8 * blocks]),
        }
        if "fingerprint" in case["expected"]:
            fields["fingerprint"] = case["expected"]["fingerprint"]
        for seat, number in enumerate(case["input"]["numbers"]):
            fields["number.%d" % seat] = number
        for name, text in fields.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(text.encode("utf-8"))
' "$vectors" "$out"

    case_dirs "$out" "$vectors"
    for dir in "${cases[@]}"; do
        id=$(<"$dir/id")

        # Step 1: the fingerprint is the SHA-256 of the secret.
        if [[ -e $dir/fingerprint ]]; then
            sum=$(sha256sum <"$dir/secret")
            check "$id" fingerprint "$(<"$dir/fingerprint")" "${sum%% *}"
        fi

        # Step 2: key = hex SHA-256("atout-v1|" secret "|" number.0 "|" ...).
        sum=$({
            printf '%s' "atout-v1|"
            cat "$dir/secret"
            for number in "$dir"/number.*; do
                printf '%s' "|"
                cat "$number"
            done
        } | sha256sum)
        key=${sum%% *}

        # Step 3: H_k = SHA-256(key ":" k), the key as its 64 hex characters.
        blocks=$(<"$dir/blocks")
        all=()
        for ((k = 0; k < blocks; k++)); do
            sum=$(printf '%s:%d' "$key" "$k" | sha256sum)
            all+=("$(words "${sum%% *}")")
        done
        blocks_shown=H_0
        if ((blocks > 1)); then
            blocks_shown+="..H_$((blocks - 1))"
        fi
        check "$id" "randoms[0..$((8 * blocks - 1))] (key, then $blocks_shown)" \
            "$(<"$dir/randoms")" "${all[*]}"
    done
}

if (($# == 0)); then
    set -- "$root/vectors/euchremaster.json" "$root/vectors/atout-v1.json"
fi
for file in "$@"; do
    scheme=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1], encoding="utf-8"))["scheme"])' "$file")
    case $scheme in
    euchremaster) euchremaster "$file" ;;
    atout-v1) atout_v1 "$file" ;;
    *)
        printf 'FAIL %s: no sha256sum checks for scheme %s\n' "$file" "$scheme"
        failed=$((failed + 1))
        ;;
    esac
done

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
