"""Build the lessons as a JupyterLite site: JupyterLab and Python running in the browser, no server.

    python lite/build.py [--output-dir build/lite]

Needs the ``lite`` extras (``pip install -e ".[lite]"``: jupyterlite-core, the Pyodide kernel
and ipywidgets, whose JupyterLab extension the site serves), npm (for the pinned Pyodide
core and Graphviz in WebAssembly in ``lite/package.json``) and the Python package index (for
the wheels below).  The output folder is a static site: serve it from any web server.

What it does:

1. ``npm ci --prefix lite`` fetches the pinned npm packages ``pyodide`` (the core only:
   ``pyodide.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``, ``pyodide-lock.json``) and
   ``@viz-js/viz`` (Graphviz compiled to WebAssembly, one ES module) if they are missing
   from ``lite/node_modules``; ``RULEBOOK_PYODIDE_DIR`` may name another Pyodide.
2. It builds this project's wheel and downloads, from the package index, the pure-Python
   wheels the kernel needs to start (micropip, packaging, IPython and its dependencies,
   jedi, comm) at the versions Pyodide's lock file names, ipywidgets at the version of
   the JupyterLab extension being served, and the ``graphviz`` package (it writes the
   diagrams' DOT source) at the version installed here.
3. It writes the site's ``pyodide-lock.json``: those wheels are served with the site, so
   ``import rulebook`` and ``from widgets import DealStepper`` load them with no network
   at all (the kernel loads what a cell imports through this lock file); every other
   Pyodide package (pandas, numpy, ...) keeps its entry, pointing at the Pyodide
   distribution of the same version on its public CDN, so it loads when the browser is
   online.
4. It stages the site's diagram extension (``lite/diagrams-extension``: a prebuilt JupyterLab
   extension written by hand, no build step) with ``viz.js`` from ``@viz-js/viz`` next to it:
   in the site, a diagram's DOT source is drawn by the page, offline (see
   :mod:`rulebook.diagrams`).
5. It stages the documents the lessons link as ``../docs/...`` (:data:`SITE_DOCS`: the rule
   sheets, the teacher's guide, the class table's guide) under ``docs/`` in the site, where
   those links lead (:func:`stage_docs`); in the guides, links to the lessons
   (``../notebooks/...``) lead to the site's root, where the lessons are, and a link to a
   file the site leaves out (the graded course) keeps its words only.
6. ``jupyter lite build`` with ``lite/jupyter_lite_config.json`` and ``lite/jupyter-lite.json``
   puts the lessons, those documents, JupyterLab, the widget and diagram extensions and that
   Pyodide into the output.

Other scripts import it for :func:`pyodide_dir`, :func:`project_wheel` and :func:`build`.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

LITE = pathlib.Path(__file__).resolve().parent
ROOT = LITE.parent
DEFAULT_OUTPUT = ROOT / "build" / "lite"
_NPM_PINS: dict[str, str] = json.loads((LITE / "package.json").read_text())["dependencies"]
PYODIDE_VERSION: str = _NPM_PINS["pyodide"]
VIZ_VERSION: str = _NPM_PINS["@viz-js/viz"]
DIAGRAMS_EXTENSION = LITE / "diagrams-extension"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYODIDE_PYTHON = "3.14"  # the Python inside Pyodide 314: the wheels are chosen for it
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide.js", "package.json")

#: What the kernel installs before it runs a cell (``loadPackage(["micropip"])``, then
#: ``piplite.install`` of ipython, jedi and comm), plus ipywidgets for the widgets: served
#: with the site, with everything they depend on.
SERVED = ("micropip", "packaging", "ipython", "jedi", "comm", "ipywidgets", "graphviz")

#: Packages Pyodide's lock file does not list: their entries are written here.  ipywidgets'
#: own Python code imports none of widgetsnbextension and jupyterlab_widgets (they only
#: carry the notebook and JupyterLab front ends, which the site already serves), so the
#: lock entry leaves them out.
EXTRA_ENTRIES = {
    "comm": {"imports": ["comm"], "depends": ["traitlets"]},
    "ipywidgets": {"imports": ["ipywidgets"], "depends": ["comm", "ipython", "traitlets"]},
    "graphviz": {"imports": ["graphviz"], "depends": []},
    # the project: the engine and the widgets come in one wheel; the widgets need ipywidgets,
    # the diagrams the graphviz package (pure Python: it only writes DOT; the page draws it)
    "rulebook-explorer": {"imports": ["rulebook", "widgets"], "depends": ["ipywidgets", "graphviz"]},
}


class MissingTool(RuntimeError):
    """A program the build needs (npm, node) is not installed; the message says which."""


def _run(cmd: list[str], quiet: bool = True, **kwargs: object) -> None:
    done = subprocess.run(cmd, capture_output=quiet, text=True, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        detail = (done.stdout or "") + (done.stderr or "") if quiet else ""
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{detail[-4000:]}")


def pyodide_dir(install: bool = True) -> pathlib.Path:
    """The folder of the npm package ``pyodide`` at the pinned version.

    ``RULEBOOK_PYODIDE_DIR`` wins when set.  Otherwise ``lite/node_modules/pyodide``, which
    ``npm ci --prefix lite`` installs (from ``lite/package-lock.json``) when it is missing or
    holds another version and ``install`` is true.  Raises :class:`MissingTool` when npm is
    needed and missing.
    """
    given = os.environ.get("RULEBOOK_PYODIDE_DIR")
    if given:
        return pathlib.Path(given).resolve()
    return _npm_package("pyodide", install)


def viz_dir(install: bool = True) -> pathlib.Path:
    """The folder of the npm package ``@viz-js/viz`` (Graphviz in WebAssembly) at the pinned
    version, installed like :func:`pyodide_dir` when missing and ``install`` is true."""
    return _npm_package("@viz-js/viz", install)


def _npm_package(name: str, install: bool) -> pathlib.Path:
    """``lite/node_modules/NAME`` at the version ``lite/package.json`` pins, after
    ``npm ci --prefix lite`` if it is missing or another version (and ``install`` is true)."""
    version = _NPM_PINS[name]
    here = LITE / "node_modules" / name
    try:
        if json.loads((here / "package.json").read_text())["version"] == version:
            return here
    except (OSError, ValueError, KeyError):
        pass
    if not install:
        raise MissingTool(f"the npm package {name} {version} is not installed: "
                          f"npm ci --prefix lite")
    npm = shutil.which("npm")
    if npm is None:
        raise MissingTool(f"npm is missing: it installs the npm package {name} {version} "
                          "(apt-get install -y npm, or Node.js 20 with npm)")
    _run([npm, "ci", "--prefix", str(LITE), "--no-audit", "--no-fund", "--loglevel=error"])
    return here


def stage_diagrams_extension(stage: pathlib.Path) -> pathlib.Path:
    """Write the site's diagram extension into ``stage`` (replaced): ``lite/diagrams-extension``
    with ``static/viz.js`` (Graphviz in WebAssembly, from ``@viz-js/viz``) beside its
    ``remoteEntry.js``, which loads it from there.  Returns ``stage``."""
    viz = viz_dir() / "dist" / "viz.js"
    if stage.exists():
        shutil.rmtree(stage)
    shutil.copytree(DIAGRAMS_EXTENSION, stage)
    shutil.copy2(viz, stage / "static" / "viz.js")
    return stage


def project_wheel(dest: pathlib.Path) -> pathlib.Path:
    """Build this project's wheel into ``dest`` (``pip wheel --no-deps``); return its path.

    It is built from a copy of the files the wheel is made of, so no stale ``build/lib``
    left in the checkout by an earlier build can slip a deleted module into it."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("rulebook_explorer-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="rulebook-wheel-") as tmp:
        source = pathlib.Path(tmp) / "src"
        source.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        for package in ("rulebook", "widgets"):
            shutil.copytree(ROOT / package, source / package,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dest),
              str(source)])
    (wheel,) = dest.glob("rulebook_explorer-*.whl")
    return wheel


