"""The Binder configuration works, checked without Docker.

repo2docker reads only ``binder/`` when it exists (not the root pyproject.toml), so:

* a fresh virtual environment built only from ``binder/requirements.txt`` (and ``binder/postBuild``
  when there is one), from a copy of the checkout as repo2docker copies it, must run every
  notebook in ``notebooks/`` top to bottom — or, while there is none, import rulebook and widgets;
* ``repo2docker --no-build --no-run`` must render a Dockerfile from it, with Debian's graphviz,
  Python 3.11, and the pip install placed after the whole repository is copied (``.`` is local).

Slow (a venv install, about a minute): marked ``binder``; deselect with ``-m "not binder"``.
"""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"

pytestmark = pytest.mark.binder

# What repo2docker's COPY src/ would not need; never copied into the test's checkout.
_IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__",
                                 ".pytest_cache", ".hypothesis", ".mypy_cache", ".benchmarks",
                                 "test-output", ".ipynb_checkpoints")


def _jupyter_env(base: pathlib.Path, venv: pathlib.Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[var] = str(base / var.lower())
    env.pop("PYTHONPATH", None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    if venv is not None:
        env["VIRTUAL_ENV"] = str(venv)
        env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    return env


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if out.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} exited {out.returncode}\n"
                    f"--- stdout (end) ---\n{out.stdout[-4000:]}\n--- stderr (end) ---\n{out.stderr[-4000:]}")
    return out


# --- the files ------------------------------------------------------------------------------

def test_binder_files_say_what_repo2docker_needs() -> None:
    requirements = [line.split("#", 1)[0].strip()
                    for line in (BINDER / "requirements.txt").read_text().splitlines()]
    requirements = [r for r in requirements if r]
    assert any(r == "." or r.startswith(".[") or r in ("-e .",) or r.startswith("-e .[")
               for r in requirements), "binder/requirements.txt must install the project itself"
    assert any(r.startswith(".[lab") or r.startswith("-e .[lab") for r in requirements)
    assert any(r.split(">")[0].split("=")[0].strip() == "voila" for r in requirements)
    assert "graphviz" in (BINDER / "apt.txt").read_text().split()
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post_build = BINDER / "postBuild"
    if post_build.exists():
        assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"


# --- idle-kernel culling ------------------------------------------------------------------------
# A closed page's kernel ends (tests/browser/test_kernel_culling.py proves it on real servers);
# these checks keep the shipped numbers sensible for a class and the option names real.
_CULLING_FILES = ("jupyter_server_config.json", "voila.json")


def test_kernel_culling_is_configured_for_jupyterlab_and_voila() -> None:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config import JSONFileConfigLoader

    sections = {name: json.loads((BINDER / name).read_text()) for name in _CULLING_FILES}
    assert sections["voila.json"]["MappingKernelManager"] == \
        sections["jupyter_server_config.json"]["MappingKernelManager"], \
        "Voila on its own and Binder's server must cull alike"
    for name in _CULLING_FILES:
        culling = sections[name]["MappingKernelManager"]
        real = set(AsyncMappingKernelManager.class_trait_names(config=True))
        assert set(culling) <= real, f"{name}: not options of jupyter_server: {set(culling) - real}"
        # read as jupyter_server and voila read it, the options land on the kernel manager
        config = JSONFileConfigLoader(name, path=str(BINDER)).load_config()
        manager = AsyncMappingKernelManager(config=config)
        assert manager.cull_idle_timeout == culling["cull_idle_timeout"]
        assert 0 < manager.cull_interval <= manager.cull_idle_timeout
        # a closed page's kernel ends within a few minutes (the check runs every interval)
        assert manager.cull_idle_timeout + manager.cull_interval <= 300
        # a learner's open page keeps its game however long they think
        assert manager.cull_connected is False
        assert type(culling["cull_idle_timeout"]) is int and type(culling["cull_interval"]) is int


def test_post_build_puts_the_culling_files_in_the_jupyter_config_folder(tmp_path: pathlib.Path) -> None:
    post_build = BINDER / "postBuild"
    assert post_build.is_file() and os.access(post_build, os.X_OK)
    env = _jupyter_env(tmp_path)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    _run(["bash", str(post_build)], cwd=ROOT, env=env, timeout=120)
    for name in _CULLING_FILES:
        installed = pathlib.Path(env["JUPYTER_CONFIG_DIR"]) / name
        assert installed.is_file(), f"postBuild did not install {name}"
        assert json.loads(installed.read_text()) == json.loads((BINDER / name).read_text())


# --- repo2docker renders a Dockerfile ---------------------------------------------------------

