#!/usr/bin/env python3
"""Which vector cases pin each rule of the scheme pages.

    python3 conformance/coverage/coverage.py            # write docs/vector-coverage/<id>.md
    python3 conformance/coverage/coverage.py --check    # fail when a page is stale or a rule is thin
    python3 conformance/coverage/coverage.py --mutants [--runner PATH] [--scheme ID]... [--check]

`rules/<id>.json` (kept by hand, one file per scheme) lists the rules of the
scheme's page (`docs/schemes/<id>.md`): the numbered steps' rules and the
input rules, each with the ids of the vector cases that pin it and the
deliberate mistakes (`mutants`, switches in the Python port,
conformance/ports/python) that break it. A case list may use selectors:
`@trace` (every case of the trace groups), `@flag:NAME` (every trace or
deal case with an `expected` that carries the flag), `@game:NAME` (every
`game` case of that game that has an `expected`).

Without options the script writes each scheme's page
docs/vector-coverage/<id>.md from its rules file, its vector file and its
`catches/<id>.json`, removes the page of a scheme that has no rules file,
and prints the table of every scheme. `--check` writes nothing and fails
(exit 1) when an id names no case, a rule has fewer than 2 cases, a rule
mutant was never measured or is caught by fewer than 2 cases, or a page is
stale, missing or left over. An informative case (docs/vectors.md) may be
listed, and is marked so on the page, but counts towards none of these: a
rule needs 2 normative cases, and an informative case need not catch.

`--mutants` measures: for every rule mutant (of the schemes given, or all),
it runs the conformance runner (PATH, default target/release/fairdeal; build
it with `cargo build --release`) against the Python port with
FAIRDEAL_MUTANT set, over every case of the rule's scheme, and records the
cases that fail (a stage case such as `dealer-1/shuffle` counts as its case
`dealer-1`) in catches/<id>.json, then rewrites the pages. With `--check` it
writes nothing and fails when a measurement differs from the catches file, a
mutant is caught by fewer than 2 cases, or a normative case listed for a rule
catches none of the rule's mutants (for a rule that has mutants; an
informative case's difference is never a catch, docs/vectors.md). A scheme
whose rules list no mutants has no catches file.

Nothing here names a scheme: a new scheme adds its rules file (and, once
measured, its catches file), and its page is written from them.

Standard library only.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RULES = HERE / "rules"
CATCHES = HERE / "catches"
PAGES = ROOT / "docs" / "vector-coverage"
VECTORS = ROOT / "vectors"
PORT = ROOT / "conformance" / "ports" / "python" / "port.py"
LEAST = 2


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def load_catalogue():
    """Every scheme's rules, from rules/<id>.json, in id order:
    {"schemes": {id: [rule, ...]}}."""
    return {"schemes": {p.stem: load_json(p) for p in sorted(RULES.glob("*.json"))}}


def load_catches():
    """Every measured scheme's catches, from catches/<id>.json: {id: {mutant: [case, ...]}}."""
    if not CATCHES.is_dir():
        return {}
    return {p.stem: load_json(p) for p in sorted(CATCHES.glob("*.json"))}


def write_catches(catches):
    """One file per scheme whose rules list mutants; the others' removed."""
    CATCHES.mkdir(exist_ok=True)
    for path in CATCHES.glob("*.json"):
        if not catches.get(path.stem):
            path.unlink()
    for scheme, by_name in catches.items():
        if by_name:
            (CATCHES / f"{scheme}.json").write_text(json.dumps(by_name, indent=1) + "\n", encoding="utf-8")


def vector_cases(scheme):
    """Every case of vectors/<scheme>.json as (group kind, case), in file order."""
    data = load_json(VECTORS / f"{scheme}.json")
    return [(g["kind"], c) for g in data["groups"] for c in g["cases"]]


def informative_ids(cases):
    """The ids of the informative cases (docs/vectors.md, "Normative and
    informative cases"): they show this project's choice where the page
    leaves one, so they neither count towards a rule's cases nor catch a
    mistake."""
    return {c["id"] for _, c in cases if c.get("status") == "informative"}


def expand(scheme, cases, entries):
    """The ids a rule's case list names, selectors expanded, each once, in
    the list's order. Raises ValueError naming an id or selector that
    matches no case."""
    by_id = {c["id"]: c for _, c in cases}
    out = []
    for entry in entries:
        if entry == "@trace":
            ids = [c["id"] for k, c in cases if k == "trace"]
        elif entry.startswith("@flag:"):
            flag = entry[len("@flag:"):]
            ids = [c["id"] for k, c in cases if k in ("trace", "deal") and "expected" in c and flag in c.get("flags", [])]
        elif entry.startswith("@game:"):
            game = entry[len("@game:"):]
            ids = [c["id"] for k, c in cases if k == "game" and c.get("game") == game and "expected" in c]
        elif entry in by_id:
            ids = [entry]
        else:
            ids = []
        if not ids:
            raise ValueError(f"{scheme}: {entry!r} names no case of vectors/{scheme}.json")
        out.extend(i for i in ids if i not in out)
    return out


