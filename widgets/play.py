"""PlayGame: play any ruleset against the computer, one deal or a whole match.

``PlayGame("profile")`` puts the controls a player expects above a :class:`~widgets.DealStepper`
in play mode (classroom layout by default): the ruleset (every installed profile), the number
of players (as many as the engine accepts for that ruleset: it is asked, nothing here is
hard-coded), the computer players' strength (the players the engine has registered for the
game), a *New deal* button and the deal's seed in a box (a fresh random seed at each click,
so two students never share a deal unless a teacher types the same seed for both), and for
the rulesets that have matches a "whole match" switch.

In a match (``rules.new_match``, :mod:`rulebook.match`) the deals follow one another with the
dealer moving left; after each deal the running totals are shown, and at the end the match's
result with its tie-break explained in words (:func:`rulebook.match.explain_match_result`).
The end of every deal shows every hand face up, the places, the points or chips and the
engine's reason (the stepper's results table).  The stepper's *Coach* switch shows the value of each of your
legal moves on your turn, from what you can see; once a deal is over *Review my deal* lists
your decisions, costliest first (:mod:`widgets.coachview`).  The computer's moves come one
at a time, each with its log line, at the pace picked on screen (relaxed, normal, fast, at
once: the stepper's ``pace_picker``); a click on your cards shows the rest at once.  This
module holds no rule.
"""
from __future__ import annotations

import html
import re
import secrets
from typing import Any

import ipywidgets as W

from rulebook.errors import RulebookError, RulesError, check_seat, check_seed, quoted
from rulebook.html import STYLE, escape, ordinal, reason_html, ruleset_caption
from rulebook.lockstep import as_rules
from rulebook.match import new_match
from rulebook.pace import DEFAULT_PACE
from rulebook.protocol import GameState
from rulebook.rules import RulesBase, default_profile, load_rules, profile_ids
from rulebook.simulation import bot_names

from .coachview import ReviewPanel
from .common import flag, pace_choice, players_accepted, short_message, strength_options
from .pacing import Scheduler
from .stepper import DealStepper, Shown, button, message_html, syncing, unless_syncing

__all__ = ["PlayGame", "SEED_RANGE"]

SEED_RANGE = 1_000_000
"""New deals draw their seed from 0 .. SEED_RANGE - 1: short enough to read out and type."""

_STYLE = """<style>
.rb-play .rb-scores td.rb-num,.rb-play .rb-scores th.rb-num{text-align:right}
.rb-play .rb-scores tr.rb-total td{font-weight:bold;border-top:2px solid #999}
.rb-play .rb-scores small{color:#666}
</style>"""


def _seed(seed: Any) -> int:
    """``seed`` as a plain ``int`` if the engine accepts it as a deal's seed (RulesError if
    not); for ``None`` a seed nobody chose: every student's kernel draws its own."""
    if seed is None:
        return secrets.randbelow(SEED_RANGE)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"seed={quoted(seed)}: expected a whole number (or None for a "
                         f"fresh one)")
    value = int.__index__(seed)  # its own value, whatever a subclass says of itself
    check_seed(value, RulesError)
    return value


def _seat_for(seat: int, players: int) -> int:
    """The seat kept when the table has ``players`` seats: the same one, or the last seat
    when the table got smaller."""
    return min(seat, players - 1)


def _stepper_words(stepper: DealStepper) -> str:
    """The stepper's message as plain words (why it refused a deal)."""
    return short_message(html.unescape(re.sub(r"<[^>]+>", "", str(stepper.message.value))))


def _near_four(accepted: list[int]) -> int:
    """The player count offered first: 4, or the nearest count the ruleset accepts."""
    return min(accepted, key=lambda n: abs(n - 4))


