"""Screenshots of a table at a laptop's and a phone's width, and a check that none of
its main parts overlap each other or are cut off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

WIDTHS = {"laptop": (1280, 860), "phone": (390, 844)}

#: Groups of elements that must not overlap within the group, and must not hide
#: content (scrollWidth beyond their box).
LAYOUT_JS = (Path(__file__).parent / "js" / "layout.js").read_text(encoding="utf-8")


def shoot(page: Any, folder: Path, name: str) -> dict[str, list[str]]:
    """Screenshots at both widths; returns the layout problems found at each."""
    found: dict[str, list[str]] = {}
    for label, (w, h) in WIDTHS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        page.screenshot(path=str(folder / f"{name}-{label}.png"), full_page=True)
        found[label] = page.evaluate(LAYOUT_JS)
    page.set_viewport_size({"width": WIDTHS["laptop"][0], "height": WIDTHS["laptop"][1]})
    return found
