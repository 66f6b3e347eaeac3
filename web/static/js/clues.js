// What a clue is called. Which clues the seat to act may give and what
// each would touch come with its view (legal_moves), which cards a clue
// that was given touched with the clue (events' and clue marks' touched),
// and what a rank clue means with the variant (GET /variants/{name}:
// rank_clues, as the engine decides touches): in Odds and Evens rank clue
// 1 touches 1, 3 and 5, and the page says "odd". The page decides nothing.

// rankName is what rank clue r means in words: "3", or "odd", "even",
// "1–3", "3–5" where the variant's rules stretch it.
export function rankName(variant, r) {
  const rc = (variant.rank_clues || []).find((c) => c.rank === r);
  return rc ? rc.name : String(r);
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
