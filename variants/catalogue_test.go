package variants_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
	"github.com/hanabi-server/hanabi/variants/internal/catalogue"
	"github.com/hanabi-server/hanabi/variants/varianttest"
)

// TestCatalogueUpToDate: generating the catalogue again from hanab.live's
// description changes nothing in the committed file.
func TestCatalogueUpToDate(t *testing.T) {
	cat, err := os.ReadFile("testdata/hanablive/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	suits, err := os.ReadFile("testdata/hanablive/suits.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := catalogue.Generate(cat, suits)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("catalogue.json is not what the generator writes: run go generate ./variants")
	}
}

// TestCatalogueTouches resolves every catalogue variant and compares it with
// what hanab.live's rules code answers: clue colors, clue ranks, the maximum
// score, and for every suit and rank the copies and the clues that touch it.
func TestCatalogueTouches(t *testing.T) {
	ref := varianttest.ReadTouches(t)
	n := 0
	for _, v := range variants.All() {
		if v.Source == variants.SourceHanabLive {
			n++
		}
	}
	if n != len(ref.Variants) {
		t.Errorf("the catalogue holds %d variants, hanab.live %d", n, len(ref.Variants))
	}
	bad := 0
	for _, want := range ref.Variants {
		v, err := variants.Get(want.Name)
		if err != nil {
			t.Errorf("%s: %v", want.Name, err)
			continue
		}
		fail := func(format string, args ...any) {
			bad++
			if bad <= 20 {
				t.Errorf(want.Name+": "+format, args...)
			}
		}
		if v.Source != variants.SourceHanabLive || v.HanabLive == nil {
			fail("source %s, hanablive %v", v.Source, v.HanabLive)
		}
		if !slices.Equal(v.ClueColors, want.ClueColors) || !slices.Equal(v.ClueRanks, want.ClueRanks) {
			fail("clue colors %v ranks %v, want %v %v", v.ClueColors, v.ClueRanks, want.ClueColors, want.ClueRanks)
		}
		if v.MaxScore() != want.MaxScore {
			fail("max score %d, want %d", v.MaxScore(), want.MaxScore)
		}
		if len(v.Suits) != len(want.Suits) {
			fail("%d suits, want %d", len(v.Suits), len(want.Suits))
			continue
		}
		for si, ws := range want.Suits {
			s := v.Suits[si]
			if s.Name != ws.Name {
				fail("suit %d is %s, want %s", si, s.Name, ws.Name)
			}
			for r := 1; r <= 5; r++ {
				if c := count(s.Ranks, r); c != ws.Copies[r-1] {
					fail("%s %d: %d copies, want %d", s.Name, r, c, ws.Copies[r-1])
				}
				if got := v.TouchColors(si, r); !slices.Equal(got, ws.Colors[r-1]) {
					fail("%s %d: touched by colors %v, want %v", s.Name, r, got, ws.Colors[r-1])
				}
				if got := v.TouchRanks(si, r); !slices.Equal(got, ws.Ranks[r-1]) {
					fail("%s %d: touched by ranks %v, want %v", s.Name, r, got, ws.Ranks[r-1])
				}
			}
			// An Up or Down suit's START card (rank engine.StartRank),
			// and no such card anywhere else.
			start := count(s.Ranks, engine.StartRank)
			switch st := ws.Start; {
			case st == nil && (start != 0 || v.UpOrDown):
				fail("%s: %d START cards, up or down %v; want none", s.Name, start, v.UpOrDown)
			case st == nil:
			case !v.UpOrDown || start != st.Copies:
				fail("%s: %d START cards, up or down %v; want %d", s.Name, start, v.UpOrDown, st.Copies)
			case !slices.Equal(v.TouchColors(si, engine.StartRank), st.Colors) || !slices.Equal(v.TouchRanks(si, engine.StartRank), st.Ranks):
				fail("%s START: touched by colors %v ranks %v, want %v %v", s.Name, v.TouchColors(si, engine.StartRank),
					v.TouchRanks(si, engine.StartRank), st.Colors, st.Ranks)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d differences in all", bad)
	}
}

func count(ranks []int, r int) int {
	n := 0
	for _, x := range ranks {
		if x == r {
			n++
		}
	}
	return n
}
