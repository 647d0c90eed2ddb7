// A card's face, as the game's look says it reads (suited, or by rank with wildcards and jokers marked).

import { el, state, SUITS } from "./page.js";

export function tokens(text) {
  return new Set((text || "").split(" ").filter(Boolean));
}

// A face with a word of its own (a joker's), else its notation
export function faceWord(token) {
  const words = WORDS[state.lang] || WORDS.zh;
  return words[`face_${token}`] || token;
}

export function cardFace(token, look, cls) {
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

export function mini(token, look) {
  const suited = look.cards === "suited";
  const text = suited ? `${SUITS[token[0]]}${token.slice(1)}` : token;
  const node = el("span", "mini", text);
  if (suited && (token[0] === "H" || token[0] === "D")) node.classList.add("red");
  return node;
}
