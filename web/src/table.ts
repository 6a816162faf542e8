// The table page: one seat's (or a spectator's) live view of a table, drawn from the
// server's messages for that viewer only.

import { api, ApiError, joinTable, memory } from "./api";
import { TableConnection, type LinkState } from "./conn";
import { byId, clear, h, pageData, plural } from "./dom";
import { gameUI, type DrawContext, type GameUI } from "./game";
import { Picker } from "./picker";
import { logLine, renderResult, seatWho } from "./shared";
import type { LogEvent, Position, SeatInfo } from "./types";

interface TableData {
  table: string;
  game: string;
  name: string;
  seat_names: string[];
}

export function tablePage(): void {
  const data = pageData<TableData>();
  new TablePage(data).start();
}

class TablePage {
  ui: GameUI;
  conn: TableConnection;
  picker: Picker | null = null;
  pickerKey = "";
  positionAt = performance.now();
  pending: string | null = null;
  logShown = 0;
  linkState: LinkState = "connecting";
  clockTimer = 0;
  lastTurnFor: number | null = null;

  constructor(private data: TableData) {
    this.ui = gameUI(data.game);
    const fromLink = /[#&]watch=([^&]+)/.exec(location.hash);
    if (fromLink) memory.keepWatch(data.table, decodeURIComponent(fromLink[1]));
    this.conn = new TableConnection(data.table, () => this.credentials(), {
      changed: () => this.changed(),
      link: (state, why) => this.link(state, why),
      reject: (code, reason, id) => this.rejected(code, reason, id),
      ack: (id, version) => {
        if (id !== this.pending) return;
        this.pending = null;
        // The update that carries the move follows its ack; an ack of a version the
        // page already has (a move applied before) brings none, so redraw now.
        if (version === null || version <= this.conn.version) {
          this.renderPicker();
          this.markTargets();
          this.renderFallback();
        }
      },
    });
  }

  credentials(): { token?: string; watch?: string } {
    const key = memory.seat(this.data.table);
    if (key) return { token: key.token };
    const watch = memory.watch(this.data.table);
    return watch ? { watch } : {};
  }

  start(): void {
    this.conn.start();
    byId("copy-link").addEventListener("click", () => this.copyLink());
    byId<HTMLFormElement>("type-move").addEventListener("submit", (e) => {
      e.preventDefault();
      this.typedMove();
    });
    document.addEventListener("keydown", (e) => this.key(e));
    this.clockTimer = window.setInterval(() => this.tickClocks(), 250);
  }

  // -- connection ---------------------------------------------------------------------
  link(state: LinkState, why?: string): void {
    this.linkState = state;
    const banner = byId("banner");
    if (state === "open") {
      // A move sent on the lost connection is either in the table's log (the update
      // shows it) or was never received: offer the moves again either way.
      this.pending = null;
      banner.hidden = true;
      banner.className = "banner";
    } else if (state === "reconnecting") {
      banner.hidden = false;
      banner.className = "banner warn";
      banner.textContent = "Reconnecting…" + (why ? ` (${why})` : "");
    } else if (state === "closed") {
      if (why && why.includes("token")) {
        // The seat is not ours any more (another browser left it): watch instead.
        memory.forgetSeat(this.data.table);
        this.conn.stop();
        this.conn.start();
        return;
      }
      banner.hidden = false;
      banner.className = "banner error";
      banner.textContent = why ? `Disconnected: ${why}.` : "Disconnected.";
    }
    this.renderFallback();
  }

  rejected(code: string, reason: string, id?: string): void {
    if (id && id === this.pending) {
      this.pending = null;
      this.renderPicker();
      this.markTargets();
      this.renderFallback();
    }
    const box = byId("move-error");
    box.textContent = code === "stale" ? "The table changed: look again." : reason;
    if (code === "not_allowed") {
      const banner = byId("banner");
      banner.hidden = false;
      banner.className = "banner error";
      banner.textContent = `You may not watch this table: ${reason}.`;
    }
  }

  // -- drawing ------------------------------------------------------------------------
  ctx(): DrawContext | null {
    const pos = this.conn.position;
    const table = this.conn.table;
    if (!pos || !table) return null;
    return {
      view: pos.view,
      seat: this.conn.seat,
      seatNames: this.data.seat_names,
      who: table.seats.map((s) => seatWho(s)),
      n: table.players,
      legal: pos.legal,
    };
  }

  changed(): void {
    const pos = this.conn.position;
    const table = this.conn.table;
    if (!pos || !table) return;
    this.ui = gameUI(this.data.game, pos.view);
    this.positionAt = performance.now();
    // For people's tools and the tests: which version of the table this page shows.
    document.body.dataset.version = String(this.conn.version);
    document.body.dataset.status = pos.status;
    byId("table-name").textContent = table.name ? `· ${table.name}` : "";
    document.title = `${this.yourTurn() ? "● " : ""}${this.data.name} table · seedbed`;
    // A new picker for each new position, and when this page sat down or stood up.
    const key = `${this.conn.version}:${this.conn.seat}:${pos.legal.length}`;
    if (this.pickerKey !== key || !this.picker) {
      const ctx = this.ctx()!;
      this.picker = new Picker(pos.legal.map((m) => ({ legal: m, parts: this.ui.parts(m.move, ctx) })));
      this.pickerKey = key;
      byId("move-error").textContent = "";
    }
    this.renderSeats();
    this.renderStatus();
    this.renderBoard();
    this.renderPicker();
    this.renderLog();
    this.renderFallback();
    this.renderJoin();
    this.renderActions();
    this.renderResult();
    this.tickClocks();
  }

  yourTurn(): boolean {
    const pos = this.conn.position;
    return !!pos && pos.status === "playing" && pos.legal.length > 0;
  }

  renderSeats(): void {
    const table = this.conn.table!;
    const pos = this.conn.position!;
    const el = byId("seats");
    clear(
      el,
      table.seats.map((s: SeatInfo) => {
        const score = pos.scores[s.seat];
        const you = s.seat === this.conn.seat;
        const turn = pos.status === "playing" && pos.to_move === s.seat;
        return h(
          "div",
          {
            class: `seat${turn ? " to-move" : ""}${you ? " you" : ""}${s.connected ? "" : " away"}`,
            "data-seat": s.seat,
          },
          h("span", { class: `presence ${s.connected ? "on" : "off"}`, title: s.connected ? "connected" : "away" }),
          h("span", { class: "seat-label" }, s.label),
          h("span", { class: "seat-name" }, seatName(s), you ? " (you)" : ""),
          h("span", { class: "seat-score", title: "score" }, score === null || score === undefined ? "?" : String(score)),
          h("span", { class: "seat-clock", "data-clock": s.seat }),
        );
      }),
    );
  }

  renderStatus(): void {
    const pos = this.conn.position!;
    const table = this.conn.table!;
    const ctx = this.ctx()!;
    const el = byId("status");
    let text: string;
    if (pos.status === "waiting") {
      const free = table.free_seats.length;
      text = `Waiting for ${plural(free, "player")} to join. Send the invite link to friends.`;
    } else if (pos.status === "over") {
      text = "The game is over.";
    } else if (pos.status === "aborted") {
      text = "This table was closed before the game ended.";
    } else if (this.yourTurn()) {
      text = `Your turn: ${this.ui.prompt(ctx)}.`;
    } else if (pos.to_move !== null) {
      const s = table.seats[pos.to_move];
      const bot = s.kind === "bot" || s.stand_in;
      text = `${ctx.who[pos.to_move]} to move${bot ? " (thinking…)" : ""}.`;
    } else {
      text = "";
    }
    el.textContent = text;
    el.classList.toggle("your-turn", this.yourTurn());
  }

  renderBoard(): void {
    const ctx = this.ctx()!;
    const board = byId("board");
    clear(board, this.ui.board(ctx));
    this.markTargets();
  }

  /** Light up the board's things that answer the picker's current step. */
  markTargets(): void {
    const board = byId("board");
    for (const el of board.querySelectorAll(".choosable, .chosen")) el.classList.remove("choosable", "chosen");
    if (!this.picker || !this.yourTurn() || this.pending) return;
    const opts = this.picker.options();
    const targets = new Map<string, string>();
    for (const o of opts) if (o.part.target) targets.set(o.part.target, o.part.key);
    for (const el of board.querySelectorAll<HTMLElement>("[data-target]")) {
      const t = el.dataset.target ?? el.getAttribute("data-target") ?? "";
      if (targets.has(t)) {
        el.classList.add("choosable");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
      } else if (this.picker.chosen.some((p) => p.target === t)) {
        el.classList.add("chosen");
      }
    }
    board.onclick = (e) => {
      const el = (e.target as Element).closest("[data-target].choosable");
      if (!el) return;
      const key = targets.get(el.getAttribute("data-target") ?? "");
      if (key !== undefined) this.choose(key, true);
    };
    board.onkeydown = (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = (e.target as Element).closest("[data-target].choosable");
      if (!el) return;
      e.preventDefault();
      const key = targets.get(el.getAttribute("data-target") ?? "");
      if (key !== undefined) this.choose(key, true);
    };
  }

  choose(key: string, clicked: boolean): void {
    if (!this.picker) return;
    if (!this.picker.choose(key)) return;
    const done = this.picker.complete();
    // A move of one step is played at once; a move of several is confirmed.
    if (done && done.parts.length === 1 && clicked) {
      this.play(done.legal.action, done.legal.move);
      return;
    }
    this.renderPicker();
    this.markTargets();
  }

  renderPicker(): void {
    const el = byId("picker");
    const pos = this.conn.position!;
    if (!this.yourTurn() || !this.picker) {
      clear(el);
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const ctx = this.ctx()!;
    const p = this.picker;
    el.dataset.depth = String(p.chosen.length);
    const done = p.complete();
    const crumbs = p.chosen.length
      ? h("p", { class: "crumbs" }, p.chosen.map((c, i) => [i ? " → " : "", h("span", { class: "crumb" }, c.label)]))
      : null;
    const back = p.chosen.length
      ? h("button", { type: "button", class: "back", onclick: () => { p.back(); this.renderPicker(); this.markTargets(); } }, "← Back")
      : null;  // prettier-ignore
    if (this.pending) {
      clear(el, h("h2", {}, "Your move"), h("p", { class: "sending" }, "Sending…"));
      return;
    }
    if (done) {
      clear(
        el,
        h("h2", {}, "Your move"),
        h("p", { class: "summary" }, this.ui.words(done.legal.move, this.conn.seat ?? 0, ctx)),
        h("div", { class: "picker-buttons" },
          h("button", { type: "button", class: "primary confirm", onclick: () => this.play(done.legal.action, done.legal.move) }, "Confirm"),
          back),
      );  // prettier-ignore
      (el.querySelector(".confirm") as HTMLButtonElement).focus({ preventScroll: true });
      return;
    }
    const opts = p.options();
    const step = p.step();
    clear(
      el,
      h("h2", {}, p.chosen.length ? `Choose the ${step}` : this.ui.prompt(ctx)),
      crumbs,
      h(
        "div",
        { class: "picker-options", role: "group", "aria-label": step },
        opts.map((o, i) =>
          h(
            "button",
            {
              type: "button",
              class: "option",
              "data-key": o.part.key,
              title: o.count > 1 ? `${o.count} moves` : o.part.label,
              onclick: () => this.choose(o.part.key, true),
            },
            i < 9 ? h("kbd", {}, String(i + 1)) : null,
            o.part.label,
          ),
        ),
      ),
      h("div", { class: "picker-buttons" }, back),
      opts.length && opts.some((o) => o.part.target) ? h("p", { class: "hint" }, "Or click on the table.") : null,
    );
    void pos;
  }

  play(action: number | string, move: string): void {
    const id = this.conn.move(action === null ? null : String(action), move);
    if (id === null) {
      byId("move-error").textContent = "Not connected: wait a moment and try again.";
      return;
    }
    this.pending = id;
    byId("move-error").textContent = "";
    this.renderPicker();
    this.markTargets();
  }

  renderLog(): void {
    const log = this.conn.log;
    const ol = byId("log");
    const ctx = this.ctx()!;
    if (log.length < this.logShown) {
      clear(ol);
      this.logShown = 0;
    }
    for (const ev of log.slice(this.logShown) as LogEvent[]) {
      const line = logLine(ev, ctx, this.ui, this.conn.table!.seats);
      if (line) ol.appendChild(line);
    }
    this.logShown = log.length;
    ol.scrollTop = ol.scrollHeight;
  }

  renderFallback(): void {
    const pos = this.conn.position;
    const legal = pos && this.yourTurn() && !this.pending && this.linkState === "open" ? pos.legal : [];
    const input = byId<HTMLInputElement>("move-input");
    const button = byId("type-move").querySelector("button") as HTMLButtonElement;
    input.disabled = button.disabled = legal.length === 0;
    const list = byId("legal-list");
    const ol = byId("legal");
    byId("legal-count").textContent = String(legal.length);
    // The datalist offers completions; the list holds every legal move as a button.
    const shown = legal.slice(0, 2000);
    clear(list, shown.map((m) => h("option", { value: m.move })));
    clear(
      ol,
      shown.map((m) =>
        h("li", {}, h("button", { type: "button", class: "legal-move", onclick: () => this.play(m.action, m.move) }, m.move)),
      ),
      legal.length > shown.length ? h("li", {}, `… and ${legal.length - shown.length} more: type one`) : null,
    );
  }

  typedMove(): void {
    const input = byId<HTMLInputElement>("move-input");
    const text = input.value.trim();
    if (!text) return;
    const exact = this.conn.position?.legal.find((m) => m.move.toLowerCase() === text.toLowerCase());
    // The server reads notation forgivingly (case, 10H/TH, suit symbols).
    this.play(exact ? exact.action : (null as unknown as string), exact ? exact.move : text);
    input.value = "";
  }

  key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA") {
      if (e.key === "Escape") target.blur();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "/") {
      e.preventDefault();
      byId("move-input").focus();
      return;
    }
    if (!this.picker || !this.yourTurn() || this.pending) return;
    if (/^[1-9]$/.test(e.key)) {
      const opt = this.picker.options()[Number(e.key) - 1];
      if (opt) {
        e.preventDefault();
        this.choose(opt.part.key, true);
      }
    } else if (e.key === "Escape" || e.key === "Backspace") {
      if (this.picker.chosen.length) {
        e.preventDefault();
        this.picker.back();
        this.renderPicker();
        this.markTargets();
      }
    }
  }

