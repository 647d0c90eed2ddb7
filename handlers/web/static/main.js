// The Mini App: the live table and the player's hand, or a replay. The server decides everything: the
// page only shows what the API returns and sends the move the player built, with the table's version.

import { setQuiet } from "./actions.js";
import { follow, load, startClock } from "./live.js";
import { api, applyTheme, say, state, tg, w } from "./page.js";
import { loadReplay, stepByKeys } from "./replay.js";

async function start() {
  applyTheme();
  if (tg) {
    tg.ready();
    tg.expand();
    tg.onEvent && tg.onEvent("themeChanged", applyTheme);
  }
  const params = new URLSearchParams(location.search);
  const start = (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || "";
  state.replayOf = params.get("r") || (start.startsWith("r") ? start.slice(1) : null);
  if (state.replayOf) {
    if (!/^\d+$/.test(state.replayOf)) return;
    document.addEventListener("keydown", stepByKeys);
    await loadReplay(null);
    return;
  }
  state.table = params.get("t") || (start.startsWith("t") ? start.slice(1) : null);
  if (!state.table) {
    const { status, body } = await api("/api/tables/mine");
    if (status !== 200 || !body.table) { say(w(status === 401 ? "unauthorized" : "no_table"), true); return; }
    state.table = String(body.table);
  }
  if (!/^\d+$/.test(state.table)) return;
  document.getElementById("quiet").addEventListener("change", setQuiet);
  if (await load()) {
    startClock();
    follow();
  }
}


start();
