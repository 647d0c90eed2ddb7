// Random complete 拱猪 deals in the engine of garytang/gongzhu (Node.js), for the
// comparison: its own functions (createDeck, shuffle, isValidPlay, determineTrickWinner,
// calculateTeamScores) are loaded from its backend/index.js, never copied here; the driver
// plays what its server does per card, with a uniformly random legal card, every deal to its
// end, and sums the scores.
//
//   node benchmarks/peer/gongzhu_peer.js path/to/backend/index.js [deals] [repeat]
'use strict';
const fs = require('fs');

const source = fs.readFileSync(process.argv[2], 'utf8');
const start = source.indexOf('const SUITS');
const end = source.indexOf('function handleTrickCompletion');
if (start < 0 || end < 0) throw new Error('not the expected backend/index.js');
const load = new Function('players', `${source.slice(start, end)}
  return { createDeck, shuffle, isValidPlay, determineTrickWinner, calculateTeamScores,
           setGame(g) { game = g; } };`);
const peer = load(new Map());
const deals = Number(process.argv[3] || 20000);
const repeat = Number(process.argv[4] || 5);
const ids = ['p0', 'p1', 'p2', 'p3'];
const teams = { team1: ['p0', 'p2'], team2: ['p1', 'p3'] };

function randomDeal() {
  const deck = peer.createDeck();
  peer.shuffle(deck);
  const hands = {};
  const collected = {};
  ids.forEach((id, i) => { hands[id] = deck.slice(i * 13, (i + 1) * 13); collected[id] = []; });
  const game = { playerOrder: ids, hands, trick: [], turn: 0, collected };
  peer.setGame(game);
  for (let trick = 0; trick < 13; trick++) {
    for (let n = 0; n < 4; n++) {
      const id = ids[game.turn];
      const valid = hands[id].filter(c => peer.isValidPlay(id, c));
      const card = valid[Math.floor(Math.random() * valid.length)];
      hands[id] = hands[id].filter(c => c !== card);
      game.trick.push({ player: id, card });
      game.turn = (game.turn + 1) % 4;
    }
    const winner = peer.determineTrickWinner(game.trick);
    collected[winner].push(...game.trick.map(t => t.card));
    game.turn = ids.indexOf(winner);
    game.trick = [];
  }
  const { individualScores } = peer.calculateTeamScores(collected, teams);
  return Object.values(individualScores).reduce((a, b) => a + b, 0);
}

const rates = [];
let total = 0;
for (let r = 0; r < repeat; r++) {
  const cpu = process.cpuUsage();
  for (let i = 0; i < deals; i++) total += randomDeal();
  const used = process.cpuUsage(cpu);
  rates.push(deals / ((used.user + used.system) / 1e6));
}
rates.sort((a, b) => a - b);
console.log(JSON.stringify({ per_cpu_second: rates[Math.floor(rates.length / 2)], best: rates[rates.length - 1],
                             worst: rates[0], score_sum: total }));
