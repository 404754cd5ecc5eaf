"""Deliberate mistakes ("mutants") that can be switched on in the port.

Each entry of mutants.json is a mistake that ports make, with the vector case
that catches it and the first stage at which that case differs. The scheme
modules carry each mistake as a switch at exactly the place of the mistake:

    if mutants.active("missing-colon"):
        ...the wrong code...

At most one mutant is on, named by the environment variable FAIRDEAL_MUTANT
(unset or empty: none, and the port is exactly the correct one). port.py
refuses to start (exit 2) when the name is not in the catalogue.

A second, larger set of mistakes measures how well the vectors pin each
rule of the scheme pages: the `mutants` of conformance/coverage/rules/<id>.json,
one or more per rule, switched on the same way (RULE_NAMES). They are not
pitfalls for docs/porting.md; `conformance/coverage/coverage.py --mutants`
runs them.
Standard library only.
"""

import json
import os
from pathlib import Path

ENV = "FAIRDEAL_MUTANT"
CATALOGUE = Path(__file__).resolve().with_name("mutants.json")
RULES = Path(__file__).resolve().parents[2] / "coverage" / "rules"
FIELDS = ("name", "pitfall", "scheme", "case", "stage")


def load(path=CATALOGUE):
    """The catalogue: a list of {name, pitfall, scheme, case, stage}."""
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    if not isinstance(entries, list):
        raise ValueError(f"{path}: must hold a JSON list")
    seen = set()
    for k, entry in enumerate(entries):
        if not isinstance(entry, dict) or sorted(entry) != sorted(FIELDS):
            raise ValueError(f"{path}: entry {k} must have exactly the fields {', '.join(FIELDS)}")
        if any(not isinstance(entry[f], str) or not entry[f] for f in FIELDS):
            raise ValueError(f"{path}: entry {k}: every field is a non-empty string")
        if entry["name"] in seen:
            raise ValueError(f"{path}: mutant {entry['name']!r} is listed twice")
        seen.add(entry["name"])
    return entries


def load_rule_mutants(path=RULES):
    """The names of the rule mutants of conformance/coverage/rules/<id>.json,
    every scheme's (none when the folder is absent, as in a copy of this
    folder alone)."""
    if not path.is_dir():
        return ()
    names = []
    for file in sorted(path.glob("*.json")):
        with open(file, encoding="utf-8") as f:
            names += [name for rule in json.load(f) for name in rule.get("mutants", {})]
    return tuple(names)


ENTRIES = load()
NAMES = tuple(entry["name"] for entry in ENTRIES)
RULE_NAMES = frozenset(load_rule_mutants()) - frozenset(NAMES)

_selected = os.environ.get(ENV, "") or None


def selected():
    """The name FAIRDEAL_MUTANT asks for, or None."""
    return _selected


def unknown():
    """The name FAIRDEAL_MUTANT asks for when the catalogue has no such
    mutant, else None."""
    if _selected is not None and _selected not in NAMES and _selected not in RULE_NAMES:
        return _selected
    return None


def active(name):
    """Whether the mutant `name` is switched on. `name` must be in the
    catalogue: a switch with a misspelt name is a bug of the port."""
    if name not in NAMES and name not in RULE_NAMES:
        raise KeyError(f"mutant {name!r} is not in {CATALOGUE.name} nor in coverage/rules/")
    return _selected == name
