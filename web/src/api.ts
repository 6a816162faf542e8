// REST calls and what this browser remembers (its seats' tokens, its name).

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

function detail(body: any, status: number): string {
  const d = body?.detail;
  if (typeof d === "string") return d;
  if (Array.isArray(d) && d.length) {
    // FastAPI's validation errors: say which field and what was wrong.
    return d.map((e: any) => `${(e.loc || []).slice(1).join(".")}: ${e.msg}`).join("; ");
  }
  return `the server answered ${status}`;
}

export async function api<T = any>(
  path: string,
  body?: unknown,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const init: RequestInit = {
    method: opts.method ?? (body === undefined ? "GET" : "POST"),
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...opts.headers },
    credentials: "same-origin",
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, "the server cannot be reached");
  }
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, detail(data, res.status));
  return data as T;
}

export interface SeatKey {
  seat: number;
  token: string;
  name: string;
}

const SEAT = (table: string) => `seedbed:seat:${table}`;
const WATCH = (table: string) => `seedbed:watch:${table}`;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const memory = {
  seat(table: string): SeatKey | null {
    const k = read<SeatKey>(SEAT(table));
    return k && typeof k.token === "string" && typeof k.seat === "number" ? k : null;
  },
  keepSeat(table: string, key: SeatKey): void {
    localStorage.setItem(SEAT(table), JSON.stringify(key));
  },
  forgetSeat(table: string): void {
    localStorage.removeItem(SEAT(table));
  },
  watch(table: string): string | null {
    return read<string>(WATCH(table));
  },
  keepWatch(table: string, token: string): void {
    localStorage.setItem(WATCH(table), JSON.stringify(token));
  },
  name(): string {
    return read<string>("seedbed:name") ?? "";
  },
  keepName(name: string): void {
    localStorage.setItem("seedbed:name", JSON.stringify(name));
  },
};

/** Join a table's seat (the first free one unless ``seat``) and remember its token. */
export async function joinTable(table: string, name: string, seat?: number): Promise<SeatKey> {
  const body: Record<string, unknown> = { name };
  if (seat !== undefined) body.seat = seat;
  const answer = await api<{ seat: number; token: string; name: string; watch_token?: string }>(
    `/api/tables/${encodeURIComponent(table)}/join`,
    body,
  );
  const key = { seat: answer.seat, token: answer.token, name: answer.name };
  memory.keepSeat(table, key);
  if (answer.watch_token) memory.keepWatch(table, answer.watch_token);
  memory.keepName(name);
  return key;
}
