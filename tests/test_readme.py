"""The README's two set-up commands stay true: CI runs the test command word for word."""
from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```(?:bash|sh)\n(.*?)\n```", text, flags=re.S)


def test_readme_gives_exactly_two_setup_commands() -> None:
    commands = _commands()
    assert len(commands) == 2, commands
    lab, tests = commands
    assert "jupyter lab --ServerApp.root_dir=. notebooks/00_start_here.ipynb" in lab
    assert '".[lab]"' in lab
    assert '".[test]"' in tests and "python -m pytest" in tests


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _commands()[1] in ci.splitlines()
    assert "set -euo pipefail" in ci


def test_the_start_notebook_the_lab_command_opens_exists() -> None:
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_readme_launches_the_start_notebook_on_binder_in_lab_and_in_voila() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lab = re.search(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/HEAD\?labpath=([^)\s]+)", text)
    voila = re.search(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/HEAD\?urlpath=([^)\s]+)", text)
    assert lab and lab.group(1) == "notebooks%2F00_start_here.ipynb"
    assert voila and voila.group(1) == "voila%2Frender%2Fnotebooks%2F00_start_here.ipynb"
    requirements = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    assert "voila" in requirements


def test_every_notebook_the_readme_lists_exists() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`(\d\d_[a-z_]+)`", text))
    present = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert listed == present


def test_the_lab_command_serves_the_documents_the_lessons_link() -> None:
    """Given a notebook alone, JupyterLab serves only the notebook's folder, and the lessons'
    links to ``../docs/`` (rule sheets, guides) would lead nowhere: the command serves the
    whole checkout (``--ServerApp.root_dir=.``), where every such link has its file."""
    lab = _commands()[0]
    assert "--ServerApp.root_dir=. " in lab
    for lesson in sorted((ROOT / "notebooks").glob("0*.ipynb")):
        for target in re.findall(r"\]\((\.\./[^)#\s]+)", lesson.read_text(encoding="utf-8")):
            assert (lesson.parent / target).resolve().is_relative_to(ROOT), (lesson.name, target)
            assert (lesson.parent / target).exists(), (lesson.name, target)
