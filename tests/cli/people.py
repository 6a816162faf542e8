"""People at the keyboard of ``seedbed play`` and ``seedbed replay``, for the tests.

A :class:`Keyboard` stands in for standard input. Each time the client asks for a
line it first reads everything printed since the last question and checks it against
what the person at the screen may know, then answers like a person would: sometimes a
command (``history``, ``moves``, ``help``, ``hint``, a typo), then a move typed as its
number, its notation, its display form or the shortest unambiguous start of it.

What a seat may know is computed independently of the client, from the game itself:
the cards named anywhere in ``view(seat)`` or ``score_sheet(seat)`` at any position
so far, in ``move_log(seat)`` and in its legal moves. A card printed outside that set is a leak.
Besides cards, a line of another seat's rendering that this seat's own rendering never
had (SOW's favourite colours, a "You are seat 2" line) is a leak too.

The state is followed through the save file, which the client must rewrite after
every move: the keyboard replays it and checks that it only ever grows and that the
move it typed is the one recorded.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seedbed.cli.play import _CLEAR_ALL, HELP
from seedbed.core.cards import canonical_card_tokens, display_notation
from seedbed.core.protocol import State
from seedbed.core.records import Record

# A card in any form the client might print: QS, TD, 10D, 10♦, Q♠, Joker, JK.
_CARD = re.compile(
    r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])|(?<![A-Za-z])(?:Joker|JK)(?![A-Za-z])"
)
_CANONICAL = {"Joker": "JK", "JK": "JK"}
for _rank in [*"23456789TJQKA", "10"]:
    for _suit, _symbol in zip("SHDC", "♠♥♦♣", strict=True):
        _name = ("T" if _rank == "10" else _rank) + _suit
        _CANONICAL[_rank + _suit] = _CANONICAL[_rank + _symbol] = _name
_BOX = "│╭╮╰╯─┃ "


def card_tokens(text: str) -> set[str]:
    """The cards ``text`` names, in canonical notation (``"TD"``, ``"JK"``)."""
    return {_CANONICAL[m] for m in _CARD.findall(text)}


# A rich markup tag: [bold], [red]...[/red], [/]. (Parsing with rich costs 14 ms for a
# SOW board, whose every letter is coloured; the tests render thousands.)
_TAG = re.compile(r"(?<!\\)\[/?[a-z#@][^\[\]]*\]|\[/\]")


def plain_lines(markup: str) -> list[str]:
    """A renderer's lines without markup or trailing spaces."""
    plain = _TAG.sub("", markup).replace("\\[", "[")
    return [line.rstrip() for line in plain.splitlines()]


def screen_lines(text: str) -> set[str]:
    """The printed lines, panel borders stripped."""
    return {line.strip(_BOX) for line in text.splitlines()} - {""}


def _view_cards(view: Any) -> set[str]:
    """Every card named in a view (JSON data with card names in notation)."""
    return card_tokens(json.dumps(view, ensure_ascii=False))


class Timeline:
    """What each seat (and a spectator) could see at each position of one game: the
    cards its view, the last move as it was told and its legal moves name, and the
    lines of its rendering. Built once as the game goes and shared by every check."""

    def __init__(self, state: State) -> None:
        self.state = state
        n = state.game.num_players
        self.viewers: list[int | None] = [*range(n), None]
        self.cards: list[dict[int | None, set[str]]] = []
        self.lines: list[dict[int | None, list[str]]] = []
        self._record(None)

    def _record(self, last: tuple[int, int] | None) -> None:
        state = self.state
        cards: dict[int | None, set[str]] = {}
        lines: dict[int | None, list[str]] = {}
        for v in self.viewers:
            # The seat's own channels: its view, its score sheet, the last move as told.
            known = _view_cards(state.view(v)) | _view_cards(state.score_sheet(v))
            if last is not None:
                actor, action = last
                known |= card_tokens(state.notation_for(action, actor, v))
            if v is not None and state.current_player() == v:
                for a in state.legal_actions():
                    known |= card_tokens(state.action_to_string(a))
            cards[v] = known
            lines[v] = [line.strip(_BOX) for line in plain_lines(state.render(v))]
        self.cards.append(cards)
        self.lines.append(lines)

    def advance(self, action: int) -> None:
        actor = self.state.current_player()
        assert actor is not None
        self.state.apply_action(action)
        self._record((actor, action))

    @property
    def positions(self) -> int:
        return len(self.cards)


