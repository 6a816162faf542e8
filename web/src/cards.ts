// The card toolkit shared by every game: French-suited cards drawn as SVG (suits as
// paths, so they look the same whatever fonts a machine has), card backs, fans of
// cards and piles with their size.

import { h, s, type Child } from "./dom";

export type Suit = "S" | "H" | "D" | "C";
export interface Card {
  rank: string; // A 2..9 T J Q K, or JK for a Joker
  suit: Suit | null;
}

export const SUIT_NAMES: Record<Suit, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const SUIT_SYMBOLS: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_NAMES: Record<string, string> = {
  A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10", JK: "Joker",
};

const SUIT_PATHS: Record<Suit, string> = {
  D: "M50 2 L88 50 L50 98 L12 50 Z",
  H: "M50 94 C22 72 3 54 3 31 C3 15 15 4 29 4 C39 4 46 10 50 19 C54 10 61 4 71 4 C85 4 97 15 97 31 C97 54 78 72 50 94 Z",
  S: "M50 3 C78 28 97 45 97 63 C97 77 87 85 75 85 C66 85 59 80 55 73 C56 84 61 92 70 97 L30 97 C39 92 44 84 45 73 C41 80 34 85 25 85 C13 85 3 77 3 63 C3 45 22 28 50 3 Z",
  C: "M50 4 A21 21 0 0 1 64 41 A21 21 0 1 1 55 68 C56 82 61 91 70 97 L30 97 C39 91 44 82 45 68 A21 21 0 1 1 36 41 A21 21 0 0 1 50 4 Z",
};

const CARD_RE = /^(10|[2-9TJQKA])([SHDC♠♥♦♣])$|^([SHDC♠♥♦♣])(10|[2-9TJQKA])$|^(JK|JOKER)$/i;
const SYMBOL_SUIT: Record<string, Suit> = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

/** A card from its notation (``QS``, ``TD``, ``10D``, ``Q♠``, ``JK``), or null. */
export function parseCard(text: string): Card | null {
  const m = CARD_RE.exec(text.trim());
  if (!m) return null;
  if (m[5]) return { rank: "JK", suit: null };
  let rank = (m[1] ?? m[4]).toUpperCase();
  const suitText = (m[2] ?? m[3]).toUpperCase();
  if (rank === "10") rank = "T";
  return { rank, suit: (SYMBOL_SUIT[suitText] ?? suitText) as Suit };
}

export function isRed(suit: Suit | null): boolean {
  return suit === "H" || suit === "D";
}

/** How the card is said: "Queen of spades", "10 of hearts", "Joker". */
export function cardName(code: string): string {
  const c = parseCard(code);
  if (!c) return code;
  if (c.rank === "JK") return "Joker";
  return `${RANK_NAMES[c.rank] ?? c.rank} of ${SUIT_NAMES[c.suit as Suit]}`;
}

/** The card's short text with its suit symbol: "Q♠", "10♥". */
export function cardText(code: string): string {
  const c = parseCard(code);
  if (!c) return code;
  if (c.rank === "JK") return "Joker";
  return `${c.rank === "T" ? "10" : c.rank}${SUIT_SYMBOLS[c.suit as Suit]}`;
}

/** Every card named in a piece of notation, rewritten with suit symbols. */
export function withSymbols(text: string): string {
  return text.replace(/(?<![A-Za-z0-9])(10|[2-9TJQKA])([SHDC])(?![A-Za-z0-9])/g, (_m, r, su) =>
    `${r === "T" ? "10" : r}${SUIT_SYMBOLS[su as Suit]}`,
  );
}

export function suitIcon(suit: Suit, size = 16, cls = ""): SVGElement {
  return s(
    "svg",
    { viewBox: "0 0 100 100", width: size, height: size, class: `suit suit-${suit} ${cls}`, role: "img", "aria-label": SUIT_NAMES[suit] },
    s("path", { d: SUIT_PATHS[suit] }),
  );
}

function pip(suit: Suit, x: number, y: number, size: number, flip = false): SVGElement {
  const k = size / 100;
  const t = flip ? `translate(${x + size / 2} ${y + size / 2}) rotate(180) translate(${-size / 2} ${-size / 2}) scale(${k})` : `translate(${x} ${y}) scale(${k})`;
  return s("path", { d: SUIT_PATHS[suit], transform: t });
}

