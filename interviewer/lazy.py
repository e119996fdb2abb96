"""Lazy re-exports for a package's __init__ (PEP 562), where importing the package must stay
cheap: the CLI's --help and the terminal app's first paint import light modules of packages
whose public names pull in pydantic or LangGraph."""
from __future__ import annotations

import importlib


def lazy_exports(package: str, exports: dict[str, str]):
    """A module __getattr__ that imports `package.<exports[name]>` when `name` is first used."""
    def __getattr__(name: str):
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{exports[name]}"), name)
    return __getattr__
