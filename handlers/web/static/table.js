// The table around the player: the seats with the marks their game gives them, the middle, the recent plays.

import { cardFace, mini } from "./cards.js";
import { clock, el, signed, w } from "./page.js";

// The match's score where a player looks for it: each seat's total in its box, and in the header
// the teams' totals (a game of fixed teams is scored by team), or the player's own total.
export function scoreLine(v) {
  if (!v.totals.length) return "";
  const teams = [0, 1].filter((team) => v.seats.some((seat) => seat.team === team));
  if (teams.length === 2) {
    return `${w("total")}: ` + teams.map((team) => `${w("team", { n: team + 1 })} ${signed(
      v.totals.reduce((sum, points, i) => sum + (v.seats[i].team === team ? points : 0), 0))}`).join(" · ");
  }
  return v.you === null || v.you === undefined ? "" : `${w("total")}: ${signed(v.totals[v.you])}`;
}

// The seats around the table, as the group picture places them: the player (or seat 1, for a
// spectator) at the bottom in the middle, play going counter-clockwise (to the right, across,
// to the left), so a six-seat game's opposite sits straight across (a grid in seat
// order hid both). Five seats or more: one on each side of the player, the rest across; fewer:
// all across (three: left and right, the middle left empty).
export function around(v) {
  const n = v.seats.length;
  const me = v.you === null || v.you === undefined ? 0 : v.you;
  const at = (k) => (me + k) % n;
  const beside = n >= 5;
  const across = [];
  for (let k = beside ? n - 2 : n - 1; k >= (beside ? 2 : 1); k--) across.push(at(k));
  const far = across.length === 1 ? [null, across[0], null] : across.length === 2 ? [across[0], null, across[1]] : across;
  return [far, beside ? [at(n - 1), me, at(1)] : [null, me, null]];
}

export function renderSeats(v) {
  const [far, near] = around(v);
  fillSeats(document.getElementById("seats"), v, far);
  fillSeats(document.getElementById("near"), v, near);
}

export function fillSeats(box, v, order) {
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

export function renderMiddle(v) {
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

export function renderRecent(v) {
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
