#!/usr/bin/env python3
"""Check that every mutant of mutants.json is caught where the catalogue says.

    python3 conformance/ports/python/check_mutants.py [--runner PATH] [NAME...]

For each mutant (or only the NAMEs given): its switch is in a scheme module,
and the conformance runner, run against port.py with FAIRDEAL_MUTANT=<name>,
fails the catalogue's `case` at the catalogue's `stage`. PATH is the
`fairdeal` binary (default: target/release/fairdeal of the repository; build
it with `cargo build --release -p fairdeal-cli`). Prints one line per mutant
and `N confirmed, N wrong`; exits 0 when every mutant is confirmed.
Standard library only.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True

import mutants  # noqa: E402  (the script's folder is on sys.path)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PORT = f"python3 {HERE / 'port.py'}"


def switch_present(name):
    needle = f'mutants.active("{name}")'
    return any(needle in p.read_text(encoding="utf-8") for p in (HERE / "schemes").glob("*.py"))


def run(runner, entry, report):
    env = dict(os.environ, FAIRDEAL_MUTANT=entry["name"])
    proc = subprocess.run(
        [runner, "conformance", "--port", PORT, "--dir", str(ROOT / "vectors"),
         "--scheme", entry["scheme"], "--case", entry["case"], "--report", report],
        env=env, capture_output=True, text=True, cwd=ROOT,
    )
    with open(report, encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    found = [c for c in cases if c["id"] == entry["case"]]
    prefix = f"FAIL {entry['scheme']}/{entry['case']} "
    line = next((l for l in proc.stdout.splitlines() if l.startswith(prefix)), None)
    return (found[0] if found else None), line


def main(argv):
    runner = str(ROOT / "target" / "release" / "fairdeal")
    if argv[:1] == ["--runner"]:
        runner, argv = argv[1], argv[2:]
    names = argv or list(mutants.NAMES)
    wrong = confirmed = 0
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        for name in names:
            entry = next((e for e in mutants.ENTRIES if e["name"] == name), None)
            if entry is None:
                print(f"WRONG {name}: not in mutants.json")
                wrong += 1
                continue
            if not switch_present(name):
                print(f"WRONG {name}: no `mutants.active(\"{name}\")` switch in schemes/")
                wrong += 1
                continue
            result, line = run(runner, entry, report)
            where = f"{entry['scheme']}/{entry['case']}"
            if result is None:
                print(f"WRONG {name}: the runner ran no case {where}")
                wrong += 1
            elif result.get("status") != "fail" or result.get("stage") != entry["stage"]:
                got = result.get("stage") if result.get("status") == "fail" else result.get("status")
                print(f"WRONG {name}: {where} expected to fail at {entry['stage']}, got {got}")
                wrong += 1
            else:
                print(f"ok    {name}: {line}")
                confirmed += 1
    print(f"{confirmed} confirmed, {wrong} wrong")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
