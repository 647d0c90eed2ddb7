// The Mini App: the live table and the player's hand. The server decides everything: this page
// only shows what /api/tables/{id} returns and sends the move the player built, with the
// table's version; the Play button lights only for a selection that is one of the legal moves.
"use strict";

// WORDS: the page's words in each language, served as words.js from the bot's catalogues
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SIGNS = { good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const tg = window.Telegram && window.Telegram.WebApp;
const state = { table: null, view: null, selected: new Set(), lang: "zh", tick: null, busy: false, why: 0 };

function initData() {
  if (tg && tg.initData) return tg.initData;
  const hash = new URLSearchParams(location.hash.slice(1));  // Telegram's own way, without its script
  return hash.get("tgWebAppData") || "";
}

function w(key, values) {
  const words = WORDS[state.lang] || WORDS.zh;
  let text = words[key] === undefined ? key : words[key];
  for (const [name, value] of Object.entries(values || {})) text = text.replace(`{${name}}`, value);
  return text;
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function api(path, options) {
  const response = await fetch(path, {
    ...(options || {}),
    headers: { Authorization: `tma ${initData()}`, "Content-Type": "application/json" },
    cache: "no-store",
  });
  let body = {};
  try { body = await response.json(); } catch (_) { /* an empty or non-JSON answer */ }
  return { status: response.status, body };
}

function say(text, error) {
  const status = document.getElementById("status");
  status.textContent = text || "";
  status.className = error ? "error" : "";
}

// -- the theme ------------------------------------------------------------------------------------

function applyTheme() {
  const params = (tg && tg.themeParams) || {};
  for (const [key, value] of Object.entries(params)) {
    document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, "-")}`, value);
  }
  const dark = tg ? tg.colorScheme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
}

// -- cards ----------------------------------------------------------------------------------------

function tokens(text) {
  return new Set((text || "").split(" ").filter(Boolean));
}

// A face with a word of its own (a joker's), else its notation
function faceWord(token) {
  const words = WORDS[state.lang] || WORDS.zh;
  return words[`face_${token}`] || token;
}

function cardFace(token, look, cls) {
  const node = el("button", `card ${cls || ""}`);
  node.type = "button";
  node.dataset.card = token;
  if (look.cards === "suited") {
    const suit = token[0];
    node.append(el("span", "rank", token.slice(1)), el("span", "suit", SUITS[suit]));
    if (suit === "H" || suit === "D") node.classList.add("red");
  } else {
    node.append(el("span", "rank", faceWord(token)));
    // which faces are wildcards, jokers or red: the game's look says (served as data)
    if (tokens(look.wild).has(token)) node.classList.add("wild");
    if (tokens(look.jokers).has(token)) node.classList.add("joker");
    if (tokens(look.red).has(token)) node.classList.add("red");
  }
  return node;
}

function mini(token, look) {
  const suited = look.cards === "suited";
  const text = suited ? `${SUITS[token[0]]}${token.slice(1)}` : token;
  const node = el("span", "mini", text);
  if (suited && (token[0] === "H" || token[0] === "D")) node.classList.add("red");
  return node;
}

// -- what the player selected, and what it makes ------------------------------------------------

function selectedCards() {
  return [...state.selected].map((i) => state.view.hand[i]).sort();
}

function chosenMove() {
  const picked = selectedCards().join(" ");
  if (!picked) return null;
  return (state.view.moves || []).find((m) => m.cards && [...m.cards].sort().join(" ") === picked) || null;
}

// -- drawing --------------------------------------------------------------------------------------

function render() {
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

// The match's score where a player looks for it: each seat's total in its box, and in the header
// the teams' totals (a game of fixed teams is scored by team), or the player's own total.
function scoreLine(v) {
  if (!v.totals.length) return "";
  const teams = [0, 1].filter((team) => v.seats.some((seat) => seat.team === team));
  if (teams.length === 2) {
    return `${w("total")}: ` + teams.map((team) => `${w("team", { n: team + 1 })} ${signed(
      v.totals.reduce((sum, points, i) => sum + (v.seats[i].team === team ? points : 0), 0))}`).join(" · ");
  }
  return v.you === null || v.you === undefined ? "" : `${w("total")}: ${signed(v.totals[v.you])}`;
}

function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0";
}

// The seats around the table, as the group picture places them: the player (or seat 1, for a
// spectator) at the bottom in the middle, play going counter-clockwise (to the right, across,
// to the left), so a six-seat game's opposite sits straight across (a grid in seat
// order hid both). Five seats or more: one on each side of the player, the rest across; fewer:
// all across (three: left and right, the middle left empty).
function around(v) {
  const n = v.seats.length;
  const me = v.you === null || v.you === undefined ? 0 : v.you;
  const at = (k) => (me + k) % n;
  const beside = n >= 5;
  const across = [];
  for (let k = beside ? n - 2 : n - 1; k >= (beside ? 2 : 1); k--) across.push(at(k));
  const far = across.length === 1 ? [null, across[0], null] : across.length === 2 ? [across[0], null, across[1]] : across;
  return [far, beside ? [at(n - 1), me, at(1)] : [null, me, null]];
}

function renderSeats(v) {
  const [far, near] = around(v);
  fillSeats(document.getElementById("seats"), v, far);
  fillSeats(document.getElementById("near"), v, near);
}

function fillSeats(box, v, order) {
  box.replaceChildren();
  order.forEach((i) => {
    if (i === null) { box.append(el("div", "seat empty")); return; }
    const seat = v.seats[i];
    const node = el("div", "seat");
    node.dataset.seat = i;
    if (v.to_act.includes(i)) node.classList.add("acting");
    if (i === v.you) node.classList.add("you");
    if (seat.team !== null) {
      const bar = el("span", "team");
      bar.style.background = `var(--team${seat.team})`;
      node.append(bar);
    }
    const name = el("div", "name", seat.name + (i === v.you ? ` (${w("you")})` : ""));
    if (v.totals.length) name.append(el("span", "total", signed(v.totals[i])));
    node.append(name);
    // the game's marks, count and card rows come in words, each with its tone: drawn as given
    const line = el("div", "line");
    const cards = w("cards", { n: seat.cards_left });
    line.append(el("span", "", seat.count ? `${cards} · ${seat.count.text}` : cards));
    seat.marks.forEach((m) => line.append(el("span", `pill ${m.tone}`, m.text)));
    if (seat.autopilot) line.append(el("span", "pill", w("autopilot")));  // a bot's name says it is one
    if (v.to_act.includes(i) && v.seconds_left !== null) line.append(el("span", "pill clock", clock(v.seconds_left)));
    node.append(line);
    seat.rows.forEach((r) => {  // headed: an exposed ♠Q is not a captured one
      const row = el("div", "line", `${r.head}: `);
      if (r.short.length) r.short.forEach((word) => row.append(el("span", `mini${"♥♦".includes(word[0]) ? " red" : ""}`, word)));
      else r.cards.forEach((c) => row.append(mini(c, v.look)));
      node.append(row);
    });
    box.append(node);
  });
}

function clock(seconds) {
  const s = Math.max(0, seconds);
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function renderMiddle(v) {
  const box = document.getElementById("middle");
  box.replaceChildren();
  if (v.status === "finished" && v.result) {  // the player's own result, as their chat told it
    const told = el("div", "result");
    v.result.split("\n").forEach((line) => told.append(el("div", "", line)));
    box.append(told);
    return;
  }
  if (v.notes.length) {
    const notes = el("div", "notes");
    v.notes.forEach((n) => notes.append(el("span", "pill", n)));
    box.append(notes);
  }
  if (v.look.middle === "set" && v.table_set) {
    const row = el("div", "row");
    v.table_set.split(" ").forEach((c) => row.append(cardFace(c, v.look, "table")));
    box.append(row);
    if (v.table_owner !== null) box.append(el("div", "who", w("by", { name: v.seats[v.table_owner].name })));
  } else if (v.look.middle === "trick" && v.trick.length) {
    const row = el("div", "row");
    v.trick.forEach(([seat, card]) => {
      const play = el("div", "trickplay");
      play.append(cardFace(card, v.look, "table"), el("span", "", v.seats[seat].name));
      row.append(play);
    });
    box.append(row);
  } else if (v.to_act.length === 1 && v.status === "running") {
    box.append(el("div", "who", w("to_lead", { name: v.seats[v.to_act[0]].name })));
  }
  if (v.counter) box.append(el("div", "counter", v.counter));  // the table's card counter, in the server's words
}

function renderRecent(v) {
  const box = document.getElementById("recent");
  box.replaceChildren();
  if (!v.recent.length) return;
  box.append(`${w("recent")}: `);
  v.recent.slice(-4).forEach(([seat, cards], i) => {
    if (i) box.append(" · ");
    box.append(el("b", "", v.seats[seat] ? v.seats[seat].name : "?"), " ");
    cards.split(" ").filter(Boolean).forEach((token) => box.append(mini(token, v.look)));  // ♠8, not S8
  });
}

function renderHand(v) {
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
function renderStacks(v, box) {
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

function stack(v, token, indexes) {
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

function pickOne(indexes) {
  const free = indexes.find((i) => !state.selected.has(i));
  if (free === undefined) indexes.forEach((i) => state.selected.delete(i));
  else state.selected.add(free);
  changed();
}

function pickAll(indexes) {
  const any = indexes.some((i) => state.selected.has(i));
  indexes.forEach((i) => (any ? state.selected.delete(i) : state.selected.add(i)));
  changed();
}

function toggle(i) {
  if (state.selected.has(i)) state.selected.delete(i);
  else state.selected.add(i);
  changed();
}

function changed() {
  if (tg && tg.HapticFeedback) tg.HapticFeedback.selectionChanged();
  renderHand(state.view);
  renderActions(state.view);
  explain(state.view);
}

function explain(v) {
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
async function askWhy(move) {
  const asked = ++state.why;
  const { status, body } = await api(`/api/tables/${state.table}/why?move=${encodeURIComponent(move)}`);
  if (asked === state.why && status === 200 && body.why) say(body.why, true);
}

function renderActions(v) {
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
function renderQuiet(v) {
  const box = document.getElementById("quietbox");
  box.hidden = typeof v.quiet !== "boolean";
  if (box.hidden) return;
  document.getElementById("quietlabel").textContent = w("quiet");
  document.getElementById("quiet").checked = v.quiet;
}

async function setQuiet(event) {
  const wanted = event.target.checked;
  const { status } = await api("/api/me/quiet", { method: "POST", body: JSON.stringify({ quiet: wanted }) });
  if (status === 200) state.view.quiet = wanted;
  else event.target.checked = !wanted;
}

// -- acting ---------------------------------------------------------------------------------------

function confirmed(text) {
  return new Promise((resolve) => {
    if (tg && tg.showConfirm && tg.platform !== "unknown") tg.showConfirm(text, resolve);
    else resolve(window.confirm(text));
  });
}

async function send(move) {
  if (state.busy) return;
  if (move.warn && !(await confirmed(move.warn))) return;
  const done = await post("moves", { move: move.move, version: state.view.version });
  if (done) {
    state.selected.clear();
    if (tg && tg.HapticFeedback) tg.HapticFeedback.impactOccurred("light");
  }
  await load();
}

async function rematch() {
  if (state.busy) return;
  await post("rematch", {});
  await load();
}

// A POST of the table's (one at a time: the buttons stay pale meanwhile); a refusal is said with
// its reason. Whether it was taken.
async function post(path, sent) {
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

async function showHint() {
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

// -- loading and staying live --------------------------------------------------------------------

async function load() {
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

function startClock() {
  clearInterval(state.tick);
  state.tick = setInterval(() => {
    const v = state.view;
    if (!v || v.seconds_left === null || v.seconds_left <= 0) return;
    v.seconds_left -= 1;
    document.querySelectorAll(".pill.clock").forEach((n) => { n.textContent = clock(v.seconds_left); });
  }, 1000);
}

// Server-sent events read through fetch, which (unlike EventSource) can send the initData header.
async function follow() {
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

// -- a finished match, step by step -------------------------------------------------

async function loadReplay(round) {
  const query = round ? `?round=${round}` : "";
  const { status, body } = await api(`/api/replays/${state.replayOf}${query}`);
  if (status !== 200) { say(w(status === 401 ? "unauthorized" : "no_replay"), true); return; }
  state.lang = body.lang in WORDS ? body.lang : "zh";
  document.documentElement.lang = state.lang;
  state.replay = body;
  state.step = 0;
  renderReplay();
}

function renderReplay() {
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
function seatsFromViewer(r, n) {
  const me = r.you ?? 0;
  return Array.from({ length: n }, (_, k) => (me + 1 + k) % n);
}

// a hand in one short row: a rank stack with its count (look.hand "stacks"), or the suits one
// after another in small faces (look.hand "suits"), as the table page draws hands
function compactHand(cards, look) {
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

function renderStepper(r) {
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

function nextMistake(r) {
  const ahead = (r.marks || []).filter((m) => m.step > state.step && (m.mark === "mistake" || m.mark === "blunder")
    && (state.whose === null || m.seat === state.whose));
  return ahead.length ? Math.min(...ahead.map((m) => m.step)) : null;
}

function stepByKeys(event) {
  if (!state.replay) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  const to = state.step + (moves[event.key] || 0);
  if (to !== state.step && to >= 0 && to < state.replay.steps.length) { state.step = to; renderReplay(); }
}

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
