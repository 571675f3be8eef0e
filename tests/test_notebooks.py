"""Every lesson runs top to bottom without an error, in a real kernel, and nothing it prints
or draws shows a raw clause-id tuple, a ``Row(...)`` or a traceback."""
from __future__ import annotations

import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RAW_OUTPUT = re.compile(r"Row\(|\('(BS|SAT|BDG)-|\((BS|SAT|BDG)-[A-Z]+-\d+,\)|Traceback")
"""A ``Row(...)``, a tuple of clause ids, or a traceback: never on a learner's screen."""


@pytest.fixture(autouse=True)
def _jupyter_dirs(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Keep kernels' files out of the home folder.
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


def test_there_are_notebooks() -> None:
    assert NOTEBOOKS, "notebooks/ holds no notebook"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path: pathlib.Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat is missing: pip install -e '.[test]'")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is missing: pip install -e '.[test]'")
    nb = nbformat.read(path, as_version=4)
    # Stored without outputs, so the repository never holds stale results.
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs, f"{path.name} is stored with outputs; clear them"
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.get("output_type") == "error"]
    assert not errors
    assert os.path.exists(path)
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            texts = [output.get("text", "")] + [
                str(v) for k, v in output.get("data", {}).items()
                if k in ("text/plain", "text/html", "text/markdown")]
            for text in texts:
                found = RAW_OUTPUT.search(text)
                assert not found, f"{path.name} cell {index} shows {found.group(0)!r}"
