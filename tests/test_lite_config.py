"""The JupyterLite site's configuration stays consistent (no build, no browser: milliseconds).

- the npm package ``pyodide`` is pinned to one exact version, in ``lite/package.json`` and its
  lock file alike, and CI installs exactly that (``npm ci --prefix lite``);
- so is ``@viz-js/viz`` (Graphviz in WebAssembly), whose ``viz.js`` the site's hand-written
  diagram extension (``lite/diagrams-extension``) loads from beside its ``remoteEntry.js``;
- the build script's site lock (:data:`EXTRA_ENTRIES`) makes ``import rulebook`` and
  ``from widgets import ...`` load this project's wheel, which brings ipywidgets and graphviz;
- the site keeps each tab's copy of the lessons in that tab (no "File Changed" dialog);
- the README documents the build command and the start lesson's URL in the built site.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import re
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"


def _build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulebook_lite_build", LITE / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pyodide_is_pinned_to_one_exact_version_everywhere() -> None:
    pinned = json.loads((LITE / "package.json").read_text())["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), f"not an exact version: {pinned!r}"
    lock = json.loads((LITE / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/pyodide"]["version"] == pinned
    assert lock[""]["dependencies"]["pyodide"] == pinned
    assert lock["node_modules/pyodide"]["integrity"].startswith("sha512-")
    build = _build()
    assert build.PYODIDE_VERSION == pinned
    assert build.PYODIDE_CDN.endswith(f"/v{pinned}/full/")


def test_graphviz_in_webassembly_is_pinned_and_the_extension_loads_it() -> None:
    pinned = json.loads((LITE / "package.json").read_text())["dependencies"]["@viz-js/viz"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), f"not an exact version: {pinned!r}"
    lock = json.loads((LITE / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/@viz-js/viz"]["version"] == pinned
    assert lock[""]["dependencies"]["@viz-js/viz"] == pinned
    assert _build().VIZ_VERSION == pinned
    extension = LITE / "diagrams-extension"
    package = json.loads((extension / "package.json").read_text())
    entry = extension / package["jupyterlab"]["_build"]["load"]
    script = entry.read_text()
    assert f'_JUPYTERLAB["{package["name"]}"]' in script  # the container JupyterLab looks up
    assert 'here + "viz.js"' in script and "pre.rb-diagram-dot" in script
    assert "cdn" not in script.lower() and "https://" not in script  # nothing off the site


def test_each_tab_keeps_its_own_copy_of_the_lessons() -> None:
    config = json.loads((LITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["enableMemoryStorage"] is True
    assert config["contentsStorageDrivers"] == ["memoryStorageDriver"]


def test_ci_installs_the_pinned_pyodide_with_npm_ci() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert "npm ci --prefix lite" in ci
    assert ci.index("npm ci --prefix lite") < ci.index("python -m pytest")


def test_importing_the_project_in_the_site_brings_the_widgets_and_ipywidgets() -> None:
    extra = _build().EXTRA_ENTRIES
    assert extra["rulebook-explorer"]["imports"] == ["rulebook", "widgets"]
    assert extra["rulebook-explorer"]["depends"] == ["ipywidgets", "graphviz"]
    assert "graphviz" in _build().SERVED
    assert "comm" in extra["ipywidgets"]["depends"] and "ipython" in extra["ipywidgets"]["depends"]


def test_the_lite_config_files_are_valid_json_with_the_expected_apps() -> None:
    config = json.loads((LITE / "jupyter_lite_config.json").read_text())
    assert "lab" in config["LiteBuildConfig"]["apps"] and "repl" in config["LiteBuildConfig"]["apps"]
    runtime = json.loads((LITE / "jupyter-lite.json").read_text())
    assert runtime["jupyter-config-data"]["appName"] == "Rulebook explorer"


def test_the_readme_gives_the_build_command_and_the_start_lesson_url() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run in the browser, no server", 1)[1].split("\n## ", 1)[0]
    assert 'pip install -e ".[lite]" && python lite/build.py' in section
    assert "lab/index.html?path=00_start_here.ipynb" in section
    assert "pandas" in section and "GitHub Pages" in section
    assert "diagram" in section and "two tabs" in section
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_links_lead_where_jupyterlab_resolves_them_in_the_site() -> None:
    site_link = _build().site_link
    served = {"05_badugi_hands.ipynb", "docs/teachers.md", "docs/sheets/badugi.pdf",
              "docs/classroom.md"}
    # from a lesson at the root, ../docs/ stops at the root: docs/sheets/badugi.pdf
    assert site_link("../docs/sheets/badugi.pdf", "05_badugi_hands.ipynb", served) == \
        "../docs/sheets/badugi.pdf"
    # from the guide, a lesson is at the root of the site, not in notebooks/
    assert site_link("../notebooks/05_badugi_hands.ipynb", "docs/teachers.md", served) == \
        "../05_badugi_hands.ipynb"
    assert site_link("classroom.md#the-pages", "docs/teachers.md", served) == "classroom.md#the-pages"
    for kept in ("https://example.org/x", "#the-answers", "mailto:a@b.c"):
        assert site_link(kept, "docs/teachers.md", served) == kept
    # a file the site leaves out (the graded course, a folder): no link
    assert site_link("../notebooks/graded/README.md", "docs/teachers.md", served) is None
    assert site_link("sheets/", "docs/teachers.md", served) is None
    assert site_link("../docs/sheets/nope.pdf", "05_badugi_hands.ipynb", served) is None


def test_the_staged_guides_keep_their_words_where_a_link_has_nowhere_to_lead(
        tmp_path: pathlib.Path) -> None:
    build = _build()
    staged = build.stage_docs(tmp_path)
    assert "docs/teachers.md" in staged and "docs/sheets/badugi.pdf" in staged
    original = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
    copy = (tmp_path / "docs" / "teachers.md").read_text(encoding="utf-8")
    assert "../notebooks/" in original and "../notebooks/" not in copy
    assert "](../00_start_here.ipynb)" in copy
    words = re.sub(r"\]\([^)]*\)", "]", original)  # the same text, links aside
    assert re.sub(r"\]\([^)]*\)", "]", copy).replace("[", "").replace("]", "") == \
        words.replace("[", "").replace("]", "")