class PlayGame(Shown):
    """Play a ruleset against computer players, with the controls on screen.

    ``PlayGame(ruleset=None, *, players=None, strength="smart", seat=0, seed=None,
    match=False, classroom=True, pace="normal", scheduler=None)``: ``ruleset`` is a profile id, ``"profile+option"`` text or
    a rules object; ``players`` defaults to 4 (or the nearest count the ruleset accepts);
    ``strength`` names the computer players (``"smart"``, ``"easy"``, ``"random"``: those
    the engine has for the game); ``seat`` is yours; ``seed`` the first deal's seed (``None``:
    a fresh random one); ``match`` plays a whole match where the ruleset has matches;
    ``classroom`` chooses the stepper's layout; ``pace`` and ``scheduler`` are the
    stepper's (how fast the computer's moves follow one another on screen, and who calls
    the next one back: by default the kernel's event loop).  A ruleset, player count or strength the
    engine refuses raises :class:`~rulebook.errors.RulesError` here, before anything is drawn.

    ``stepper`` is the :class:`~widgets.DealStepper` it drives; ``new_deal(seed=None)`` deals
    again (a fresh seed unless one is given).  Controls: ``ruleset_picker``,
    ``players_picker``, ``strength_picker``, ``new_deal_button``, ``seed_box``,
    ``match_toggle``, ``next_deal_button``, ``pace_picker`` (the stepper's: the computer's
    pace), ``coach_toggle`` (the stepper's *Coach* switch:
    your moves' values on your turn, from your view), ``review`` (the
    :class:`~widgets.coachview.ReviewPanel`: *Review my deal* once a deal is over, the three
    costliest decisions as buttons that take the stepper there); outputs: ``scores`` (the running totals and the
    match result), ``message``.  State: ``rules``, ``seed``, ``players``, ``strength``,
    ``match`` (the :class:`~rulebook.match.Match` in play, or ``None``).
    """

    def __init__(self, ruleset: RulesBase | str | None = None, *, players: int | None = None,
                 strength: str = "smart", seat: int = 0, seed: int | None = None,
                 match: bool = False, classroom: bool = True, pace: str = DEFAULT_PACE,
                 scheduler: Scheduler | None = None) -> None:
        rules = as_rules(default_profile() if ruleset is None else ruleset)
        self._choices: dict[str, RulesBase] = {pid: load_rules(pid) for pid in profile_ids()}
        key = rules.profile_id if rules == self._choices.get(rules.profile_id) else \
            "+".join([rules.profile_id] + [f"{k}={v}" for k, v in rules.changed_options().items()])
        self._choices[key] = rules
        accepted = players_accepted(rules)
        if players is None:
            players = _near_four(accepted)
        if isinstance(players, bool) or not isinstance(players, int) \
                or int.__index__(players) not in accepted:
            raise RulesError(f"{rules.title} is played by {accepted[0]} to {accepted[-1]} "
                             f"players, not {quoted(players)}")
        players = int.__index__(players)
        names = bot_names(rules.game)
        if not isinstance(strength, str) or str.__str__(strength) not in names:
            raise RulesError(f"no computer player {quoted(strength)} for {rules.title}: "
                             f"expected one of {', '.join(names)}")
        strength = str.__str__(strength)
        seat = int.__index__(check_seat("seat", seat, players, RulesError))
        self.seed: int = _seed(seed)
        match, classroom = flag("match", match), flag("classroom", classroom)
        pace = pace_choice(pace)

        self.rules: RulesBase = rules
        self.seat: int = seat
        self.match: Any = None
        self._finished: GameState[Any] | None = None  # the deal whose end was last counted
        self._after: Any = None  # the match once the finished deal is counted
        self._syncing = False

        wide = {"description_width": "initial"}
        self.ruleset_picker = W.Dropdown(
            options=[(ruleset_caption(r), k) for k, r in self._choices.items()], value=key,
            description="Game", style=wide, layout=W.Layout(width="auto", max_width="330px"),
            tooltip="The ruleset to play")
        self.players_picker = W.Dropdown(
            options=[(str(n), n) for n in accepted], value=players, description="players",
            style=wide, layout=W.Layout(width="auto"),
            tooltip="How many play (as many as the rules allow)")
        self.strength_picker = W.Dropdown(
            options=strength_options(names), value=strength, description="computer",
            style=wide, layout=W.Layout(width="15em"), tooltip="How well the computer plays")
        self.new_deal_button = button("New deal", "Shuffle and deal again, with a fresh seed",
                                      "random", self.new_deal)
        self.new_deal_button.button_style = "success"
        self.seed_box = W.IntText(
            value=self.seed, description="seed", style=wide,
            layout=W.Layout(width="9.5em"),
            tooltip="The deal's number: type one and press Enter to deal it again "
                    "(the same seed gives everyone the same deal)")
        self.match_toggle = W.Checkbox(
            value=bool(match), description="whole match", indent=False,
            layout=W.Layout(width="auto"), tooltip="Play deal after deal, with running scores")
        self.next_deal_button = button("next deal", "Deal the next deal of the match",
                                       "step-forward", self.next_deal)
        self.next_deal_button.button_style = "primary"
        self.scores = W.HTML()
        self.message = W.HTML()
        self.match_box = W.VBox([self.scores, self.next_deal_button])
        first, self.match = self._start(self.seed)
        self.stepper = DealStepper(first, seat=seat, bots=strength, play=True,
                                   classroom=classroom, pace=pace, scheduler=scheduler)
        self.pace_picker = self.stepper.pace_picker
        self._in_effect: tuple[Any, ...] = self._on_screen()
        # the coach: the stepper's switch (your seat, your turn only) and the review
        self.coach_toggle = self.stepper.coach_toggle
        self.review = ReviewPanel(self.stepper.go)

        self.seed_box.observe(unless_syncing(self, self._on_seed), names="value")
        self.ruleset_picker.observe(self._on_ruleset, names="value")
        self.players_picker.observe(unless_syncing(self, self._on_players), names="value")
        # the same seed under the new settings
        same_seed = unless_syncing(self, lambda _v: self.new_deal(self.seed))
        for control in (self.strength_picker, self.match_toggle):
            control.observe(same_seed, names="value")
        self.controls = W.HBox(
            [self.ruleset_picker, self.players_picker, self.strength_picker,
             self.new_deal_button, self.seed_box, self.match_toggle],
            layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([W.HTML(STYLE + _STYLE), self.controls, self.message,
                              self.stepper.widget, self.review.widget, self.match_box])
        self.widget.add_class("rb-play")
        self._show_match_switch()
        self.stepper.observe(lambda _state: self._deal_changed())

    # ---- what is set ------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players chosen."""
        return int(self.players_picker.value)

    @property
    def strength(self) -> str:
        """The computer players' name (``smart``, ``easy``, ``random``...)."""
        return str(self.strength_picker.value)

    @property
    def has_matches(self) -> bool:
        """Whether the ruleset plays matches (its rules object has ``new_match``)."""
        return self.rules.match_length() is not None

    @property
    def in_match(self) -> bool:
        """Whether a whole match is being played."""
        return self.match is not None

    # ---- actions ----------------------------------------------------------------------
    def new_deal(self, seed: int | None = None) -> None:
        """Deal again with the settings on screen: ``seed`` or a fresh random one.  In match
        mode a new match starts from that seed.  A seed the engine refuses raises
        :class:`~rulebook.errors.RulesError` and changes nothing; a deal the engine cannot
        make under the settings on screen is told in ``message`` and the controls go back
        to the deal still shown."""
        wanted = _seed(seed)
        self.message.value = ""
        try:
            state, match = self._start(wanted)
        except RulebookError as exc:
            self._say(short_message(str(exc)))
            self._show_in_effect()
            return
        # the new deal's match is in force while the stepper loads (it tells its observers)
        kept = (self.seed, self.match, self._finished, self._after, self.stepper.bots_spec)
        self.seed, self.match = wanted, match
        self._finished = self._after = None
        self.stepper.bots_spec = self.strength
        if not self.stepper.load(state, seat=self.seat):
            self.seed, self.match, self._finished, self._after, self.stepper.bots_spec = kept
            self._say(_stepper_words(self.stepper))
            self._show_in_effect()
            return
        self._in_effect = self._on_screen()
        self._show_in_effect()
        self._deal_changed()

    def _start(self, seed: int) -> tuple[GameState[Any], Any]:
        """The first deal under the settings on screen, and its match: a single deal (no
        match), or the first deal of a new match (``rules.new_match``) when "whole match" is
        on."""
        if self.match_toggle.value and self.has_matches:
            match = new_match(self.rules, players=self.players, seed=seed, dealer=0)
            current: GameState[Any] | None = match.current
            if current is None:  # pragma: no cover - a new match has its first deal
                raise RulesError(f"{self.rules.title}: this match has no deal to play")
            return current, match
        state: GameState[Any] = self.rules.new_deal(players=self.players, seed=seed)
        return state, None

    def _on_screen(self) -> tuple[Any, ...]:
        """The settings the controls show: ruleset, players, strength, whole match."""
        return (self.ruleset_picker.value, self.players_picker.value,
                self.strength_picker.value, bool(self.match_toggle.value))

    def _show_in_effect(self) -> None:
        """Put every control back to the deal in play (after a refusal nothing on screen
        names settings that are not in force): its ruleset, players, strength, match switch
        and seed."""
        key, players, strength, match = self._in_effect
        with syncing(self):
            if self.ruleset_picker.value != key:
                self.rules = self._choices[key]
                self.ruleset_picker.value = key
                self._set_pickers(self.rules)
            self.players_picker.value = players
            self.strength_picker.value = strength
            self.match_toggle.value = match
            self.seed_box.value = self.seed
        self._show_match_switch()

    def next_deal(self) -> None:
        """In a match, once a deal is over: deal the next one (or show the match result)."""
        if self._after is None or self._after.current is None:
            return
        self.match = self._after
        self._finished = self._after = None
        self.stepper.load(self.match.current)
        self._deal_changed()

    def _say(self, text: str, bad: bool = True) -> None:
        self.message.value = STYLE + message_html(text, bad)

    # ---- events -------------------------------------------------------------------------
    def _set_pickers(self, rules: RulesBase) -> None:
        """The players and strength pickers offer what ``rules`` accepts (keeping the
        choices on screen where they still fit)."""
        accepted = players_accepted(rules)
        names = bot_names(rules.game)
        players = self.players if self.players in accepted else _near_four(accepted)
        self.players_picker.options = [(str(n), n) for n in accepted]
        self.players_picker.value = players
        strength = self.strength if self.strength in names else \
            ("smart" if "smart" in names else names[-1])
        self.strength_picker.options = strength_options(names)
        self.strength_picker.value = strength

    def _on_ruleset(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        with syncing(self):
            self.rules = self._choices[change["new"]]
            self._set_pickers(self.rules)
        self._show_match_switch()
        self._follow_table()

    def _on_players(self, _players: int) -> None:
        self._follow_table()

    def _follow_table(self) -> None:
        """A new deal for the table on screen, your seat kept where it is still at the
        table (else the last seat, and said so)."""
        seat, note = _seat_for(self.seat, self.players), ""
        if seat != self.seat:
            note = (f"You played seat {self.seat}; with {self.players} players you play "
                    f"seat {seat}.")
        old = self.seat
        self.seat = seat
        self.new_deal(self.seed)
        if self._in_effect != self._on_screen() or self.stepper.seat != seat:
            self.seat = old  # refused: the deal still shown keeps its seat
        elif note:
            self._say(note, bad=False)

    def _on_seed(self, value: Any) -> None:
        """A seed typed in the box: deal it; one the engine refuses is told in a short
        message and the box shows the seed of the deal still in play."""
        try:
            self.new_deal(value)
        except RulesError as exc:
            self._say(short_message(str(exc)))
            with syncing(self):
                self.seed_box.value = self.seed

    def _show_match_switch(self) -> None:
        self.match_toggle.layout.display = None if self.has_matches else "none"
        if self.has_matches:
            length = int(self.rules.match_length() or 0)
            self.match_toggle.description = f"whole match ({length} deals)"

    def _deal_changed(self) -> None:
        """After every change in the stepper: in a match, count a deal that has just ended
        and show the running totals; offer the next deal.  Once a deal is over, *Review my
        deal* is offered.  Only the moves shown so far count (``stepper.states``): a deal
        ends on screen when its last computer move is shown, not before."""
        self.review.show(self.stepper.states, self.seat)
        if self.match is None:
            self.match_box.layout.display = "none"
            return
        self.match_box.layout.display = None
        final = self.stepper.states[-1] if self.stepper.states else None
        if final is not None and final.is_over and final is not self._finished:
            after = self.match
            try:
                for move in final.history:
                    after = after.play(move)
            except RulebookError as exc:  # pragma: no cover - the stepper played legal moves
                self._say(str(exc))
                return
            self._finished, self._after = final, after
        shown = self._after if self._finished is not None else self.match
        self.scores.value = self._scores_html(shown)
        more = self._after is not None and self._after.current is not None
        self.next_deal_button.layout.display = None if more else "none"
        if more:
            k = len(self._after.deals) + 1
            self.next_deal_button.description = f"deal {k} of {self._after.length}"

    # ---- the scores ---------------------------------------------------------------------
    def _scores_html(self, match: Any) -> str:
        """The running totals after each finished deal, then the standing or the result."""
        from rulebook.match import explain_match_result

        players, outcomes = match.players, match.outcomes
        unit = str(match.result.unit)
        where = (f"deal {len(match.deals)} of {match.length} is over" if self._finished is not None
                 else f"deal {len(match.deals) + 1} of {match.length}")
        # the ruleset's own sentence for how a match is won, clause ids last
        rule = next((reason_html(row.meaning, row.clauses) for row in self.rules.describe()
                     if row.topic == "match"), "")
        head = (f'<div class="rb-note"><b>Match</b> (seed {escape(match.seed)}): {where}. '
                f"{rule}</div>")
        if not outcomes:
            return STYLE + head
        rows = []
        previous = (0,) * players if unit == "points" else \
            tuple(match.rules.match_totals([], players))
        for k in range(len(outcomes)):
            totals = tuple(match.rules.match_totals(outcomes[:k + 1], players))
            cells = "".join(
                f'<td class="rb-num">{t} <small>({t - p:+d})</small></td>'
                for t, p in zip(totals, previous))
            rows.append(f'<tr data-deal="{k + 1}"><td>after deal {k + 1}</td>{cells}</tr>')
            previous = totals
        result = match.result
        places = "".join(f'<td class="rb-num">{ordinal(p)}</td>' for p in result.places)
        rows.append(f'<tr class="rb-total"><td>{"final place" if match.is_over else "place now"}'
                    f"</td>{places}</tr>")
        head_cells = "".join(f'<th class="rb-num">seat {s}{" (you)" if s == self.seat else ""}'
                             "</th>" for s in range(players))
        table = (f'<table class="rb-table rb-scores"><thead><tr><th>{escape(unit)}</th>'
                 f'{head_cells}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        if match.is_over:
            verdict = ('<div class="rb-reason rb-match-result"><b>The match is over.</b> '
                       + " ".join(map(escape, explain_match_result(result, unit))) + "</div>")
        else:
            leaders = [s for s in range(players) if result.places[s] == 1]
            who = " and ".join(f"seat {s}" for s in leaders)
            verdict = (f'<div class="rb-note">After {len(outcomes)} of {match.length} deals '
                       f"{escape(who)} {'lead' if len(leaders) > 1 else 'leads'}.</div>")
        return STYLE + head + table + verdict
