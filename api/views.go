package api

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/gather"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// GameView is a game as one seat, or a spectator, sees it. Result is null
// until the game has ended.
type GameView struct {
	ID      string            `json:"id" example:"k3j9x0c2m4n5b6v7"`
	Variant string            `json:"variant" example:"farbrausch2"`
	Options variants.Settings `json:"options"`
	Status  string            `json:"status" enums:"lobby,active,finished,cancelled" example:"active"`
	// Version counts every change: a seat taken, an action applied.
	Version int64 `json:"version" example:"17"`
	// You is the viewer's seat, null for a spectator.
	You   *int       `json:"you" example:"1" extensions:"x-nullable"`
	Seats []SeatView `json:"seats"`
	// JoinSecret is a private table's join secret, which an invite link
	// carries: shown to its seats, null for anyone else and on public tables.
	JoinSecret *string `json:"join_secret" example:"n5q2x7kd3mzr4c6b" extensions:"x-nullable"`
	// Spectators is the table's spectator policy: open (a signed-in
	// spectator sees every hand), no_hands, or closed (nobody outside reads
	// it while it runs).
	Spectators string `json:"spectators" enums:"open,no_hands,closed" example:"open"`
	// CurrentSeat is the seat to act, null unless the game is active.
	CurrentSeat *int `json:"current_seat" example:"2" extensions:"x-nullable"`
	// TurnDeadline is when the seat to act runs out of time (RFC 3339, UTC);
	// null when the game is untimed or not active.
	TurnDeadline *time.Time `json:"turn_deadline" example:"2026-01-02T15:04:05Z" extensions:"x-nullable"`
	// Paused is true while a seat has paused the game (POST
	// /games/{id}/pause; timed games only): no move is made and the turn's
	// clock stands still until a seat resumes it.
	Paused bool `json:"paused" example:"false"`
	// TurnTimeLeftMS is, while the game is paused, the time in
	// milliseconds the seat to act has left on its turn, which it gets when
	// the game is resumed; null otherwise (turn_deadline tells it).
	TurnTimeLeftMS *int `json:"turn_time_left_ms" example:"17250" extensions:"x-nullable"`
	// Votes are the seats whose vote to end the game stands (PUT
	// /games/{id}/votes/end), lowest first; votes_to_end of them end it.
	Votes      []int `json:"votes" example:"1"`
	VotesToEnd int   `json:"votes_to_end" example:"2"`
	Turn       int   `json:"turn" example:"17"`
	NoteTokens int   `json:"note_tokens" example:"5"`
	// HalfNoteToken is true when half a note token is there on top of
	// note_tokens. Only in Clue Starved variants, where a discard or a
	// completed firework turns back half a token; absent elsewhere.
	HalfNoteToken *bool `json:"half_note_token,omitempty" validate:"optional" example:"true"`
	// NextClueType is the type the next clue must have. Only in Alternating
	// Clues variants once a clue has been given; absent elsewhere.
	NextClueType    *string `json:"next_clue_type,omitempty" validate:"optional" enums:"color,rank" example:"rank"`
	StormTokensUsed int     `json:"storm_tokens_used" example:"1"`
	DeckCount       int     `json:"deck_count" example:"20"`
	// DeckNextCard is the id of the card a deck play would play (the
	// deck_plays option: while the deck holds one card, the seat to act may
	// play it blind, as {"type":"play","card":<this id>}). Null while no
	// deck play can be made: deck_plays is off, the deck holds more than one
	// card or none, or the game is not running.
	DeckNextCard *int `json:"deck_next_card" example:"49" extensions:"x-nullable"`
	// FinalTurnsLeft is null while the deck lasts.
	FinalTurnsLeft *int `json:"final_turns_left" extensions:"x-nullable"`
	// Fireworks is each firework's top card, 0 while it is empty (7 for an
	// Up or Down START card).
	Fireworks map[string]int `json:"fireworks"`
	// StackStarts is each firework's first card, 0 while it is empty. Only
	// in Sudoku variants, where a firework starts with any rank no other
	// firework started with and wraps round; absent elsewhere.
	StackStarts map[string]int `json:"stack_starts,omitempty" validate:"optional"`
	// StackDirections is the way each firework is played: "up" (1 to 5),
	// "down" (5 to 1), or "undecided" while an Up or Down firework is empty
	// or holds only its START card (rank 7 on the wire: in Up or Down an
	// empty firework takes a 1, a 5 or START, START a 2 or a 4, and the
	// first card other than START fixes the direction). Only in Up or Down
	// variants and variants with a reversed suit; absent elsewhere.
	StackDirections map[string]string `json:"stack_directions,omitempty" validate:"optional" example:"red:up,blue:down"`
	// NextRanks is, per firework, the ranks a card must have to extend it
	// now, as the rules judge a play: [] once the firework is complete, 7
	// for an Up or Down START card. Absent while plays_hidden (Throw It in
	// a Hole), when it would tell what was played.
	NextRanks map[string][]int `json:"next_ranks,omitempty" validate:"optional"`
	// PlaysHidden is true while the cards played are face down. Only in
	// Throw It in a Hole variants (absent elsewhere), where nobody learns
	// what was played or whether it succeeded until the game ends:
	// fireworks, score and storm_tokens_used then read 0, discards holds
	// only the cards discarded and face_down the cards played, misplays
	// among them. False once the game has ended and everything shows.
	PlaysHidden *bool `json:"plays_hidden,omitempty" validate:"optional" example:"true"`
	// FaceDown is the cards played face down, in order, while plays_hidden
	// is true; absent otherwise.
	FaceDown *[]FaceDownCard `json:"face_down,omitempty" validate:"optional"`
	Discards []CardFace      `json:"discards"`
	// Hands is empty in the lobby.
	Hands    []HandView  `json:"hands"`
	Score    int         `json:"score" example:"11"`
	MaxScore int         `json:"max_score" example:"30"`
	Result   *ResultView `json:"result" extensions:"x-nullable"`
	// MaxPossibleScore is the highest score the game can still reach: the
	// fireworks' cards and those they still need as far as a copy of each is
	// left, the turns left aside. A discard or misplay of a card's last copy
	// lowers it, and in Up or Down and Sudoku a play that closes a way. In a
	// game of hanab.live's rules (options.rules) the game ends when the
	// score reaches it. While plays are hidden (plays_hidden), it is what
	// the discards alone leave possible.
	MaxPossibleScore int `json:"max_possible_score" example:"28"`
	// Pace is hanab.live's: score + deck_count + players −
	// max_possible_score, as the viewer knows them: how many more cards can
	// be discarded before the best score still possible needs more turns
	// than are left. Null once the deck is empty or the game is over (where
	// hanab.live shows none), and before the game starts.
	Pace *int `json:"pace" example:"7" extensions:"x-nullable"`
	// Efficiency is the cards gotten (played, or clued and still needed as
	// far as the viewer can tell) per clue spent (each clue, and the token a
	// strike or a completed firework with every token in hand loses), as
	// hanab.live counts it; null before a clue is spent.
	Efficiency *float64 `json:"efficiency" example:"1.25" extensions:"x-nullable"`
	// EfficiencyNeeded is the efficiency still needed: the cards not yet
	// gotten of the best score still possible per clue still usable before
	// the end; null once the deck is empty or no clue is usable.
	EfficiencyNeeded *float64 `json:"efficiency_needed" example:"0.94" extensions:"x-nullable"`
	// FirstSeat is the seat that took the first turn: seat 0 under the
	// ABACUS rules; under hanab.live's the deal's seed picks it.
	FirstSeat int `json:"first_seat" example:"0"`
	// NextGame is the finished game's rematch, once one of its players
	// opened it (POST /games/{id}/rematch): the table where its signed-in
	// players already sit, to which every page of the game goes on. Null
	// before, and in a past turn's view.
	NextGame *string `json:"next_game" example:"n3j9x0c2m4n5b6v7" extensions:"x-nullable"`
	// Notes are the card notes the viewer may read: a seat's own while the
	// game runs, everyone's once it is over; left out when there are none.
	Notes []NoteView `json:"notes,omitempty" validate:"optional"`
	// LegalMoves is, in the view of the seat to act (its own token, its
	// turn, the game active), every move it may make now with what each
	// clue would touch, as the server judges it; null in every other view:
	// the other seats', the public's, a past turn's (?turn=K), and while
	// the game is paused.
	LegalMoves *LegalMoves `json:"legal_moves" extensions:"x-nullable"`
}