def _canonical(name: str) -> str:
    """A package name as the package index compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(lock: dict[str, dict[str, object]], names: tuple[str, ...]) -> list[str]:
    """``names`` and everything they depend on, as keys of the lock (or of EXTRA_ENTRIES)."""
    keys = {_canonical(k): k for k in [*lock, *EXTRA_ENTRIES]}
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = keys.get(_canonical(todo.pop()))
        if name is None or name in seen:
            continue
        seen.append(name)
        entry = lock.get(name) or EXTRA_ENTRIES[name]
        depends = entry["depends"]
        assert isinstance(depends, list)
        todo.extend(str(d) for d in depends)
    return sorted(seen)


def _download(requirements: list[str], dest: pathlib.Path) -> None:
    """Pure-Python wheels for Pyodide's Python, from the package index (no dependencies)."""
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
          "--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none",
          "--platform", "any", "-d", str(dest), *requirements])


def _sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stage_pyodide(stage: pathlib.Path, wheel: pathlib.Path,
                  log: Callable[[str], object] = print) -> dict[str, str]:
    """Write the site's Pyodide folder into ``stage``: the core, the served wheels and the
    rewritten ``pyodide-lock.json``.  Returns ``{package: file}`` of the served wheels."""
    core = pyodide_dir()
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, stage / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages: dict[str, dict[str, object]] = lock["packages"]

    served = _closure(packages, SERVED)
    pins = {name: importlib.metadata.version(name) for name in ("ipywidgets", "comm", "graphviz")}
    requirements = [f"{n}=={packages[n]['version'] if n in packages else pins[n]}"
                    for n in served if n != "rulebook-explorer"]
    wheels = stage / "wheels"
    wheels.mkdir()
    _download(requirements, wheels)
    shutil.copy2(wheel, wheels / wheel.name)

    keys = {_canonical(k): k for k in [*packages, *EXTRA_ENTRIES]}
    found: dict[str, str] = {}
    for path in sorted(wheels.glob("*.whl")):
        name, version = path.name.split("-")[:2]  # a wheel's name: NAME-VERSION-...-TAGS.whl
        key = keys[_canonical(name)]
        entry = packages.get(key)
        if entry is None:
            entry = packages[key] = {"name": key, "version": str(version), "install_dir": "site",
                                     "package_type": "package", "unvendored_tests": False,
                                     "tool": {}, **EXTRA_ENTRIES[key]}
        entry.update(file_name=f"wheels/{path.name}", sha256=_sha256(path), version=str(version))
        found[key] = path.name
    missing = [n for n in served if n not in found]
    if missing:
        raise RuntimeError(f"no pure-Python wheel on the package index for: {missing}")
    for key, entry in packages.items():
        if key not in found:
            entry["file_name"] = PYODIDE_CDN + str(entry["file_name"])
    (stage / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    log(f"Pyodide {PYODIDE_VERSION}: {len(found)} wheels served with the site "
        f"({', '.join(sorted(found))}); {len(packages) - len(found)} other packages from {PYODIDE_CDN}")
    return found


DOCS = ROOT / "docs"
SITE_DOCS = ("teachers.md", "classroom.md", "classroom_projector.png", "classroom_student.png",
             "classroom_teacher.png", "sheets/*.pdf")
"""The files of ``docs/`` the site serves (patterns relative to ``docs/``)."""

_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def site_link(target: str, where: str, served: set[str]) -> str | None:
    """Where a Markdown link of the file ``where`` (a path in the site) leads in the site, as
    JupyterLab resolves it (relative to the file, ``..`` stopping at the root), or ``None``
    when the site has no such file.  Links off the site and to a heading are kept."""
    if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
        return target
    path, _, anchor = target.partition("#")
    if path.startswith("../notebooks/"):  # the lessons are at the site's root
        path = "../" + path[len("../notebooks/"):]
    parts: list[str] = []
    for part in [*where.split("/")[:-1], *path.split("/")]:
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    if "/".join(parts) not in served:
        return None
    return path + (f"#{anchor}" if anchor else "")


def stage_docs(target: pathlib.Path, lessons: pathlib.Path = ROOT / "notebooks") -> list[str]:
    """Copy :data:`SITE_DOCS` into ``target/docs`` (the site's ``docs/``), their Markdown
    links made to lead where they do in the site (:func:`site_link`; a link to a file the
    site does not serve keeps its words only); returns the site paths staged."""
    files = sorted({p for pattern in SITE_DOCS for p in DOCS.glob(pattern) if p.is_file()})
    staged = [f"docs/{p.relative_to(DOCS).as_posix()}" for p in files]
    served = set(staged) | {p.name for p in lessons.glob("*.ipynb")}
    for path, site_path in zip(files, staged):
        dest = target / site_path
        dest.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix != ".md":
            shutil.copy2(path, dest)
            continue

        def relink(m: re.Match[str], where: str = site_path) -> str:
            led = site_link(m.group(2), where, served)
            return m.group(1) if led is None else f"[{m.group(1)}]({led})"

        dest.write_text(_LINK.sub(relink, path.read_text(encoding="utf-8")), encoding="utf-8")
    return staged


def build(output_dir: pathlib.Path = DEFAULT_OUTPUT,
          log: Callable[[str], object] = print) -> pathlib.Path:
    """Build the site into ``output_dir`` (replaced); return it."""
    output_dir = output_dir.resolve()
    with tempfile.TemporaryDirectory(prefix="rulebook-lite-") as tmp:
        work = pathlib.Path(tmp)
        started = time.monotonic()
        wheel = project_wheel(work / "dist")
        # jupyterlite's Pyodide addon takes a folder named "pyodide" holding "pyodide/"
        stage_pyodide(work / "pyodide" / "pyodide", wheel, log)
        extension = stage_diagrams_extension(work / "extensions" / "rulebook-diagrams")
        stage_docs(work / "documents")
        if output_dir.exists():
            shutil.rmtree(output_dir)
        env = dict(os.environ, JUPYTERLITE_CACHE_DIR=str(work / "cache"))
        _run([sys.executable, "-m", "jupyterlite_core", "build",
              "--config", str(LITE / "jupyter_lite_config.json"), "--lite-dir", str(LITE),
              "--contents", str(ROOT / "notebooks"), "--contents", str(work / "documents"),
              "--output-dir", str(output_dir),
              "--pyodide", str(work / "pyodide"),
              f"--LiteBuildConfig.federated_extensions={extension}"], cwd=work, env=env)
        (output_dir / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
        log(f"built {output_dir} in {time.monotonic() - started:.0f} s")
    return output_dir


def main(argv: list[str] | None = None) -> int:
    """Command line: build the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=pathlib.Path, default=DEFAULT_OUTPUT,
                        help="where the site goes (default: build/lite)")
    args = parser.parse_args(argv)
    try:
        out = build(args.output_dir)
    except MissingTool as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"Serve it, e.g.: python -m http.server --directory {out} 8000, then open "
          "http://127.0.0.1:8000/lab/index.html?path=00_start_here.ipynb")
    return 0


if __name__ == "__main__":
    sys.exit(main())