def problems(catalogue, catches):
    """Every reason the catalogue fails --check (without measuring)."""
    out = []
    seen_mutants = {}
    for scheme, rules in catalogue["schemes"].items():
        cases = vector_cases(scheme)
        seen_rules = set()
        for rule in rules:
            rid = rule["id"]
            if rid in seen_rules:
                out.append(f"{scheme}/{rid}: the rule id is listed twice")
            seen_rules.add(rid)
            try:
                ids = expand(scheme, cases, rule["cases"])
            except ValueError as err:
                out.append(f"{scheme}/{rid}: {err}")
                continue
            normative = [i for i in ids if i not in informative_ids(cases)]
            if len(normative) < LEAST:
                out.append(f"{scheme}/{rid}: {len(normative)} normative case(s), expected at least {LEAST}")
            for name in rule.get("mutants", {}):
                if name in seen_mutants:
                    out.append(f"{scheme}/{rid}: mutant {name} is also listed by {seen_mutants[name]}")
                seen_mutants[name] = f"{scheme}/{rid}"
                caught = catches.get(scheme, {}).get(name)
                if caught is None:
                    out.append(f"{scheme}/{rid}: mutant {name} has not been measured (--mutants)")
                elif len(caught) < LEAST:
                    out.append(f"{scheme}/{rid}: mutant {name} is caught by {len(caught)} case(s): {caught}")
    return out


# --- the pages ----------------------------------------------------------------


def render(scheme, rules, catches):
    """The page of one scheme, and its row of the summary: (page, row)."""
    cases = vector_cases(scheme)
    number = {c["id"]: c["number"] for _, c in cases}
    informative = informative_ids(cases)
    fewest_rule, fewest_mutant, mutant_count = None, None, 0
    rows = []
    for rule in rules:
        ids = expand(scheme, cases, rule["cases"])
        fewest_rule = len(ids) if fewest_rule is None else min(fewest_rule, len(ids))
        shown = ", ".join(
            f"`{i}` #{number[i]}" + (" (informative)" if i in informative else "") for i in ids
        )
        mistakes = []
        for name, what in rule.get("mutants", {}).items():
            caught = catches.get(scheme, {}).get(name, [])
            mutant_count += 1
            fewest_mutant = len(caught) if fewest_mutant is None else min(fewest_mutant, len(caught))
            mistakes.append(f"`{name}` ({what}): {len(caught)}")
        cells = [f"`{rule['id']}`", rule["where"], rule["rule"], str(len(ids)), shown,
                 "; ".join(mistakes) if mistakes else "none switched on in the port"]
        # A `|` inside a cell (even in backticks) would end it.
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    summary = [scheme, len(rules), fewest_rule, mutant_count, "-" if fewest_mutant is None else fewest_mutant]
    lines = [
        f"# Which vector cases pin each rule of `{scheme}`",
        "",
        "<!-- Generated by `python3 conformance/coverage/coverage.py` from",
        f"conformance/coverage/rules/{scheme}.json (kept by hand), catches/{scheme}.json",
        f"(measured) and vectors/{scheme}.json. Do not edit: edit the rules file and",
        "run the script. -->",
        "",
        f"Page: [docs/schemes/{scheme}.md](../schemes/{scheme}.md); cases: "
        f"[vectors/{scheme}.json](../../vectors/{scheme}.json); what the columns mean: "
        "[docs/vector-coverage.md](../vector-coverage.md).",
        "",
        f"{len(rules)} rules, the fewest cases a rule {fewest_rule}; {mutant_count} mistakes, "
        f"the fewest cases a mistake {summary[4]}.",
        "",
        "| rule | where | what the page says | cases | pinned by | mistakes: cases that catch each |",
        "|---|---|---|---|---|---|",
        *rows,
    ]
    return "\n".join(lines) + "\n", summary


def summary_table(rows):
    """The summary of every scheme, for the terminal."""
    head = ["scheme", "rules", "fewest cases a rule", "mistakes", "fewest cases a mistake"]
    table = [head] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[k]) for r in table) for k in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in table)


# --- measuring the mutants ------------------------------------------------------


