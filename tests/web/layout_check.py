"""Screenshots of a table at a laptop's and a phone's width, and a check that none of
its main parts overlap each other or are cut off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

WIDTHS = {"laptop": (1280, 860), "phone": (390, 844)}

#: Groups of elements that must not overlap within the group, and must not hide
#: content (scrollWidth beyond their box).
LAYOUT_JS = """() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
  const groups = ['.seat', '#board > * > *', '.sewn-field, .sewn-centre', '.ff-field, .ff-centre', '.sow-row, .sow-centre',
                  '.harvest-player', '.harvest-field', '.table-body > *', '.side > *', '.fan.hand > *', '.box'];
  for (const sel of groups) {
    const els = [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null || e instanceof SVGElement);
    const rects = els.map(e => e.getBoundingClientRect());
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i], b = rects[j];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2 && !els[i].contains(els[j]) && !els[j].contains(els[i]))
          problems.push(`${sel}: #${i} and #${j} overlap by ${w.toFixed(0)}x${h.toFixed(0)}`);
      }
    }
  }
  for (const el of document.querySelectorAll('.box, .sewn-field, .ff-field, .sow-row, .harvest-field, .picker, .status, .seat')) {
    if (el.scrollWidth > el.clientWidth + 2) problems.push(`${el.className} is cut off: ${el.scrollWidth} > ${el.clientWidth}`);
    const r = el.getBoundingClientRect();
    if (r.right > doc.clientWidth + 1) problems.push(`${el.className} runs off the page`);
  }
  return problems;
}"""


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