@dataclass
class Knowledge:
    """What one seat (``None``: a spectator) may know so far: a cursor on a timeline."""

    seat: int | None
    cards: set[str] = field(default_factory=set)
    own_lines: set[str] = field(default_factory=set)
    position: int = 0

    def catch_up(self, timeline: Timeline, upto: int | None = None) -> None:
        """Learn everything up to position ``upto`` (default: the latest)."""
        end = timeline.positions if upto is None else upto + 1
        for i in range(self.position, end):
            self.cards |= timeline.cards[i][self.seat]
            self.own_lines.update(timeline.lines[i][self.seat])
        self.position = max(self.position, end)


class Leak(AssertionError):
    pass


def check_screen(
    text: str, know: Knowledge, others: dict[int | None, list[str]], where: str
) -> None:
    """``text`` was printed while ``know.seat`` was at the screen: no card it may not
    know, no line only another seat's rendering has."""
    unknown = card_tokens(text) - know.cards
    if unknown:
        raise Leak(f"{where}: seat {know.seat} was shown {sorted(unknown)}:\n{text}")
    shown = screen_lines(text)
    for q, lines in others.items():
        if q == know.seat:
            continue
        for line in lines:
            line = line.strip(_BOX)
            if len(line) >= 12 and line not in know.own_lines and line in shown:
                raise Leak(f"{where}: seat {know.seat} was shown seat {q}'s line {line!r}")


def spelled(state: State, action: int, rng: random.Random) -> str:
    """How a person might type ``action``: its number, notation, display form or the
    shortest start of its notation that names it alone."""
    legal = state.legal_actions()
    notation = state.action_to_string(action)
    forms = [str(legal.index(action) + 1), notation, display_notation(notation)]
    words = canonical_card_tokens(notation).split()
    others = [canonical_card_tokens(state.action_to_string(a)).split() for a in legal]
    for k in range(1, len(words)):
        prefix = words[:k]
        if sum(w[:k] == prefix for w in others) == 1:
            text = " ".join(prefix).lower()
            try:
                parsed = state.string_to_action(text)
            except ValueError:
                parsed = action
            if parsed == action:
                forms.append(text)
            break
    return rng.choice(forms)