// SeatView is one seat at the table. Name is null while the seat is free;
// Bot names the strategy of a bot seat.
type SeatView struct {
	Seat int     `json:"seat" example:"0"`
	Name *string `json:"name" example:"Alice" extensions:"x-nullable"`
	Bot  *string `json:"bot" example:"hat" extensions:"x-nullable"`
	// Player is the signed-in player who holds the seat: null for a free
	// seat, a guest's or a bot strategy's.
	Player *SeatPlayer `json:"player" extensions:"x-nullable"`
}

// SeatPlayer is the account that holds a seat.
type SeatPlayer struct {
	Name string `json:"name" example:"Alice"`
	// Bot is true for an account that a program plays.
	Bot bool `json:"bot" example:"false"`
}

// CardFace is a card whose identity the viewer may know.
type CardFace struct {
	ID   int    `json:"id" example:"5"`
	Suit string `json:"suit" example:"red"`
	// Rank is 1–5; 7 is a suit's START card in Up or Down variants.
	Rank int `json:"rank" example:"1"`
}

// FaceDownCard is a card played face down: which card left whose hand on
// which turn, not what it was.
type FaceDownCard struct {
	ID   int `json:"id" example:"12"`
	Seat int `json:"seat" example:"2"`
	Turn int `json:"turn" example:"9"`
}

