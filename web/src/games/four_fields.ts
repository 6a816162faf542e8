// Four Fields: the four fields around the season square (field 0 in front of the
// dealer, clockwise), loose cards and stockpiles with their values, the square
// turning with the seasons, the players' harvest piles and coins, the viewer's hand.

import { cardBack, cardFace, cardText, fan, parseCard, suitIcon, withSymbols, type Suit } from "../cards";
import { h, plural, s } from "../dom";
import { registerGame, type DrawContext, type Part } from "../game";
import { box, facts, fromViewer, seatCall } from "../layout";

const SEASON_SUIT: Record<string, Suit> = { summer: "H", autumn: "D", winter: "S", spring: "C" };
const FORBIDS: Record<string, string> = {
  summer: "anything goes",
  autumn: "no sowing",
  winter: "no harvesting",
  spring: "no stockpiles",
};
const SIDES = ["bottom", "left", "top", "right"];
const VALUE_NAMES: Record<number, string> = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A(14)" };

function seasonSquare(fields: any[]): SVGElement {
  // The square's edge facing each field carries that field's season (its suit).
  const edges: [number, number, number, number][] = [
    [10, 90, 90, 90], // bottom: field 0
    [10, 10, 10, 90], // left: field 1
    [10, 10, 90, 10], // top: field 2
    [90, 10, 90, 90], // right: field 3
  ];
  const labels: [number, number][] = [[50, 80], [22, 53], [50, 27], [78, 53]];
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: "season-square", role: "img", "aria-label": "the season square: " + fields.map((f) => `field ${f.field} ${f.season}`).join(", ") },
    s("rect", { x: 10, y: 10, width: 80, height: 80, rx: 6, class: "square" }),
    fields.map((f, i) => {
      const [x1, y1, x2, y2] = edges[i];
      const [lx, ly] = labels[i];
      const suit = SEASON_SUIT[f.season];
      return s("g", { class: `edge season-${f.season}` },
        s("line", { x1, y1, x2, y2, class: `edge-line suit-${suit}` }),
        s("text", { x: lx, y: ly, "text-anchor": "middle", class: "season-label" }, f.season));
    }),
  );  // prettier-ignore
}

function value(v: number): string {
  return VALUE_NAMES[v] ? `${v} (${VALUE_NAMES[v]})` : String(v);
}

function field(f: any, ctx: DrawContext): HTMLElement {
  const suit = SEASON_SUIT[f.season];
  return h(
    "div",
    { class: `ff-field side-${SIDES[f.field]} season-${f.season}`, "data-target": `field:${f.field}`, "data-field": f.field },
    h("div", { class: "field-head" }, h("strong", {}, `Field ${f.field}`), " ", suitIcon(suit, 16), ` ${f.season} · ${FORBIDS[f.season]}`),
    h("div", { class: "ff-items" },
      (f.cards as string[]).map((c) => cardFace(c, { cls: "small" })),
      (f.stockpiles as any[]).map((p) =>
        h("div", { class: `stockpile ${p.kind}`, title: `${p.kind === "adding" ? "adding-up" : "matching"} stockpile of ${p.value}, built by ${ctx.seatNames[p.builder]}` },
          h("div", { class: "stock-value" }, `= ${value(p.value)}`),
          h("div", { class: "stock-cards" }, (p.cards as string[]).map((c) => cardFace(c, { cls: "mini" + ((p.aces_high as string[]).includes(c) ? " ace-high" : "") }))),
          h("div", { class: "stock-meta" }, `${p.kind === "adding" ? "adding up" : "matching"} · ${ctx.seatNames[p.builder]}`))),
      !f.cards.length && !f.stockpiles.length ? h("span", { class: "empty" }, "empty") : null),
  );  // prettier-ignore
}

function count(cards: string[], test: (c: ReturnType<typeof parseCard>) => boolean): number {
  return cards.filter((c) => test(parseCard(c))).length;
}