class Keyboard:
    """Standard input for ``seedbed play`` with ``--save save``, as the seats in
    ``humans`` (one of them, or several at one screen)."""

    def __init__(
        self,
        capsys: Any,
        save: Path,
        humans: list[int],
        *,
        seed: int = 0,
        hints: bool = False,
        chatty: bool = True,
    ) -> None:
        self.capsys = capsys
        self.save = save
        self.humans = humans
        self.rng = random.Random(seed)
        self.hints_left = {p: 1 for p in humans} if hints else {}
        self.chatty = chatty
        self.timeline: Timeline | None = None
        self.know: dict[int | None, Knowledge] = {}
        self.screen: int | None = humans[0] if len(humans) == 1 else None
        self.typed: tuple[int, int] | None = None  # (move index, action) last typed
        self.expect_board = True
        self.prompts = 0
        self.commands: list[str] = []

    # -- following the game through its save file ---------------------------------------
    def _follow(self) -> State:
        record = Record.load(self.save)
        if self.timeline is None:
            self.timeline = Timeline(record.initial_state())
            n = self.timeline.state.game.num_players
            self.know = {p: Knowledge(p) for p in [*range(n), None]}
        timeline = self.timeline
        state = timeline.state
        done = state.history()
        assert record.moves[: len(done)] == done, "the save file lost or changed a move"
        for text in record.moves[len(done) :]:
            timeline.advance(state.string_to_action(text))
        for k in self.know.values():
            k.catch_up(timeline)
        if self.typed is not None:
            index, action = self.typed
            assert len(state.actions()) > index, "the typed move was not saved"
            assert state.actions()[index] == action, "the client played another move"
            self.typed = None
        return state

    def _others(self, state: State) -> dict[int | None, list[str]]:
        assert self.timeline is not None
        return self.timeline.lines[-1]

    def check(self, text: str, where: str) -> None:
        """Check ``text``, split at every screen clear: before a clear it was seen by
        the person at the screen, after the last one by whoever comes next."""
        state = self._follow()
        others = self._others(state)
        parts = text.split(_CLEAR_ALL)
        check_screen(parts[0], self.know[self.screen], others, where)
        for part in parts[1:]:  # after a clear, before a hand-over: nobody's in particular
            check_screen(part, self.know[None], others, where)

    # -- answering ---------------------------------------------------------------------
    def readline(self) -> str:
        out = self.capsys.readouterr().out
        self.prompts += 1
        last = out.rstrip("\n").rsplit("\n", 1)[-1]
        if self.commands[-1:] == ["help"]:  # its examples name cards: leave it out
            flat, help_text = " ".join(out.split()), " ".join(HELP.split())
            assert help_text in flat, "help did not print the help"
            out = flat.replace(help_text, "")
            self.commands.append("(helped)")
        state = self._follow()
        if "Pass the screen to" in last:
            self.check(out, f"prompt {self.prompts} (hand-over)")
            seat = next(
                p
                for p in range(state.game.num_players)
                if f"Pass the screen to {state.game.seat_name(p)} (" in last
            )
            self.screen = seat
            self.expect_board = True
            return "\n"
        seat = next(
            (
                p
                for p in range(state.game.num_players)
                if last.startswith(f"{state.game.seat_name(p)} (human) > ")
            ),
            None,
        )
        assert seat is not None, f"unexpected prompt {last!r}"
        assert seat == state.current_player(), f"{last!r} but seat {state.current_player()} moves"
        assert self.screen == seat, f"seat {seat} asked while seat {self.screen} has the screen"
        parts = out.split(_CLEAR_ALL)
        check_screen(parts[-1], self.know[seat], self._others(state), f"prompt {self.prompts}")
        for part in parts[:-1]:
            check_screen(part, self.know[None], self._others(state), f"prompt {self.prompts}")
        if self.expect_board:
            missing = [
                line
                for line in plain_lines(state.render(seat))
                if line.strip(_BOX) and line.strip(_BOX) not in screen_lines(parts[-1])
            ]
            assert not missing, f"the board shown is not seat {seat}'s view now: {missing}"
        self.expect_board = False
        return self._answer(state, seat)

    def _answer(self, state: State, seat: int) -> str:
        rng = self.rng
        if self.hints_left.get(seat):
            self.hints_left[seat] -= 1
            return self._command("hint")
        roll = rng.random()
        if self.chatty and roll < 0.12:
            return self._command("history")
        if self.chatty and roll < 0.15:
            self.expect_board = True
            return self._command("moves")
        if self.chatty and roll < 0.18:
            return self._command(rng.choice(["help", "banana", "99999", "save"]))
        action = rng.choice(state.legal_actions())
        self.typed = (state.move_number(), action)
        self.expect_board = True
        return spelled(state, action, rng) + "\n"

    def isatty(self) -> bool:
        return False

    def _command(self, word: str) -> str:
        self.commands.append(word)
        return word + "\n"

    def finish(self) -> None:
        """Check what was printed after the last question (the final screens)."""
        out = self.capsys.readouterr().out
        state = self._follow()
        assert state.is_terminal(), "the game did not reach its end"
        self.check(out, "final screen")
        self.final_output = out


class ReplayKeyboard:
    """Standard input for ``seedbed replay FILE --seat K``: steps on, checking each
    position's screen against what seat K knew at that position (on the game's
    timeline, as the play test recorded it)."""

    def __init__(self, capsys: Any, timeline: Timeline, seat: int | None) -> None:
        self.capsys = capsys
        self.timeline = timeline
        self.know = Knowledge(seat)
        self.position = 0

    def _check(self, out: str) -> None:
        self.know.catch_up(self.timeline, self.position)
        others = self.timeline.lines[self.position]
        check_screen(out, self.know, others, f"replay position {self.position}")

    def readline(self) -> str:
        self._check(self.capsys.readouterr().out)
        self.position += 1
        return "\n"

    def isatty(self) -> bool:
        return False

    def finish(self) -> None:
        assert self.position == self.timeline.positions - 1
        self._check(self.capsys.readouterr().out)
