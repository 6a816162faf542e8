"""Driving the table page as a person does: clicks only (on the table when the
picker names a target there, else the picker's buttons), with every WebSocket frame
the page received kept for the leak checks."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STATE_JS = (Path(__file__).parent / "js" / "state.js").read_text(encoding="utf-8")


@dataclass
class SeatPage:
    """One browser page at a table, with the frames its socket received."""

    page: Any
    frames: list[str] = field(default_factory=list)
    clicks: int = 0
    board_clicks: int = 0

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(STATE_JS)
        return result

    def watch_frames(self) -> None:
        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self.frames.append(
                payload if isinstance(payload, str) else payload.decode()))  # fmt: skip

        self.page.on("websocket", on_socket)

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(f) for f in self.frames]

    def act(self, rng: random.Random) -> bool:
        """Make one click towards a move if it is this page's turn; False if not."""
        s = self.state()
        if s["status"] != "playing" or s["depth"] < 0 or s["sending"]:
            return False
        from playwright.sync_api import Error as PlaywrightError

        try:
            if s["confirm"]:
                self.page.click("#picker .confirm")
            elif s["targets"] and rng.random() < 0.7:
                targets = self.page.query_selector_all("#board .choosable")
                if not targets:
                    return False
                rng.choice(targets).click()
                self.board_clicks += 1
            elif s["options"]:
                options = self.page.query_selector_all("#picker .option")
                if not options:
                    return False
                rng.choice(options).click()
            else:
                return False
        except PlaywrightError as exc:
            # An update redrew the page between finding the element and clicking it,
            # as a person's click can land on a board that just changed: look again.
            if "not attached" not in str(exc):
                raise
            return False
        self.clicks += 1
        return True


def open_table(
    context: Any, base: str, table_id: str, name: str | None, seat: int | None
) -> SeatPage:
    """A page at the table; with ``name``, it takes ``seat`` by clicking, as a person would."""
    page = context.new_page()
    sp = SeatPage(page)
    sp.watch_frames()
    page.goto(f"{base}/t/{table_id}")
    page.wait_for_selector(".seat")
    if name is not None:
        page.fill("#join-name", name)
        page.click(f"[data-join='{seat}']")
        page.wait_for_function("() => !document.querySelector('#join:not([hidden])')")
    return sp


def play(pages: list[SeatPage], rng: random.Random, until: Any, timeout: float = 240) -> None:
    """Click moves on every page whose turn it is until ``until()`` is true."""
    deadline = time.monotonic() + timeout
    idle = 0
    while not until():
        if time.monotonic() > deadline:
            last = [p.frames[-3:] for p in pages]
            raise AssertionError(f"no end in {timeout} s: {[p.state() for p in pages]} {last}")
        acted = False
        for p in pages:
            acted = p.act(rng) or acted
        if not acted:
            idle += 1
            time.sleep(0.02 if idle < 50 else 0.1)
        else:
            idle = 0


def over(page: SeatPage) -> bool:
    return bool(page.state()["status"] == "over")
