#!/usr/bin/env python3
"""Validates every vector file against vectors/schema.json (draft 2020-12).

Uses the `jsonschema` package, an implementation of JSON Schema independent of
this project; .ci/run installs it. Prints one line per file and a final
`N passed, N failed` line; exits 1 when any file is invalid.
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors"


def main() -> int:
    schema = json.loads((VECTORS / "schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    passed = failed = 0
    for path in sorted(VECTORS.glob("*.json")):
        if path.name == "schema.json":
            continue
        errors = sorted(validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))), key=lambda e: e.path)
        for e in errors[:20]:
            print(f"{path.name}: {'/'.join(map(str, e.absolute_path))}: {e.message}")
        print(f"{path.name}: {'valid' if not errors else f'{len(errors)} schema errors'}")
        passed, failed = (passed + 1, failed) if not errors else (passed, failed + 1)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