// HandView is one seat's hand, newest card first.
type HandView struct {
	Seat  int        `json:"seat"`
	Cards []CardView `json:"cards"`
}

// CardView is a card in a hand. Suit and rank are null when the viewer may
// not know them: its own cards, and every hand of the public view while the
// game runs. PossibleSuits and PossibleRanks are what the holder can deduce
// from the clues it received.
type CardView struct {
	ID            int        `json:"id" example:"13"`
	Suit          *string    `json:"suit" example:"blue" extensions:"x-nullable"`
	Rank          *int       `json:"rank" example:"3" extensions:"x-nullable"`
	Clues         []ClueMark `json:"clues"`
	PossibleSuits []string   `json:"possible_suits"`
	PossibleRanks []int      `json:"possible_ranks"`
	// Candidates is, for each of the viewer's own cards, every identity the
	// card can still be as its holder can tell: those its clues allow
	// (possible_suits and possible_ranks are their projections) of which at
	// least one copy is unseen by the seat, ordered by suit (in the
	// variant's order) then rank. A seat has seen every card in the other
	// hands and every card that left a hand face up; in Throw It in a Hole
	// also the cards the others played face down (it saw them in their
	// hands), but never its own face-down plays nor a blind play from the
	// deck. The count is that of the game's state, not of the end's reveal.
	// Null for every card that is not the viewer's own (and so for every
	// card in the public view): another seat's deductions would tell the
	// viewer about its own hand.
	Candidates []Candidate `json:"candidates" extensions:"x-nullable"`
	// Empathy is, for a card of another seat's hand, what its holder can
	// know of it as the viewer can tell (hanab.live's empathy): the
	// identities its clues allow (possible_suits and possible_ranks) of
	// which some copy is outside every card both of them have seen, in
	// candidates' order. Both have seen the fireworks, the discards and
	// the hands of the seats other than the two (in Throw It in a Hole,
	// the cards those seats played face down); never the viewer's own
	// hand, which would tell the viewer its own cards. So it holds every
	// identity the holder's own candidates hold, and where the holder
	// sees the viewer's cards, perhaps more; in a two-player game it is
	// the identities the clues allow less those all played or discarded.
	// A spectator who sees every hand, and everyone once the game is over,
	// has seen all the holder has: the empathy is then the holder's
	// candidates. Null for the viewer's own cards: a seat is never told
	// anything of its own cards but what its own deductions are.
	Empathy []Identity `json:"empathy" extensions:"x-nullable"`
}

// Identity is a card's suit and rank, one that a card may be.
type Identity struct {
	Suit string `json:"suit" example:"red"`
	// Rank is 1–5; 7 is a suit's START card in Up or Down variants.
	Rank int `json:"rank" example:"3"`
}

// Candidate is one identity a card can still be, and how many of its copies
// the card's holder has not seen (in its own hand, in the deck, or played
// face down where it could not see them): at least 1.
type Candidate struct {
	Identity
	Unseen int `json:"unseen" example:"2"`
}