function board(ctx: DrawContext): HTMLElement {
  const t = ctx.view.table;
  const fields = t.fields as any[];
  const players = fromViewer(ctx).map((seat) => {
    const p = (t.players as any[])[seat];
    const pile = p.harvest as string[];
    return box(
      h("span", {}, seatCall(ctx, seat), seat === t.dealer ? " · dealer" : ""),
      `ff-player${seat === ctx.view.to_move ? " to-move" : ""}`,
      facts([
        ["Hand", `${p.hand_size} card${p.hand_size === 1 ? "" : "s"}`],
        ["Harvest", `${pile.length} cards: ${plural(count(pile, (c) => c?.suit === "H"), "heart")}, ${plural(count(pile, (c) => c?.suit === "S"), "spade")}, ${plural(count(pile, (c) => c?.rank === "A"), "Ace")}`],
        ["Coins", String(p.coins)],
        ["Keeps", (p.holds_values as number[]).length ? (p.holds_values as number[]).map(value).join(", ") : "—"],
      ]),
      pile.length ? h("details", { class: "harvest-pile" }, h("summary", {}, "harvest pile"), h("div", { class: "mini-row" }, pile.map((c) => cardFace(c, { cls: "mini" })))) : null,
    );  // prettier-ignore
  });
  const centre = h("div", { class: "ff-centre" },
    seasonSquare(fields),
    facts([
      ["Round", String(t.round)],
      ["Dealer", seatCall(ctx, t.dealer)],
      ["Coins on the square", String(t.coins_on_square)],
      ["Draw pile", h("span", {}, cardBack({ cls: "mini" }), ` ${t.draw_pile}`)],
    ]));  // prettier-ignore
  const hand = t.hand as string[] | null;
  return h(
    "div",
    { class: "four-fields" },
    h("div", { class: "ff-table" }, fields.map((f) => field(f, ctx)), centre),
    hand ? box("Your hand", "hand-box", fan(hand.map((c) => cardFace(c, { target: `hand:${c}` })), "hand")) : null,
    h("div", { class: "ff-players" }, players),
  );
}

const MOVE = /^(\S+) (sow|harvest|add|match) f(\d)(?:: (.*))?$/;
const FULL = /^(.+) full harvest f(\d): (.*)$/;
const WHAT: Record<string, string> = {
  sow: "Sow it",
  harvest: "Harvest with it",
  add: "Build an adding-up stockpile",
  match: "Build a matching stockpile",
  "full harvest": "Full harvest",
};

function parts(move: string): Part[] {
  let m: RegExpExecArray | null;
  if ((m = FULL.exec(move)))
    return [
      { step: "card", key: `full:${m[1]}`, label: `All four: ${withSymbols(m[1])}` },
      { step: "field", key: m[2], label: `field ${m[2]}`, target: `field:${m[2]}` },
      { step: "what to do", key: "full harvest", label: WHAT["full harvest"] },
      { step: "cards to take", key: m[3], label: `take ${withSymbols(m[3])}` },
    ];
  if ((m = MOVE.exec(move))) {
    const out: Part[] = [
      { step: "card", key: m[1], label: cardText(m[1]), target: `hand:${m[1]}` },
      { step: "field", key: m[3], label: `field ${m[3]}`, target: `field:${m[3]}` },
      { step: "what to do", key: m[2], label: WHAT[m[2]] },
    ];
    if (m[4]) out.push({ step: m[2] === "harvest" ? "cards to take" : "build", key: m[4], label: withSymbols(m[4]) });
    return out;
  }
  return [{ step: "move", key: move, label: move }];
}

function words(move: string, actor: number, ctx: DrawContext): string {
  const you = actor === ctx.seat;
  const who = you ? "You" : ctx.seatNames[actor];
  const v = (verb: string) => (you ? verb : verb.endsWith("h") ? verb + "es" : verb + "s");
  let m: RegExpExecArray | null;
  if ((m = FULL.exec(move))) return `${who} ${v("play")} all four cards (${withSymbols(m[1])}) into field ${m[2]}: a full harvest of ${withSymbols(m[3])}`;
  if ((m = MOVE.exec(move))) {
    const card = cardText(m[1]);
    if (m[2] === "sow") return `${who} ${v("sow")} ${card} in field ${m[3]}`;
    if (m[2] === "harvest") return `${who} ${v("harvest")} field ${m[3]} with ${card}, taking ${withSymbols(m[4] ?? "")}`;
    const kind = m[2] === "add" ? "an adding-up" : "a matching";
    return `${who} ${v("build")} ${kind} stockpile in field ${m[3]} with ${card}: ${withSymbols(m[4] ?? "")}`;
  }
  return `${who}: ${withSymbols(move)}`;
}

function prompt(): string {
  return "play a card into a field";
}

registerGame("four_fields", { board, parts: (m) => parts(m), words, prompt });
void fan;
