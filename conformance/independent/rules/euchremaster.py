"""The texts hashed for each value a euchremaster vector states:

    euchremaster  fingerprint   = SHA-256(seed)
                  randoms[0..7] = words of SHA-256(seed ":" cut ":0"), u32 BE

Trace cases only.
"""


def checks(kind, input, expected):
    if kind != "trace":
        return
    yield ("fingerprint", [input["seed"]], expected["fingerprint"], "hex")
    yield (
        "randoms[0..7]",
        [input["seed"], ":", input["cut"], ":0"],
        " ".join(map(str, expected["randoms"][0:8])),
        "words",
    )
