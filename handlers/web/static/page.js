// What every part of the page shares: its state, the served words, the API, the status line, the theme.

// WORDS: the page's words in each language, served as words.js from the bot's catalogues
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

export const SIGNS = { good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };

export const tg = window.Telegram && window.Telegram.WebApp;

export const state = { table: null, view: null, selected: new Set(), lang: "zh", tick: null, busy: false, why: 0 };

export function initData() {
  if (tg && tg.initData) return tg.initData;
  const hash = new URLSearchParams(location.hash.slice(1));  // Telegram's own way, without its script
  return hash.get("tgWebAppData") || "";
}

export function w(key, values) {
  const words = WORDS[state.lang] || WORDS.zh;
  let text = words[key] === undefined ? key : words[key];
  for (const [name, value] of Object.entries(values || {})) text = text.replace(`{${name}}`, value);
  return text;
}

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

export async function api(path, options) {
  const response = await fetch(path, {
    ...(options || {}),
    headers: { Authorization: `tma ${initData()}`, "Content-Type": "application/json" },
    cache: "no-store",
  });
  let body = {};
  try { body = await response.json(); } catch (_) { /* an empty or non-JSON answer */ }
  return { status: response.status, body };
}

export function say(text, error) {
  const status = document.getElementById("status");
  status.textContent = text || "";
  status.className = error ? "error" : "";
}

export function applyTheme() {
  const params = (tg && tg.themeParams) || {};
  for (const [key, value] of Object.entries(params)) {
    document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, "-")}`, value);
  }
  const dark = tg ? tg.colorScheme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
}

export function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0";
}

export function clock(seconds) {
  const s = Math.max(0, seconds);
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
