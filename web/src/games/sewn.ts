// SEWN: four Fields in a cross (named after the seats, each at its seat's side of
// the table), the trick in the middle, the privileges, the viewer's hand.

import { cardBack, cardFace, cardText, fan, suitIcon, SUIT_NAMES, type Suit } from "../cards";
import { h } from "../dom";
import { registerGame, type DrawContext, type Part } from "../game";
import { box, facts, seatCall } from "../layout";

const SIDES = ["bottom", "left", "top", "right"] as const;

/** Where each seat sits, the viewer at the bottom: compass order, so the Field on
 *  your left is the one named after the player before you. */
function sideOf(seat: number, viewer: number): (typeof SIDES)[number] {
  const rel = (seat - viewer + 4) % 4; // 0 you, 1 after you (right), 2 opposite, 3 before you (left)
  return (["bottom", "right", "top", "left"] as const)[rel];
}

const SEATS = ["South", "East", "North", "West"];

function field(f: any, i: number, ctx: DrawContext): HTMLElement {
  const mine = (f.planted as string[] | undefined) ?? [];
  // A face-down top the viewer knows: its planter's own card, or one it saw at the Pick.
  const how = mine.includes(f.top) ? "you planted it" : "you saw it at the Pick";
  const top =
    f.size === 0
      ? null
      : f.top && f.top_face === "up"
        ? cardFace(f.top, { cls: "field-top" })
        : f.top
          ? cardFace(f.top, { cls: "field-top seen", title: `${cardText(f.top)}: face down; ${how}` })
          : cardBack({ cls: "field-top" });
  const viewer = ctx.seat ?? 0;
  return h(
    "div",
    { class: `sewn-field side-${sideOf(i, viewer)}${f.taken_by !== null ? " taken" : ""}`, "data-target": `field:${f.name}`, "data-field": f.name },
    h("div", { class: "field-head" }, h("strong", {}, `${f.name} Field`), " ", h("span", { class: "pile-size", title: "cards in this Field" }, String(f.size))),
    h("div", { class: "field-body" },
      top ?? h("div", { class: "card-slot" }),
      h("div", { class: "seeded" }, (f.seeded as string[]).map((c) => cardFace(c, { cls: "mini" })))),
    h("div", { class: "field-meta" },
      f.taken_by !== null && f.taken_by !== undefined ? `taken by ${seatCall(ctx, f.taken_by)}` : `face up from ${SEATS[f.seeded_by]}, face down from ${SEATS[f.planted_by]}`,
      mine.length ? h("div", { class: "planted" }, "you planted: ", mine.map(cardText).join(" ")) : null),
  );  // prettier-ignore
}

function trickView(trick: any, ctx: DrawContext, cls: string, title: string): HTMLElement {
  const viewer = ctx.seat ?? 0;
  return h(
    "div",
    { class: `trick ${cls}`, "aria-label": title },
    h("div", { class: "trick-title" }, title),
    (trick.cards as (string | null)[]).map((c, seat) =>
      h("div", { class: `trick-card side-${sideOf(seat, viewer)}${trick.winner === seat ? " winner" : ""}${trick.leader === seat ? " leader" : ""}` },
        c ? cardFace(c, { cls: "small" }) : h("div", { class: "card-slot small" }),
        h("span", { class: "trick-seat" }, SEATS[seat][0])),
    ),
  );  // prettier-ignore
}

