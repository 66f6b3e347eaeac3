package variants

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hanabi-server/hanabi/engine"
)

// RankClue is what a rank clue of a variant means: the ranks it touches in
// most of the suits (a suit of its own kind, pink or brown, may differ:
// its touch table says how), and that in words.
type RankClue struct {
	Rank int
	// Touches is the ranks the clue touches in most suits, ascending: the
	// clue's own rank alone in most variants, 1, 3 and 5 for Odds and
	// Evens' 1.
	Touches []int
	// Name is Touches in words: the rank ("3") where it touches its own
	// rank alone, else "odd", "even", a run ("1–3"), or the ranks by "/".
	Name string
}

// RankClues is what each of the variant's rank clues means, in ClueRanks'
// order, as the engine decides which cards a clue touches: the engine's
// configuration of a table with the default options (which touches no
// option changes).
func (v *Variant) RankClues() []RankClue {
	set, _ := v.Resolve(Options{})
	cfg, _ := v.Config(set, MinPlayers)
	out := make([]RankClue, 0, len(v.ClueRanks))
	for _, r := range v.ClueRanks {
		touches := mostTouched(&cfg, r)
		out = append(out, RankClue{Rank: r, Touches: touches, Name: rankClueName(r, touches)})
	}
	return out
}

// mostTouched is the set of ranks that rank clue r touches in the most
// suits (of equally many, the first suit's), leaving out suits it touches
// no card of; r alone if it touches no card at all.
func mostTouched(cfg *engine.Config, r int) []int {
	clue := engine.ClueRank(0, r)
	var sets [][]int
	var counts []int
	for si, s := range cfg.Suits {
		var ranks []int
		for _, k := range s.Ranks {
			if !slices.Contains(ranks, k) && cfg.ClueTouches(clue, engine.Card{Suit: si, Rank: k}) {
				ranks = append(ranks, k)
			}
		}
		if len(ranks) == 0 {
			continue
		}
		slices.Sort(ranks)
		if i := slices.IndexFunc(sets, func(set []int) bool { return slices.Equal(set, ranks) }); i >= 0 {
			counts[i]++
			continue
		}
		sets, counts = append(sets, ranks), append(counts, 1)
	}
	if len(sets) == 0 {
		return []int{r}
	}
	best := 0
	for i, n := range counts {
		if n > counts[best] {
			best = i
		}
	}
	return sets[best]
}

// rankClueName says in words what rank clue r touches.
func rankClueName(r int, touches []int) string {
	switch {
	case slices.Equal(touches, []int{r}):
		return strconv.Itoa(r)
	case slices.Equal(touches, []int{1, 3, 5}):
		return "odd"
	case slices.Equal(touches, []int{2, 4}):
		return "even"
	}
	run := len(touches) > 1
	for i := 1; i < len(touches); i++ {
		run = run && touches[i] == touches[i-1]+1
	}
	if run {
		return strconv.Itoa(touches[0]) + "–" + strconv.Itoa(touches[len(touches)-1])
	}
	words := make([]string, len(touches))
	for i, k := range touches {
		words[i] = strconv.Itoa(k)
	}
	return strings.Join(words, "/")
}
