"""A terminal view of the engine, for a quick look without Jupyter.

``python -m rulebook show PROFILE --players 4 --seed 7`` prints a deal move by move from
the state's public move log (``state.move_log()``: third person, cards in symbols), with the
engine's reason for every pass, draw and engine event (BS-MOVE-4, BS-INFO-3, BS-HR-10,
SAT-TURN-4) and the result;
``python -m rulebook rules PROFILE PROFILE...`` prints rulesets side by side;
``python -m rulebook profiles`` lists the rulesets;
``python -m rulebook sheet PROFILE+OPTION --out sheet.pdf`` writes a printable rule
sheet, two A4 pages (one when it fits); HTML on standard output without ``--out``;
``python -m rulebook serve [--host 127.0.0.1] [--port 8000] [--db classroom.sqlite]`` runs
the class table (students join with a room code; it prints their address and a QR code of
it), and ``python -m rulebook serve --jupyterhub`` runs it as a JupyterHub service (see
docs/classroom.md). Options are given as
``--set name=value`` (``true``/``false``, numbers, or comma-separated numbers).

Bad input (an unknown ruleset, a bad option, a seat count out of range, a number of ten
thousand digits) ends with one short ``error: ...`` line and exit code 2, never a traceback.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .compare import format_table
from .errors import RulebookError, RulesError, check_seed, quoted
from .protocol import autoplay
from .rules import example_option, example_ruleset, load_profile, load_rules, parse_option, \
    parse_options, parse_ruleset, profile_ids

__all__ = ["main", "show_deal", "parse_option", "parse_ruleset"]


def _wants_reason(move: str) -> bool:
    """Which log lines carry their reason by default: passes, draws, skips, attempts and the
    engine's own events (the plays speak for themselves)."""
    return move in ("", "pass", "draw", "skip") or move.startswith("try")


def show_deal(rules: Any, players: int, seed: int, dealer: int, bots: Sequence[str] | str,
              out: Any = sys.stdout, reasons: bool = False) -> Any:
    """Play one deal with computer players and print its public move log, one numbered line
    per move (engine events indented under it), with the reasons; returns the final state."""
    start = rules.new_deal(players=players, seed=seed, dealer=dealer)
    final = autoplay(start, bots, seed=seed)
    print(f"{rules.label()}: {players} players, seed {seed}, dealer seat {dealer}", file=out)
    number = 0
    for entry in final.move_log():
        if entry.move:
            number += 1
            line = f"{number:3}. {entry.text}"
        else:
            line = f"     {entry.text}"
        if reasons or _wants_reason(entry.move):
            line += f" — {entry.reason} [{', '.join(entry.clauses)}]"
        print(line, file=out)
    outcome = final.outcome
    if outcome is not None:
        print(f"result: {outcome.summary}", file=out)
        print("places: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(outcome.places)),
              file=out)
    return final


_MESSAGE_LIMIT = 400
"""The longest error line the terminal view prints."""
_LONG_QUOTE = re.compile(r"'[^'\n…]{61,}'|\"[^\"\n…]{61,}\"")  # … marks one already cut


def _short(message: str) -> str:
    """A message cut for the terminal: every long quoted value cut short, then the whole."""
    message = _LONG_QUOTE.sub(lambda m: quoted(m.group(0)[1:-1]), message)
    return message if len(message) <= _MESSAGE_LIMIT else message[:_MESSAGE_LIMIT] + "…"


