"""The texts hashed for each value an hmac-blackjack vector states:

    hmac-blackjack fingerprint  = SHA-256(server_seed): the shoe and every game

Every case whose expected values give a fingerprint.
"""


def checks(kind, input, expected):
    if "fingerprint" not in expected:
        return
    yield ("fingerprint", [input["server_seed"]], expected["fingerprint"], "hex")
