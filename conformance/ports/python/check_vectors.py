#!/usr/bin/env python3
"""Check vector files (docs/vectors.md) against this independent Python port.

    python3 conformance/ports/python/check_vectors.py [FILES...]

Without FILES, every vectors/*.json of the repository except schema.json.
Prints one line per failing case, a summary line per file and, last,
`N passed, N failed`. Exits 0 when nothing failed, 1 otherwise.
Standard library only.
"""

import json
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ in the repository

from schemes import SCHEMES  # noqa: E402  (the script's folder is on sys.path)
from schemes.common import PortError  # noqa: E402
from stages import run_case  # noqa: E402  (which function runs which kind)

HERE = Path(__file__).resolve().parent  # conformance/ports/python
ROOT = HERE.parents[2]  # the repository root
FORMAT = 2


def default_files():
    return sorted(p for p in (ROOT / "vectors").glob("*.json") if p.name != "schema.json")


# --- running a case -----------------------------------------------------------


def check_case(scheme, kind, case):
    """None if the case passes, else what went wrong (one line)."""
    has_expected, has_error = "expected" in case, "error" in case
    if has_expected == has_error:
        return "the case must carry exactly one of `expected` and `error`"
    if kind == "invalid" and not has_error:
        return "an `invalid` case must carry `error`"
    if kind == "generator" and not hasattr(scheme, "generator"):
        return "the port's module for this scheme has no generator(state, count)"
    try:
        actual = run_case(scheme, kind, case)
    except PortError as err:
        if not has_error:
            return f"refused ({err.kind}, field {err.field!r}: {err.message}) but a result was expected"
        want = case["error"]
        if (err.kind, err.field) != (want.get("kind"), want.get("field")):
            return (
                f"error: expected {want.get('kind')} on {want.get('field')!r}, "
                f"got {err.kind} on {err.field!r} ({err.message})"
            )
        return None
    except Exception as exc:  # a malformed case, or a bug in the port
        return f"crashed: {type(exc).__name__}: {exc}"
    if has_error:
        want = case["error"]
        return f"expected error {want.get('kind')} on {want.get('field')!r}, but it succeeded"
    diff = first_difference(case["expected"], actual, "")
    if diff is None:
        return None
    pointer, want, got = diff
    stage = unescape(pointer.split("/")[1]) if pointer else "(whole result)"
    return f"stage {stage} differs at {pointer or '/'}: expected {show(want)}, got {show(got)}"


# --- comparing ----------------------------------------------------------------

ABSENT = object()


def first_difference(expected, actual, pointer):
    """(JSON Pointer, expected, actual) of the first differing value, in
    `expected`'s order; None when equal. Keys only in `actual` differ too.
    Types are compared strictly, so JSON true never equals 1."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, want in expected.items():
            diff = first_difference(want, actual.get(key, ABSENT), f"{pointer}/{escape(key)}")
            if diff:
                return diff
        for key in actual:
            if key not in expected:
                return (f"{pointer}/{escape(key)}", ABSENT, actual[key])
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i in range(max(len(expected), len(actual))):
            want = expected[i] if i < len(expected) else ABSENT
            got = actual[i] if i < len(actual) else ABSENT
            diff = first_difference(want, got, f"{pointer}/{i}")
            if diff:
                return diff
        return None
    if type(expected) is type(actual) and expected == actual:
        return None
    return (pointer, expected, actual)


def escape(key):
    return str(key).replace("~", "~0").replace("/", "~1")


def unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


def show(value, limit=200):
    if value is ABSENT:
        return "(absent)"
    text = json.dumps(value)
    return text if len(text) <= limit else text[:limit] + "..."


# --- files ----------------------------------------------------------------------


def check_file(path):
    """Check one vector file; return (passed, failed)."""
    name = display(path)
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        groups = doc["groups"]
        cases = [(g["kind"], c) for g in groups for c in g["cases"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"FAIL {name}: cannot read the vectors: {type(exc).__name__}: {exc}")
        return 0, 1

    scheme_id = doc.get("scheme")
    problem = None
    if doc.get("format") != FORMAT:
        problem = f"format {doc.get('format')!r}, but this checker reads format {FORMAT}"
    elif scheme_id not in SCHEMES:
        known = ", ".join(sorted(SCHEMES))
        problem = f"scheme {scheme_id!r} is not implemented by the Python port (it has: {known})"
    elif doc.get("scheme_version") != SCHEMES[scheme_id].SCHEME_VERSION:
        problem = (
            f"scheme_version {doc.get('scheme_version')!r}, but the port implements "
            f"version {SCHEMES[scheme_id].SCHEME_VERSION}"
        )
    if problem:
        # Every case of the file counts as failed: none of them was checked.
        failed = max(len(cases), 1)
        print(f"FAIL {name}: {problem}")
        print(f"{name} ({scheme_id}): 0 passed, {failed} failed")
        return 0, failed

    scheme = SCHEMES[scheme_id]
    passed = failed = 0
    for kind, case in cases:
        problem = check_case(scheme, kind, case)
        if problem is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {scheme_id} #{case.get('number')} {case.get('id')} ({kind}): {problem}")
    if not cases:
        failed += 1
        print(f"FAIL {name}: the file holds no cases")
    print(f"{name} ({scheme_id}): {passed} passed, {failed} failed")
    return passed, failed


def display(path):
    path = Path(path).resolve()
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def main(argv):
    files = [Path(a) for a in argv] or default_files()
    passed = failed = 0
    if not files:
        print(f"FAIL no vector files found in {ROOT / 'vectors'}")
        failed += 1
    for path in files:
        p, f = check_file(path)
        passed += p
        failed += f
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
