#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the vector files.

    python3 fuzz/make_corpus.py [OUT]   (OUT defaults to fuzz/corpus)

Each target gets OUT/<target>/, one file per seed named by its SHA-1, so a
rerun adds nothing twice and libFuzzer's own finds sit beside the seeds:

- scheme_input: every case's input, bare and as the case's shape with its
  randoms, deck, deal, count and state;
- game_input: every game case's input, bare and with its randoms;
- vector_file: one small vector file per case (the file's header, the
  flags the case uses and the case alone), under the 8192-byte limit;
- port_protocol: a hello, then the answers a port would send to the cases;
- receipt_forms: the sample receipts (docs/receipts/), each batch line, and
  the examples of each scheme page's "The receipt as the site gives it";
- typed_inputs: none (its bytes are read by `arbitrary`, not as JSON).

It also warns about an input key that fuzz/fields.dict lacks.
"""

import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGETS = ["scheme_input", "game_input", "typed_inputs", "vector_file", "port_protocol",
           "receipt_forms"]
STAGE_FIELDS = ["randoms", "deck", "deal", "count", "state"]
MAX_LEN = 8192


def main() -> int:
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "fuzz" / "corpus"
    seeds = {t: set() for t in TARGETS}
    keys = set()
    for path in sorted((ROOT / "vectors").glob("*.json")):
        if path.name == "schema.json":
            continue
        vector = json.loads(path.read_text())
        hello = {"type": "hello", "protocol": 1, "name": "seed", "language": "json",
                 "schemes": {vector["scheme"]: sorted({g["kind"] for g in vector["groups"]})}}
        answers = [hello]
        for group in vector["groups"]:
            for case in group["cases"]:
                collect_keys(case["input"], keys)
                stage = {k: case[k] for k in STAGE_FIELDS if k in case}
                target = "game_input" if group["kind"] == "game" else "scheme_input"
                seeds[target].add(dump(case["input"]))
                if stage:
                    seeds[target].add(dump({"input": case["input"], **stage}))
                seeds["vector_file"].add(small_file(vector, group, case))
                seq = len(answers)
                if "expected" in case:
                    answers.append({"type": "output", "seq": seq, "output": case["expected"]})
                elif "error" in case:
                    answers.append({"type": "error", "seq": seq, **case["error"],
                                    "message": case["comment"]})
                else:
                    answers.append({"type": "skip", "seq": seq, "reason": "no expected value"})
        # A port's session in slices: a hello, then answers by seq.
        for start in range(1, len(answers), 4):
            lines = [answers[0]] + [
                {**a, "seq": i} for i, a in enumerate(answers[start:start + 4], 1)
            ]
            seeds["port_protocol"].add("\n".join(dump(line) for line in lines) + "\n")
        seeds["port_protocol"].add(f"{vector['scheme']}/{vector['groups'][0]['cases'][0]['id']} todo deck\n")
    for path in sorted((ROOT / "docs" / "receipts").iterdir()):
        text = path.read_text()
        seeds["receipt_forms"].add(text)
        seeds["receipt_forms"].update(line for line in text.splitlines() if line.strip())
    for path in sorted((ROOT / "docs" / "schemes").glob("*.md")):
        section = path.read_text().partition("## The receipt as the site gives it")[2]
        section = section.split("\n## ")[0]
        for block in section.split("```text\n")[1:]:
            seeds["receipt_forms"].add(block.split("```")[0])
    written = 0
    for target, texts in seeds.items():
        folder = out / target
        folder.mkdir(parents=True, exist_ok=True)
        for text in texts:
            data = text.encode()
            if len(data) > MAX_LEN:
                continue
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
            written += 1
    print(f"seed corpus: {written} files under {out}")
    warn_missing_keys(keys)
    return 0


def dump(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def small_file(vector, group, case) -> str:
    header = {k: v for k, v in vector.items() if k not in ("flags", "groups")}
    header["flags"] = {f: vector["flags"][f] for f in case.get("flags", []) if f in vector["flags"]}
    header["groups"] = [{**{k: v for k, v in group.items() if k != "cases"}, "cases": [case]}]
    return json.dumps(header, indent=2, ensure_ascii=False) + "\n"


def collect_keys(value, keys) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            keys.add(k)
            collect_keys(v, keys)
    elif isinstance(value, list):
        for v in value:
            collect_keys(v, keys)


def warn_missing_keys(keys) -> None:
    """Warns about an input key (spelled right: the vectors also hold
    misspelt keys that must be refused) that fields.dict does not hold."""
    text = (ROOT / "fuzz" / "fields.dict").read_text()
    typos = {"cuts", "deler", "donneur", "mine", "nonse", "patern", "phrse"}
    missing = sorted(k for k in keys - typos if f'"\\"{k}\\""' not in text)
    if missing:
        print(f"warning: fuzz/fields.dict lacks the input keys {missing}")


if __name__ == "__main__":
    sys.exit(main())
