"""The texts hashed for each value an atout-v1 vector states:

    atout-v1      fingerprint   = SHA-256(secret)
                  randoms       = words of SHA-256(key ":" k), where the key is
                                  the hex of SHA-256("atout-v1|" secret "|"
                                  numbers joined by "|"): the first block of a
                                  trace case, every block of a stream case
"""


def checks(kind, input, expected):
    def key():
        # A part that is itself hashed, standing for its digest's hex.
        return ("sha256", ["atout-v1|", input["secret"], "|", "|".join(input["numbers"])])

    def words(k):
        return " ".join(map(str, expected["randoms"][8 * k:8 * k + 8]))

    if kind == "trace":
        yield ("fingerprint", [input["secret"]], expected["fingerprint"], "hex")
        yield ("randoms[0..7]", [key(), ":0"], words(0), "words")
    elif kind == "stream":
        for k in range((len(expected["randoms"]) + 7) // 8):
            yield ("randoms block %d" % k, [key(), ":%d" % k], words(k), "words")
