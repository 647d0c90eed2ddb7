// What the player can do: play, expose or decide by a button, the hint, the rematch, a quiet chat.

import { chosenMove, renderHand } from "./hand.js";
import { load } from "./live.js";
import { api, el, say, state, tg, w } from "./page.js";

export function renderActions(v) {
  const box = document.getElementById("actions");
  box.replaceChildren();
  if (v.rematch && v.status === "finished") {
    const again = el("button", "primary", w("rematch"));
    again.id = "rematch";
    again.disabled = state.busy;
    again.addEventListener("click", rematch);
    box.append(again);
    return;
  }
  const moves = v.moves || [];
  if (!moves.length) return;
  const chosen = chosenMove();
  const exposing = moves.some((m) => m.kind === "expose");
  const playing = moves.some((m) => m.kind === "play" || m.kind === "expose");
  if (playing) {
    const play = el("button", "primary", w(exposing ? "expose" : "play"));
    play.id = "play";
    play.disabled = !chosen || state.busy;
    play.addEventListener("click", () => chosen && send(chosen));
    box.append(play);
  }
  const pass = moves.find((m) => m.move === "pass");
  if (pass) {
    const button = el("button", "", pass.label || w("pass"));
    button.id = "pass";
    button.disabled = state.busy;
    button.addEventListener("click", () => send(pass));
    box.append(button);
  }
  if (playing && !exposing) {
    const hint = el("button", "", w("hint"));
    hint.id = "hint";
    hint.addEventListener("click", showHint);
    box.append(hint);
  }
  moves.filter((m) => m.kind === "decision" && m.move !== "pass").forEach((m) => {
    const button = el("button", "decision", m.label);
    button.dataset.move = m.move;
    button.disabled = state.busy;
    button.addEventListener("click", () => send(m));
    box.append(button);
  });
}

// The player's private chat kept to one message per table while they play here (/quiet).
export function renderQuiet(v) {
  const box = document.getElementById("quietbox");
  box.hidden = typeof v.quiet !== "boolean";
  if (box.hidden) return;
  document.getElementById("quietlabel").textContent = w("quiet");
  document.getElementById("quiet").checked = v.quiet;
}

export async function setQuiet(event) {
  const wanted = event.target.checked;
  const { status } = await api("/api/me/quiet", { method: "POST", body: JSON.stringify({ quiet: wanted }) });
  if (status === 200) state.view.quiet = wanted;
  else event.target.checked = !wanted;
}

export function confirmed(text) {
  return new Promise((resolve) => {
    if (tg && tg.showConfirm && tg.platform !== "unknown") tg.showConfirm(text, resolve);
    else resolve(window.confirm(text));
  });
}

export async function send(move) {
  if (state.busy) return;
  if (move.warn && !(await confirmed(move.warn))) return;
  const done = await post("moves", { move: move.move, version: state.view.version });
  if (done) {
    state.selected.clear();
    if (tg && tg.HapticFeedback) tg.HapticFeedback.impactOccurred("light");
  }
  await load();
}

export async function rematch() {
  if (state.busy) return;
  await post("rematch", {});
  await load();
}

// A POST of the table's (one at a time: the buttons stay pale meanwhile); a refusal is said with
// its reason. Whether it was taken.
export async function post(path, sent) {
  state.busy = true;
  renderActions(state.view);
  const { status, body } = await api(`/api/tables/${state.table}/${path}`, {
    method: "POST",
    body: JSON.stringify(sent),
  });
  state.busy = false;
  if (status !== 200) say(body.reason || body.error || String(status), true);
  return status === 200;
}

export async function showHint() {
  const { body } = await api(`/api/tables/${state.table}/hint`);
  const move = (state.view.moves || []).find((m) => m.move === body.move);
  if (!move) return;
  const why = body.reason ? ` · ${body.reason}` : "";  // the bot's reason, in its own terms
  if (!move.cards) { say(`${w("hint")}: ${move.label}${why}`); return; }
  state.selected.clear();
  const left = [...move.cards];
  state.view.hand.forEach((token, i) => {
    const at = left.indexOf(token);
    if (at >= 0) { left.splice(at, 1); state.selected.add(i); }
  });
  renderHand(state.view);
  renderActions(state.view);
  if (body.reason) say(`${w("hint")}: ${body.reason}`);
}
