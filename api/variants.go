package api

import (
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/variants"
)

// VariantView describes a variant: its suits as data and the options a table may choose.
type VariantView struct {
	Name        string                `json:"name" example:"farbrausch2"`
	Title       string                `json:"title" example:"Farbrausch²"`
	Description string                `json:"description"`
	Suits       []SuitView            `json:"suits"`
	ClueColors  []string              `json:"clue_colors" example:"red,yellow,green,blue,white"`
	ClueRanks   []int                 `json:"clue_ranks" example:"1,2,3,4,5"`
	MaxScore    int                   `json:"max_score" example:"30"`
	Options     map[string]OptionSpec `json:"options"`
}

// SuitView is one suit: the clue colors that touch it and its cards' ranks.
type SuitView struct {
	Name    string   `json:"name" example:"rainbow"`
	CluedBy []string `json:"clued_by" example:"red,yellow,green,blue,white"`
	Ranks   []int    `json:"ranks" example:"1,1,1,2,2,3,3,4,4,5"`
}

// OptionSpec is an option's default and its allowed values: a range
// (min, max), a list (allowed), or both (turn_seconds: 0 or min–max).
type OptionSpec struct {
	Default any   `json:"default"`
	Min     *int  `json:"min,omitempty" validate:"optional"`
	Max     *int  `json:"max,omitempty" validate:"optional"`
	Allowed []any `json:"allowed,omitempty" validate:"optional"`
}

// VariantList is every registered variant.
type VariantList struct {
	Variants []VariantView `json:"variants"`
}

func variantView(v *variants.Variant) VariantView {
	out := VariantView{
		Name: v.Name, Title: v.Title, Description: v.Description,
		ClueColors: slices.Clone(v.ClueColors), ClueRanks: slices.Clone(v.ClueRanks),
		MaxScore: v.MaxScore(),
		Options: map[string]OptionSpec{
			"storm_tokens": {Default: variants.DefaultStorm, Min: ptr(variants.MinStorm), Max: ptr(variants.MaxStorm)},
			"note_tokens":  {Default: variants.DefaultNotes, Min: ptr(variants.MinNotes), Max: ptr(variants.MaxNotes)},
			"empty_clues":  {Default: true},
			"turn_seconds": {Default: 0, Min: ptr(variants.MinTurnSeconds), Max: ptr(variants.MaxTurnSeconds), Allowed: []any{0}},
			"on_timeout":   {Default: variants.OnTimeoutBot, Allowed: anyOf(variants.OnTimeoutValues)},
		},
	}
	if v.HasRainbow() {
		out.Options["rainbow_cards"] = OptionSpec{Default: variants.DefaultRainbowCards, Allowed: anyOf(variants.RainbowCardCounts)}
	}
	for _, s := range v.Suits {
		out.Suits = append(out.Suits, SuitView{Name: s.Name, CluedBy: slices.Clone(s.CluedBy), Ranks: slices.Clone(s.Ranks)})
	}
	return out
}

// listVariants godoc
//
//	@Summary	List variants
//	@ID			listVariants
//	@Tags		variants
//	@Produce	json
//	@Success	200	{object}	VariantList
//	@Failure	429	{object}	Problem	"rate_limited"
//	@Router		/variants [get]
func (s *Server) listVariants(c *gin.Context) {
	out := VariantList{Variants: []VariantView{}}
	for _, v := range variants.All() {
		out.Variants = append(out.Variants, variantView(&v))
	}
	c.JSON(http.StatusOK, out)
}

// getVariant godoc
//
//	@Summary	One variant
//	@ID			getVariant
//	@Tags		variants
//	@Produce	json
//	@Param		name	path		string	true	"variant name"
//	@Success	200		{object}	VariantView
//	@Failure	404		{object}	Problem	"not_found"
//	@Failure	429		{object}	Problem	"rate_limited"
//	@Router		/variants/{name} [get]
func (s *Server) getVariant(c *gin.Context) {
	v, err := variants.Get(c.Param("name"))
	if err != nil {
		s.fail(c, errorf(codeNotFound, "no variant named %q", truncate(c.Param("name"), 64)))
		return
	}
	c.JSON(http.StatusOK, variantView(v))
}

func anyOf[T any](vs []T) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}
