// One table's socket: hello, snapshot and updates, moves with ids, and coming back
// after a dropped connection or a server restart (hello with ``since``).

import type { LogEvent, Obj, Position, SeatInfo, TableSummary } from "./types";

export type LinkState = "connecting" | "open" | "reconnecting" | "closed";

export interface Handlers {
  /** The whole table changed (a snapshot, or an update): redraw. */
  changed(): void;
  link(state: LinkState, why?: string): void;
  reject(code: string, reason: string, id?: string): void;
  /** A move (or other message) was accepted; ``version`` is the one it made. */
  ack?(id: string, version: number | null, duplicate: boolean): void;
}

/** Close codes after which coming back would not help (docs/server.md). */
const FINAL: Record<number, string> = {
  4001: "this seat's token is not valid any more",
  4003: "this table may not be watched",
  4010: "you left the seat",
};

/**
 * Parse a server message keeping every integer exact: Four Fields action numbers
 * exceed 2^53, so an ``action`` is kept as its decimal text (JSON.parse's source
 * text access) and sent back the same way.
 */
export function parseMessage(text: string): Obj {
  return JSON.parse(text, function (this: any, key: string, value: any, context?: { source?: string }) {
    if (key === "action" && typeof value === "number") {
      return context?.source ?? (Number.isSafeInteger(value) ? String(value) : null);
    }
    return value;
  });
}

export class TableConnection {
  ws: WebSocket | null = null;
  version = 0;
  seat: number | null = null;
  table: TableSummary | null = null;
  log: LogEvent[] = [];
  position: Position | null = null;
  received = 0;
  private ids = 0;
  /**
   * Message ids are unique across page loads: the server remembers the ids of a
   * seat's applied moves (a resent move is acked as a duplicate, not played again),
   * so a reloaded page that counted from 1 again would have its moves taken for
   * old ones.
   */
  private idPrefix = randomId();
  private retry = 0;
  private timer: number | null = null;
  private stopped = false;
  private welcomed = false;
  private pingTimer: number | null = null;

  constructor(
    private tableId: string,
    private credentials: () => { token?: string; watch?: string },
    private on: Handlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.ws?.close(1000, "bye");
    this.ws = null;
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.welcomed = false;
    this.on.link(this.retry ? "reconnecting" : "connecting");
    ws.onopen = () => {
      const hello: Obj = { type: "hello", id: "hello", ...this.credentials() };
      if (this.version > 0) hello.since = this.version;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      this.received += 1;
      this.handle(parseMessage(String(e.data)));
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.pingTimer !== null) clearInterval(this.pingTimer);
      if (this.stopped) return;
      const final = FINAL[e.code];
      if (final) {
        this.on.link("closed", final);
        return;
      }
      // A restart (1001), a lost network, a full queue (4008): come back, sooner
      // the first times, then every few seconds.
      this.retry += 1;
      const delay = Math.min(4000, 250 * 2 ** Math.min(this.retry - 1, 4)) + Math.random() * 250;
      this.on.link("reconnecting", e.reason || undefined);
      this.timer = window.setTimeout(() => this.open(), delay);
    };
  }

  private handle(msg: Obj): void {
    switch (msg.type) {
      case "welcome":
        this.welcomed = true;
        this.retry = 0;
        this.seat = msg.seat ?? null;
        this.on.link("open");
        // Application pings keep idle proxies from closing the socket.
        if (this.pingTimer !== null) clearInterval(this.pingTimer);
        this.pingTimer = window.setInterval(() => this.send({ type: "ping" }), 25000);
        break;
      case "snapshot":
        this.version = msg.version;
        this.seat = msg.seat ?? null;
        this.table = msg.table;
        this.log = msg.log;
        this.position = msg.position;
        this.on.changed();
        break;
      case "update":
        if (msg.events) {
          for (const ev of msg.events as LogEvent[]) {
            if (!this.log.length || ev.v > this.log[this.log.length - 1].v) this.log.push(ev);
          }
        }
        this.version = msg.version;
        if (msg.position) this.position = msg.position;
        if (msg.table) this.table = msg.table as TableSummary;
        if (this.table) {
          const t = this.table;
          if (msg.seats) {
            t.seats = msg.seats as SeatInfo[];
            t.free_seats = t.seats.filter((s) => s.free).map((s) => s.seat);
          }
          t.version = msg.version;
          if (msg.position) t.status = msg.position.status;
        }
        this.on.changed();
        break;
      case "presence":
        if (this.table) {
          (msg.connected as boolean[]).forEach((c, i) => {
            if (this.table && this.table.seats[i]) this.table.seats[i].connected = c;
          });
          this.on.changed();
        }
        break;
      case "ack":
        if (this.on.ack) this.on.ack(String(msg.id), typeof msg.version === "number" ? msg.version : null, !!msg.duplicate);
        break;
      case "reject":
        if (msg.code === "stale" || msg.code === "bad_version") this.send({ type: "resync" });
        this.on.reject(msg.code, msg.reason, msg.id);
        break;
      case "error":
        this.on.reject(msg.code, msg.reason);
        break;
    }
  }

  send(msg: Obj): string | null {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return null;
    const id = msg.id ?? this.nextId();
    this.ws.send(JSON.stringify({ ...msg, id }));
    return id;
  }

  /** Play a legal move: by its action number (exact, as decimal text), else by notation. */
  move(action: string | number | null, notation: string): string | null {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return null;
    const id = this.nextId();
    const head = `{"type":"move","id":${JSON.stringify(id)},"version":${this.version},`;
    const text =
      action !== null && /^\d+$/.test(String(action))
        ? `${head}"action":${action}}`
        : `${head}"notation":${JSON.stringify(notation)}}`;
    this.ws.send(text);
    return id;
  }

  private nextId(): string {
    return `${this.idPrefix}.${++this.ids}`;
  }

  get open_(): boolean {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN && this.welcomed;
  }
}

/** Twelve random base-36 characters (about 62 bits). */
function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}
