// What a clue would touch and what it is called, read from the table the
// server publishes with each variant (GET /variants/{name}: for every rank
// of every suit, the clues that touch such a card), the table the engine
// decides clues by; the page decides nothing itself. In Odds and Evens rank
// clue 1 touches 1, 3 and 5, and the page says "odd". Which cards a clue
// that was given touched comes with it (events' and clue marks' touched).

// touches looks up whether a clue would touch a card of known face.
export function touches(variant, card, clue) {
  const suit = variant.suits.find((s) => s.name === card.suit);
  const row = suit && suit.touches.find((r) => r.rank === card.rank);
  if (!row) return false;
  return clue.color ? row.colors.includes(clue.color) : row.ranks.includes(clue.rank);
}

// rankTouches is the set of ranks that rank clue r touches in most suits.
function rankTouches(variant, r) {
  const seen = new Map();
  for (const s of variant.suits) {
    const ranks = [...new Set(s.ranks)].filter((k) => touches(variant, { suit: s.name, rank: k }, { rank: r }));
    const key = ranks.sort((a, b) => a - b).join(',');
    seen.set(key, (seen.get(key) || 0) + 1);
  }
  let best = String(r);
  let n = 0;
  for (const [k, c] of seen) if (c > n && k) { best = k; n = c; }
  return best.split(',').map(Number);
}

// rankName is what rank clue r means in words: "3", or "odd", "even",
// "1–3", "3–5" where the variant's rules stretch it.
export function rankName(variant, r) {
  const ks = rankTouches(variant, r);
  if (ks.length === 1 && ks[0] === r) return String(r);
  const k = ks.join(',');
  if (k === '1,3,5') return 'odd';
  if (k === '2,4') return 'even';
  const run = ks.every((x, i) => i === 0 || x === ks[i - 1] + 1);
  if (run) return `${ks[0]}–${ks[ks.length - 1]}`;
  return ks.join('/');
}

// clueName is a clue in words: a colour, or a rank with what it means.
export function clueName(variant, clue) {
  if (clue.color) return clue.color;
  // Cow & Pig and Duck: the clue's value reaches only its giver.
  if (clue.rank === null || clue.rank === undefined) {
    if (clue.clue_type === 'color') return 'a color ("moo")';
    if (clue.clue_type === 'rank') return 'a rank ("oink")';
    return '"quack"';
  }
  const n = rankName(variant, clue.rank);
  return n === String(clue.rank) ? n : `${clue.rank} (${n})`;
}
