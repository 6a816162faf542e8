// The server's protocol (docs/server.md), as far as the browser uses it.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: any };

export interface SeatInfo {
  seat: number;
  label: string;
  kind: "human" | "bot";
  agent: string | null;
  name: string | null;
  registered: boolean;
  free: boolean;
  connected: boolean;
  left: boolean;
  stand_in: boolean;
}

export interface Clock {
  kind: "none" | "move" | "fischer";
  seconds?: number;
  base?: number;
  increment?: number;
  remaining?: (number | null)[];
  running: number | null;
  turn_left: number | null;
}

export interface TableSummary {
  id: string;
  name: string;
  game: string;
  params: Obj;
  players: number;
  status: "waiting" | "playing" | "over" | "aborted";
  version: number;
  seats: SeatInfo[];
  free_seats: number[];
  clock: Clock;
  watch: "anyone" | "nobody" | "link";
  bot_think: number;
  created_at: number;
  result: { scores: number[]; winners: number[]; abandoned: boolean } | null;
}

export interface LegalMove {
  action: number | string;
  move: string;
}

/** The common envelope of every game's view; ``table`` is the game's own part. */
export interface View {
  game: string;
  seat: number | null;
  to_move: number | null;
  phase: string;
  scores: (number | null)[];
  moves: [number, string][];
  winners: number[];
  table: Obj;
}

export interface ScoreSheet {
  rounds: { label: string; lines?: { label: string; points: (number | null)[] }[]; points: (number | null)[] }[];
  total: (number | null)[];
}

export interface Position {
  status: TableSummary["status"];
  to_move: number | null;
  phase: string;
  scores: (number | null)[];
  winners: number[];
  view: View;
  legal: LegalMove[];
  clocks: Clock;
  score_sheet?: ScoreSheet;
  undo?: { seat: number; waiting: number[] };
}

export interface LogEvent {
  v: number;
  kind: string;
  seat?: number;
  move?: string;
  by?: string;
  name?: string;
  accept?: boolean;
  scores?: number[];
  winners?: number[];
  abandoned?: boolean;
}

export interface GameInfo {
  id: string;
  name: string;
  summary: string;
  min_players: number;
  max_players: number;
  default_players: number;
  seat_names: Record<string, string[]>;
  options: { name: string; default: any; doc: string; choices: any[] | null; type: string }[];
}

export interface BotChoice {
  spec: string;
  label: string;
  doc: string;
}
