// SOW: the ring of twelve garden rows (each side of the square a Wheelbarrow's two
// rows and a diagonal corner row), Seeds showing only their outer colour, Flowers
// both colours, the Garden cards, the bouquets and the viewer's hand.

import { h, plural, s } from "../dom";
import { registerGame, type DrawContext, type Part } from "../game";
import { box, facts, seatCall } from "../layout";

const COLOURS: Record<string, string> = { R: "red", Y: "yellow", B: "blue", G: "green" };

/** Grid cells (row, column) of the twelve rows on a 4×4 square's edge, clockwise:
 *  each side holds a Wheelbarrow's two rows, the corner after it the diagonal row. */
const CELLS: [number, number][] = [
  [1, 2], [1, 3], [1, 4], [2, 4], [3, 4], [4, 4], [4, 3], [4, 2], [4, 1], [3, 1], [2, 1], [1, 1],
];

/** One SOW card as SVG, from its look: "seed R", "flower B/Y", "windmill", "gopher",
 *  "watering can" (a bouquet's Flower is just "B/Y"). */
export function sowCard(look: string, opts: { target?: string; cls?: string } = {}): SVGElement {
  const label = lookName(look);
  const parts: SVGElement[] = [s("title", {}, label), s("rect", { x: 1, y: 1, width: 46, height: 62, rx: 5, class: "card-edge" })];
  let m: RegExpExecArray | null;
  if ((m = /^seed ([RYBG])$/.exec(look))) {
    parts.push(
      s("circle", { cx: 24, cy: 30, r: 17, class: `petal c-${m[1]}` }),
      s("circle", { cx: 24, cy: 30, r: 8, class: "seed-core" }),
      s("text", { x: 24, y: 34, "text-anchor": "middle", class: "seed-q" }, "?"),
      s("text", { x: 24, y: 58, "text-anchor": "middle", class: "sow-word" }, "seed"),
    );
  } else if ((m = /^(?:flower )?([RYBG])\/([RYBG])$/.exec(look))) {
    const [centre, outer] = [m[1], m[2]];
    for (let k = 0; k < 6; k++) {
      const a = (k * Math.PI) / 3;
      parts.push(s("circle", { cx: 24 + 10 * Math.cos(a), cy: 30 + 10 * Math.sin(a), r: 8.5, class: `petal c-${outer}` }));
    }
    parts.push(
      s("circle", { cx: 24, cy: 30, r: 8, class: `centre c-${centre}` }),
      s("text", { x: 24, y: 58, "text-anchor": "middle", class: "sow-word" }, `${centre}/${outer}`),
    );
  } else if (look === "windmill") {
    for (let k = 0; k < 4; k++) parts.push(s("path", { d: "M24 30 L30 14 L36 18 Z", transform: `rotate(${k * 90} 24 30)`, class: "garden-ink" }));
    parts.push(s("text", { x: 24, y: 58, "text-anchor": "middle", class: "sow-word" }, "windmill"));
  } else if (look === "gopher") {
    parts.push(
      s("ellipse", { cx: 24, cy: 34, rx: 12, ry: 14, class: "gopher-body" }),
      s("circle", { cx: 20, cy: 28, r: 1.8, class: "garden-eye" }),
      s("circle", { cx: 28, cy: 28, r: 1.8, class: "garden-eye" }),
      s("rect", { x: 21, y: 34, width: 6, height: 4, class: "garden-eye" }),
      s("text", { x: 24, y: 58, "text-anchor": "middle", class: "sow-word" }, "gopher"),
    );
  } else if (look === "watering can") {
    parts.push(
      s("path", { d: "M12 24 H30 V42 H12 Z M30 28 L40 20 L42 22 L32 34 Z M14 24 C14 16 28 16 28 24", class: "can-ink" }),
      s("text", { x: 24, y: 58, "text-anchor": "middle", class: "sow-word" }, "can"),
    );
  } else {
    parts.push(s("text", { x: 24, y: 34, "text-anchor": "middle", class: "sow-word" }, look));
  }
  return s("svg", { viewBox: "0 0 48 64", class: `card sow-card ${opts.cls ?? ""}`, role: "img", "aria-label": label, "data-target": opts.target }, parts);
}

function lookName(look: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^seed ([RYBG])$/.exec(look))) return `a Seed, ${COLOURS[m[1]]} outside`;
  if ((m = /^(?:flower )?([RYBG])\/([RYBG])$/.exec(look))) return `a Flower, ${COLOURS[m[1]]} centre, ${COLOURS[m[2]]} outside`;
  return look === "watering can" ? "the Watering Can" : `the ${look[0].toUpperCase()}${look.slice(1)}`;
}