def test_repo2docker_renders_the_dockerfile(tmp_path: pathlib.Path) -> None:
    exe = shutil.which("repo2docker") or str(pathlib.Path(sys.executable).parent / "repo2docker")
    if not os.path.exists(exe):
        pytest.skip("repo2docker is missing: pip install -e '.[test]' (jupyter-repo2docker)")
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=_IGNORE, symlinks=True)
    # mybinder.org builds as jovyan (uid 1000); as root repo2docker would render uid 0.
    out = _run([exe, "--no-build", "--no-run", "--user-id", "1000", "--user-name", "jovyan", "."],
               cwd=repo, env=_jupyter_env(tmp_path), timeout=120)
    dockerfile = out.stdout
    assert dockerfile.lstrip().startswith("FROM ") or "\nFROM " in dockerfile
    assert "buildpack-deps:24.04" in dockerfile  # Ubuntu 24.04: apt.txt names must exist there
    assert "python=3.11" in out.stderr + out.stdout  # runtime.txt picked the Python
    assert "--no-install-recommends graphviz" in dockerfile
    pip_line = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    copy_all = dockerfile.index("src/ ${REPO_DIR}/")
    # "." is a local requirement: pip must run after the whole checkout is copied in.
    assert copy_all < pip_line, "repo2docker would install binder/requirements.txt before copying the repo"
    # and the root pyproject.toml is not installed a second time behind our back
    assert "pip install --no-cache-dir .\n" not in dockerfile


# --- a fresh venv from binder/ only runs every notebook ----------------------------------------

_PROBE = textwrap.dedent("""
    import json, pathlib, shutil, sys, sysconfig
    import rulebook, widgets, ipywidgets, graphviz, pandas, ipykernel
    from rulebook import diagrams
    rules = rulebook.load_rules("badam-satti")
    state = rules.new_deal(players=4, seed=7)
    print(json.dumps({
        "prefix": sys.prefix,
        "rulebook": rulebook.__file__,
        "widgets": widgets.__file__,
        "legal": [str(m) for m in state.legal_moves()],
        "graphviz_pure": (pathlib.Path(sysconfig.get_path("scripts")) / "graphviz-pure").is_file(),
        "voila": shutil.which("voila"),
        "jupyter_lab": shutil.which("jupyter-lab"),
        "backend": diagrams.find_dot() and diagrams.find_dot().backend,
        "svg": "<svg" in diagrams.Diagram.from_source('digraph { "7♥" -> "8♥" }').svg(),
    }))
""")

_EXECUTE = textwrap.dedent("""
    import json, pathlib, sys
    import nbformat, nbclient
    results = {}
    for name in sys.argv[1:]:
        path = pathlib.Path(name)
        nb = nbformat.read(path, as_version=4)
        client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                         resources={"metadata": {"path": str(path.parent)}})
        try:
            client.execute()
            errors = [o.get("ename", "") + ": " + o.get("evalue", "")
                      for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                      if o.get("output_type") == "error"]
        except Exception as exc:  # CellExecutionError and friends: report, do not crash
            errors = [f"{type(exc).__name__}: {str(exc)[-2000:]}"]
        results[path.name] = errors
    print(json.dumps(results))
""")


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory: pytest.TempPathFactory) -> tuple[pathlib.Path, pathlib.Path, pathlib.Path]:
    """(checkout copy, venv, scratch dir): a venv built only from binder/ in a copy of the repo."""
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"
    shutil.copytree(ROOT, repo, ignore=_IGNORE, symlinks=True)
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], timeout=120)
    env = _jupyter_env(base, venv)
    # As repo2docker does: pip install -r binder/requirements.txt from the repository root.
    _run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
         cwd=repo, env=env, timeout=600)
    post_build = repo / "binder" / "postBuild"
    if post_build.exists():
        _run(["bash", str(post_build)], cwd=repo, env=env, timeout=300)
    return repo, venv, base


def test_binder_venv_has_the_project_and_its_tools(binder_venv: tuple[pathlib.Path, pathlib.Path, pathlib.Path]) -> None:
    repo, venv, base = binder_venv
    away = base / "elsewhere"  # not the checkout: import the installed package, not the folder
    away.mkdir(exist_ok=True)
    out = _run([str(venv / "bin" / "python"), "-c", _PROBE], cwd=away, env=_jupyter_env(base, venv), timeout=120)
    facts = json.loads(out.stdout.strip().splitlines()[-1])
    assert pathlib.Path(facts["rulebook"]).is_relative_to(venv), facts["rulebook"]
    assert pathlib.Path(facts["widgets"]).is_relative_to(venv), facts["widgets"]
    assert facts["legal"] == ["7H"]
    assert facts["graphviz_pure"], "graphviz-pure (lab extras) is missing from the Binder env"
    assert facts["voila"] and pathlib.Path(facts["voila"]).is_relative_to(venv)
    assert facts["jupyter_lab"]
    assert facts["backend"] in ("dot", "graphviz-pure") and facts["svg"]


def test_every_notebook_runs_in_the_binder_venv(binder_venv: tuple[pathlib.Path, pathlib.Path, pathlib.Path]) -> None:
    repo, venv, base = binder_venv
    notebooks = sorted((repo / "notebooks").glob("*.ipynb"))
    if not notebooks:
        pytest.skip("notebooks/ holds no notebook yet (the venv's imports are checked above)")
    out = _run([str(venv / "bin" / "python"), "-c", _EXECUTE, *map(str, notebooks)],
               cwd=repo, env=_jupyter_env(base, venv), timeout=1200)
    results = json.loads(out.stdout.strip().splitlines()[-1])
    assert set(results) == {p.name for p in notebooks}
    failed = {name: errors for name, errors in results.items() if errors}
    assert not failed, failed
