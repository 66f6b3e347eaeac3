// Package catalogue turns hanab.live's description of its variants
// (variants/testdata/hanablive/catalogue.json and suits.json) into the
// catalogue the registry embeds, in the variant file format. It runs once,
// by go generate; a test checks that running it again changes nothing.
package catalogue

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hanabi-server/hanabi/variants"
)

// entry is one variant as catalogue.json describes it.
type entry struct {
	ID                     int       `json:"hanablive_id"`
	LiveName               string    `json:"hanablive_name"`
	Name                   string    `json:"name"`
	Suits                  []string  `json:"suits"`
	SpecialRank            int       `json:"special_rank"`
	SpecialAllColors       bool      `json:"special_rank_all_clue_colors"`
	SpecialNoColors        bool      `json:"special_rank_no_clue_colors"`
	SpecialAllRanks        bool      `json:"special_rank_all_clue_ranks"`
	SpecialNoRanks         bool      `json:"special_rank_no_clue_ranks"`
	SpecialDeceptive       bool      `json:"special_rank_deceptive"`
	CriticalRank           int       `json:"critical_rank"`
	ScarceOnes             bool      `json:"scarce_ones"`
	OddsAndEvens           bool      `json:"odds_and_evens"`
	Funnels                bool      `json:"funnels"`
	Chimneys               bool      `json:"chimneys"`
	Synesthesia            bool      `json:"synesthesia"`
	ColorCluesTouchNothing bool      `json:"color_clues_touch_nothing"`
	RankCluesTouchNothing  bool      `json:"rank_clues_touch_nothing"`
	ClueColors             *[]string `json:"clue_colors"`
	ClueRanks              *[]int    `json:"clue_ranks"`
	ClueStarved            bool      `json:"clue_starved"`
	AlternatingClues       bool      `json:"alternating_clues"`
	Sudoku                 bool      `json:"sudoku"`
	StackSize              int       `json:"stack_size"`
	UpOrDown               bool      `json:"up_or_down"`
	ThrowItInAHole         bool      `json:"throw_it_in_a_hole"`
	CowAndPig              bool      `json:"cow_and_pig"`
	Duck                   bool      `json:"duck"`
}

// suit is one suit as suits.json describes it.
type suit struct {
	Name       string   `json:"name"`
	ClueColors []string `json:"clue_colors"`
	OneOfEach  bool     `json:"one_of_each"`
	AllColors  bool     `json:"all_clue_colors"`
	NoColors   bool     `json:"no_clue_colors"`
	AllRanks   bool     `json:"all_clue_ranks"`
	NoRanks    bool     `json:"no_clue_ranks"`
	Prism      bool     `json:"prism"`
	// Swaps is hanab.live's Orange rule (docs/variants.md): play and
	// discard are swapped for the suit's cards.
	Swaps bool `json:"swaps_play_and_discard"`
	// Reversed: played from 5 down to 1, two 1s fewer and two 5s more
	// (hanab.live's docs/variants.md, "Reversed").
	Reversed bool `json:"reversed"`
}

// Generate returns the catalogue file: {"variants": [...]}, one variant a line.
func Generate(catalogueJSON, suitsJSON []byte) ([]byte, error) {
	var cat struct{ Variants []entry }
	var st struct{ Suits []suit }
	if err := strictUnmarshal(catalogueJSON, &cat); err != nil {
		return nil, fmt.Errorf("catalogue.json: %w", err)
	}
	if err := strictUnmarshal(suitsJSON, &st); err != nil {
		return nil, fmt.Errorf("suits.json: %w", err)
	}
	suits := map[string]suit{}
	for _, s := range st.Suits {
		suits[s.Name] = s
	}
	var out bytes.Buffer
	out.WriteString("{\"variants\": [\n")
	for i, e := range cat.Variants {
		f, err := file(e, suits)
		if err != nil {
			return nil, fmt.Errorf("catalogue.json: %s: %w", e.Name, err)
		}
		b, err := json.Marshal(f)
		if err != nil {
			return nil, err
		}
		out.Write(b)
		if i < len(cat.Variants)-1 {
			out.WriteByte(',')
		}
		out.WriteByte('\n')
	}
	out.WriteString("]}\n")
	return out.Bytes(), nil
}

