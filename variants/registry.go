package variants

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hanabi-server/hanabi/engine"
)

// Config is the engine configuration a variant resolves to.
type Config = engine.Config

func own(names ...string) []FileSuit {
	out := make([]FileSuit, len(names))
	for i, n := range names {
		out[i] = FileSuit{Name: n}
	}
	return out
}

var five = own("red", "yellow", "green", "blue", "white")

// rules are the variants of the rules, written as variant files are.
var rules = []File{
	{
		Name: "basic", Title: "Hanabi",
		Description: "The basic game: five suits of ten cards.",
		HanabLive:   &HanabLive{ID: 0, Name: "No Variant"},
		Suits:       five,
	},
	{
		Name: "farbrausch", Title: "Farbrausch",
		Description: "Rainbow is a sixth suit with its own clue color.",
		HanabLive:   &HanabLive{ID: 1, Name: "6 Suits"},
		Suits:       append(five[:5:5], FileSuit{Name: "rainbow"}),
	},
	{
		Name: "farbrausch2", Title: "Farbrausch²",
		Description: "Rainbow is a sixth suit that no clue can name: every color clue touches it.",
		HanabLive:   &HanabLive{ID: 3, Name: "Rainbow (6 Suits)"},
		Suits:       append(five[:5:5], FileSuit{Name: "rainbow", Colors: Colors{Keyword: "all"}}),
	},
}

//go:embed catalogue.json
var catalogueJSON []byte

// table is the registry at one moment: it never changes once published, so
// readers need no lock.
type table struct {
	list   []*Variant
	byName map[string]*Variant
}

var (
	current  atomic.Pointer[table]
	initOnce sync.Once
	loadMu   sync.Mutex // one Load at a time
)

// reg returns the registry, resolving the catalogue the first time it is
// asked for (hanabi serve asks at start).
func reg() *table {
	initOnce.Do(func() {
		t, err := builtin()
		if err != nil {
			panic("variants: the built-in variants do not resolve: " + err.Error())
		}
		current.Store(t)
	})
	return current.Load()
}

// ruleVariants are the rules' own variants, resolved on their own: a game
// of the rules needs no catalogue.
var ruleVariants = sync.OnceValue(func() []*Variant {
	out := make([]*Variant, len(rules))
	for i := range rules {
		v, err := resolve(&rules[i], SourceRules, nil)
		if err != nil {
			panic(fmt.Sprintf("variants: %s does not resolve: %v", rules[i].Name, err))
		}
		// The rules' rainbow takes its card count from rainbow_cards.
		for j := range v.Suits {
			v.Suits[j].Rainbow = v.Suits[j].Name == "rainbow"
		}
		out[i] = v
	}
	return out
})

func builtin() (*table, error) {
	t := &table{byName: map[string]*Variant{}}
	for _, v := range ruleVariants() {
		t.add(v)
	}
	files, err := parse("catalogue.json", catalogueJSON)
	if err != nil {
		return nil, err
	}
	in := newInterner()
	cat := make([]*Variant, len(files))
	nSuits := 0
	for i := range files {
		v, err := resolve(&files[i], SourceHanabLive, in)
		if err != nil {
			return nil, fmt.Errorf("catalogue.json: variants[%d]: %w", i, err)
		}
		cat[i] = v
		nSuits += len(v.Suits)
	}
	// Packed into three arrays, the resident catalogue is a few objects
	// for the collector to mark, not thousands.
	vals := make([]Variant, len(cat))
	suits := make([]SuitDef, 0, nSuits)
	lives := make([]HanabLive, len(cat))
	var sb strings.Builder
	for _, v := range cat {
		sb.WriteString(v.Name)
		sb.WriteString(v.Title)
		sb.WriteString(v.Description)
	}
	text, at := sb.String(), 0
	next := func(s string) string {
		at += len(s)
		return text[at-len(s) : at]
	}
	for i, v := range cat {
		vals[i] = *v
		vals[i].Name, vals[i].Title, vals[i].Description = next(v.Name), next(v.Title), next(v.Description)
		n := len(suits)
		suits = append(suits, v.Suits...)
		vals[i].Suits = suits[n:len(suits):len(suits)]
		if v.HanabLive != nil {
			lives[i] = *v.HanabLive
			if lives[i].Name == v.Title {
				lives[i].Name = vals[i].Title
			}
			vals[i].HanabLive = &lives[i]
		}
		if t.byName[v.Name] != nil {
			return nil, fmt.Errorf("catalogue.json: variants[%d]: name %q is already registered", i, v.Name)
		}
		t.add(&vals[i])
	}
	return t, nil
}

func (t *table) add(v *Variant) {
	t.list = append(t.list, v)
	t.byName[v.Name] = v
}

// All lists every registered variant: the rules' first, then the catalogue,
// then the variant files. The slice must not be changed.
func All() []*Variant { return reg().list }

// Get finds a variant by name.
func Get(name string) (*Variant, error) {
	for _, v := range ruleVariants() {
		if v.Name == name {
			return v, nil
		}
	}
	if v := reg().byName[name]; v != nil {
		return v, nil
	}
	return nil, fmt.Errorf("%w %q (known: %s and %d more, see GET /v1/variants)", ErrUnknownVariant, name,
		strings.Join([]string{rules[0].Name, rules[1].Name, rules[2].Name}, ", "), len(reg().list)-len(rules))
}

// Setup resolves a variant, its options and a player count into an engine config
// and the resolved settings, the one call a game's creator needs.
func Setup(name string, o Options, players int) (*Variant, Settings, Config, error) {
	v, err := Get(name)
	if err != nil {
		return nil, Settings{}, Config{}, err
	}
	s, err := v.Resolve(o)
	if err != nil {
		return nil, Settings{}, Config{}, err
	}
	cfg, err := v.Config(s, players)
	return v, s, cfg, err
}
