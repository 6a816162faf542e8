// Layout helpers shared by the games: where each seat sits around the table as the
// viewer sees it, seat panels, labelled boxes.

import { h, type Child } from "./dom";
import type { DrawContext } from "./game";

/** Seats in the order they sit, the viewer (or seat 0 for a spectator) first. */
export function fromViewer(ctx: DrawContext): number[] {
  const first = ctx.seat ?? 0;
  return Array.from({ length: ctx.n }, (_, i) => (first + i) % ctx.n);
}

export function box(title: Child, cls: string, ...children: Child[]): HTMLElement {
  return h("section", { class: `box ${cls}` }, title ? h("h3", { class: "box-title" }, title) : null, ...children);
}

/** A compact "label: value" list. */
export function facts(items: [string, Child][]): HTMLElement {
  return h("dl", { class: "facts" }, items.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

/** The seat's name as the viewer reads it: "you" for the viewer's own seat. */
export function seatCall(ctx: DrawContext, seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "—";
  return seat === ctx.seat ? `${ctx.seatNames[seat]} (you)` : ctx.seatNames[seat] ?? `seat ${seat}`;
}