  renderJoin(): void {
    const el = byId("join");
    const table = this.conn.table!;
    const mine = memory.seat(this.data.table);
    if (mine || table.status !== "waiting" || table.free_seats.length === 0) {
      el.hidden = true;
      clear(el);
      return;
    }
    el.hidden = false;
    const name = h("input", { id: "join-name", value: memory.name(), maxlength: 64, required: true, placeholder: "your name" });
    const err = h("span", { class: "form-error", role: "alert" });
    const take = async (seat: number) => {
      try {
        await joinTable(this.data.table, (name as HTMLInputElement).value.trim(), seat);
        this.conn.stop();
        this.conn.version = 0;
        this.conn.start();
      } catch (ex) {
        err.textContent = ex instanceof ApiError ? ex.message : String(ex);
      }
    };
    clear(
      el,
      h("h2", {}, "Take a seat"),
      h("label", { for: "join-name" }, "Name "),
      name,
      " ",
      table.free_seats.map((i) =>
        h("button", { type: "button", class: "primary", "data-join": i, onclick: () => take(i) }, `Sit at ${table.seats[i].label}`),
      ),
      err,
    );
  }

  renderActions(): void {
    const el = byId("actions");
    const table = this.conn.table!;
    const pos = this.conn.position!;
    const mine = memory.seat(this.data.table);
    const items: Node[] = [];
    if (mine && (pos.status === "playing" || pos.status === "waiting")) {
      items.push(h("button", { type: "button", onclick: () => this.leave() }, pos.status === "waiting" ? "Leave the seat" : "Leave the game"));
    }
    if (mine && pos.status === "playing") {
      items.push(h("button", { type: "button", title: "Ask to take back your last move", onclick: () => this.conn.send({ type: "undo", version: this.conn.version }) }, "Ask to undo"));
      for (const s of table.seats) {
        if (s.kind === "human" && !s.connected && !s.stand_in && s.seat !== mine.seat) {
          items.push(h("button", { type: "button", onclick: () => this.conn.send({ type: "hand_to_bot", seat: s.seat }) }, `Let a bot play for ${s.label}`));
        }
      }
    }
    if (pos.undo && this.conn.seat !== null && pos.undo.waiting.includes(this.conn.seat)) {
      const who = table.seats[pos.undo.seat].label;
      items.unshift(
        h("div", { class: "undo-ask", role: "alert" },
          `${who} asks to take back their last move. `,
          h("button", { type: "button", class: "primary", onclick: () => this.conn.send({ type: "undo_answer", accept: true }) }, "Allow"),
          h("button", { type: "button", onclick: () => this.conn.send({ type: "undo_answer", accept: false }) }, "Refuse")),
      );  // prettier-ignore
    }
    clear(el, items);
  }

