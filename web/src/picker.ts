// The guided move picker: the legal moves split into steps (a card, then a field,
// then which cards...), narrowed one choice at a time; a move of several steps is
// summed up before it is sent. Choices are offered as buttons and, where the game
// names a target, by clicking the thing on the board.

import type { Part } from "./game";
import type { LegalMove } from "./types";

export interface Candidate {
  legal: LegalMove;
  parts: Part[];
}

export interface Option {
  part: Part;
  count: number;
}

export class Picker {
  chosen: Part[] = [];
  constructor(public candidates: Candidate[]) {}

  remaining(): Candidate[] {
    return this.candidates.filter((c) => this.chosen.every((p, i) => c.parts[i] && c.parts[i].key === p.key));
  }

  /** The moves whose every step is chosen (at most one, for a sound split). */
  complete(): Candidate | null {
    const rem = this.remaining();
    const done = rem.filter((c) => c.parts.length === this.chosen.length);
    return done.length === 1 && rem.length === 1 ? done[0] : null;
  }

  /** The choices for the next step, in the order the moves come. */
  options(): Option[] {
    const k = this.chosen.length;
    const seen = new Map<string, Option>();
    for (const c of this.remaining()) {
      const p = c.parts[k];
      if (!p) continue;
      const o = seen.get(p.key);
      if (o) o.count += 1;
      else seen.set(p.key, { part: p, count: 1 });
    }
    return [...seen.values()];
  }

  /** The next step's name ("card", "field"), from the first move still possible. */
  step(): string {
    const o = this.options();
    return o.length ? o[0].part.step : "";
  }

  choose(key: string): boolean {
    const opt = this.options().find((o) => o.part.key === key);
    if (!opt) return false;
    this.chosen.push(opt.part);
    // A step with one possible answer is answered (a card playable in one field only).
    for (;;) {
      if (this.complete()) break;
      const next = this.options();
      if (next.length !== 1) break;
      this.chosen.push(next[0].part);
    }
    return true;
  }

  back(): void {
    // Undo the last choice the player made, with the forced steps after it.
    this.chosen.pop();
    while (this.chosen.length && this.forcedAt(this.chosen.length - 1)) this.chosen.pop();
  }

  private forcedAt(i: number): boolean {
    const saved = this.chosen.slice(0, i);
    const opts = new Picker(this.candidates);
    opts.chosen = saved;
    return i > 0 && opts.options().length === 1;
  }

  reset(): void {
    this.chosen = [];
  }
}
