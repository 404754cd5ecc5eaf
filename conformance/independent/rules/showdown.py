"""The texts hashed for each value a showdown vector states:

    showdown      fingerprint   = SHA-256(house_seed)
                  game_seed     = SHA-256(house_seed ":" phrase)

Trace cases only.
"""


def checks(kind, input, expected):
    if kind != "trace":
        return
    yield ("fingerprint", [input["house_seed"]], expected["fingerprint"], "hex")
    yield ("game_seed", [input["house_seed"], ":", input["phrase"]], expected["game_seed"], "hex")