function board(ctx: DrawContext): HTMLElement {
  const t = ctx.view.table;
  const rows = t.rows as string[][];
  const wheel = new Map<number, number>();
  (t.wheelbarrow_rows as number[][]).forEach((pair, w) => pair.forEach((r) => wheel.set(r, w)));
  const ownerOf = (w: number): number | null => {
    const i = (t.wheelbarrows as number[]).indexOf(w);
    return i >= 0 ? i : null;
  };
  const ring = rows.map((cards, r) => {
    const w = wheel.get(r);
    const ctrl = w === undefined ? null : (t.controllers as (number | null)[])[w];
    const tags: string[] = [];
    if (r === t.next_row) tags.push("next card here");
    if (r === t.last_row) tags.push("last card");
    if (r === t.taken_row) tags.push("taken");
    const [gr, gc] = CELLS[r];
    return h(
      "div",
      {
        class: `sow-row${w === undefined ? " diagonal" : " wheel"}${r === t.next_row ? " next" : ""}${r === t.last_row ? " last" : ""}`,
        "data-target": `row:${r}`,
        "data-row": r,
        "data-cell": `${gr}-${gc}`,
      },
      h("div", { class: "row-head" },
        h("strong", {}, `Row ${r}`),
        w !== undefined ? h("span", { class: "row-wheel" }, ` · Wheelbarrow ${w + 1}${ctrl !== null && ctrl !== undefined ? `: ${seatCall(ctx, ctrl)}` : ownerOf(w) === null ? ": whoever plays" : ""}`) : h("span", { class: "row-wheel" }, " · diagonal"),
        tags.length ? h("span", { class: "row-tags" }, ` (${tags.join(", ")})`) : null),
      h("div", { class: "row-cards" }, cards.map((c) => sowCard(c, { cls: "mini", target: `card:${r}:${c}` }))),
    );  // prettier-ignore
  });
  const hand = t.hand as string[];
  const favourite = t.favourite as string | null;
  const centre = h("div", { class: "sow-centre" },
    facts([
      ["Sowing", t.direction === "clockwise" ? "clockwise ↻" : "counter-clockwise ↺"],
      ["Garden actions", (t.garden_actions as string[]).join(", ")],
      ["Turn", String(t.turn + 1)],
      ["Your Favourite", favourite ? h("span", { class: `fav c-${favourite}` }, COLOURS[favourite]) : "—"],
    ]),
    t.last_card ? h("div", { class: "last-card" }, "Last Flower: ", sowCard(`flower ${t.last_card}`, { cls: "small" })) : null,
    hand.length ? h("div", { class: "sow-hand" }, h("div", { class: "box-title" }, "To sow"), h("div", { class: "fan hand" }, hand.map((c) => sowCard(c, { target: `hand:${c}` })))) : null,
  );  // prettier-ignore
  const bouquets = box("Bouquets", "sow-bouquets",
    (t.bouquets as string[][]).map((b, seat) =>
      h("div", { class: "bouquet" },
        h("div", {}, h("strong", {}, seatCall(ctx, seat)), ` · ${b.length} Flower${b.length === 1 ? "" : "s"}`,
          t.favourites ? h("span", { class: `fav c-${t.favourites[seat]}` }, ` favourite ${COLOURS[t.favourites[seat]]}`) : null,
          ctx.view.scores[seat] !== null ? ` · ${plural(ctx.view.scores[seat] as number, "point")}` : ""),
        h("div", { class: "row-cards" }, b.map((c) => sowCard(c, { cls: "mini" }))))),
    (t.removed as string[]).length ? h("div", { class: "removed" }, `Removed by the Gopher: ${(t.removed as string[]).length}`) : null);  // prettier-ignore
  return h("div", { class: "sow" }, h("div", { class: "sow-ring" }, ring, centre), bouquets);
}

function parts(move: string): Part[] {
  let m: RegExpExecArray | null;
  if ((m = /^take (\d+)$/.exec(move))) return [{ step: "row", key: move, label: `Take row ${m[1]}`, target: `row:${m[1]}` }];
  if ((m = /^place (.+)$/.exec(move))) return [{ step: "card", key: move, label: `Sow ${lookName(m[1])}`, target: `hand:${m[1]}` }];
  if ((m = /^choose ([RYBG])$/.exec(move))) return [{ step: "colour", key: move, label: `Name ${COLOURS[m[1]]}` }];
  if (move === "windmill") return [{ step: "Garden action", key: "windmill", label: "Windmill: sow the other way" }];
  if (move === "no garden action") return [{ step: "Garden action", key: "none", label: "No Garden action" }];
  if ((m = /^gopher (\d+)$/.exec(move)))
    return [
      { step: "Garden action", key: "gopher", label: "Gopher: clear a row of Flowers" },
      { step: "row", key: m[1], label: `row ${m[1]}`, target: `row:${m[1]}` },
    ];
  if ((m = /^water (\d+) ([RYBG]\/[RYBG])$/.exec(move)))
    return [
      { step: "Garden action", key: "water", label: "Watering Can: take a Flower" },
      { step: "row", key: m[1], label: `row ${m[1]}`, target: `row:${m[1]}` },
      { step: "Flower", key: m[2], label: lookName(m[2]), target: `card:${m[1]}:flower ${m[2]}` },
    ];
  return [{ step: "move", key: move, label: move }];
}

function words(move: string, actor: number, ctx: DrawContext): string {
  const you = actor === ctx.seat;
  const who = you ? "You" : ctx.seatNames[actor];
  const v = (verb: string) => (you ? verb : verb.replace(/y$/, "ie") + "s");
  let m: RegExpExecArray | null;
  if ((m = /^take (\d+)$/.exec(move))) return `${who} ${v("take")} row ${m[1]}`;
  if ((m = /^place (.+)$/.exec(move))) return `${who} ${v("sow")} ${lookName(m[1])}`;
  if ((m = /^choose ([RYBG])$/.exec(move))) return `${who} ${v("name")} ${COLOURS[m[1]]}`;
  if (move === "windmill") return `${who} ${v("turn")} the Windmill`;
  if (move === "no garden action") return `${who} ${you ? "use" : "uses"} no Garden action`;
  if ((m = /^gopher (\d+)$/.exec(move))) return `${who} ${v("send")} the Gopher to row ${m[1]}`;
  if ((m = /^water (\d+) ([RYBG]\/[RYBG])$/.exec(move))) return `${who} ${v("water")} row ${m[1]} and ${v("take")} ${lookName(m[2])}`;
  return `${who}: ${move}`;
}

function prompt(ctx: DrawContext): string {
  return ({ take: "take a row", place: "sow your next card", choose: "name a colour of the last Flower", garden: "use a Garden action or not" } as Record<string, string>)[ctx.view.phase] ?? "your move";
}

registerGame("sow", { board, parts: (m) => parts(m), words, prompt });
