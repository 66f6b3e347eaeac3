package web_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// legalMoves is a view's legal_moves.
type legalMoves struct {
	Play    []int `json:"play"`
	Discard []int `json:"discard"`
	Clues   []struct {
		Target  int     `json:"target"`
		Color   *string `json:"color"`
		Rank    *int    `json:"rank"`
		Touches []int   `json:"touches"`
	} `json:"clues"`
}

// offeredMoves reads the moves the page offers: its enabled play, discard
// and clue buttons (the deck's last card's too), each clue with the cards
// it says it touches, and the version the page shows.
const offeredMoves = `(() => {
  const on = (sel) => [...document.querySelectorAll(sel)].filter((b) => b.getAttribute('aria-disabled') !== 'true');
  const cards = (sel) => on(sel).map((b) => Number(b.dataset.card));
  return {
    version: Number(document.querySelector('#table').dataset.version),
    play: cards('button[data-action=play], button[data-action=deck-play]'),
    discard: cards('button[data-action=discard], button[data-action=deck-discard]'),
    clues: on('button[data-action=clue]').map((b) => b.dataset.target + ':' + (b.dataset.color || '') + ':' + (b.dataset.rank || '') + ':' + (b.dataset.touches === undefined ? 'none' : b.dataset.touches)),
  };
})()`

