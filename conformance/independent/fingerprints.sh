#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, every hash-derived value that a
# vector file states directly: for each case, the texts that the scheme's page
# says are hashed, and the value the vector gives for them.
#
#   euchremaster  fingerprint   = SHA-256(seed)
#                 randoms[0..7] = words of SHA-256(seed ":" cut ":0"), u32 BE
#   sfc32-lock    fingerprint   = SHA-256(seed ":" nonce)  (the lock)
#   atout-v1      fingerprint   = SHA-256(secret)
#                 randoms       = words of SHA-256(key ":" k), where the key is
#                                 the hex of SHA-256("atout-v1|" secret "|"
#                                 numbers joined by "|"): the first block of a
#                                 trace case, every block of a stream case
#   hmac-blackjack fingerprint  = SHA-256(server_seed): the shoe and every game
#   showdown      fingerprint   = SHA-256(house_seed)
#                 game_seed     = SHA-256(house_seed ":" phrase)
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE...]   (from any directory)
# Without files: every vectors/*.json. A file whose scheme has no rule below
# fails, so a new scheme cannot be forgotten here.
# Prints one line per failure, then `N passed, N failed`; exits 1 on any failure.
#
# python3 only pulls fields out of the JSON (json module, no hashing): every
# text goes to a file of its own, byte for byte (UTF-8), and the hashed bytes
# are those files joined by cat, so that spaces, quotes, backslashes, colons,
# bars and non-ASCII reach sha256sum untouched. A part that is a folder stands
# for the hex of the sha256sum of its own parts (atout-v1's key).
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
# words: the digest's u32 BE words, as many as `expected` lists, space-separated
# decimal) and the parts part00, part01, ... whose concatenation is hashed.
python3 - "$work" "$@" <<'PY'
import json, os, sys

def words(randoms, k):
    return " ".join(map(str, randoms[8 * k:8 * k + 8]))

def atout_key(i):
    return ("sha256", ["atout-v1|", i["secret"], "|", "|".join(i["numbers"])])

def atout(kind, i, e):
    if kind == "trace":
        yield ("fingerprint", [i["secret"]], e["fingerprint"], "hex")
        yield ("randoms[0..7]", [atout_key(i), ":0"], words(e["randoms"], 0), "words")
    elif kind == "stream":
        for k in range((len(e["randoms"]) + 7) // 8):
            yield ("randoms block %d" % k, [atout_key(i), ":%d" % k], words(e["randoms"], k), "words")

# scheme id -> (group kind, input, expected) -> [(what, [parts], expected, form)]
RULES = {
    "euchremaster": lambda kind, i, e: [] if kind != "trace" else [
        ("fingerprint", [i["seed"]], e["fingerprint"], "hex"),
        ("randoms[0..7]", [i["seed"], ":", i["cut"], ":0"], words(e["randoms"], 0), "words"),
    ],
    "sfc32-lock": lambda kind, i, e: [] if kind != "trace" else [
        ("lock", [i["seed"], ":", i["nonce"]], e["fingerprint"], "hex"),
    ],
    "atout-v1": lambda kind, i, e: list(atout(kind, i, e)),
    "hmac-blackjack": lambda kind, i, e: [] if "fingerprint" not in e else [
        ("fingerprint", [i["server_seed"]], e["fingerprint"], "hex"),
    ],
    "showdown": lambda kind, i, e: [] if kind != "trace" else [
        ("fingerprint", [i["house_seed"]], e["fingerprint"], "hex"),
        ("game_seed", [i["house_seed"], ":", i["phrase"]], e["game_seed"], "hex"),
    ],
}

def write_parts(folder, parts):
    for k, part in enumerate(parts):
        path = os.path.join(folder, "part%02d" % k)
        if isinstance(part, tuple):
            os.mkdir(path)
            write_parts(path, part[1])
        else:
            with open(path, "wb") as f:
                f.write(part.encode("utf-8"))

out, files = sys.argv[1], sys.argv[2:]
n = 0
for path in files:
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if "groups" not in doc or os.path.basename(path) == "schema.json":
        continue
    rule = RULES.get(doc.get("scheme"))
    if rule is None:
        print("FAIL %s: scheme %r has no rule in fingerprints.sh" % (path, doc.get("scheme")))
        sys.exit(1)
    for group in doc["groups"]:
        for case in group["cases"]:
            if "expected" not in case:
                continue
            for what, parts, expected, form in rule(group["kind"], case["input"], case["expected"]):
                folder = os.path.join(out, "%05d" % n)
                os.mkdir(folder)
                n += 1
                meta = {"id": "%s #%s %s" % (doc["scheme"], case["number"], case["id"]),
                        "what": what, "expected": expected, "form": form}
                for name, text in meta.items():
                    with open(os.path.join(folder, name), "wb") as f:
                        f.write(text.encode("utf-8"))
                os.mkdir(os.path.join(folder, "parts"))
                write_parts(os.path.join(folder, "parts"), parts)
PY

# digest DIR: the sha256sum hex of DIR's parts joined, a folder part standing
# for its own digest's hex.
digest() {
    local part sum
    for part in "$1"/part*; do
        if [[ -d $part ]]; then
            printf '%s' "$(digest "$part")"
        else
            cat "$part"
        fi
    done | sha256sum | {
        read -r sum _
        printf '%s' "$sum"
    }
}

passed=0
failed=0
checks=("$work"/*/)
if ((${#checks[@]} == 0)); then
    printf 'FAIL: no cases found in %s\n' "$*"
    failed=1
fi

for dir in "${checks[@]}"; do
    hex=$(digest "$dir/parts")
    expected=$(<"$dir/expected")
    if [[ $(<"$dir/form") == words ]]; then
        read -r -a want <<<"$expected"
        words=()
        for ((w = 0; w < ${#want[@]}; w++)); do
            words+=("$((16#${hex:w*8:8}))") # 8 hex digits, most significant first
        done
        actual=${words[*]}
    else
        actual=$hex
    fi
    if [[ $actual == "$expected" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s: %s: expected %s, sha256sum gives %s\n' "$(<"$dir/id")" "$(<"$dir/what")" "$expected" "$actual"
    fi
done

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
