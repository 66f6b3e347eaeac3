package variants

import (
	"fmt"
	"slices"

	"github.com/hanabi-server/hanabi/engine"
)

// FieldError says which field of which variant file is wrong.
type FieldError struct {
	File  string // the file's path; empty for a variant built in
	Field string // e.g. "suits[4].colors"
	Msg   string
}

func (e *FieldError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("%s: %s", e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Field, e.Msg)
}

// fileRanks is the ranks a variant file's suits have: 1 to 5, as on hanab.live.
const fileRanks = 5

var standard = [fileRanks + 1]int{0, 3, 2, 2, 2, 1}

// nameOK: lower case letters and digits in runs joined by single '-'.
func nameOK(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && s[i-1] != '-':
		default:
			return false
		}
	}
	return true
}

// resolve turns a variant file into a variant: the one place where the
// rules of a file (prism, special ranks, funnels...) become the engine's
// touch table. Errors name the field; the caller adds the file.
func resolve(f *File, source string, in *interner) (*Variant, error) {
	bad := func(field, format string, args ...any) error {
		return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	if !nameOK(f.Name) {
		return nil, bad("name", "%q must be lower case letters, digits and single -", f.Name)
	}
	if f.Title == "" {
		return nil, bad("title", "missing")
	}
	if len(f.Suits) == 0 || len(f.Suits) > engine.MaxSuits {
		return nil, bad("suits", "a variant has 1–%d suits, not %d", engine.MaxSuits, len(f.Suits))
	}
	for i, s := range f.Suits {
		field := func(f string) string { return fmt.Sprintf("suits[%d].%s", i, f) }
		if !nameOK(s.Name) {
			return nil, bad(field("name"), "%q must be lower case letters, digits and single -", s.Name)
		}
		for j := range i {
			if f.Suits[j].Name == s.Name {
				return nil, bad(field("name"), "suit %q appears twice", s.Name)
			}
		}
		switch s.Ranks {
		case "", "own", "all", "none":
		default:
			return nil, bad(field("ranks"), "%q is not \"own\", \"all\" or \"none\"", s.Ranks)
		}
	}

	var colors []string
	if f.ClueColors != nil {
		colors = *f.ClueColors
	} else {
		for _, s := range f.Suits {
			switch {
			case s.Colors.Keyword != "":
			case s.Colors.List != nil:
				for _, c := range s.Colors.List {
					if !slices.Contains(colors, c) {
						colors = append(colors, c)
					}
				}
			default:
				if !slices.Contains(colors, s.Name) {
					colors = append(colors, s.Name)
				}
			}
		}
	}
	if colors == nil {
		colors = []string{} // a list, even when no suit names a color
	}
	if len(colors) > engine.MaxColors {
		return nil, bad("clue_colors", "at most %d clue colors, got %d", engine.MaxColors, len(colors))
	}
	for i, c := range colors {
		if !nameOK(c) {
			return nil, bad(fmt.Sprintf("clue_colors[%d]", i), "%q must be lower case letters, digits and single -", c)
		}
		if slices.Index(colors, c) != i {
			return nil, bad(fmt.Sprintf("clue_colors[%d]", i), "%q appears twice", c)
		}
	}
	ranks := []int{1, 2, 3, 4, 5}
	if f.ClueRanks != nil {
		ranks = *f.ClueRanks
	}
	for i, r := range ranks {
		if r < 1 || r > fileRanks || slices.Index(ranks, r) != i {
			return nil, bad(fmt.Sprintf("clue_ranks[%d]", i), "rank %d is not one of 1–%d once each", r, fileRanks)
		}
	}
	if f.OddsAndEvens && !slices.Equal(ranks, []int{1, 2}) {
		return nil, bad("clue_ranks", "odds_and_evens needs clue_ranks [1, 2]")
	}
	if sr := f.SpecialRank; sr != nil {
		if sr.Rank < 1 || sr.Rank > fileRanks {
			return nil, bad("special_rank.rank", "rank %d is not 1–%d", sr.Rank, fileRanks)
		}
		if sr.Colors != "" && sr.Colors != "all" && sr.Colors != "none" {
			return nil, bad("special_rank.colors", "%q is not \"all\" or \"none\"", sr.Colors)
		}
		switch sr.Ranks {
		case "", "all", "none", "deceptive":
		default:
			return nil, bad("special_rank.ranks", "%q is not \"all\", \"none\" or \"deceptive\"", sr.Ranks)
		}
	}
	shows := engine.ShowsAll
	switch f.ClueShows {
	case "":
	case "type":
		shows = engine.ShowsType
	case "touches":
		shows = engine.ShowsTouches
	default:
		return nil, bad("clue_shows", "%q is not \"type\" or \"touches\"", f.ClueShows)
	}
	if f.StackSize != 0 && (f.StackSize < 1 || f.StackSize > fileRanks) {
		return nil, bad("stack_size", "%d is not 1–%d", f.StackSize, fileRanks)
	}
	if f.UpOrDown && f.Sudoku {
		return nil, bad("up_or_down", "cannot go with sudoku")
	}
	if f.UpOrDown && f.StackSize != 0 && f.StackSize != fileRanks {
		return nil, bad("up_or_down", "needs suits of %d ranks, not stack_size %d", fileRanks, f.StackSize)
	}
	for i, s := range f.Suits {
		if f.UpOrDown && s.Reversed {
			return nil, bad(fmt.Sprintf("suits[%d].reversed", i), "cannot go with up_or_down")
		}
	}
	if f.CriticalRank != 0 && (f.CriticalRank < 1 || f.CriticalRank > fileRanks) {
		return nil, bad("critical_rank", "rank %d is not 1–%d", f.CriticalRank, fileRanks)
	}
	rules, ok := engine.ParseRules(f.Rules)
	if !ok {
		return nil, bad("rules", "%q is not \"abacus\" or \"hanablive\"", f.Rules)
	}
	if f.Rules == "" && source == SourceHanabLive {
		rules = engine.RulesHanabLive // hanab.live's variants play its rules
	}

	v := &Variant{
		Name: f.Name, Title: f.Title, Description: f.Description, Source: source,
		ClueColors: in.list(colors), ClueRanks: in.intList(ranks), EmptyClues: f.EmptyClues == nil || *f.EmptyClues,
		ClueStarved: f.ClueStarved, AlternatingClues: f.AlternatingClues, Sudoku: f.Sudoku, UpOrDown: f.UpOrDown,
		FaceDownPlays: f.FaceDownPlays, ClueShows: shows, Rules: rules,
	}
	if f.HanabLive != nil {
		hl := *f.HanabLive
		v.HanabLive = &hl
	}
	v.Suits = make([]SuitDef, 0, len(f.Suits))
	for si, s := range f.Suits {
		// A suit's own color list must name clue colors, unless the
		// variant has none: then no color clue can be given at all.
		if s.Colors.Keyword == "" && len(colors) > 0 {
			own := s.Colors.List
			field := "colors"
			if own == nil {
				own = []string{s.Name}
				field = "name"
			}
			for _, c := range own {
				if !slices.Contains(colors, c) {
					return nil, bad(fmt.Sprintf("suits[%d].%s", si, field), "color %q is not a clue color (clue colors: %v)", c, colors)
				}
			}
		}
		top := fileRanks
		if f.UpOrDown {
			top = engine.StartRank // the ranks between have no cards and touch nothing
		}
		def := SuitDef{Name: s.Name, Touches: make([]engine.Touch, top), Ranks: make([]int, 0, 10), Swapped: s.SwapsPlayAndDiscard, Reversed: s.Reversed}
		for r := 1; r <= fileRanks; r++ {
			for range copies(f, s, r) {
				def.Ranks = append(def.Ranks, r)
			}
			def.Touches[r-1] = touch(f, si, r, colors, ranks)
		}
		if f.UpOrDown {
			def.Ranks = append(def.Ranks, engine.StartRank) // one START card, in every suit
			def.Touches[engine.StartRank-1] = touch(f, si, engine.StartRank, colors, ranks)
		}
		def.CluedBy = in.list(cluedBy(def.Touches, colors))
		def.Name, def.Ranks, def.Touches = in.str(def.Name), in.intList(def.Ranks), in.touchList(def.Touches)
		v.Suits = append(v.Suits, def)
	}
	if _, err := v.Config(Settings{StormTokens: DefaultStorm, NoteTokens: DefaultNotes, EmptyClues: v.EmptyClues, Rules: rules.String()}, MinPlayers); err != nil {
		return nil, bad("suits", "%v", err)
	}
	return v, nil
}

// copies is how many cards of rank r suit s has. A reversed suit's copies
// are mirrored: its 5 has the copies a 1 would have.
func copies(f *File, s FileSuit, r int) int {
	if f.StackSize != 0 && r > f.StackSize {
		return 0
	}
	if s.Reversed {
		r = fileRanks + 1 - r
	}
	switch {
	case s.OneOfEach:
		return 1
	case r == f.CriticalRank:
		return 1
	case r == 1 && f.ScarceOnes, f.Sudoku:
		return 2
	case r == 1 && f.UpOrDown:
		return 1
	}
	return standard[r]
}

// touch is which clues touch a card of suit si and rank r, in hanab.live's
// order of the rules.
func touch(f *File, si, r int, colors []string, ranks []int) engine.Touch {
	s := f.Suits[si]
	var t engine.Touch
	for ci, c := range colors {
		if colorTouches(f, s, r, ci, c, len(colors)) {
			t.Colors |= 1 << ci
		}
	}
	for ri, clue := range ranks {
		if rankTouches(f, s, si, r, ri, clue, len(ranks)) {
			t.Ranks |= 1 << clue
		}
	}
	return t
}

func colorTouches(f *File, s FileSuit, r, ci int, c string, n int) bool {
	prism := func() bool { return ci == (r-1)%n }
	switch {
	case f.ColorCluesTouchNothing:
		return false
	case s.Colors.Keyword == "all":
		return true
	case s.Colors.Keyword == "none":
		return false
	case f.Synesthesia && s.Ranks != "none" && prism():
		return true
	}
	if sr := f.SpecialRank; sr != nil && sr.Rank == r && sr.Colors != "" {
		return sr.Colors == "all"
	}
	if s.Colors.Keyword == "prism" {
		if r == engine.StartRank && f.UpOrDown {
			// hanab.live counts a START card as rank 0 for a prism
			// suit: the last clue color touches it.
			return ci == n-1
		}
		return prism()
	}
	if s.Colors.List != nil {
		return slices.Contains(s.Colors.List, c)
	}
	return c == s.Name
}

func rankTouches(f *File, s FileSuit, si, r, ri, clue, n int) bool {
	switch {
	case f.RankCluesTouchNothing:
		return false
	case s.Ranks == "all":
		return true
	case s.Ranks == "none":
		return false
	case f.Funnels:
		return r <= clue
	case f.Chimneys:
		return r >= clue
	case f.OddsAndEvens:
		// Odd is 1, 3 and 5, even 2 and 4: a START card is neither.
		return r <= fileRanks && r%2 == clue%2
	}
	if sr := f.SpecialRank; sr != nil && sr.Rank == r && sr.Ranks != "" {
		switch sr.Ranks {
		case "all":
			return true
		case "none":
			return false
		default: // deceptive
			return ri == si%n
		}
	}
	return r == clue
}

// cluedBy is the colors that touch every card of a suit: the v1 view of a
// suit, exact wherever a suit's color does not depend on the rank.
func cluedBy(ts []engine.Touch, colors []string) []string {
	all := ^uint8(0)
	for _, t := range ts {
		all &= t.Colors
	}
	return colorNames(all, colors)
}
