// Command client-ogen plays whole games against a running server with a
// client that ogen generates from the served document, untouched and with no
// configuration (.ci/ogen-client.sh generates it into oas/ and runs this).
// It uses nothing but the generated types and methods: create with options,
// join, a long-poll, moves of every kind, an illegal move answered by a
// typed 422 problem, events, both replay formats and their import, leaving a
// seat and terminating a game.
//
//	go run . http://127.0.0.1:8080
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/ogen-go/ogen/ogenerrors"

	"github.com/hanabi-server/hanabi/docs/client-ogen/oas"
)

// token is a SecuritySource: a seat's token, or none for a public request.
type token string

func (t token) SeatToken(context.Context, oas.OperationName) (oas.SeatToken, error) {
	if t == "" {
		return oas.SeatToken{}, ogenerrors.ErrSkipClientSecurity
	}
	return oas.SeatToken{Token: string(t)}, nil
}

// A seat's token is no player's: this client plays as guests.
func (t token) PlayerToken(context.Context, oas.OperationName) (oas.PlayerToken, error) {
	return oas.PlayerToken{}, ogenerrors.ErrSkipClientSecurity
}

func (t token) AccessToken(context.Context, oas.OperationName) (oas.AccessToken, error) {
	return oas.AccessToken{}, ogenerrors.ErrSkipClientSecurity
}

// patient is the transport of a polite client: a 429 is retried once its
// Retry-After has passed.
type patient struct{ next http.RoundTripper }

func (p patient) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		var err error
		if body, err = io.ReadAll(r.Body); err != nil {
			return nil, err
		}
		r.Body.Close()
	}
	for {
		if body != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		res, err := p.next.RoundTrip(r)
		if err != nil || res.StatusCode != http.StatusTooManyRequests {
			return res, err
		}
		secs, _ := strconv.Atoi(res.Header.Get("Retry-After"))
		res.Body.Close()
		select {
		case <-r.Context().Done():
			return nil, r.Context().Err()
		case <-time.After(time.Duration(max(secs, 1)) * time.Second):
		}
	}
}

var httpClient = &http.Client{Transport: patient{http.DefaultTransport}}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: client-ogen SERVER_URL")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, os.Args[1]+"/v1"); err != nil {
		fmt.Fprintln(os.Stderr, "ogen client:", err)
		os.Exit(1)
	}
}

type game struct {
	id     string
	public *oas.Client
	seats  []*oas.Client
}

func run(ctx context.Context, url string) error {
	public, err := oas.NewClient(url, token(""), oas.WithClient(httpClient))
	if err != nil {
		return err
	}
	if err := variant(ctx, public); err != nil {
		return err
	}
	g, err := newGame(ctx, url, public, "ogen client")
	if err != nil {
		return err
	}
	if err := g.longPollAndIllegal(ctx); err != nil {
		return err
	}
	score, err := g.playToTheEnd(ctx)
	if err != nil {
		return err
	}
	if err := g.replay(ctx, score); err != nil {
		return err
	}
	g2, err := newGame(ctx, url, public, "ogen client, left and terminated")
	if err != nil {
		return err
	}
	return g2.leaveAndTerminate(ctx)
}

// variant reads a variant's options, each typed: an integer, a boolean or a string.
func variant(ctx context.Context, c *oas.Client) error {
	res, err := c.GetVariant(ctx, oas.GetVariantParams{Name: "basic"})
	if err != nil {
		return fmt.Errorf("variant: %w", err)
	}
	v, ok := res.(*oas.VariantView)
	if !ok {
		return fmt.Errorf("variant: %T %+v", res, res)
	}
	want := map[string]oas.OptionSpecDefaultType{
		"storm_tokens": oas.IntOptionSpecDefault,
		"empty_clues":  oas.BoolOptionSpecDefault,
		"on_timeout":   oas.StringOptionSpecDefault,
	}
	for name, typ := range want {
		if got := v.Options[name].Default.Type; got != typ {
			return fmt.Errorf("variant: option %s's default is %q, want %q", name, got, typ)
		}
	}
	list, err := c.ListVariants(ctx, oas.ListVariantsParams{})
	if err != nil {
		return fmt.Errorf("variants: %w", err)
	}
	if l, ok := list.(*oas.VariantList); !ok || len(l.Variants) == 0 {
		return fmt.Errorf("variants: %T %+v", list, list)
	}
	return nil
}

