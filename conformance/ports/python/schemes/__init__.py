"""The schemes this port implements, by scheme id (the `scheme` of a vector
file). A module is named after its id with `-` written `_`.

Every module of this folder is a scheme, except `common`, the `test_*`
modules and anything starting with `_`: adding a scheme is adding its
module, with no edit here. `SCHEMES` maps each id to its module, in id order.
"""

import importlib
import pkgutil


def _is_scheme(name):
    return not (name == "common" or name.startswith("test_") or name.startswith("_"))


SCHEMES = dict(
    sorted(
        (info.name.replace("_", "-"), importlib.import_module(f"{__name__}.{info.name}"))
        for info in pkgutil.iter_modules(__path__)
        if _is_scheme(info.name)
    )
)
