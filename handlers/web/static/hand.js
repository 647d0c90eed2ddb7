// The player's hand and what they pick from it; why a pick is no play is asked of the engine.

import { renderActions } from "./actions.js";
import { cardFace, tokens } from "./cards.js";
import { api, el, say, state, tg, w } from "./page.js";

export function selectedCards() {
  return [...state.selected].map((i) => state.view.hand[i]).sort();
}

export function chosenMove() {
  const picked = selectedCards().join(" ");
  if (!picked) return null;
  return (state.view.moves || []).find((m) => m.cards && [...m.cards].sort().join(" ") === picked) || null;
}

export function renderHand(v) {
  const box = document.getElementById("hand");
  box.replaceChildren();
  box.dataset.cards = v.hand ? String(v.hand.length) : "0";  // for tests: the cards in hand …
  box.dataset.selected = String(state.selected.size);  // … and those picked
  if (!v.hand) return;
  if (v.look.hand === "stacks") { renderStacks(v, box); return; }
  // look.hand "suits": each card a tile, suit after suit in one flowing row, a gap between suits
  // (a row per suit took four rows: the page overflowed a 640 px phone)
  const row = el("div", "group suits");
  // a play to make: the cards no legal play holds are pale at once, as in the hand picture (the
  // reason still comes with a tap)
  const plays = (v.moves || []).filter((m) => m.kind === "play");
  const playable = new Set(plays.flatMap((m) => m.cards || []));
  v.hand.forEach((token, i) => {
    if (i && token[0] !== v.hand[i - 1][0]) row.append(el("span", "suitgap"));
    const pale = plays.length && !playable.has(token) ? " unplayable" : "";
    const card = cardFace(token, v.look, (state.selected.has(i) ? "selected" : "") + pale);
    card.dataset.index = i;
    card.addEventListener("click", () => toggle(i));
    row.append(card);
  });
  box.append(row);
}

// look.hand "stacks": a rank is one stack with its count, as the hand pictures draw it (48 tiles in
// 7 rows did not fit a phone). A tap adds one card of the rank; a tap on a stack all picked puts
// them back; a long press takes the whole rank, or puts back what was picked of it.
export function renderStacks(v, box) {
  const ranks = new Map();  // notation → the hand's indexes of that card
  v.hand.forEach((token, i) => {
    if (!ranks.has(token)) ranks.set(token, []);
    ranks.get(token).push(i);
  });
  // one flowing row: the naturals low to high, then, after a gap, the wildcards (purple faces)
  const row = el("div", "group stacks");
  const held = [...ranks.keys()];
  const wildcards = tokens(v.look.wild);
  held.filter((token) => !wildcards.has(token)).forEach((token) => row.append(stack(v, token, ranks.get(token))));
  const wild = held.filter((token) => wildcards.has(token));
  if (wild.length) row.append(el("span", "suitgap", ""));
  wild.forEach((token) => row.append(stack(v, token, ranks.get(token))));
  box.append(row);
}

export function stack(v, token, indexes) {
  const picked = indexes.filter((i) => state.selected.has(i)).length;
  const card = cardFace(token, v.look, picked ? "selected stack" : "stack");
  card.append(el("span", "count", picked ? `${picked}/${indexes.length}` : `×${indexes.length}`));
  let held = null;
  let long = false;
  card.addEventListener("pointerdown", () => {
    long = false;
    held = setTimeout(() => { long = true; pickAll(indexes); }, 450);
  });
  for (const end of ["pointerup", "pointerleave", "pointercancel"]) {
    card.addEventListener(end, () => clearTimeout(held));
  }
  card.addEventListener("contextmenu", (event) => event.preventDefault());
  card.addEventListener("click", () => { if (!long) pickOne(indexes); });
  return card;
}

export function pickOne(indexes) {
  const free = indexes.find((i) => !state.selected.has(i));
  if (free === undefined) indexes.forEach((i) => state.selected.delete(i));
  else state.selected.add(free);
  changed();
}

export function pickAll(indexes) {
  const any = indexes.some((i) => state.selected.has(i));
  indexes.forEach((i) => (any ? state.selected.delete(i) : state.selected.add(i)));
  changed();
}

export function toggle(i) {
  if (state.selected.has(i)) state.selected.delete(i);
  else state.selected.add(i);
  changed();
}

export function changed() {
  if (tg && tg.HapticFeedback) tg.HapticFeedback.selectionChanged();
  renderHand(state.view);
  renderActions(state.view);
  explain(state.view);
}

export function explain(v) {
  const picked = selectedCards();
  const moves = v.moves || [];
  if (!moves.some((m) => m.kind === "play") || moves.some((m) => m.kind === "expose")) return;
  if (picked.length && !chosenMove()) {
    askWhy(picked.join(" "));
    return;
  }
  state.why += 1;  // an answer still on its way is for an older selection
  say(v.question || w("your_turn"));
}

// Why the rules refuse the picked cards, in the engine's own words: the page knows no game's rules
export async function askWhy(move) {
  const asked = ++state.why;
  const { status, body } = await api(`/api/tables/${state.table}/why?move=${encodeURIComponent(move)}`);
  if (asked === state.why && status === 200 && body.why) say(body.why, true);
}