// newGame creates a two-seat game with options, its answer lost and the
// request retried with the same Idempotency-Key, and a second seat joins.
func newGame(ctx context.Context, url string, public *oas.Client, seed string) (*game, error) {
	req := &oas.CreateGameRequest{
		Variant: "basic", Players: 2, Seed: oas.NewOptString(seed), Name: oas.NewOptString("Alice"),
		Options: oas.NewOptVariantsOptions(oas.VariantsOptions{StormTokens: oas.NewOptInt(2), NoteTokens: oas.NewOptInt(6), EmptyClues: oas.NewOptBool(false)}),
	}
	key := oas.CreateGameParams{IdempotencyKey: oas.NewOptString(fmt.Sprintf("create %s %d", seed, time.Now().UnixNano()))}
	var first string
	var alice string
	for range 2 {
		res, err := public.CreateGame(ctx, req, key)
		if err != nil {
			return nil, fmt.Errorf("create: %w", err)
		}
		created, ok := res.(*oas.SeatResponseHeaders)
		if !ok {
			return nil, fmt.Errorf("create: %T %+v", res, res)
		}
		if created.Location == "" {
			return nil, errors.New("create: no Location")
		}
		if first != "" && created.Response.Game.ID != first {
			return nil, fmt.Errorf("create: the retry made a second game %s beside %s", created.Response.Game.ID, first)
		}
		first = created.Response.Game.ID
		if o := created.Response.Game.Options; o.StormTokens != 2 || o.NoteTokens != 6 {
			return nil, fmt.Errorf("create: the options are %+v", o)
		}
		alice = created.Response.Token.Value
	}
	res, err := public.JoinGame(ctx, oas.NewOptJoinRequest(oas.JoinRequest{Name: oas.NewOptString("Bob")}), oas.JoinGameParams{ID: first})
	if err != nil {
		return nil, fmt.Errorf("join: %w", err)
	}
	joined, ok := res.(*oas.SeatResponseHeaders)
	if !ok || joined.Response.Seat.Value != 1 {
		return nil, fmt.Errorf("join: %T %+v", res, res)
	}
	g := &game{id: first, public: public}
	for _, t := range []string{alice, joined.Response.Token.Value} {
		c, err := oas.NewClient(url, token(t), oas.WithClient(httpClient))
		if err != nil {
			return nil, err
		}
		g.seats = append(g.seats, c)
	}
	return g, nil
}

// view is the game as a seat sees it (seat -1: the public view).
func (g *game) view(ctx context.Context, seat int, params oas.GetGameParams) (*oas.GameView, error) {
	c := g.public
	if seat >= 0 {
		c = g.seats[seat]
	}
	params.ID = g.id
	res, err := c.GetGame(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("view of seat %d: %w", seat, err)
	}
	v, ok := res.(*oas.GameViewHeaders)
	if !ok {
		return nil, fmt.Errorf("view of seat %d: %T %+v", seat, res, res)
	}
	if v.ETag == "" {
		return nil, fmt.Errorf("view of seat %d: no ETag", seat)
	}
	return &v.Response, nil
}

func (g *game) act(ctx context.Context, seat int, a oas.Action, version int) (oas.PostActionRes, error) {
	return g.seats[seat].PostAction(ctx, a, oas.PostActionParams{ID: g.id, IfMatch: oas.NewOptString(`"` + strconv.Itoa(version) + `"`)})
}

// longPollAndIllegal: the seat not to act waits for a change while the seat
// to act first tries an illegal clue (to itself: a typed 422 problem) and a
// move out of turn is refused (a typed 409), then moves; the wait answers
// with the new version.
func (g *game) longPollAndIllegal(ctx context.Context) error {
	v, err := g.view(ctx, 0, oas.GetGameParams{})
	if err != nil {
		return err
	}
	seat := v.CurrentSeat.Value
	other := 1 - seat
	woke := make(chan error, 1)
	go func() {
		w, err := g.view(ctx, other, oas.GetGameParams{Since: oas.NewOptInt(v.Version), Wait: oas.NewOptString("20s")})
		if err == nil && w.Version <= v.Version {
			err = fmt.Errorf("long-poll answered version %d, since %d", w.Version, v.Version)
		}
		woke <- err
	}()
	time.Sleep(200 * time.Millisecond)

	res, err := g.act(ctx, seat, oas.NewClueActionAction(oas.ClueAction{Type: oas.ClueActionTypeClue, Target: seat, Rank: oas.NewOptNilInt(1)}), v.Version)
	if err != nil {
		return fmt.Errorf("illegal move: %w", err)
	}
	p, ok := res.(*oas.PostActionApplicationProblemJSONUnprocessableEntity)
	if !ok || p.Code != oas.ProblemCodeIllegalAction || p.Reason.Value == "" {
		return fmt.Errorf("illegal move: %T %+v, want a 422 illegal_action with a reason", res, res)
	}
	res, err = g.act(ctx, other, oas.NewDiscardActionAction(oas.DiscardAction{Type: oas.DiscardActionTypeDiscard, Card: 0}), v.Version)
	if err != nil {
		return fmt.Errorf("out of turn: %w", err)
	}
	if c, ok := res.(*oas.PostActionApplicationProblemJSONConflict); !ok || c.Code != oas.ProblemCodeNotYourTurn {
		return fmt.Errorf("out of turn: %T %+v, want a 409 not_your_turn", res, res)
	}
	select {
	case err := <-woke:
		return fmt.Errorf("the long-poll answered before any move: %v", err)
	default:
	}
	mine, err := g.view(ctx, seat, oas.GetGameParams{})
	if err != nil {
		return err
	}
	if _, err := g.move(ctx, seat, mine, 0); err != nil {
		return err
	}
	return <-woke
}