export interface CardOptions {
  /** Extra CSS classes (e.g. "small"). */
  cls?: string;
  /** What a click on it means for the move picker (``data-target``). */
  target?: string;
  title?: string;
  /** The card's code, for tools that read the page (``data-card``). */
  card?: string;
}

const W = 60;
const HGT = 84;

function frame(cls: string, label: string, opts: CardOptions, ...children: Child[]): SVGElement {
  const el = s(
    "svg",
    {
      viewBox: `0 0 ${W} ${HGT}`,
      class: `card ${cls} ${opts.cls ?? ""}`.trim(),
      role: "img",
      "aria-label": label,
      "data-target": opts.target,
      "data-card": opts.card,
    },
    s("title", {}, opts.title ?? label),
    s("rect", { x: 0.75, y: 0.75, width: W - 1.5, height: HGT - 1.5, rx: 5, class: "card-edge" }),
    ...children,
  );
  return el;
}

/** A face-up French card. */
export function cardFace(code: string, opts: CardOptions = {}): SVGElement {
  const c = parseCard(code);
  if (!c) return cardBack({ ...opts, title: code });
  if (c.rank === "JK") {
    opts = { ...opts, card: "JK" };
    return frame("face joker", "Joker", opts,
      s("text", { x: 6, y: 20, class: "card-rank" }, "J"),
      s("text", { x: 6, y: 36, class: "card-rank" }, "K"),
      s("path", { d: "M30 30 L34 42 L47 42 L36 50 L40 63 L30 55 L20 63 L24 50 L13 42 L26 42 Z", class: "joker-star" }),
      s("text", { x: 30, y: 78, class: "card-word", "text-anchor": "middle" }, "JOKER"),
    );  // prettier-ignore
  }
  opts = { ...opts, card: code };
  const suit = c.suit as Suit;
  const shown = c.rank === "T" ? "10" : c.rank;
  const colour = isRed(suit) ? "red" : "black";
  const centre: Child[] = ["J", "Q", "K"].includes(c.rank)
    ? [
        s("rect", { x: 15, y: 20, width: 30, height: 44, rx: 3, class: "court" }),
        s("text", { x: 30, y: 52, class: "card-court", "text-anchor": "middle" }, c.rank),
        pip(suit, 22, 55, 16),
      ]
    : [pip(suit, 16, 28, 28)];
  return frame(`face ${colour}`, cardName(code), opts,
    s("text", { x: 4, y: 19, class: "card-rank" + (shown.length > 1 ? " ten" : "") }, shown),
    pip(suit, 4.5, 22, 13),
    ...centre,
    s("g", { transform: `rotate(180 ${W / 2} ${HGT / 2})` },
      s("text", { x: 4, y: 19, class: "card-rank" + (shown.length > 1 ? " ten" : "") }, shown),
      pip(suit, 4.5, 22, 13)),
  );  // prettier-ignore
}

/** A card seen from the back. */
export function cardBack(opts: CardOptions = {}): SVGElement {
  return frame("back", opts.title ?? "a card face down", opts,
    s("rect", { x: 5, y: 5, width: W - 10, height: HGT - 10, rx: 3, class: "back-fill" }),
    s("path", { d: "M30 22 C40 32 40 52 30 62 C20 52 20 32 30 22 Z M30 62 L30 72", class: "back-leaf" }),
  );  // prettier-ignore
}

/** A row of cards (a hand or a trick): overlapping when ``overlap``. */
export function fan(cards: Node[], cls = ""): HTMLElement {
  return h("div", { class: `fan ${cls}`.trim() }, cards);
}

/** A pile seen from above: its top card (or a back) and how many cards it holds. */
export function pile(top: Node | null, size: number, label: string, cls = ""): HTMLElement {
  return h(
    "div",
    { class: `pile ${cls}`.trim(), "aria-label": `${label}: ${size} card${size === 1 ? "" : "s"}` },
    top ?? h("div", { class: "card-slot" }),
    h("span", { class: "pile-size", title: "cards" }, String(size)),
    h("span", { class: "pile-label" }, label),
  );
}
