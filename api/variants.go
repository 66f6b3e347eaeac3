package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/variants"
)

// VariantView describes a variant: its suits as data, which clues touch
// which cards, and the options a table may choose.
type VariantView struct {
	Name        string        `json:"name" example:"farbrausch2"`
	Title       string        `json:"title" example:"Farbrausch²"`
	Description string        `json:"description"`
	Source      string        `json:"source" enums:"rules,hanablive,file" example:"rules"`
	HanabLive   *HanabLiveRef `json:"hanablive" extensions:"x-nullable"`
	Suits       []SuitView    `json:"suits"`
	ClueColors  []string      `json:"clue_colors" example:"red,yellow,green,blue,white"`
	ClueRanks   []int         `json:"clue_ranks" example:"1,2,3,4,5"`
	// RankClues is what each rank clue of clue_ranks means, in its order:
	// the ranks it touches in most suits, and that in words.
	RankClues []RankClueView `json:"rank_clues"`
	MaxScore  int            `json:"max_score" example:"30"`
	// Rules is the rule book the variant's games follow where the ABACUS
	// rules and hanab.live's differ: how a game ends (hanab.live's also end
	// at the maximum score still possible and when no card that could be
	// played is left), whether the move that ends it draws, who starts
	// (seat 0, or a seat the deal's seed picks) and Orange's details.
	// hanab.live's for the catalogue, the ABACUS rules for the rules' own
	// variants, a variant file's "rules" field (abacus unless it says
	// hanablive).
	Rules   string                `json:"rules" enums:"abacus,hanablive" example:"abacus"`
	Options map[string]OptionSpec `json:"options"`
}

// RankClueView is what a rank clue means: the ranks it touches in most of
// the variant's suits (a suit of its own kind, pink or brown, may differ:
// its touches say how) and its name in words: the rank itself ("3") where
// it touches only its own rank, else "odd", "even", a run ("1–3") or the
// ranks by "/" ("2/5"), as in Odds and Evens, Funnels, Chimneys and Pink
// Fives.
type RankClueView struct {
	Rank    int    `json:"rank" example:"1"`
	Touches []int  `json:"touches" example:"1,3,5"`
	Name    string `json:"name" example:"odd"`
}

// HanabLiveRef is the hanab.live variant with the same rules.
type HanabLiveRef struct {
	ID   int    `json:"id" example:"3"`
	Name string `json:"name" example:"Rainbow (6 Suits)"`
}

// SuitView is one suit: its cards' ranks, the clue colors that touch every
// card of it, and for each rank exactly the clues that touch such a card.
type SuitView struct {
	Name    string      `json:"name" example:"rainbow"`
	CluedBy []string    `json:"clued_by" example:"red,yellow,green,blue,white"`
	Ranks   []int       `json:"ranks" example:"1,1,1,2,2,3,3,4,4,5"`
	Touches []TouchView `json:"touches"`
}

// TouchView is which clues touch a card of one rank of a suit.
type TouchView struct {
	Rank   int      `json:"rank" example:"1"`
	Colors []string `json:"colors" example:"red,yellow,green,blue,white"`
	Ranks  []int    `json:"ranks" example:"1"`
}

// OptionSpec is an option's default and its allowed values: a range
// (min, max), a list (allowed), or both (turn_seconds: 0 or min–max).
type OptionSpec struct {
	Default OptionValue   `json:"default" oneOf:"int,bool,string"`
	Min     *int          `json:"min,omitempty" validate:"optional"`
	Max     *int          `json:"max,omitempty" validate:"optional"`
	Allowed []OptionValue `json:"allowed,omitempty" validate:"optional" oneOf:"int,bool,string"`
}

// OptionValue is an option's value: an integer (storm_tokens, turn_seconds,
// ...), true or false (empty_clues), or a string (on_timeout).
type OptionValue any

// VariantList is one page of the registered variants.
type VariantList struct {
	Variants   []*VariantView `json:"variants"`
	NextCursor *string        `json:"next_cursor" extensions:"x-nullable"`
}

// views caches each variant's view: variants never change once registered,
// so a catalogue variant costs what a built-in one does after its first read.
var views sync.Map // *variants.Variant → *VariantView

