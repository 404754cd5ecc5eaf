#!/usr/bin/env bash
# Confirm, with coreutils sha256sum alone, every hash-derived value that a
# vector file states directly: for each case, the texts that the scheme's page
# says are hashed, and the value the vector gives for them.
#
# Which texts those are is the scheme's rule, conformance/independent/rules/
# <scheme-id>.py (a new scheme adds its file; nothing here names a scheme).
# It defines `checks(kind, input, expected)`, called with a case's group kind
# and the case's `input` and `expected`, which yields one tuple per check:
#
#   (what, parts, expected, form)
#     what      the value's name, for the failure line ("fingerprint", "lock")
#     parts     the texts whose concatenation is hashed, in order; a part
#               ("sha256", [parts]) stands for the hex of SHA-256 of its parts
#     expected  the value the vector states: hex for form "hex"; for "words"
#               the digest's u32 BE words, space-separated decimal (up to 8)
#     form      "hex" or "words"
#
# and nothing for a case it has no value to confirm in. Its docstring says
# what is hashed for each value.
#
# Usage: conformance/independent/fingerprints.sh [VECTOR_FILE...]   (from any directory)
# Without files: every vectors/*.json. A file whose scheme has no rule file
# fails, so a new scheme cannot be forgotten here.
# Prints one line per failure, then `N passed, N failed`; exits 1 on any failure.
#
# python3 only pulls fields out of the JSON (json module, no hashing): every
# text goes to a file of its own, byte for byte (UTF-8), and the hashed bytes
# are those files joined by cat, so that spaces, quotes, backslashes, colons,
# bars and non-ASCII reach sha256sum untouched. A part that is a folder stands
# for the hex of the sha256sum of its own parts (e.g. atout-v1's key).
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
python3 -B - "$here/rules" "$work" "$@" <<'PY'
import json, os, re, runpy, sys

def load_rule(rules, path, scheme):
    """The `checks` of rules/<scheme>.py; fails naming the file when there is none."""
    if not isinstance(scheme, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", scheme):
        print("FAIL %s: scheme %r is not a scheme id, so it has no rule file" % (path, scheme))
        sys.exit(1)
    rule = os.path.join(rules, scheme + ".py")
    if not os.path.isfile(rule):
        print("FAIL %s: scheme %r has no rule file %s" % (path, scheme, rule))
        sys.exit(1)
    checks = runpy.run_path(rule).get("checks")
    if not callable(checks):
        print("FAIL %s: rule file %s defines no checks(kind, input, expected)" % (path, rule))
        sys.exit(1)
    return checks

def write_parts(folder, parts):
    for k, part in enumerate(parts):
        path = os.path.join(folder, "part%02d" % k)
        if isinstance(part, tuple):
            os.mkdir(path)
            write_parts(path, part[1])
        else:
            with open(path, "wb") as f:
                f.write(part.encode("utf-8"))

rules, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
n = 0
for path in files:
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if "groups" not in doc or os.path.basename(path) == "schema.json":
        continue
    rule = load_rule(rules, path, doc.get("scheme"))
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
