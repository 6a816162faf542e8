// Parts that the table and the replay viewer both draw: who a seat is, log lines,
// the result with its score sheet.

import { withSymbols } from "./cards";
import { h } from "./dom";
import type { DrawContext, GameUI } from "./game";
import type { LogEvent, Position, ScoreSheet, SeatInfo } from "./types";

export function seatWho(s: SeatInfo): string {
  if (s.free) return s.label;
  return `${s.label} · ${s.name ?? "?"}`;
}

const BY: Record<string, string> = {
  bot: "",
  "stand-in": " (played by the stand-in bot)",
  timeout: " (time ran out: played for them)",
  player: "",
};

/** One event of the table's log as a line a person reads, or null for none. */
export function logLine(ev: LogEvent, ctx: DrawContext, ui: GameUI, seats: SeatInfo[]): HTMLElement | null {
  const who = ev.seat !== undefined ? ctx.seatNames[ev.seat] ?? `seat ${ev.seat}` : "";
  let text: string;
  let cls = `log-${ev.kind}`;
  switch (ev.kind) {
    case "join":
      text = `${ev.name ?? "Someone"} sits at ${who}.`;
      break;
    case "leave":
      text = `${who} left.`;
      break;
    case "start":
      text = "The game starts.";
      break;
    case "move":
      text = ui.words(ev.move ?? "?", ev.seat ?? 0, ctx) + (BY[ev.by ?? "player"] ?? "") + ".";
      cls += ev.seat === ctx.seat ? " mine" : "";
      break;
    case "undo_request":
      text = `${who} asks to take back their last move.`;
      break;
    case "undo_answer":
      text = `${who} ${ev.accept ? "agrees" : "refuses"}.`;
      break;
    case "undo":
      text = `${who} takes back ${withSymbols(ev.move ?? "a move")}.`;
      break;
    case "stand_in":
      text = `A bot plays for ${who} while they are away.`;
      break;
    case "return":
      text = `${who} is back.`;
      break;
    case "over":
      text = ev.abandoned ? "The game is over (abandoned: not rated)." : "The game is over.";
      break;
    case "aborted":
      text = "The table was closed.";
      break;
    default:
      return null;
  }
  void seats;
  return h("li", { class: cls, "data-v": ev.v }, text);
}

function cell(v: number | null | undefined): string {
  return v === null || v === undefined ? "?" : String(v);
}

export function scoreSheet(sheet: ScoreSheet, names: string[]): HTMLElement {
  const head = h("tr", {}, h("th", {}, ""), names.map((n) => h("th", { scope: "col" }, n)));
  const body: HTMLElement[] = [];
  for (const round of sheet.rounds) {
    body.push(h("tr", { class: "round" }, h("th", { scope: "row", colspan: names.length + 1 }, round.label)));
    for (const line of round.lines ?? []) {
      body.push(h("tr", {}, h("td", { class: "line-label" }, withSymbols(line.label)), line.points.map((p) => h("td", {}, cell(p)))));
    }
    body.push(h("tr", { class: "round-total" }, h("td", { class: "line-label" }, "points"), round.points.map((p) => h("td", {}, cell(p)))));
  }
  body.push(h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"), sheet.total.map((p) => h("td", {}, cell(p)))));
  return h("table", { class: "score-sheet" }, h("thead", {}, head), h("tbody", {}, body));
}

export function renderResult(pos: Position, ctx: DrawContext, seats: SeatInfo[], abandoned: boolean): HTMLElement {
  const winners = pos.winners.map((w) => ctx.who[w]);
  const you = ctx.seat !== null && pos.winners.includes(ctx.seat);
  const headline =
    winners.length === 0
      ? "The game is over."
      : you
        ? winners.length > 1
          ? `You share the win with ${winners.filter((_, i) => pos.winners[i] !== ctx.seat).join(", ")}!`
          : "You win!"
        : `${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`;
  const names = seats.map((s) => s.label);
  const sheet = pos.score_sheet ?? { rounds: [], total: pos.scores };
  return h(
    "div",
    { class: "result-box" },
    h("h2", { class: "headline" }, headline),
    abandoned ? h("p", {}, "A seat was left or played by a stand-in: this game is not rated.") : null,
    h("p", { class: "final-scores" }, "Final score: ", seats.map((s, i) => [i ? ", " : "", `${s.label} ${cell(pos.scores[i])}`])),
    scoreSheet(sheet, names),
  );
}
