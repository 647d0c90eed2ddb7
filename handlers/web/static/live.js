// The live table: loaded from the API, redrawn, and followed through its event stream.

import { renderActions, renderQuiet, send } from "./actions.js";
import { renderHand } from "./hand.js";
import { api, clock, initData, say, state, w } from "./page.js";
import { renderMiddle, renderRecent, renderSeats, scoreLine } from "./table.js";

export function render() {
  const v = state.view;
  const round = w(v.look.round, { n: v.round_no });
  document.getElementById("title").textContent =
    `${v.look.name} · ${round}${v.trick_no ? " · " + w("trick", { n: v.trick_no }) : ""}`;
  document.getElementById("score").textContent = scoreLine(v);
  renderSeats(v);
  renderMiddle(v);
  renderRecent(v);
  renderHand(v);
  renderActions(v);
  renderQuiet(v);
  if (!state.rendered) { state.rendered = true; performance.mark("rendered"); }  // benchmarks.miniapp
  if (v.status !== "running") say(w(v.status === "finished" ? "over" : v.status === "stopped" ? "stopped" : "lobby"));
  else if (v.hand === null) say(w("spectator"));
  else if (v.question) say(v.question);  // a decision's words, as the chat's caption says them
  else if ((v.moves || []).length) say(w("your_turn"));
  else say(w("waiting", { names: v.to_act.map((s) => v.seats[s].name).join(", ") }));
}

export async function load() {
  const { status, body } = await api(`/api/tables/${state.table}`);
  if (status !== 200) {
    say(status === 401 ? w("unauthorized") : body.error || String(status), true);
    return false;
  }
  const handChanged = !state.view || (state.view.hand || []).join(" ") !== (body.hand || []).join(" ");
  if (handChanged) state.selected.clear();
  state.view = body;
  state.lang = body.lang in WORDS ? body.lang : "zh";
  document.documentElement.lang = state.lang;
  render();
  document.body.dataset.version = String(body.version);  // for tests: the version on screen
  return true;
}

export function startClock() {
  clearInterval(state.tick);
  state.tick = setInterval(() => {
    const v = state.view;
    if (!v || v.seconds_left === null || v.seconds_left <= 0) return;
    v.seconds_left -= 1;
    document.querySelectorAll(".pill.clock").forEach((n) => { n.textContent = clock(v.seconds_left); });
  }, 1000);
}

// Server-sent events read through fetch, which (unlike EventSource) can send the initData header.
export async function follow() {
  let wait = 1000;
  for (;;) {
    try {
      const response = await fetch(`/api/tables/${state.table}/events`, {
        headers: { Authorization: `tma ${initData()}` }, cache: "no-store",
      });
      if (response.status !== 200) throw new Error(String(response.status));
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      wait = 1000;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (block.startsWith("event: gone")) return;
          if (data && block.includes("event: version")) {
            const { version } = JSON.parse(data.slice(6));
            if (!state.view || version !== state.view.version) await load();
          }
        }
      }
    } catch (error) {
      say(w("offline"), true);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 10000);
    await load();  // catch up from the table's version after the drop
  }
}