// ClueMark is one clue that reached a card's hand: it touched the card or,
// when touched is false, told that the card is not of that color or rank.
// Exactly one of color and rank is set; the other is null. In Cow & Pig and
// Duck variants both are null for anyone but the clue's giver, and the clue
// told nothing about the cards it missed.
type ClueMark struct {
	Turn    int     `json:"turn" example:"4"`
	Giver   int     `json:"giver" example:"0"`
	Color   *string `json:"color" example:"red" extensions:"x-nullable"`
	Rank    *int    `json:"rank" example:"3" extensions:"x-nullable"`
	Touched bool    `json:"touched" example:"true"`
	// ClueType is the clue's type as the viewer may know it. Only in Cow &
	// Pig and Duck variants (absent elsewhere), where a clue shows anyone
	// but its giver the cards it touched and, in Cow & Pig, its type:
	// "hidden" in Duck for anyone but the giver.
	ClueType string `json:"clue_type,omitempty" validate:"optional" enums:"color,rank,hidden" example:"color"`
}

// ResultView is a finished game's outcome. Reason: storms (the last storm
// token), perfect, deck_out (the last round after the last draw is over),
// max_possible and no_playable_cards (hanab.live's rules: the score reached
// the highest score still possible; no card that could be played is left
// in the deck or in a hand that gets another turn), all_or_nothing (with
// the all_or_nothing option, a perfect game became impossible, or the seat
// to act had no card and could not clue), and the ends by the seats or the
// clock (terminated, voted: enough seats voted to end it, timeout, idle).
// Storms, all_or_nothing and the ends by the seats or the clock score 0.
type ResultView struct {
	Score  int    `json:"score" example:"17"`
	Reason string `json:"reason" enums:"storms,perfect,deck_out,terminated,timeout,idle,all_or_nothing,max_possible,no_playable_cards,voted" example:"deck_out"`
	Rating string `json:"rating" example:"Good! The audience is pleased."`
	// Seat is the seat that terminated the game or ran out of time; null
	// when the cards, a vote or idleness ended it.
	Seat *int `json:"seat" example:"1" extensions:"x-nullable"`
}

