# SPDX-License-Identifier: BSD-2-Clause
"""A program of scripts/ loaded as a module, so a test can call its
functions: the programs have no .py ending, which `import` needs."""
import importlib.machinery
import importlib.util
from pathlib import Path


def load_script(path, name=None):
    """The module the Python program at @path defines, run once under
    @name (default: its file name with '-' and '.' made '_')."""
    path = Path(path)
    name = name or path.name.replace("-", "_").replace(".", "_")
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    loader.exec_module(module)
    return module
