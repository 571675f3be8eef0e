"""A real browser clicks an ipywidgets Button and sees the HTML widget change: in JupyterLab
(after Run All) and in Voila.  Proves the whole chain the lesson widgets rely on: server,
kernel, widget manager in the page, comm messages both ways."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

CELLS = [
    "#md # Smoke test",
    "import ipywidgets as w\n"
    "clicks = w.HTML(value='<b>no click yet</b>')\n"
    "button = w.Button(description='Deal a card')\n"
    "def on_click(_):\n"
    "    n = int(button.tooltip or 0) + 1\n"
    "    button.tooltip = str(n)\n"
    "    clicks.value = f'<b>clicked {n} times: 7♥</b>'\n"
    "button.on_click(on_click)\n"
    "w.VBox([button, clicks])",
    "from rulebook.diagrams import Diagram\n"
    "Diagram.from_source('digraph { \"7♥\" -> \"8♥\" }', title='waiting')",
    "print('ran to the end')",
]


def test_button_click_updates_html_in_jupyterlab(page: Any, make_notebook: Callable[..., str],
                                                 open_and_run_all: Callable[..., Any],
                                                 shot: Callable[[Any, str], Any]) -> None:
    name = make_notebook("smoke_lab.ipynb", CELLS)
    panel = open_and_run_all(page, name)
    html = panel.locator(".jp-OutputArea-output .widget-html")
    button = panel.locator(".jp-OutputArea-output .widget-button", has_text="Deal a card")
    button.wait_for(state="visible")
    assert "no click yet" in html.inner_text()
    assert "ran to the end" in panel.locator(".jp-OutputArea-output").last.inner_text()
    button.click()
    page.wait_for_function("() => /clicked 1 times/.test(document.querySelector("
                           "'.jp-NotebookPanel:not(.lm-mod-hidden) .widget-html').textContent)")
    button.click()
    page.wait_for_function("() => /clicked 2 times/.test(document.querySelector("
                           "'.jp-NotebookPanel:not(.lm-mod-hidden) .widget-html').textContent)")
    assert "clicked 2 times: 7♥" in html.inner_text()
    # rulebook.diagrams displays as SVG (dot or graphviz-pure) in a real notebook, inline in
    # HTML so that it fits the output's width
    assert panel.locator(".jp-RenderedHTMLCommon .rulebook-diagram svg").count() == 1
    shot(page, "smoke_jupyterlab")


def test_button_click_updates_html_in_voila(page: Any, make_notebook: Callable[..., str],
                                            open_voila: Callable[..., Any],
                                            shot: Callable[[Any, str], Any]) -> None:
    name = make_notebook("smoke_voila.ipynb", CELLS)
    body = open_voila(page, name)
    button = body.locator(".widget-button", has_text="Deal a card")
    html = body.locator(".widget-html")
    button.wait_for(state="visible")
    assert "no click yet" in html.inner_text()
    assert "import ipywidgets" not in body.inner_text()  # Voila shows no code
    button.click()
    page.wait_for_function("() => /clicked 1 times/.test(document.querySelector('.widget-html').textContent)")
    assert "clicked 1 times: 7♥" in html.inner_text()
    assert body.locator(".jp-RenderedHTMLCommon .rulebook-diagram svg").count() == 1
    shot(page, "smoke_voila")