func variantView(v *variants.Variant) *VariantView {
	if out, ok := views.Load(v); ok {
		return out.(*VariantView)
	}
	out := &VariantView{
		Name: v.Name, Title: v.Title, Description: v.Description, Source: v.Source,
		ClueColors: slices.Clone(v.ClueColors), ClueRanks: slices.Clone(v.ClueRanks), RankClues: []RankClueView{},
		MaxScore: v.MaxScore(), Rules: v.Rules.String(),
		Options: map[string]OptionSpec{
			"storm_tokens": {Default: variants.DefaultStorm, Min: ptr(variants.MinStorm), Max: ptr(variants.MaxStorm)},
			"note_tokens":  {Default: variants.DefaultNotes, Min: ptr(variants.MinNotes), Max: ptr(variants.MaxNotes)},
			"empty_clues":  {Default: v.EmptyClues},
			"turn_seconds": {Default: 0, Min: ptr(variants.MinTurnSeconds), Max: ptr(variants.MaxTurnSeconds), Allowed: []OptionValue{0}},
			"on_timeout":   {Default: variants.OnTimeoutBot, Allowed: anyOf(variants.OnTimeoutValues)},
			// One card more or one less in each hand (not both).
			"one_extra_card": {Default: false},
			"one_less_card":  {Default: false},
			// The deck's last card may be played blind; only a perfect game counts.
			"deck_plays":     {Default: false},
			"all_or_nothing": {Default: false},
		},
	}
	for _, rc := range v.RankClues() {
		out.RankClues = append(out.RankClues, RankClueView{Rank: rc.Rank, Touches: rc.Touches, Name: rc.Name})
	}
	if v.HanabLive != nil {
		out.HanabLive = &HanabLiveRef{ID: v.HanabLive.ID, Name: v.HanabLive.Name}
	}
	if v.HasRainbow() {
		out.Options["rainbow_cards"] = OptionSpec{Default: variants.DefaultRainbowCards, Allowed: anyOf(variants.RainbowCardCounts)}
	}
	for si, s := range v.Suits {
		sv := SuitView{Name: s.Name, CluedBy: slices.Clone(s.CluedBy), Ranks: slices.Clone(s.Ranks), Touches: []TouchView{}}
		for r := 1; r <= slices.Max(s.Ranks); r++ {
			if slices.Contains(s.Ranks, r) {
				sv.Touches = append(sv.Touches, TouchView{Rank: r, Colors: v.TouchColors(si, r), Ranks: v.TouchRanks(si, r)})
			}
		}
		out.Suits = append(out.Suits, sv)
	}
	got, _ := views.LoadOrStore(v, out)
	return got.(*VariantView)
}

const (
	defaultVariantLimit = 100
	maxVariantLimit     = 1000
)

// listVariants godoc
//
//	@Summary		List variants
//	@Description	The variants of the rules first, then hanab.live's catalogue, then the operator's variant files, a page at a time.
//	@ID				listVariants
//	@Tags			variants
//	@Produce		json
//	@Param			q		query		string	false	"keep variants whose name or title contains this (case-insensitive)"	example(prism)
//	@Param			limit	query		int		false	"page size (1–1000, default 100)"	minimum(1)	maximum(1000)
//	@Param			cursor	query		string	false	"next_cursor of the previous page"
//	@Success		200		{object}	VariantList
//	@Success	304	"not modified: If-None-Match matches the ETag"
//	@Header		304	{string}	ETag	"the current ETag"
//	@Router			/variants [get]
func (s *Server) listVariants(c *gin.Context) {
	limit := defaultVariantLimit
	if l, ok := c.GetQuery("limit"); ok {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxVariantLimit {
			s.fail(c, errorf(fault.Invalid, codeBadRequest, "limit must be 1–%d", maxVariantLimit))
			return
		}
		limit = n
	}
	start := 0
	if cur := c.Query("cursor"); cur != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(cur, "v"))
		if err != nil || !strings.HasPrefix(cur, "v") || n < 0 {
			s.fail(c, errorf(fault.Invalid, codeBadRequest, "cursor is not one this server gave"))
			return
		}
		start = n
	}
	q := strings.ToLower(c.Query("q"))
	all := variants.All()
	out := VariantList{Variants: []*VariantView{}}
	for i := start; i < len(all); i++ {
		v := all[i]
		if q != "" && !strings.Contains(v.Name, q) && !strings.Contains(strings.ToLower(v.Title), q) {
			continue
		}
		// A full page may be the last one: the next match, if any, says
		// that it is not.
		if len(out.Variants) == limit {
			out.NextCursor = ptr("v" + strconv.Itoa(i))
			break
		}
		out.Variants = append(out.Variants, variantView(v))
	}
	c.JSON(http.StatusOK, out)
}

// getVariant godoc
//
//	@Summary	One variant: its suits, which clues touch each card, its options
//	@ID			getVariant
//	@Tags		variants
//	@Produce	json
//	@Param		name	path		string	true	"variant name"
//	@Success	200		{object}	VariantView
//	@Success	304	"not modified: If-None-Match matches the ETag"
//	@Header		304	{string}	ETag	"the current ETag"
//	@Router		/variants/{name} [get]
func (s *Server) getVariant(c *gin.Context) {
	v, err := variants.Get(c.Param("name"))
	if err != nil {
		s.fail(c, errorf(fault.NotFound, codeNotFound, "no variant named %q", truncate(c.Param("name"), 64)))
		return
	}
	c.JSON(http.StatusOK, variantView(v))
}

func anyOf[T any](vs []T) []OptionValue {
	out := make([]OptionValue, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}