function board(ctx: DrawContext): HTMLElement {
  const t = ctx.view.table;
  const round = t.rounds[t.rounds.length - 1] ?? {};
  const viewer = ctx.seat ?? 0;
  const trump = round.trump as Suit | null;
  const centre = t.trick
    ? trickView(t.trick, ctx, "current", "Trick")
    : round.end_of_summer && ctx.view.phase !== "seed" && ctx.view.phase !== "plant" && ctx.view.phase !== "harvest"
      ? trickView({ cards: round.end_of_summer, leader: null, winner: round.season_winner }, ctx, "summer", "End of Summer")
      : h("div", { class: "trick empty" });
  const info = box("Round " + t.round + " of 4", "sewn-info",
    facts([
      ["Phase", phaseName(ctx.view.phase)],
      ["Trump", trump ? h("span", { class: "trump" }, suitIcon(trump, 18), " ", SUIT_NAMES[trump]) : "not named yet"],
      ["TRUMP", seatCall(ctx, round.trump_holder)],
      ["FIRST PICK", seatCall(ctx, round.first_pick)],
      ["Season Winner", seatCall(ctx, round.season_winner)],
      ["Tricks", (round.won as number[] ?? []).map((w, s) => `${SEATS[s][0]} ${w}`).join(" · ")],
      ["Cards in hand", (t.hand_sizes as number[]).map((w, s) => `${SEATS[s][0]} ${w}`).join(" · ")],
    ]));  // prettier-ignore
  const last = t.last_trick ? trickView(t.last_trick, ctx, "last", `Last trick (${t.last_trick.phase === "seed" ? "Seed" : "Harvest"})`) : null;
  const hand = t.hand as string[] | null;
  return h(
    "div",
    { class: "sewn" },
    h("div", { class: "sewn-cross" },
      (t.fields as any[]).map((f, i) => field(f, i, ctx)),
      h("div", { class: "sewn-centre" }, centre)),
    h("div", { class: "sewn-side" }, info, last),
    hand && hand.length
      ? box(`Your hand (${ctx.seatNames[viewer]})`, "hand-box",
          fan(hand.map((c) => cardFace(c, { target: `hand:${c}` })), "hand"))
      : null,
  );  // prettier-ignore
}

function phaseName(phase: string): string {
  return (
    { seed: "Seed trick", plant: "Planting", privilege: "Privileges", trump: "Naming trump", pick: "The Pick", harvest: "Harvest trick", over: "Game over" } as Record<string, string>
  )[phase] ?? phase;
}

function parts(move: string): Part[] {
  let m: RegExpExecArray | null;
  if ((m = /^plant (\S+)$/.exec(move))) return [{ step: "card", key: move, label: `Plant ${cardText(m[1])}`, target: `hand:${m[1]}` }];
  if (move === "take trump") return [{ step: "privilege", key: move, label: "Take TRUMP" }];
  if (move === "take first pick") return [{ step: "privilege", key: move, label: "Take FIRST PICK" }];
  if ((m = /^trump ([SHDC])$/.exec(move))) return [{ step: "suit", key: move, label: `Trump ${SUIT_NAMES[m[1] as Suit]}` }];
  if ((m = /^pick (\w+)$/.exec(move))) return [{ step: "Field", key: move, label: `Take the ${m[1]} Field`, target: `field:${m[1]}` }];
  return [{ step: "card", key: move, label: cardText(move), target: `hand:${move}` }];
}

function words(move: string, actor: number, ctx: DrawContext): string {
  const who = actor === ctx.seat ? "You" : ctx.seatNames[actor];
  const you = actor === ctx.seat;
  let m: RegExpExecArray | null;
  const right = SEATS[(actor + 1) % 4];
  if (move === "plant ?") return `${who} ${you ? "plant" : "plants"} a card face down on the ${right} Field`;
  if ((m = /^plant (\S+)$/.exec(move))) return `${who} ${you ? "plant" : "plants"} ${cardText(m[1])} face down on the ${right} Field`;
  if (move === "take trump") return `${who} ${you ? "take" : "takes"} TRUMP`;
  if (move === "take first pick") return `${who} ${you ? "take" : "takes"} FIRST PICK`;
  if ((m = /^trump ([SHDC])$/.exec(move))) return `${who} ${you ? "name" : "names"} ${SUIT_NAMES[m[1] as Suit]} trumps`;
  if ((m = /^pick (\w+)$/.exec(move))) return `${who} ${you ? "take" : "takes"} the ${m[1]} Field`;
  return `${who} ${you ? "play" : "plays"} ${cardText(move)}`;
}

function prompt(ctx: DrawContext): string {
  return (
    {
      seed: "play a card to the Seed trick",
      plant: "plant a card face down",
      privilege: "take TRUMP or FIRST PICK",
      trump: "name the trump suit",
      pick: "take a Field",
      harvest: "play a card to the Harvest trick",
    } as Record<string, string>
  )[ctx.view.phase] ?? "your move";
}

registerGame("sewn", { board, parts: (m) => parts(m), words, prompt });
void SIDES;