def caught_by(runner, scheme, name, report):
    """The ids of the cases of `scheme` that fail with mutant `name` on, in
    file order (stage cases counted as their case)."""
    env = dict(os.environ, FAIRDEAL_MUTANT=name)
    proc = subprocess.run(
        [runner, "conformance", "--port", f"python3 {PORT}", "--dir", str(VECTORS),
         "--scheme", scheme, "--report", report],
        env=env, capture_output=True, text=True, cwd=ROOT,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{name}: the runner exited {proc.returncode}: {proc.stderr.strip()[-2000:]}")
    failed = {
        c["id"].split("/")[0]
        for c in load_json(report)["cases"]
        # An informative case's difference is the port's choice, not a catch.
        if c.get("status") == "fail" and not c.get("informative")
    }
    return [c["id"] for _, c in vector_cases(scheme) if c["id"] in failed]


def measure(catalogue, runner, schemes):
    measured = {}
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        for scheme, rules in catalogue["schemes"].items():
            if schemes and scheme not in schemes:
                continue
            for rule in rules:
                for name in rule.get("mutants", {}):
                    measured.setdefault(scheme, {})[name] = caught_by(runner, scheme, name, report)
    return measured


def mutant_problems(catalogue, measured):
    out = []
    for scheme, by_name in measured.items():
        cases = vector_cases(scheme)
        for rule in catalogue["schemes"][scheme]:
            names = list(rule.get("mutants", {}))
            if not names:
                continue
            union = set()
            for name in names:
                caught = by_name[name]
                union.update(caught)
                if len(caught) < LEAST:
                    out.append(f"{scheme}/{rule['id']}: mutant {name} is caught by {len(caught)} case(s): {caught}")
            try:
                ids = expand(scheme, cases, rule["cases"])
            except ValueError:
                continue  # reported by problems()
            informative = {c["id"] for _, c in cases if c.get("status") == "informative"}
            for i in ids:
                if i not in union and i not in informative_ids(cases):
                    out.append(f"{scheme}/{rule['id']}: case {i} catches none of the rule's mistakes")
    return out


def main(argv):
    args = list(argv)
    check = "--check" in args
    mutants = "--mutants" in args
    runner = str(ROOT / "target" / "release" / "fairdeal")
    schemes = []
    while "--runner" in args:
        k = args.index("--runner")
        runner = args[k + 1]
        del args[k : k + 2]
    while "--scheme" in args:
        k = args.index("--scheme")
        schemes.append(args[k + 1])
        del args[k : k + 2]
    catalogue = load_catalogue()
    catches = load_catches()
    failures = []
    if mutants:
        measured = measure(catalogue, runner, schemes)
        failures += mutant_problems(catalogue, measured)
        for scheme, by_name in measured.items():
            for name, caught in by_name.items():
                print(f"{scheme} {name}: {len(caught)} case(s)")
                if check and catches.get(scheme, {}).get(name) != caught:
                    failures.append(f"{scheme}: mutant {name}: catches/{scheme}.json says "
                                    f"{catches.get(scheme, {}).get(name)}, measured {caught}")
        if not check:
            for scheme, by_name in measured.items():
                catches.setdefault(scheme, {}).update(by_name)
            # Keep only the mutants the catalogue still lists, in its order.
            catches = {
                s: {n: catches[s][n] for r in rules for n in r.get("mutants", {}) if n in catches.get(s, {})}
                for s, rules in catalogue["schemes"].items()
            }
            write_catches(catches)
    for scheme in catches:
        if scheme not in catalogue["schemes"]:
            failures.append(f"catches/{scheme}.json: no rules/{scheme}.json lists its mutants")
    failures += problems(catalogue, catches)
    pages, summary = {}, []
    for scheme, rules in catalogue["schemes"].items():
        if any(f.startswith(f"{scheme}/") and "names no case" in f for f in failures):
            continue
        pages[scheme], row = render(scheme, rules, catches)
        summary.append(row)
    left_over = sorted(p for p in PAGES.glob("*.md") if p.stem not in catalogue["schemes"]) if PAGES.is_dir() else []
    if check:
        for scheme, page in pages.items():
            path = PAGES / f"{scheme}.md"
            if not path.is_file() or path.read_text(encoding="utf-8") != page:
                failures.append(f"{path.relative_to(ROOT)} is stale: run python3 conformance/coverage/coverage.py")
        for path in left_over:
            failures.append(f"{path.relative_to(ROOT)} names no scheme with rules: run python3 conformance/coverage/coverage.py")
    else:
        PAGES.mkdir(exist_ok=True)
        for scheme, page in pages.items():
            (PAGES / f"{scheme}.md").write_text(page, encoding="utf-8")
        for path in left_over:
            path.unlink()
    if summary:
        print(summary_table(summary))
    for f in failures:
        print(f"FAIL {f}")
    total = sum(len(r) for r in catalogue["schemes"].values())
    print(f"{total} rules, {len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