class _Parser(argparse.ArgumentParser):
    """argparse, but its error line quotes what was typed cut short (argparse quotes it whole)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {_short(message)}\n")


def _whole(text: str) -> int:
    """A whole number typed on the command line: ASCII digits, at most 1,000 of them."""
    if not re.fullmatch(r"[+-]?[0-9]{1,1000}", text.strip()):
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number (digits 0-9, "
                                         "at most 1,000 of them)")
    return int(text)


def _seed(text: str) -> int:
    """A seed typed on the command line (see :func:`rulebook.errors.check_seed`)."""
    try:
        return int(check_seed(_whole(text)))
    except RulebookError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _sheet(spec: str, out: str | None, text: bool) -> int:
    """``sheet``: write the rule sheet of the ruleset ``spec`` to ``out`` or standard output."""
    sheet = parse_ruleset(spec).rule_sheet()
    if out:
        try:
            path = sheet.save(out)
        except OSError as exc:
            print(f"error: cannot write {quoted(out)}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"wrote {path}", file=sys.stderr)
    else:
        sys.stdout.write(sheet.text() + "\n" if text else sheet.html())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m rulebook``; returns the exit code.

    Bad input prints one ``error: ...`` line (what was given, cut short, and what is
    expected) to stderr and returns 2; argparse's own errors exit with 2 as well.
    """
    if argv is not None and (isinstance(argv, (str, bytes)) or not all(
            isinstance(arg, str) for arg in argv)):
        print(f"error: the arguments must be a list of texts, not {quoted(argv)}",
              file=sys.stderr)
        return 2
    parser = _Parser(prog="python -m rulebook", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help="play one deal and print it move by move")
    show.add_argument("profile", help="a ruleset id: " + ", ".join(profile_ids()))
    show.add_argument("--players", type=_whole, default=4)
    show.add_argument("--seed", type=_seed, default=7)
    show.add_argument("--dealer", type=_whole, default=0)
    show.add_argument("--bots", default="smart",
                      help="computer players: one name for all seats or comma-separated per seat")
    show.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                      help=f"a rules option, e.g. {example_option()} (repeatable)")
    show.add_argument("--reasons", action="store_true", help="print the reason for every move")
    rules_cmd = sub.add_parser("rules", help="print rulesets side by side")
    rules_cmd.add_argument("profiles", nargs="+", metavar="PROFILE[+option[=value]...]",
                           help="ruleset ids, each optionally with options joined by '+', "
                                f"e.g. {example_ruleset()}")
    sub.add_parser("profiles", help="list the rulesets")
    sheet = sub.add_parser("sheet", help="write a ruleset's printable rule sheet, two A4 pages "
                                         "or one when it fits (HTML, PDF or text)")
    sheet.add_argument("ruleset", metavar="PROFILE[+option[=value]...]",
                       help="a ruleset id, optionally with house rules joined by '+', e.g. "
                            f"{example_ruleset()}")
    sheet.add_argument("--out", metavar="FILE",
                       help="write to FILE: .html, .pdf or .txt by its suffix (default: HTML "
                            "on standard output)")
    sheet.add_argument("--text", action="store_true",
                       help="print plain text instead of HTML on standard output")
    serve = sub.add_parser("serve", help="run the class table: students join with a room code")
    serve.add_argument("--host", default="127.0.0.1",
                       help="where to listen (default: this machine only; 0.0.0.0: the "
                            "classroom network)")
    serve.add_argument("--port", type=_whole, default=8000)
    serve.add_argument("--db", default="classroom.sqlite", help="the SQLite file of the rooms")
    serve.add_argument("--jupyterhub", action="store_true",
                       help="run as a JupyterHub service: listen where the hub says, students "
                            "log in with the hub (see docs/classroom.md)")
    args = parser.parse_args(argv)
    try:
        if args.command == "profiles":
            for pid in profile_ids():
                print(f"{pid:16} {load_profile(pid).title}")
            return 0
        if args.command == "sheet":
            return _sheet(args.ruleset, args.out, args.text)
        if args.command == "serve":
            if args.jupyterhub:
                from .classroom.hubservice import serve_hub  # jupyterhub only when serving

                return serve_hub(args.db)
            if not 1 <= args.port <= 65535:
                raise RulesError(f"--port {args.port}: expected a port from 1 to 65535")
            from .classroom.serve import serve as run_server  # FastAPI only when serving

            return run_server(args.host, args.port, args.db)
        if args.command == "rules":
            print(format_table([parse_ruleset(spec) for spec in args.profiles]))
            return 0
        rules = load_rules(args.profile, **parse_options(args.set, " with --set"))
        bots = args.bots.split(",") if "," in args.bots else args.bots
        show_deal(rules, args.players, args.seed, args.dealer, bots, reasons=args.reasons)
        return 0
    except RulebookError as exc:
        print(f"error: {_short(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
