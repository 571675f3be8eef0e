"""A terminal view of the engine, for a quick look without Jupyter.

``python -m rulebook show badam-satti --players 4 --seed 7`` prints a deal move by move from
the state's public move log (``state.move_log()``: third person, cards in symbols), with the
engine's reason for every pass, draw and engine event (BS-MOVE-4, BS-INFO-3, BS-HR-10,
SAT-TURN-4) and the result;
``python -m rulebook rules badam-satti sevens`` prints rulesets side by side;
``python -m rulebook profiles`` lists the rulesets;
``python -m rulebook sheet badam-satti+sevens_first --out sheet.pdf`` writes a one-page rule
sheet (HTML on standard output without ``--out``).  Options are given as
``--set name=value`` (``true``/``false``, numbers, or comma-separated numbers).
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from .compare import format_table
from .errors import RulebookError
from .protocol import autoplay
from .rules import load_profile, load_rules, parse_option, parse_ruleset, profile_ids

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


def _sheet(spec: str, out: str | None, text: bool) -> int:
    """``sheet``: write the rule sheet of the ruleset ``spec`` to ``out`` or standard output."""
    sheet = parse_ruleset(spec).rule_sheet()
    if out:
        path = sheet.save(out)
        print(f"wrote {path}", file=sys.stderr)
    else:
        sys.stdout.write(sheet.text() + "\n" if text else sheet.html())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m rulebook``; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m rulebook", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help="play one deal and print it move by move")
    show.add_argument("profile", help="a ruleset id: " + ", ".join(profile_ids()))
    show.add_argument("--players", type=int, default=4)
    show.add_argument("--seed", type=int, default=7)
    show.add_argument("--dealer", type=int, default=0)
    show.add_argument("--bots", default="smart",
                      help="computer players: one name for all seats or comma-separated per seat")
    show.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                      help="a rules option, e.g. sevens_first=true (repeatable)")
    show.add_argument("--reasons", action="store_true", help="print the reason for every move")
    rules_cmd = sub.add_parser("rules", help="print rulesets side by side")
    rules_cmd.add_argument("profiles", nargs="+", metavar="PROFILE[+option[=value]...]",
                           help="ruleset ids, each optionally with options joined by '+', "
                                "e.g. badam-satti+sevens_first or badam-satti+round_count=3")
    sub.add_parser("profiles", help="list the rulesets")
    sheet = sub.add_parser("sheet", help="write a ruleset's one-page rule sheet (HTML, PDF "
                                         "or text)")
    sheet.add_argument("ruleset", metavar="PROFILE[+option[=value]...]",
                       help="a ruleset id, optionally with house rules joined by '+', e.g. "
                            "badam-satti+sevens_first")
    sheet.add_argument("--out", metavar="FILE",
                       help="write to FILE: .html, .pdf or .txt by its suffix (default: HTML "
                            "on standard output)")
    sheet.add_argument("--text", action="store_true",
                       help="print plain text instead of HTML on standard output")
    args = parser.parse_args(argv)
    try:
        if args.command == "profiles":
            for pid in profile_ids():
                profile = load_profile(pid)
                print(f"{pid:16} {profile.title}")
            return 0
        if args.command == "sheet":
            return _sheet(args.ruleset, args.out, args.text)
        if args.command == "rules":
            rulesets = []
            for spec in args.profiles:
                rulesets.append(parse_ruleset(spec))
            print(format_table(rulesets))
            return 0
        options = dict(parse_option(o) for o in args.set)
        rules = load_rules(args.profile, **options)
        bots = args.bots.split(",") if "," in args.bots else args.bots
        show_deal(rules, args.players, args.seed, args.dealer, bots, reasons=args.reasons)
        return 0
    except RulebookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