// checkOffered checks, on the turn of the seat whose token is given (the
// others wait), that the page offers exactly the moves the server lists in
// that seat's view, each clue touching the cards the server says, and
// returns them.
func checkOffered(t *testing.T, ctx context.Context, base, id, token string) *legalMoves {
	t.Helper()
	run(t, ctx, "the seat's turn", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
	var v struct {
		Version    int64       `json:"version"`
		LegalMoves *legalMoves `json:"legal_moves"`
	}
	apiDo(t, base, "GET", "/games/"+id, token, nil, &v)
	if v.LegalMoves == nil {
		t.Fatalf("at version %d the seat to act is offered no moves by the server", v.Version)
	}
	var shown struct {
		Version int64
		Play    []int
		Discard []int
		Clues   []string
	}
	run(t, ctx, "the offered moves", chromedp.Evaluate(offeredMoves, &shown))
	if shown.Version != v.Version {
		t.Fatalf("on the seat's turn the page is at version %d, the server at %d", shown.Version, v.Version)
	}
	lm := v.LegalMoves
	var clues []string
	for _, c := range lm.Clues {
		color, rank := "", ""
		if c.Color != nil {
			color = *c.Color
		}
		if c.Rank != nil {
			rank = strconv.Itoa(*c.Rank)
		}
		touches := make([]string, len(c.Touches))
		for i, id := range c.Touches {
			touches[i] = strconv.Itoa(id)
		}
		clues = append(clues, fmt.Sprintf("%d:%s:%s:%s", c.Target, color, rank, strings.Join(touches, " ")))
	}
	for _, s := range [][]int{shown.Play, shown.Discard, lm.Play, lm.Discard} {
		slices.Sort(s)
	}
	slices.Sort(clues)
	slices.Sort(shown.Clues)
	if !slices.Equal(shown.Play, lm.Play) || !slices.Equal(shown.Discard, lm.Discard) || !slices.Equal(shown.Clues, clues) {
		t.Fatalf("at version %d the page offers\n play %v discard %v\n clues %v\nthe server lists\n play %v discard %v\n clues %v",
			v.Version, shown.Play, shown.Discard, shown.Clues, lm.Play, lm.Discard, clues)
	}
	return lm
}

// waitEvent waits until the game's events hold one that is wanted.
func waitEvent(t *testing.T, base, id, what string, wanted func(e gameEvent) bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; {
		var evs struct {
			Events []gameEvent `json:"events"`
		}
		apiDo(t, base, "GET", "/games/"+id+"/events?after=0", "", nil, &evs)
		if slices.ContainsFunc(evs.Events, wanted) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never took %s: events %+v", what, evs.Events)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// gameEvent is what these tests read of an event.
type gameEvent struct {
	Type  string `json:"type"`
	Seat  *int   `json:"seat"`
	Color *string
	Card  *struct {
		ID int `json:"id"`
	} `json:"card"`
	Touched []int `json:"touched"`
}

// firstSeat is the seat to act in a game that has just started.
func (tb *table) firstSeat(t *testing.T) int {
	t.Helper()
	v := tb.view(t, -1)
	if v.CurrentSeat == nil {
		t.Fatal("the game has no seat to act")
	}
	return *v.CurrentSeat
}

// TestBrowserOrangeDiscardsAtMax: in an Orange game under hanab.live's
// rules, the seat to act at the note maximum may discard any card: the
// page enables every Discard (exactly what the server lists), and the
// server takes the discard clicked.
func TestBrowserOrangeDiscardsAtMax(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	tb := newTable(t, base, "orange-5-suits", 2, "orange-at-max")
	seat := tb.firstSeat(t)
	alice := newBrowser(t, base).player("alice")
	tb.sitDown(t, alice, seat)
	if got := text(t, alice, `#note-tokens`); got != "8/8" {
		t.Fatalf("the clue tokens read %q, not the maximum", got)
	}
	lm := checkOffered(t, alice, base, tb.id, tb.tokens[seat])
	hand := tb.view(t, seat).Hands[seat].Cards
	if len(lm.Discard) != len(hand) {
		t.Fatalf("at the maximum the server lets %d of %d cards go", len(lm.Discard), len(hand))
	}
	card := hand[len(hand)-1].ID
	tap(t, alice, "discard the oldest card", fmt.Sprintf(`button[data-action=discard][data-card="%d"]`, card))
	waitEvent(t, base, tb.id, "the discard", func(e gameEvent) bool {
		return e.Type == "discard" && e.Card != nil && e.Card.ID == card || e.Type == "play" && e.Card != nil && e.Card.ID == card
	})
}

// TestBrowserColorBlindOffersEmptyClues: in a colour-blind variant, where
// a colour clue touches no card of the variant, such a clue may always be
// given: the page offers every colour (exactly the moves the server lists,
// touching nothing), and the server takes the one clicked.
func TestBrowserColorBlindOffersEmptyClues(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	tb := newTable(t, base, "color-blind-5-suits", 2, "color-blind")
	seat := tb.firstSeat(t)
	alice := newBrowser(t, base).player("alice")
	tb.sitDown(t, alice, seat)
	checkOffered(t, alice, base, tb.id, tb.tokens[seat])
	empty := count(t, alice, `button[data-action=clue][data-color][data-touches=""]:not([aria-disabled=true])`)
	if empty != 5 {
		t.Fatalf("the page offers %d colour clues touching nothing, want all 5", empty)
	}
	tap(t, alice, "clue red", `button[data-action=clue][data-color="red"]`)
	waitEvent(t, base, tb.id, "the clue", func(e gameEvent) bool {
		return e.Type == "clue" && e.Color != nil && *e.Color == "red" && len(e.Touched) == 0
	})
}

// TestBrowserAlternatingCluesFromTheServer: in a whole game of Alternating
// Clues with an Orange suit against a bot, on each of Alice's turns the
// page offers exactly the moves the server lists: only clues of the type
// required next, each touching what the server says, and at the note
// maximum any discard (hanab.live's rules); she plays, preferring clues,
// to the end without a move refused.
func TestBrowserAlternatingCluesFromTheServer(t *testing.T) {
	base, alice, id := botTable(t, "alternating-clues-orange-5", "alternating-clues-orange-5-suits", "conventions", "browser-alternating-orange")
	token := seatToken(t, alice)
	required, atMax := 0, 0
	eachTurn(t, alice, "clue", func(_ string) {
		lm := checkOffered(t, alice, base, id, token)
		var v struct {
			NextClueType *string `json:"next_clue_type"`
			NoteTokens   int     `json:"note_tokens"`
			Options      struct {
				NoteTokens int `json:"note_tokens"`
			} `json:"options"`
		}
		publicView(t, base, id, &v)
		if v.NextClueType != nil {
			wrong := `button[data-action=clue][data-rank]:not([aria-disabled=true])`
			if *v.NextClueType == "rank" {
				wrong = `button[data-action=clue][data-color]:not([aria-disabled=true])`
			}
			if n := count(t, alice, wrong); n != 0 {
				t.Fatalf("the next clue must be a %s clue, but %d clues of the other type are enabled", *v.NextClueType, n)
			}
			if len(lm.Clues) > 0 {
				required++
			}
		}
		if v.NoteTokens == v.Options.NoteTokens && len(lm.Discard) > 0 {
			atMax++
		}
	})
	if required == 0 || atMax == 0 {
		t.Fatalf("%d turns with a clue type required and clues to give, %d with discards at the note maximum", required, atMax)
	}
	finalScore(t, base, id)
}

// seatToken reads the seat token the page keeps for its game.
func seatToken(t *testing.T, ctx context.Context) string {
	t.Helper()
	var token string
	run(t, ctx, "the seat's token", chromedp.Evaluate(`(() => {
  const game = new URLSearchParams(location.search).get('game');
  const s = JSON.parse(sessionStorage.getItem('hanabi.seat.' + game) || localStorage.getItem('hanabi.seat.' + game));
  return s.token;
})()`, &token))
	return token
}