  async leave(): Promise<void> {
    const mine = memory.seat(this.data.table);
    if (!mine) return;
    if (this.conn.position?.status === "playing" && !confirm("Leave the game? A bot may be asked to play your seat.")) return;
    try {
      await api(`/api/tables/${encodeURIComponent(this.data.table)}/leave`, { token: mine.token });
    } catch (ex) {
      byId("move-error").textContent = ex instanceof ApiError ? ex.message : String(ex);
      return;
    }
    memory.forgetSeat(this.data.table);
    this.conn.stop();
    this.conn.version = 0;
    this.conn.start();
  }

  renderResult(): void {
    const el = byId("result");
    const pos = this.conn.position!;
    if (pos.status !== "over") {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const mine = memory.seat(this.data.table);
    clear(
      el,
      renderResult(pos, this.ctx()!, this.conn.table!.seats, this.conn.table!.result?.abandoned ?? false),
      h("p", { class: "after" },
        h("a", { href: `/t/${encodeURIComponent(this.data.table)}/replay`, class: "button" }, "Replay"),
        " ",
        h("button", { type: "button", onclick: () => this.download(mine?.token) }, "Download the record"),
        " ",
        h("a", { href: "/", class: "button" }, "Back to the lobby")),
    );  // prettier-ignore
  }

  async download(token?: string): Promise<void> {
    const headers: Record<string, string> = {};
    if (token) headers["X-Seat-Token"] = token;
    const watch = memory.watch(this.data.table);
    if (watch) headers["X-Watch-Token"] = watch;
    const res = await fetch(`/api/tables/${encodeURIComponent(this.data.table)}/record`, { headers });
    if (!res.ok) {
      byId("move-error").textContent = `The record could not be fetched (${res.status}).`;
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const a = h("a", { href: url, download: `${this.data.game}-${this.data.table}.json` });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  tickClocks(): void {
    const pos: Position | null = this.conn.position;
    if (!pos) return;
    const c = pos.clocks;
    const elapsed = (performance.now() - this.positionAt) / 1000;
    for (const el of document.querySelectorAll<HTMLElement>("[data-clock]")) {
      const seat = Number(el.dataset.clock);
      let left: number | null = null;
      if (c.kind === "fischer" && c.remaining) left = c.remaining[seat] ?? null;
      if (c.running === seat && c.turn_left !== null && pos.status === "playing") left = Math.max(0, c.turn_left - elapsed);
      el.textContent = left === null ? "" : clockText(left);
      el.classList.toggle("running", c.running === seat && pos.status === "playing");
      el.classList.toggle("low", left !== null && left < 10 && c.running === seat);
    }
  }

  async copyLink(): Promise<void> {
    const table = this.conn.table;
    let link = `${location.origin}/t/${encodeURIComponent(this.data.table)}`;
    const watch = memory.watch(this.data.table);
    if (table?.watch === "link" && watch) link += `#watch=${encodeURIComponent(watch)}`;
    const button = byId("copy-link");
    try {
      await navigator.clipboard.writeText(link);
      button.textContent = "Link copied";
    } catch {
      prompt("Send this link to your friends:", link);
    }
    setTimeout(() => (button.textContent = "Copy invite link"), 2000);
  }
}

function seatName(s: SeatInfo): string {
  if (s.free) return "free seat";
  const name = s.name ?? "?";
  if (s.stand_in) return `${name} (a bot plays for them)`;
  if (s.left) return `${name} (left)`;
  return name;
}

export function clockText(seconds: number): string {
  const t = Math.ceil(seconds);
  const m = Math.floor(t / 60);
  const sec = t % 60;
  return `${m}:${String(sec).padStart(2, "0")}`;
}
