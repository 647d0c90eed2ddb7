// A finished match, step by step, with its reviewed mistakes.

import { mini } from "./cards.js";
import { stack } from "./hand.js";
import { api, el, say, SIGNS, state, w } from "./page.js";
import { renderMiddle, renderRecent, renderSeats } from "./table.js";

export async function loadReplay(round) {
  const query = round ? `?round=${round}` : "";
  const { status, body } = await api(`/api/replays/${state.replayOf}${query}`);
  if (status !== 200) { say(w(status === 401 ? "unauthorized" : "no_replay"), true); return; }
  state.lang = body.lang in WORDS ? body.lang : "zh";
  document.documentElement.lang = state.lang;
  state.replay = body;
  state.step = 0;
  renderReplay();
}

export function renderReplay() {
  const r = state.replay;
  const step = r.steps[state.step];
  // the viewer sits at the bottom, as at the table; a viewer who did not play sees seat 1 there
  const v = { ...step.view, you: r.you ?? null, status: "replay" };
  const round = w(r.look.round, { n: r.round });
  document.getElementById("title").textContent = `${w("replay", { n: r.match })} · ${r.look.name} · ${round}`;
  document.getElementById("score").textContent = `${w("total")}: ` + v.totals.join(" / ");
  renderSeats(v);
  renderMiddle(v);
  renderRecent(v);
  const told = el("div", "told");  // who did what at this step, and what it made
  told.append(el("b", "", `${w("step", { n: state.step, total: r.steps.length - 1 })} · ${step.words}`));
  step.notes.forEach((note) => told.append(el("div", "", note)));
  const marked = (r.marks || []).find((m) => m.step === state.step);
  if (marked) {  // the review's mark on this step: when, how much, the better move and why
    const mark = el("div", `mark ${marked.mark}`, `${SIGNS[marked.mark]} ${w(marked.mark)} · ${marked.when}`);
    const lost = w("lost", { n: Math.round(marked.loss) + (marked.spread ? `±${marked.spread}` : "") });
    if (marked.mark !== "good") mark.append(el("span", "", ` · ${lost} · ${w("better", { best: marked.best })}`));
    if (marked.why) mark.append(el("div", "why", marked.why));
    told.append(mark);
  }
  document.getElementById("recent").prepend(told);
  const hands = document.getElementById("hand");
  hands.replaceChildren();
  seatsFromViewer(r, step.hands.length).forEach((seat) => {
    const row = el("div", "group facing");
    row.dataset.seat = seat;
    row.append(el("span", "label", r.names[seat] + (seat === r.you ? ` (${w("you")})` : "")));
    compactHand(step.hands[seat], r.look).forEach((node) => row.append(node));
    hands.append(row);
  });
  renderStepper(r);
  say(r.reviewed ? w("review_note") : "");
  document.body.dataset.step = String(state.step);  // for tests: the step on screen
}

// the hands from the viewer's left round to the viewer, last: the viewer's own at the bottom
export function seatsFromViewer(r, n) {
  const me = r.you ?? 0;
  return Array.from({ length: n }, (_, k) => (me + 1 + k) % n);
}

// a hand in one short row: a rank stack with its count (look.hand "stacks"), or the suits one
// after another in small faces (look.hand "suits"), as the table page draws hands
export function compactHand(cards, look) {
  if (look.hand === "stacks") {
    const counts = new Map();
    cards.forEach((token) => counts.set(token, (counts.get(token) || 0) + 1));
    return [...counts].map(([token, n]) => {
      const node = mini(token, look);
      if (n > 1) node.append(el("sub", "", `×${n}`));
      return node;
    });
  }
  const out = [];
  cards.forEach((token, i) => {
    if (i && token[0] !== cards[i - 1][0]) out.push(el("span", "suitgap"));
    out.push(mini(token, look));
  });
  return out;
}

export function renderStepper(r) {
  const box = document.getElementById("actions");
  box.replaceChildren();
  const last = r.steps.length - 1;
  for (const [key, to] of [["first", 0], ["prev", state.step - 1], ["next", state.step + 1], ["last", last]]) {
    const button = el("button", `step ${key === "next" ? "primary" : ""}`, w(key));
    button.id = key;
    button.disabled = to < 0 || to > last || to === state.step;
    button.addEventListener("click", () => { state.step = to; renderReplay(); });
    box.append(button);
  }
  if (r.reviewed) {  // jump to the next mistake of whoever is chosen: the viewer first, anyone
    if (state.whose === undefined) state.whose = r.you ?? (r.reviewed_seats || [])[0] ?? null;
    const next = nextMistake(r);
    const button = el("button", "step", w("next_mistake"));
    button.id = "mistake";
    button.disabled = next === null;
    button.title = next === null ? w("no_mistake") : "";
    button.addEventListener("click", () => { state.step = next; renderReplay(); });
    box.append(button);
    const seats = r.reviewed_seats || [];
    if (seats.length > 1) {  // whose mistakes to step through
      const whose = el("select");
      whose.id = "whose";
      seats.forEach((seat) => {
        const option = el("option", "", w("mistakes_of", { name: r.names[seat] }));
        option.value = String(seat);
        option.selected = seat === state.whose;
        whose.append(option);
      });
      whose.addEventListener("change", () => { state.whose = Number(whose.value); renderStepper(r); });
      box.append(whose);
    }
  }
  if (r.rounds > 1) {
    const pick = el("select");
    pick.id = "round";
    for (let n = 1; n <= r.rounds; n += 1) {
      const option = el("option", "", w(r.look.round, { n }));
      option.value = String(n);
      option.selected = n === r.round;
      pick.append(option);
    }
    pick.addEventListener("change", () => loadReplay(pick.value));
    box.append(pick);
  }
}

export function nextMistake(r) {
  const ahead = (r.marks || []).filter((m) => m.step > state.step && (m.mark === "mistake" || m.mark === "blunder")
    && (state.whose === null || m.seat === state.whose));
  return ahead.length ? Math.min(...ahead.map((m) => m.step)) : null;
}

export function stepByKeys(event) {
  if (!state.replay) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  const to = state.step + (moves[event.key] || 0);
  if (to !== state.step && to >= 0 && to < state.replay.steps.length) { state.step = to; renderReplay(); }
}
