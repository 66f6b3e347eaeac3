// Card counting: what one of my cards can still be, from what its clues
// allow minus every copy this seat can see (the fireworks, the discards and
// the others' hands). My own hidden cards never count: I cannot see them.

function copies(suit, rank, options) {
  if (suit.name === 'rainbow' && options && options.rainbow_cards === 5) return suit.ranks.includes(rank) ? 1 : 0;
  return suit.ranks.filter((r) => r === rank).length;
}

// seenCounts counts the visible copies of each identity, keyed "suit:rank".
export function seenCounts(view) {
  const seen = new Map();
  const add = (s, r) => seen.set(`${s}:${r}`, (seen.get(`${s}:${r}`) || 0) + 1);
  for (const [s, h] of Object.entries(view.fireworks || {})) for (let r = 1; r <= h; r++) add(s, r);
  for (const d of view.discards || []) add(d.suit, d.rank);
  for (const h of view.hands || []) {
    if (h.seat === view.you) continue;
    for (const c of h.cards) if (c.suit !== null && c.suit !== undefined) add(c.suit, c.rank);
  }
  return seen;
}

// possible lists the identities {suit, rank, left} a hidden card can still
// have, in the variant's suit order.
export function possible(card, variant, options, seen) {
  const out = [];
  for (const suit of variant.suits) {
    if (!card.possible_suits.includes(suit.name)) continue;
    for (const rank of card.possible_ranks) {
      const left = copies(suit, rank, options) - (seen.get(`${suit.name}:${rank}`) || 0);
      if (left > 0) out.push({ suit: suit.name, rank, left });
    }
  }
  return out;
}