// GameSummary is a game in a listing.
type GameSummary struct {
	ID      string            `json:"id"`
	Variant string            `json:"variant"`
	Options variants.Settings `json:"options"`
	Players int               `json:"players"`
	// Name is seat 0's name (the host's), null while seat 0 is free.
	Name *string `json:"name" example:"Alice" extensions:"x-nullable"`
	// HostGuest: seat 0 is a guest's, a name of their own with no account
	// behind it (never an account's name or a look-alike of one).
	HostGuest bool `json:"host_guest" example:"false"`
	// FreeSeats is how many seats are free to take.
	FreeSeats int `json:"free_seats" example:"2"`
	// Private: a join needs the table's secret, which its invite link carries.
	Private bool `json:"private" example:"false"`
	// Spectators is the table's spectator policy (see GameView).
	Spectators string    `json:"spectators" enums:"open,no_hands,closed" example:"open"`
	Status     string    `json:"status" enums:"lobby,active,finished,cancelled"`
	Version    int64     `json:"version"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// spectatorsOf is g's spectator policy as the API writes it.
func spectatorsOf(g *play.Record) string {
	if g.Spectators == "" {
		return play.SpectatorsOpen
	}
	return g.Spectators
}

func resultView(r engine.Result) *ResultView {
	out := &ResultView{Score: r.Score, Reason: r.Reason.String(), Rating: r.Rating}
	if r.Reason == engine.EndTerminated || r.Reason == engine.EndTimeout {
		out.Seat = ptr(r.Seat)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// ownUnseen is what a seat of the game has not seen, from which its own
// cards' candidates follow; false for the public, which holds no cards,
// and before the game has started.
func ownUnseen(st *play.State, seat int) (engine.Unseen, bool) {
	if seat < 0 || st.Game == nil || !play.Dealt(st.Status) {
		return engine.Unseen{}, false
	}
	return st.Game.UnseenBy(seat), true
}

func seatViews(players int, seats []play.Seat) []SeatView {
	out := make([]SeatView, players)
	for i := range out {
		out[i].Seat = i
	}
	for _, s := range seats {
		if s.Seat < 0 || s.Seat >= players {
			continue
		}
		out[s.Seat].Name = ptr(s.Name)
		if s.Bot != "" {
			out[s.Seat].Bot = ptr(s.Bot)
		}
		out[s.Seat].Player = nil
		if s.Player != "" {
			out[s.Seat].Player = &SeatPlayer{Name: s.Name, Bot: s.PlayerBot}
		}
	}
	return out
}

func summaryOf(g *play.Record) GameSummary {
	out := GameSummary{
		ID: g.ID, Variant: g.Variant, Options: g.Settings.Clock(), Players: g.Players, Status: g.Status, Version: g.Version,
		FreeSeats: g.Players - g.Taken, Private: g.JoinSecret != "", Spectators: spectatorsOf(g), CreatedAt: g.CreatedAt.UTC(), UpdatedAt: g.UpdatedAt.UTC(),
	}
	if g.Host != "" {
		out.Name, out.HostGuest = ptr(g.Host), g.HostGuest
	}
	return out
}

// renders keeps what was rendered of the newest versions of games, by key
// (a game's version and a viewer), rendering each once however many ask at
// once: a hundred long-polls woken by one move render it once. Versions go
// stale with every move; dropping them all when full is cheap and fair.
type renders[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*rendering[V]
}

type rendering[V any] struct {
	once sync.Once
	v    V
	err  error
}

func (r *renders[K, V]) get(k K, render func() (V, error)) (V, error) {
	r.mu.Lock()
	if r.m == nil || len(r.m) >= 1024 {
		r.m = map[K]*rendering[V]{}
	}
	e := r.m[k]
	if e == nil {
		e = &rendering[V]{}
		r.m[k] = e
	}
	r.mu.Unlock()
	e.once.Do(func() { e.v, e.err = render() })
	return e.v, e.err
}

// viewJSON is viewer's view of st, rendered once for all who ask.
func (s *Server) viewJSON(st *play.State, viewer int) []byte {
	// A view is named by its game and its ETag, which names the version
	// and the viewer.
	body, _ := s.views.get(st.ID+viewTag(st, viewer), func() ([]byte, error) {
		return appendView(make([]byte, 0, 4<<10), st, viewer), nil
	})
	return body
}

// bufs are the buffers answers are written in before they are sent: a view
// is a few KB, and growing a new buffer for each was half of what the
// server allocated.
var bufs = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

func getBuf() *[]byte { return bufs.Get().(*[]byte) }

func putBuf(b *[]byte) {
	if cap(*b) <= 64<<10 {
		*b = (*b)[:0]
		bufs.Put(b)
	}
}

// jsonType is the Content-Type of every JSON answer.
const jsonType = "application/json; charset=utf-8"

// writeJSON sends body, already JSON, with its length: an answer of more
// than 2 KB without one would go out chunked, in two writes.
func writeJSON(c *gin.Context, status int, body []byte) {
	h := c.Writer.Header()
	h.Set("Content-Type", jsonType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	c.Status(status)
	writeBody(c.Writer, c.Request, body)
}

// writeBody writes an answer's whole body, its length set, so that the
// headers and the body leave in one write (see package gather), where a
// body of more than 4 KB (a seat's view) left in two.
func writeBody(w http.ResponseWriter, r *http.Request, body []byte) {
	_, _ = gather.Write(w, r, body)
}

// seatResponse is SeatResponse's JSON: the game as seat sees it (the
// public when seat is -1), the seat and its token (both null then).
func seatResponse(b []byte, st *play.State, seat int, token string) []byte {
	b = appendView(append(b, `{"game":`...), st, seat)
	b = appendIntOrNull(append(b, `,"seat":`...), seat, seat >= 0)
	b = append(b, `,"token":`...)
	if seat >= 0 {
		b = appendString(b, token)
	} else {
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// clueTypeShown is a clue's type as a viewer may know it: "hidden" when
// the viewer may not (see engine.Config.ClueShows).
func clueTypeShown(k engine.Kind) string {
	if k == engine.HiddenClue {
		return "hidden"
	}
	return clueTypeName(k)
}

// clueTypeName is a clue type as the API names it.
func clueTypeName(k engine.Kind) string {
	if k == engine.ColorClue {
		return "color"
	}
	return "rank"
}
