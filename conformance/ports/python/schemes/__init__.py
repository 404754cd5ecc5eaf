"""The schemes this port implements, by scheme id (the `scheme` of a vector
file). A module is named after its id with `-` written `_`."""

from . import atout_v1, euchremaster, hmac_blackjack, sfc32_lock, showdown

SCHEMES = {
    "atout-v1": atout_v1,
    "euchremaster": euchremaster,
    "hmac-blackjack": hmac_blackjack,
    "sfc32-lock": sfc32_lock,
    "showdown": showdown,
}
