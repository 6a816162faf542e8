// Harvest: every player's four fields (one per suit, with their worth), the village,
// the deck, the passing, and the viewer's hand and house.

import { cardBack, cardFace, cardText, fan, suitIcon, type Suit } from "../cards";
import { h } from "../dom";
import { registerGame, type DrawContext, type Part } from "../game";
import { box, facts, fromViewer, seatCall } from "../layout";

const SUITS: Suit[] = ["S", "H", "D", "C"];

function board(ctx: DrawContext): HTMLElement {
  const t = ctx.view.table;
  const players = fromViewer(ctx).map((seat) =>
    box(
      h("span", {}, seatCall(ctx, seat), seat === t.dealer ? " · dealer" : "", ` · hand ${t.hand_sizes[seat]} · house ${t.house_sizes[seat]}`),
      `harvest-player${seat === ctx.view.to_move ? " to-move" : ""}`,
      h("div", { class: "harvest-fields" },
        SUITS.map((suit, k) =>
          h("div", { class: `harvest-field suit-${suit}`, "data-field": `${seat}:${suit}` },
            h("div", { class: "field-head" }, suitIcon(suit, 16), ` ${t.field_values[seat][k]} pts`),
            h("div", { class: "field-cards" }, (t.fields[seat][k] as string[]).map((c) => cardFace(c, { cls: "mini" }))))),
      ),
    ),
  );  // prettier-ignore
  const village = box(`Village (${t.village.length})`, "village",
    h("div", { class: "village-cards" }, (t.village as string[]).map((c) => cardFace(c, { cls: "small", target: `village:${c}` }))));  // prettier-ignore
  const info = box(`Round ${t.round} · turn ${t.turn}`, "harvest-info",
    facts([
      ["Deck", h("span", { class: "deck" }, cardBack({ cls: "mini" }), ` ${t.deck} cards`)],
      ["Next pass", `${t.pass_direction} (${(t.pass_to as number[]).map((to, from) => `${ctx.seatNames[from]}→${ctx.seatNames[to]}`).join(", ")})`],
      ["Passes made", String(t.passes_made)],
      t.end ? ["Ended by", String(t.end)] : ["", ""],
    ]),
    t.tracked && t.tracked.length
      ? h("div", { class: "tracked" }, "Cards you passed: ",
          (t.tracked as [string, number[]][]).map(([c, seats], i) => [i ? ", " : "", `${cardText(c)} (with ${seats.map((x) => ctx.seatNames[x]).join(" or ")})`]))
      : null);  // prettier-ignore
  const own =
    t.hand !== null && t.hand !== undefined
      ? h("div", { class: "harvest-own" },
          box("Your hand", "hand-box", fan((t.hand as string[]).map((c) => cardFace(c, { target: `hand:${c}` })), "hand")),
          box("Your house (only you see it)", "house-box", fan((t.house as string[]).map((c) => cardFace(c, { cls: "small" })), "house")))
      : null;  // prettier-ignore
  return h("div", { class: "harvest" }, h("div", { class: "harvest-middle" }, village, info), own, h("div", { class: "harvest-players" }, players));
}

const ACTIONS: Record<string, string> = {
  plant: "Plant it (A–5)",
  tend: "Tend with it (6–10)",
  harvest: "Harvest with it (J–K)",
  discard: "Discard it to the village",
};

function parts(move: string): Part[] {
  let m: RegExpExecArray | null;
  if ((m = /^house (\S+)$/.exec(move))) return [{ step: "card", key: move, label: `Keep ${cardText(m[1])} in your house`, target: `hand:${m[1]}` }];
  if ((m = /^village (\S+)$/.exec(move))) return [{ step: "card", key: move, label: `Show ${cardText(m[1])} in the village`, target: `hand:${m[1]}` }];
  if ((m = /^(plant|tend|harvest|discard) (\S+)$/.exec(move)))
    return [
      { step: "card", key: m[2], label: cardText(m[2]), target: `hand:${m[2]}` },
      { step: "action", key: m[1], label: ACTIONS[m[1]] },
    ];
  if ((m = /^assistant: (\S+) takes (\S+) -> (\w+)$/.exec(move)))
    return [
      { step: "card", key: m[1], label: cardText(m[1]), target: `hand:${m[1]}` },
      { step: "action", key: "assistant", label: "Assistant: swap it for a village card" },
      { step: "village card", key: m[2], label: cardText(m[2]), target: `village:${m[2]}` },
      { step: "use", key: m[3], label: ACTIONS[m[3]].replace(" it", " it") },
    ];
  return [{ step: "move", key: move, label: move }];
}

function words(move: string, actor: number, ctx: DrawContext): string {
  const you = actor === ctx.seat;
  const who = you ? "You" : ctx.seatNames[actor];
  const v = (verb: string) => (you ? verb : verb + "s");
  let m: RegExpExecArray | null;
  if (move === "house ??") return `${who} ${v("keep")} a card in ${you ? "your" : "their"} house`;
  if ((m = /^house (\S+)$/.exec(move))) return `${who} ${v("keep")} ${cardText(m[1])} in ${you ? "your" : "their"} house`;
  if ((m = /^village (\S+)$/.exec(move))) return `${who} ${v("show")} ${cardText(m[1])} in the village`;
  if ((m = /^(plant|tend|harvest) (\S+)$/.exec(move))) return `${who} ${v(m[1])} ${cardText(m[2])}`;
  if ((m = /^discard (\S+)$/.exec(move))) return `${who} ${v("discard")} ${cardText(m[1])}`;
  if ((m = /^assistant: (\S+) takes (\S+) -> (\w+)$/.exec(move)))
    return `${who} ${v("give")} the Joker to the village, ${v("take")} ${cardText(m[2])} and ${v(m[3])} it`;
  return `${who}: ${move}`;
}

function prompt(ctx: DrawContext): string {
  return ({ house: "keep a card in your house", village: "show a card in the village", action: "plant, tend, harvest, use an assistant or discard" } as Record<string, string>)[ctx.view.phase] ?? "your move";
}

registerGame("harvest", { board, parts: (m) => parts(m), words, prompt });
