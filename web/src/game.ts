// What a game's module gives the table: how to draw its ``table`` part, how its
// legal moves split into the steps of the guided picker, and how a move reads in
// words. One module per game (games/*.ts); nothing else here knows a game.

import type { LegalMove, View } from "./types";

export interface DrawContext {
  view: View;
  /** The viewer: a seat, or null for a spectator. */
  seat: number | null;
  /** What the game calls each seat ("South"). */
  seatNames: string[];
  /** Each seat as people know it: "South · Ann", "East · heuristic". */
  who: string[];
  n: number;
  /** The legal moves of the viewer (empty when it is not to move). */
  legal: LegalMove[];
}

/** One step of a move: ``key`` identifies the choice, ``label`` says it, ``target``
 *  names the thing on the board a click chooses (a card, a row, a field). */
export interface Part {
  step: string;
  key: string;
  label: string;
  target?: string;
}

export interface GameUI {
  /** The board: everything the view shows, as the players know it. */
  board(ctx: DrawContext): HTMLElement;
  /** The steps of a legal move, in the order the picker asks them. */
  parts(move: string, ctx: DrawContext): Part[];
  /** A move as a sentence for the log: "South plays Q♠". */
  words(move: string, actor: number, ctx: DrawContext): string;
  /** What the seat to move is asked, in the game's words ("Play a card"). */
  prompt(ctx: DrawContext): string;
}

const registry: Record<string, GameUI> = {};

export function registerGame(id: string, ui: GameUI): void {
  registry[id] = ui;
}

/** The game's module, or the plain one for a game without a module or for a view
 *  without the common envelope's ``table`` part (an engine not yet in that shape). */
export function gameUI(id: string, view?: View): GameUI {
  if (view && (view.table === undefined || view.table === null)) return fallbackUI;
  return registry[id] ?? fallbackUI;
}

/** For a game without a module: the moves as they are written. */
const fallbackUI: GameUI = {
  board(ctx) {
    const pre = document.createElement("pre");
    pre.className = "raw-view";
    pre.textContent = JSON.stringify(ctx.view.table ?? ctx.view, null, 1);
    return pre;
  },
  parts(move) {
    return [{ step: "move", key: move, label: move }];
  },
  words(move, actor, ctx) {
    return `${ctx.seatNames[actor] ?? "?"}: ${move}`;
  },
  prompt() {
    return "Your move";
  },
};
