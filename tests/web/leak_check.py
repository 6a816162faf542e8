"""What a seat's page may know, from the protocol alone: every frame its socket
received must be exactly what the server owes that seat (its own view, its own legal
moves, each move as it was told of it), and the page itself may show no card that the
seat had not been allowed to see."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import seedbed
from seedbed.core.protocol import State
from seedbed.server.table import _card_tokens


def _norm(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


class Replayed:
    """The game of a finished table, replayed from its record: the state after each move."""

    def __init__(self, record_json: str) -> None:
        self.states: list[State] = seedbed.Record.from_json(record_json).states()
        final = self.states[-1]
        self.actions = final.actions()
        self.actors = final.actors()

    def seen_cards(self, seat: int | None, k: int) -> set[str]:
        """Every card ``seat`` was allowed to see up to move ``k``."""
        out: set[str] = set()
        for st in self.states[: k + 1]:
            out |= _card_tokens(st.view(seat))
            out |= _card_tokens(st.score_sheet(seat))
        return out


def check_frames(
    frames: list[dict[str, Any]], seat: int | None, game: Replayed, secrets: list[str]
) -> int:
    """Check every frame a page received against what its viewer may know (the page
    watches before it sits down: each connection's viewer is the one its welcome
    names); returns how many frames held a position for ``seat``."""
    move_versions: list[int] = []
    checked = 0
    viewer: int | None = None
    for msg in frames:
        if msg.get("type") == "welcome":
            viewer = msg["seat"]
        text = json.dumps(msg)
        for secret in secrets:
            assert secret not in text, "a frame holds another seat's token"
        events = msg.get("log") or msg.get("events") or []
        for ev in events:
            if ev.get("kind") == "move" and ev["v"] not in move_versions:
                k = len(move_versions)
                move_versions.append(ev["v"])
                told = game.states[k].notation_for(game.actions[k], game.actors[k], viewer)
                assert ev["move"] == told, (ev, told)
                assert ev["seat"] == game.actors[k]
        pos = msg.get("position")
        if not pos:
            continue
        version = msg["version"]
        k = sum(1 for v in move_versions if v <= version)
        st = game.states[k]
        # the view without its move log: the moves came as events, checked above
        view = st.view(viewer, moves=False)
        assert _norm(pos["view"]) == _norm(view), f"frame at version {version}"
        assert _norm(pos["score_sheet"]) == _norm(st.score_sheet(viewer))
        assert pos["scores"] == st.scores_for(viewer)
        if pos["legal"]:
            assert viewer is not None and st.current_player() == viewer
            assert sorted(m["move"] for m in pos["legal"]) == sorted(
                st.action_to_string(a) for a in st.legal_actions()
            )
        checked += viewer == seat
    return checked


DOM_CARDS_JS = (Path(__file__).parent / "js" / "dom_cards.js").read_text(encoding="utf-8")


def dom_cards(page: Any) -> tuple[set[str], int]:
    """The cards a page shows (drawn, written, or in its labels) and its version."""
    got = page.evaluate(DOM_CARDS_JS)
    tokens = set(_card_tokens(" ".join(got["cards"]))) | _card_tokens(got["text"])
    return tokens, int(got["version"])


def move_versions(frames: list[dict[str, Any]]) -> list[int]:
    """The table versions of the moves, in order, from the frames a page received."""
    out: list[int] = []
    for msg in frames:
        for ev in msg.get("log") or msg.get("events") or []:
            if ev.get("kind") == "move" and ev["v"] not in out:
                out.append(ev["v"])
    return out


def check_dom(snapshots: list[tuple[set[str], int]], seat: int | None, game: Replayed,
              versions: list[int]) -> None:  # fmt: skip
    """At every version a page was looked at, it showed no card ``seat`` may not know."""
    assert snapshots
    for tokens, version in snapshots:
        k = sum(1 for v in versions if v <= version)
        allowed = game.seen_cards(seat, k)
        assert tokens <= allowed, (
            f"seat {seat}'s page showed {sorted(tokens - allowed)} at {version}"
        )