// kinds counts the moves made of each kind.
var kinds = map[string]int{}

// choose plays a card the seat knows is a 1 of a suit not yet started; gives
// the other seat a color clue or a rank clue, by turns, while note tokens
// last; and discards its oldest card otherwise: only what its view shows.
func choose(v *oas.GameView, seat, turn int) (oas.Action, string) {
	own := v.Hands[seat].Cards
	for _, c := range own {
		if slices.Equal(c.PossibleRanks, []int{1}) && allZero(v.Fireworks, c.PossibleSuits) {
			return oas.NewPlayActionAction(oas.PlayAction{Type: oas.PlayActionTypePlay, Card: c.ID}), "play"
		}
	}
	if v.NoteTokens > 0 {
		theirs := v.Hands[1-seat].Cards
		c := theirs[turn%len(theirs)]
		clue := oas.ClueAction{Type: oas.ClueActionTypeClue, Target: 1 - seat}
		if turn%2 == 0 {
			clue.Color = oas.NewOptNilString(c.Suit.Value)
			return oas.NewClueActionAction(clue), "color clue"
		}
		clue.Rank = oas.NewOptNilInt(c.Rank.Value)
		return oas.NewClueActionAction(clue), "rank clue"
	}
	return oas.NewDiscardActionAction(oas.DiscardAction{Type: oas.DiscardActionTypeDiscard, Card: own[0].ID}), "discard"
}

func allZero(fireworks oas.GameViewFireworks, suits []string) bool {
	for _, s := range suits {
		if fireworks[s] != 0 {
			return false
		}
	}
	return true
}

// move makes the seat's chosen move and checks the event it caused.
func (g *game) move(ctx context.Context, seat int, v *oas.GameView, turn int) (*oas.ActionResponse, error) {
	a, kind := choose(v, seat, turn)
	res, err := g.act(ctx, seat, a, v.Version)
	if err != nil {
		return nil, fmt.Errorf("move %d (%s): %w", turn, kind, err)
	}
	ok, isOK := res.(*oas.ActionResponseHeaders)
	if !isOK {
		return nil, fmt.Errorf("move %d (%s): %T %+v", turn, kind, res, res)
	}
	if ok.ETag == "" || ok.Response.Game.Version <= v.Version {
		return nil, fmt.Errorf("move %d (%s): ETag %q, version %d after %d", turn, kind, ok.ETag, ok.Response.Game.Version, v.Version)
	}
	want := map[string]oas.EventType{"play": oas.PlayEventEvent, "discard": oas.DiscardEventEvent, "color clue": oas.ClueEventEvent, "rank clue": oas.ClueEventEvent}[kind]
	if got := ok.Response.Event.Type; got != want {
		return nil, fmt.Errorf("move %d (%s): the event is %q", turn, kind, got)
	}
	kinds[kind]++
	return &ok.Response, nil
}

// playToTheEnd plays until the game is over and checks its events.
func (g *game) playToTheEnd(ctx context.Context) (int, error) {
	moves := 1 // longPollAndIllegal made the first
	for ; moves < 200; moves++ {
		pub, err := g.view(ctx, -1, oas.GetGameParams{})
		if err != nil {
			return 0, err
		}
		if pub.Status == oas.GameViewStatusFinished {
			break
		}
		seat := pub.CurrentSeat.Value
		mine, err := g.view(ctx, seat, oas.GetGameParams{})
		if err != nil {
			return 0, err
		}
		if _, err := g.move(ctx, seat, mine, moves); err != nil {
			return 0, err
		}
	}
	for _, k := range []string{"play", "discard", "color clue", "rank clue"} {
		if kinds[k] == 0 {
			return 0, fmt.Errorf("no %s in %d moves: %v", k, moves, kinds)
		}
	}
	res, err := g.public.GetEvents(ctx, oas.GetEventsParams{ID: g.id})
	if err != nil {
		return 0, fmt.Errorf("events: %w", err)
	}
	evs, ok := res.(*oas.EventsResponse)
	if !ok {
		return 0, fmt.Errorf("events: %T %+v", res, res)
	}
	if len(evs.Events) != moves+1 {
		return 0, fmt.Errorf("%d events for %d moves", len(evs.Events), moves)
	}
	last := evs.Events[len(evs.Events)-1]
	if last.Type != oas.GameOverEventEvent {
		return 0, fmt.Errorf("the last event is %q, not game_over", last.Type)
	}
	over := last.GameOverEvent.Result
	fmt.Printf("ogen client: the game ended after %d moves %v: %d points (%s)\n", moves, kinds, over.Score, over.Reason)
	return over.Score, nil
}

