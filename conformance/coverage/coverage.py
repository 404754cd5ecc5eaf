#!/usr/bin/env python3
"""Which vector cases pin each rule of the scheme pages.

    python3 conformance/coverage/coverage.py            # write docs/vector-coverage.md
    python3 conformance/coverage/coverage.py --check    # fail when it is stale or a rule is thin
    python3 conformance/coverage/coverage.py --mutants [--runner PATH] [--scheme ID]... [--check]

`rules.json` (kept by hand) lists, for each scheme, the rules of its page
(`docs/schemes/<id>.md`): the numbered steps' rules and the input rules, each
with the ids of the vector cases that pin it and the deliberate mistakes
(`mutants`, switches in the Python port, conformance/ports/python) that break
it. A case list may use selectors: `@trace` (every case of the trace
groups), `@flag:NAME` (every trace or deal case with an `expected` that
carries the flag), `@game:NAME` (every
`game` case of that game that has an `expected`).

Without options the script writes docs/vector-coverage.md from rules.json,
the vector files and `catches.json`. `--check` writes nothing and fails
(exit 1) when an id names no case, a rule has fewer than 2 cases, a rule
mutant was never measured or is caught by fewer than 2 cases, or the page is
stale.

`--mutants` measures: for every rule mutant (of the schemes given, or all),
it runs the conformance runner (PATH, default target/release/fairdeal; build
it with `cargo build --release`) against the Python port with
FAIRDEAL_MUTANT set, over every case of the rule's scheme, and records the
cases that fail (a stage case such as `dealer-1/shuffle` counts as its case
`dealer-1`) in catches.json, then rewrites the page. With `--check` it writes
nothing and fails when a measurement differs from catches.json, a mutant is
caught by fewer than 2 cases, or a case listed for a rule catches none of
the rule's mutants (for a rule that has mutants).

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
RULES = HERE / "rules.json"
CATCHES = HERE / "catches.json"
PAGE = ROOT / "docs" / "vector-coverage.md"
VECTORS = ROOT / "vectors"
PORT = ROOT / "conformance" / "ports" / "python" / "port.py"
LEAST = 2


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def vector_cases(scheme):
    """Every case of vectors/<scheme>.json as (group kind, case), in file order."""
    data = load_json(VECTORS / f"{scheme}.json")
    return [(g["kind"], c) for g in data["groups"] for c in g["cases"]]


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
            if len(ids) < LEAST:
                out.append(f"{scheme}/{rid}: {len(ids)} case(s), expected at least {LEAST}")
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


# --- the page ---------------------------------------------------------------


def render(catalogue, catches):
    lines = [
        "# Which vector cases pin each rule",
        "",
        "<!-- Generated by `python3 conformance/coverage/coverage.py` from",
        "conformance/coverage/rules.json (kept by hand), catches.json (measured)",
        "and the vector files. Do not edit: edit rules.json and run the script. -->",
        "",
        "Each rule that a scheme's page states (its inputs and its numbered",
        "steps), with the vector cases that pin it: a port that breaks the rule",
        "fails each of them. Every rule has at least "
        f"{LEAST} independent cases, so that no",
        "mistake rests on one case. A rule's *mistakes* are deliberate errors",
        "switched on in the independent Python port (`FAIRDEAL_MUTANT=<name>`,",
        "conformance/ports/python); the number after each is how many cases of",
        "the scheme's file catch it, measured by running the conformance runner",
        "(`coverage.py --mutants`). A case is counted once, however many of its",
        "stage cases (`dealer-1/shuffle`) fail.",
        "",
        "| scheme | rules | fewest cases a rule | mistakes | fewest cases a mistake |",
        "|---|---|---|---|---|",
    ]
    sections = []
    for scheme, rules in catalogue["schemes"].items():
        cases = vector_cases(scheme)
        number = {c["id"]: c["number"] for _, c in cases}
        fewest_rule, fewest_mutant, mutant_count = None, None, 0
        rows = []
        for rule in rules:
            ids = expand(scheme, cases, rule["cases"])
            fewest_rule = len(ids) if fewest_rule is None else min(fewest_rule, len(ids))
            shown = ", ".join(f"`{i}` #{number[i]}" for i in ids)
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
        lines.append(
            f"| [{scheme}](#{scheme}) | {len(rules)} | {fewest_rule} | {mutant_count} | "
            f"{'-' if fewest_mutant is None else fewest_mutant} |"
        )
        sections += [
            "",
            f"## {scheme}",
            "",
            f"Page: [docs/schemes/{scheme}.md](schemes/{scheme}.md); cases: "
            f"[vectors/{scheme}.json](../vectors/{scheme}.json).",
            "",
            "| rule | where | what the page says | cases | pinned by | mistakes: cases that catch each |",
            "|---|---|---|---|---|---|",
            *rows,
        ]
    return "\n".join(lines + sections) + "\n"


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
        if c.get("status") == "fail"
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
            for i in ids:
                if i not in union:
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
    catalogue = load_json(RULES)
    catches = load_json(CATCHES) if CATCHES.is_file() else {}
    failures = []
    if mutants:
        measured = measure(catalogue, runner, schemes)
        failures += mutant_problems(catalogue, measured)
        for scheme, by_name in measured.items():
            for name, caught in by_name.items():
                print(f"{scheme} {name}: {len(caught)} case(s)")
                if check and catches.get(scheme, {}).get(name) != caught:
                    failures.append(f"{scheme}: mutant {name}: catches.json says "
                                    f"{catches.get(scheme, {}).get(name)}, measured {caught}")
        if not check:
            for scheme, by_name in measured.items():
                catches.setdefault(scheme, {}).update(by_name)
            # Keep only the mutants the catalogue still lists, in its order.
            catches = {
                s: {n: catches[s][n] for r in rules for n in r.get("mutants", {}) if n in catches.get(s, {})}
                for s, rules in catalogue["schemes"].items()
            }
            CATCHES.write_text(json.dumps(catches, indent=1) + "\n", encoding="utf-8")
    failures += problems(catalogue, catches)
    page = render(catalogue, catches) if not any("names no case" in f for f in failures) else None
    if check:
        if page is not None and (not PAGE.is_file() or PAGE.read_text(encoding="utf-8") != page):
            failures.append(f"{PAGE.relative_to(ROOT)} is stale: run python3 conformance/coverage/coverage.py")
    elif page is not None:
        PAGE.write_text(page, encoding="utf-8")
    for f in failures:
        print(f"FAIL {f}")
    total = sum(len(r) for r in catalogue["schemes"].values())
    print(f"{total} rules, {len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
