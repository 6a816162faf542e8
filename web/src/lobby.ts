// The lobby: the games, a form to open a table, and the tables to join, watch or
// replay (refreshed every few seconds).

import { api, ApiError, joinTable, memory } from "./api";
import { byId, clear, h, pageData, plural } from "./dom";
import type { BotChoice, GameInfo, TableSummary } from "./types";

interface LobbyData {
  games: GameInfo[];
  bots: BotChoice[];
}

const YOU = "@you";
let accountName = "";
const OPEN = "human";

export function lobbyPage(): void {
  const data = pageData<LobbyData>();
  renderGames(data);
  void refreshTables(data);
  window.setInterval(() => void refreshTables(data), 5000);
  void account();
}

function players(g: GameInfo): string {
  return g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`;
}

function renderGames(data: LobbyData): void {
  clear(
    byId("games"),
    data.games.map((g) =>
      h("li", { class: "game", "data-game": g.id },
        h("h3", {}, g.name),
        h("p", {}, g.summary),
        h("p", { class: "meta" }, players(g), " · ", h("a", { href: `/rules/${g.id}` }, "rules")),
        h("button", { type: "button", class: "primary", "data-new": g.id, onclick: () => openForm(data, g) }, `New ${g.name} table`)),
    ),
  );  // prettier-ignore
}

function field(label: string, control: HTMLElement, doc?: string): HTMLElement {
  return h("div", { class: "field" }, h("label", {}, h("span", { class: "field-label" }, label), control), doc ? h("small", { class: "doc" }, doc) : null);
}

function select(name: string, options: [string, string][], value: string, title?: (v: string) => string): HTMLSelectElement {
  return h(
    "select",
    { name },
    options.map(([v, label]) => h("option", { value: v, selected: v === value, title: title ? title(v) : undefined }, label)),
  );
}

function openForm(data: LobbyData, g: GameInfo): void {
  const form = byId<HTMLFormElement>("create");
  form.hidden = false;
  byId("create-title").textContent = `New ${g.name} table`;
  const fields = byId("create-fields");
  const counts: [string, string][] = [];
  for (let n = g.min_players; n <= g.max_players; n++) counts.push([String(n), plural(n, "player")]);
  const nPlayers = select("players", counts, String(g.default_players));
  const seatsBox = h("div", { class: "seats-choice" });
  const seatKinds: [string, string][] = [
    [YOU, "You"],
    [OPEN, "A person (open seat)"],
    ...data.bots.map((b): [string, string] => [b.spec, `Bot: ${b.label}`]),
  ];
  const botDoc = (v: string) => data.bots.find((b) => b.spec === v)?.doc ?? "";
  const defaultBot = data.bots.find((b) => b.spec === "heuristic")?.spec ?? data.bots[0]?.spec ?? OPEN;
  const drawSeats = () => {
    const n = Number(nPlayers.value);
    const names = g.seat_names[String(n)] ?? [];
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(
      seatsBox,
      names.map((label, i) => field(label, select(`seat${i}`, seatKinds, old[i] ?? (i === 0 ? YOU : defaultBot), botDoc))),
    );
  };
  nPlayers.addEventListener("change", drawSeats);
  drawSeats();
  const options = g.options.map((o) => {
    let control: HTMLElement;
    if (o.choices) control = select(`opt:${o.name}`, o.choices.map((c) => [JSON.stringify(c), String(c)]), JSON.stringify(o.default));
    else if (o.type === "bool") control = h("input", { type: "checkbox", name: `opt:${o.name}`, checked: !!o.default });
    else control = h("input", { type: "number", name: `opt:${o.name}`, value: o.default });
    return field(o.name.replace(/_/g, " "), control, o.doc);
  });
  const clockKind = select("clock", [["none", "No clock"], ["move", "Time per move"], ["fischer", "Time bank + increment"]], "none");
  const seconds = h("input", { type: "number", name: "clock_seconds", value: 30, min: 1, max: 3600 });
  const base = h("input", { type: "number", name: "clock_base", value: 300, min: 1, max: 36000 });
  const inc = h("input", { type: "number", name: "clock_increment", value: 5, min: 0, max: 600 });
  const clockMore = h("div", { class: "clock-more" });
  const drawClock = () => {
    const k = clockKind.value;
    clear(clockMore,
      k === "move" ? field("seconds a move", seconds) : null,
      k === "fischer" ? [field("bank (seconds)", base), field("added a move (seconds)", inc)] : null);
  };  // prettier-ignore
  clockKind.addEventListener("change", drawClock);
  drawClock();
  const watch = select("watch", [["anyone", "Anyone"], ["link", "Only those with the link"], ["nobody", "Nobody"]], "anyone");
  const name = h("input", { name: "name", value: memory.name(), maxlength: 64, placeholder: "your name" });
  const tableName = h("input", { name: "table_name", maxlength: 80, placeholder: "(optional)" });
  clear(
    fields,
    field("Your name", name),
    field("Players", nPlayers),
    h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
    options.length ? h("fieldset", {}, h("legend", {}, "Options"), options) : null,
    h("fieldset", {}, h("legend", {}, "Clock"), field("Clock", clockKind), clockMore),
    field("Who may watch", watch),
    field("Table name", tableName),
  );
  form.onsubmit = async (e) => {
    e.preventDefault();
    const err = byId("create-error");
    err.textContent = "";
    const seatValues = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const mine = seatValues.indexOf(YOU);
    if (seatValues.filter((v) => v === YOU).length > 1) {
      err.textContent = "You can take only one seat.";
      return;
    }
    const who = (name as HTMLInputElement).value.trim();
    if (mine >= 0 && !who && !accountName) {
      err.textContent = "Say your name, so that the others know who you are.";
      return;
    }
    const opts: Record<string, unknown> = {};
    for (const o of g.options) {
      const el = form.elements.namedItem(`opt:${o.name}`) as HTMLInputElement | HTMLSelectElement;
      if (o.choices) opts[o.name] = JSON.parse(el.value);
      else if (o.type === "bool") opts[o.name] = (el as HTMLInputElement).checked;
      else opts[o.name] = Number(el.value);
    }
    const clock: Record<string, unknown> = { kind: clockKind.value };
    if (clockKind.value === "move") clock.seconds = Number((seconds as HTMLInputElement).value);
    if (clockKind.value === "fischer") {
      clock.base = Number((base as HTMLInputElement).value);
      clock.increment = Number((inc as HTMLInputElement).value);
    }
    const body = {
      game: g.id,
      players: Number(nPlayers.value),
      options: opts,
      seats: seatValues.map((v) => (v === YOU ? OPEN : v)),
      clock,
      watch: watch.value,
      name: (tableName as HTMLInputElement).value.trim(),
    };
    try {
      const made = await api<{ table: TableSummary; watch_token?: string }>("/api/tables", body);
      const id = made.table.id;
      if (made.watch_token) memory.keepWatch(id, made.watch_token);
      if (mine >= 0) await joinTable(id, who, mine);
      location.href = `/t/${encodeURIComponent(id)}`;
    } catch (ex) {
      err.textContent = ex instanceof ApiError ? ex.message : String(ex);
    }
  };
  form.scrollIntoView({ behavior: "smooth", block: "start" });
}

function tableLine(t: TableSummary, games: Map<string, GameInfo>, action: string): HTMLElement {
  const g = games.get(t.game);
  const seats = t.seats.map((s) => (s.free ? "free" : s.name ?? "?")).join(", ");
  let result = "";
  if (t.result && t.status === "over") {
    const names = t.result.winners.map((w) => t.seats[w]?.name ?? `seat ${w}`);
    result = ` · won by ${names.join(" and ")}`;
  }
  return h(
    "li",
    { class: "table-line", "data-table": t.id },
    h("a", { href: action === "Replay" ? `/t/${t.id}/replay` : `/t/${t.id}`, class: "button" }, action),
    " ",
    h("strong", {}, g?.name ?? t.game),
    t.name ? ` “${t.name}”` : "",
    ` · ${plural(t.players, "player")} · ${seats}${result}`,
  );
}

async function refreshTables(data: LobbyData): Promise<void> {
  const games = new Map(data.games.map((g) => [g.id, g]));
  const lists: [string, string, string, string][] = [
    ["open", "open-tables", "Join", "No table is waiting for players: open one."],
    ["playing", "playing-tables", "Watch", "No game is being played."],
    ["over", "over-tables", "Replay", "No finished game yet."],
  ];
  for (const [status, id, action, empty] of lists) {
    try {
      const r = await api<{ tables: TableSummary[] }>(`/api/tables?status=${status}&limit=20`);
      clear(byId(id), r.tables.length ? r.tables.map((t) => tableLine(t, games, action)) : h("li", { class: "empty" }, empty));
    } catch (ex) {
      clear(byId(id), h("li", { class: "empty" }, ex instanceof ApiError ? ex.message : "could not load"));
    }
  }
}

/** The name of the logged-in player, if any; the header's log in / register form. */
async function account(): Promise<void> {
  const box = byId("who");
  try {
    const me = await api<{ name: string }>("/api/me");
    accountName = me.name;
    clear(box, `Logged in as ${me.name} `,
      h("button", { type: "button", class: "linkish", onclick: async () => { await api("/api/session", undefined, { method: "DELETE" }); location.reload(); } }, "log out"));  // prettier-ignore
    return;
  } catch {
    accountName = "";
  }
  const name = h("input", { placeholder: "name", maxlength: 64, "aria-label": "name", autocomplete: "username" });
  const pass = h("input", { type: "password", placeholder: "password", "aria-label": "password", autocomplete: "current-password" });
  const err = h("span", { class: "form-error", role: "alert" });
  const go = async (register: boolean) => {
    const body = { name: (name as HTMLInputElement).value.trim(), password: (pass as HTMLInputElement).value };
    try {
      if (register) await api("/api/players", body);
      await api("/api/session", body);
      location.reload();
    } catch (ex) {
      err.textContent = ex instanceof ApiError ? ex.message : String(ex);
    }
  };
  const form = h("form", { class: "login", onsubmit: (e: Event) => { e.preventDefault(); void go(false); } },
    name, pass,
    h("button", { type: "submit" }, "Log in"),
    h("button", { type: "button", onclick: () => void go(true) }, "Register"),
    err);  // prettier-ignore
  clear(box, h("details", {}, h("summary", {}, "Log in to be rated"), form));
}
accountName = "";
