// The replay viewer: a finished game step by step, as any seat or a spectator saw it.

import { api, ApiError, memory } from "./api";
import { byId, clear, h, pageData } from "./dom";
import { gameUI, type DrawContext } from "./game";
import { renderResult, seatWho } from "./shared";
import type { ScoreSheet, TableSummary, View } from "./types";

interface ReplayData {
  table: string;
  game: string;
  name: string;
  seat_names: string[];
}

interface Replay {
  seat: number | null;
  positions: { move: string | null; actor: number | null; view: View }[];
  result: { scores: number[]; winners: number[]; abandoned: boolean } | null;
  score_sheet?: ScoreSheet;
}

export function replayPage(): void {
  const data = pageData<ReplayData>();
  let ui = gameUI(data.game);
  let summary: TableSummary | null = null;
  let replay: Replay | null = null;
  let step = 0;
  const viewer = byId<HTMLSelectElement>("replay-viewer");
  const slider = byId<HTMLInputElement>("replay-step");
  const status = byId("status");
  const mine = memory.seat(data.table);

  const ctx = (): DrawContext => ({
    view: replay!.positions[step].view,
    seat: replay!.seat,
    seatNames: data.seat_names,
    who: summary ? summary.seats.map(seatWho) : data.seat_names,
    n: data.seat_names.length,
    legal: [],
  });

  const draw = () => {
    if (!replay || !summary) return;
    ui = gameUI(data.game, replay.positions[step].view);
    const c = ctx();
    clear(byId("board"), ui.board(c));
    slider.max = String(replay.positions.length - 1);
    slider.value = String(step);
    byId("replay-where").textContent = `move ${step} of ${replay.positions.length - 1}`;
    const pos = replay.positions[step];
    status.textContent = pos.move === null ? "The deal." : `${ui.words(pos.move, pos.actor ?? 0, c)}.`;
    const log = byId("log");
    clear(
      log,
      replay.positions.slice(1, step + 1).map((p, i) =>
        h("li", { class: i + 1 === step ? "current" : "", "data-step": i + 1 }, ui.words(p.move ?? "?", p.actor ?? 0, c)),
      ),
    );
    log.scrollTop = log.scrollHeight;
    const result = byId("result");
    const last = step === replay.positions.length - 1;
    result.hidden = !last || !replay.result;
    if (last && replay.result) {
      const v = pos.view;
      clear(
        result,
        renderResult(
          { status: "over", to_move: null, phase: "over", scores: v.scores, winners: v.winners, view: v, legal: [], clocks: { kind: "none", running: null, turn_left: null }, score_sheet: replay.score_sheet },
          c,
          summary.seats,
          replay.result.abandoned,
        ),
      );  // prettier-ignore
    }
  };

  const go = (k: number) => {
    if (!replay) return;
    step = Math.max(0, Math.min(replay.positions.length - 1, k));
    draw();
  };

  const load = async () => {
    const seat = viewer.value === "" ? null : Number(viewer.value);
    const headers: Record<string, string> = {};
    if (mine) headers["X-Seat-Token"] = mine.token;
    const watch = memory.watch(data.table);
    if (watch) headers["X-Watch-Token"] = watch;
    const q = seat === null ? "" : `?seat=${seat}`;
    try {
      replay = await api<Replay>(`/api/tables/${encodeURIComponent(data.table)}/replay${q}`, undefined, { headers });
      go(step);
    } catch (ex) {
      status.textContent = ex instanceof ApiError ? `No replay: ${ex.message}.` : String(ex);
    }
  };

  void (async () => {
    try {
      summary = (await api<{ table: TableSummary }>(`/api/tables/${encodeURIComponent(data.table)}`)).table;
    } catch (ex) {
      status.textContent = ex instanceof ApiError ? ex.message : String(ex);
      return;
    }
    clear(
      viewer,
      h("option", { value: "" }, "a spectator"),
      summary.seats.map((s) => h("option", { value: s.seat, selected: mine?.seat === s.seat }, seatWho(s))),
    );
    if (summary.status !== "over") {
      status.textContent = "The game is not over yet: its replay comes when it ends.";
      return;
    }
    await load();
  })();

  viewer.addEventListener("change", () => void load());
  slider.addEventListener("input", () => go(Number(slider.value)));
  byId("replay-first").addEventListener("click", () => go(0));
  byId("replay-prev").addEventListener("click", () => go(step - 1));
  byId("replay-next").addEventListener("click", () => go(step + 1));
  byId("replay-last").addEventListener("click", () => go(Infinity));
  document.addEventListener("keydown", (e) => {
    if ((e.target as HTMLElement).tagName === "SELECT" || (e.target as HTMLElement).tagName === "INPUT" && e.target !== slider) return;
    if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "ArrowRight") go(step + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(Infinity);
    else return;
    e.preventDefault();
  });
}