func strictUnmarshal(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func file(e entry, suits map[string]suit) (variants.File, error) {
	noEmpty := false
	f := variants.File{
		Name: e.Name, Title: e.LiveName,
		Description:  fmt.Sprintf("hanab.live's %q: %s.", e.LiveName, strings.Join(e.Suits, ", ")),
		HanabLive:    &variants.HanabLive{ID: e.ID, Name: e.LiveName},
		EmptyClues:   &noEmpty,
		CriticalRank: e.CriticalRank, ScarceOnes: e.ScarceOnes, OddsAndEvens: e.OddsAndEvens,
		Funnels: e.Funnels, Chimneys: e.Chimneys, Synesthesia: e.Synesthesia,
		ColorCluesTouchNothing: e.ColorCluesTouchNothing, RankCluesTouchNothing: e.RankCluesTouchNothing,
		ClueStarved: e.ClueStarved, AlternatingClues: e.AlternatingClues,
		Sudoku: e.Sudoku, StackSize: e.StackSize, UpOrDown: e.UpOrDown,
		FaceDownPlays: e.ThrowItInAHole,
	}
	if e.UpOrDown {
		f.Description += " Each suit has one 1 and a START card; an empty firework takes a 1, a 5 or START, START takes a 2 or a 4, and the first cards fix whether the firework goes up to 5 or down to 1."
	}
	switch {
	case e.CowAndPig:
		f.ClueShows = "type"
		f.Description += " A clue shows the cards it touched and whether it named a color or a rank, not which, to all but its giver; it narrows nothing."
	case e.Duck:
		f.ClueShows = "touches"
		f.Description += " A clue shows only the cards it touched to all but its giver; it narrows nothing."
	}
	if e.ThrowItInAHole {
		f.Description += " A card played goes face down: nobody learns what it was or whether it succeeded, and the score and the storm tokens used stay hidden until the end; a completed firework turns back no note token."
	}
	if e.Sudoku {
		f.Description += " Two copies of each card; each firework starts with any rank no other firework started with, and wraps round."
	}
	if e.ClueStarved {
		f.Description += " A discard or a completed firework turns back only half a note token."
	}
	if e.AlternatingClues {
		f.Description += " After the first clue, each clue must be of the other type (color or rank) than the one before."
	}
	f.ClueColors, f.ClueRanks = e.ClueColors, e.ClueRanks
	if e.SpecialRank != 0 {
		sr := &variants.SpecialRank{Rank: e.SpecialRank}
		switch {
		case e.SpecialAllColors:
			sr.Colors = "all"
		case e.SpecialNoColors:
			sr.Colors = "none"
		}
		switch {
		case e.SpecialAllRanks:
			sr.Ranks = "all"
		case e.SpecialNoRanks:
			sr.Ranks = "none"
		case e.SpecialDeceptive:
			sr.Ranks = "deceptive"
		}
		f.SpecialRank = sr
	}
	for _, name := range e.Suits {
		s, ok := suits[name]
		if !ok {
			return f, fmt.Errorf("unknown suit %q", name)
		}
		fs := variants.FileSuit{Name: name, OneOfEach: s.OneOfEach, SwapsPlayAndDiscard: s.Swaps, Reversed: s.Reversed}
		if s.Reversed {
			f.Description += fmt.Sprintf(" The %s suit is played from 5 down to 1; it has one 1 and three 5s (one of each in a dark suit).", name)
		}
		if s.Swaps {
			f.Description += fmt.Sprintf(" %s %s card asked to be played is discarded instead, and one asked to be discarded is played instead.", article(name), name)
		}
		switch {
		case s.AllColors:
			fs.Colors.Keyword = "all"
		case s.NoColors:
			fs.Colors.Keyword = "none"
		case s.Prism:
			fs.Colors.Keyword = "prism"
		case s.ClueColors != nil:
			fs.Colors.List = s.ClueColors
		}
		switch {
		case s.AllRanks:
			fs.Ranks = "all"
		case s.NoRanks:
			fs.Ranks = "none"
		}
		f.Suits = append(f.Suits, fs)
	}
	return f, nil
}

// article is the indefinite article before name in a sentence: "An
// orange card", "A dark-orange card".
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "An"
	}
	return "A"
}
