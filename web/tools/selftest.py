#!/usr/bin/env python3
"""Writes the verifier page's self-test: a few published vector cases of
each scheme, which the page runs through its wasm package before it
accepts a receipt (web/selftest.js).

    python3 web/tools/selftest.py VECTORS_DIR OUT_FILE

web/build.sh runs it into web/pkg/selftest.json. From each vectors/<id>.json
(schema.json aside): the first TRACES cases of its trace group, and of each
game the first case with an expected value that draws its own numbers (no
`randoms`). Each input is kept as its JSON text, as the file writes it, so
that the package reads it as the CLI reads a file; the expected value is
kept as it is.
"""

import json
import pathlib
import sys

TRACES = 3


def cases_of(path):
    """Returns the self-test's cases of one vector file."""
    file = json.loads(path.read_text(encoding="utf-8"))
    scheme = file["scheme"]
    traces = 0
    games = set()
    out = []
    for group in file["groups"]:
        kind = group["kind"]
        for case in group["cases"]:
            if "expected" not in case:
                continue
            if kind == "trace" and traces < TRACES:
                traces += 1
            elif kind == "game" and "randoms" not in case and case["game"] not in games:
                games.add(case["game"])
            else:
                continue
            item = {"file": f"vectors/{path.name}", "id": case["id"], "scheme": scheme, "kind": kind}
            if kind == "game":
                item["game"] = case["game"]
            item["input"] = json.dumps(case["input"], ensure_ascii=False)
            item["expected"] = case["expected"]
            out.append(item)
    if traces == 0:
        sys.exit(f"web/tools/selftest.py: {path} has no trace case with an expected value")
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: python3 web/tools/selftest.py VECTORS_DIR OUT_FILE")
    vectors, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    files = sorted(p for p in vectors.glob("*.json") if p.name != "schema.json")
    if not files:
        sys.exit(f"web/tools/selftest.py: no vector file in {vectors}")
    cases = [c for path in files for c in cases_of(path)]
    target.write_text(json.dumps({"cases": cases}, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{target}: {len(cases)} cases of {len(files)} vector files")


if __name__ == "__main__":
    main()