// replay reads the finished game's replay in both formats and imports the
// hanab.live one back: the same score.
func (g *game) replay(ctx context.Context, score int) error {
	res, err := g.public.GetReplay(ctx, oas.GetReplayParams{ID: g.id})
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	r, ok := res.(*oas.GetReplayOK)
	if !ok || r.Type != oas.ReplayViewGetReplayOK || r.ReplayView.ID != g.id || len(r.ReplayView.Actions) == 0 {
		return fmt.Errorf("replay: %T %+v", res, res)
	}
	res, err = g.public.GetReplay(ctx, oas.GetReplayParams{ID: g.id, Format: oas.NewOptGetReplayFormat(oas.GetReplayFormatHanablive)})
	if err != nil {
		return fmt.Errorf("hanab.live replay: %w", err)
	}
	r, ok = res.(*oas.GetReplayOK)
	if !ok || r.Type != oas.HanabLiveGameGetReplayOK {
		return fmt.Errorf("hanab.live replay: %T %+v", res, res)
	}
	hl := r.HanabLiveGame
	imp := &oas.HanabLiveImport{Players: hl.Players, Deck: hl.Deck, Options: oas.NewOptHanabliveOptions(hl.Options)}
	for _, a := range hl.Actions {
		ia := oas.HanabLiveImportAction{Type: a.Type, Target: oas.NewOptNilInt(a.Target)}
		if a.Type == oas.HanabliveActionType2 || a.Type == oas.HanabliveActionType3 {
			ia.Value = oas.NewOptNilInt(a.Value) // a play or discard needs none
		}
		imp.Actions = append(imp.Actions, ia)
	}
	ires, err := g.public.ImportReplay(ctx, imp)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	got, ok := ires.(*oas.ImportResponse)
	if !ok || got.Game.Score != score {
		return fmt.Errorf("import: %T %+v, want score %d", ires, ires, score)
	}
	return nil
}

// leaveAndTerminate: Bob leaves the active game (a bot takes his seat) and
// Alice terminates it.
func (g *game) leaveAndTerminate(ctx context.Context) error {
	res, err := g.seats[1].LeaveSeat(ctx, oas.LeaveSeatParams{ID: g.id, Seat: 1})
	if err != nil {
		return fmt.Errorf("leave: %w", err)
	}
	if _, ok := res.(*oas.LeaveSeatNoContent); !ok {
		return fmt.Errorf("leave: %T %+v", res, res)
	}
	// The token stops working at once.
	read, err := g.seats[1].GetGame(ctx, oas.GetGameParams{ID: g.id})
	if err != nil {
		return fmt.Errorf("read with the left seat's token: %w", err)
	}
	if _, ok := read.(*oas.GetGameApplicationProblemJSONUnauthorized); !ok {
		return fmt.Errorf("read with the left seat's token: %T, want a 401", read)
	}
	tres, err := g.seats[0].TerminateGame(ctx, oas.TerminateGameParams{ID: g.id})
	if err != nil {
		return fmt.Errorf("terminate: %w", err)
	}
	t, ok := tres.(*oas.GameResponseHeaders)
	if !ok || t.Response.Game.Status != oas.GameViewStatusFinished || t.Response.Game.Result.Value.Reason != oas.ResultViewReasonTerminated {
		return fmt.Errorf("terminate: %T %+v", tres, tres)
	}
	again, err := g.seats[0].TerminateGame(ctx, oas.TerminateGameParams{ID: g.id})
	if err != nil {
		return fmt.Errorf("terminate again: %w", err)
	}
	if c, ok := again.(*oas.TerminateGameApplicationProblemJSONConflict); !ok || c.Code != oas.ProblemCodeGameNotActive {
		return fmt.Errorf("terminate again: %T %+v, want a 409 game_not_active", again, again)
	}
	fmt.Println("ogen client: a seat left, the game terminated")
	return nil
}
