package api

import (
	"errors"
	"net/http"
	"reflect"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/hanablive"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/variants"
)

// ReplayView is a finished game whole: the deal and every action, enough to
// play it again move by move.
type ReplayView struct {
	ID      string            `json:"id"`
	Variant string            `json:"variant" example:"farbrausch2"`
	Options variants.Settings `json:"options"`
	Players int               `json:"players" example:"2"`
	Seats   []SeatView        `json:"seats"`
	Seed    string            `json:"seed"`
	// Deck is every card in dealing order: a card's id is its index.
	Deck    []CardFace     `json:"deck"`
	Actions []ReplayAction `json:"actions"`
	Result  *ResultView    `json:"result" extensions:"x-nullable"`
	// Notes are every seat's card notes as the game left them.
	Notes []NoteView `json:"notes"`
	// Chat is the table's chat, kept with its game.
	Chat []ChatEvent `json:"chat"`
}

// ReplayAction is one entry of the log, in the request's terms.
type ReplayAction struct {
	Seq  int `json:"seq" example:"0"`
	Seat int `json:"seat" example:"0"`
	// Type end closes a game that a seat or the clock ended (seat: the seat
	// it is charged to, the reason in result); seat_left is a seat that a
	// bot took over; rearrange is a seat that put its hand in a new order;
	// vote is a seat's vote to end the game, or its vote taken back (see
	// vote); pause and resume stop and start a timed game's clock.
	Type string `json:"type" enums:"play,discard,clue,end,seat_left,rearrange,vote,pause,resume" example:"clue"`
	// Card is the card played or discarded, null for a clue.
	Card *int `json:"card" example:"13" extensions:"x-nullable"`
	// Target, and one of Color and Rank, are set for a clue and null otherwise.
	Target *int    `json:"target" extensions:"x-nullable"`
	Color  *string `json:"color" extensions:"x-nullable"`
	Rank   *int    `json:"rank" extensions:"x-nullable"`
	// Touched is the card ids a clue touched; left out for other actions
	// and for a clue that touched none.
	Touched []int `json:"touched,omitempty" validate:"optional"`
	// Order is a rearrangement's: the seat's hand in its new order, newest
	// first. Left out for other actions.
	Order []int `json:"order,omitempty" validate:"optional" example:"8,5,9,7,6"`
	// Vote is a vote's: true to end the game, false for a vote taken
	// back. Left out for other actions.
	Vote *bool `json:"vote,omitempty" validate:"optional" example:"true"`
	// Auto marks a move a bot made for a seat whose turn clock ran out.
	Auto bool `json:"auto" example:"false"`
}

// ImportResponse is an imported game's final state, everything visible.
type ImportResponse struct {
	Game *GameView `json:"game"`
}

// HanabLiveGame documents the hanab.live JSON game format that the replay
// endpoints read and write (see the package hanablive).
type HanabLiveGame = hanablive.Game

// HanabLiveImport is a hanab.live JSON game as POST /replays reads it:
// hanab.live's own files may leave out options, and value where the action
// needs none. Fields this server does not use (id, characters, ...) are
// ignored; notes (a list a player) are checked as hanab.live checks them.
type HanabLiveImport struct {
	Players []string                `json:"players" validate:"min=2,max=6"`
	Deck    []hanablive.Card        `json:"deck"`
	Actions []HanabLiveImportAction `json:"actions,omitempty" validate:"optional"`
	Options *hanablive.Options      `json:"options,omitempty" validate:"optional"`
	Seed    string                  `json:"seed,omitempty" validate:"optional"`
}

// HanabLiveImportAction is one hanab.live action: type 0 play and 1 discard
// (target: a card id), 2 color clue and 3 rank clue (target: a seat, value:
// the clue's color index or rank), 4 game over (neither needed), 5 game
// over by the players' votes (target -1). An action
// without a field it needs is refused by the rules (422, reason bad_action).
type HanabLiveImportAction struct {
	Type   hanablive.ActionType `json:"type"`
	Target *int                 `json:"target,omitempty" validate:"optional" extensions:"x-nullable"`
	Value  *int                 `json:"value,omitempty" validate:"optional" extensions:"x-nullable"`
}

// getReplay godoc
//
//	@Summary		The replay of a finished game
//	@Description	The whole deck and every action. With format=hanablive, the hanab.live JSON game format (players, deck[{suitIndex, rank}], actions[{type, target, value}], options.variant, options.emptyClues, and the extensions options.stormTokens and options.noteTokens when they differ from 3 and 8), which POST /replays reads back to the same game and score.
//	@ID				getReplay
//	@Tags			replays
//	@Produce		json
//	@Param			id		path		string	true	"game id"
//	@Param			format	query		string	false	"native (default) or hanablive"	Enums(native, hanablive)
//	@Param			shadow	query		int		false	"a spectator's seat to see as (a finished game shows every face)"	minimum(0)	maximum(5)
//	@Param			secret	query		string	false	"a spectator's of a private table: its join secret"	maxLength(64)
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200		{object}	ReplayView		"format=native"
//	@Success		200		{object}	HanabLiveGame	"format=hanablive"
//	@Failure		400		{object}	Problem	"bad_request: a format other than native or hanablive, or hanablive for a variant that hanab.live does not have (one of this server's own)"
//	@Failure		403		{object}	Problem	"forbidden: a private table's replay, without its secret (after the end too)"
//	@Failure		409		{object}	Problem	"game_not_active: the game has not finished; deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Router			/games/{id}/replay [get]
func (s *Server) getReplay(c *gin.Context) {
	format := c.DefaultQuery("format", "native")
	if format != "native" && format != "hanablive" {
		s.fail(c, badRequest("format must be native or hanablive, not %q", truncate(format, 32)))
		return
	}
	st, err := s.games.Load(c.Request.Context(), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	if _, err := s.admit(c, st, park.State); err != nil {
		s.fail(c, err)
		return
	}
	if err := st.DealShown(); err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", keptForGood(c, st))
	if format == "hanablive" {
		r := &hanablive.Replay{Variant: st.Variant, Settings: st.Settings, Players: seatNames(st), Seed: s.games.RecordedSeed(st.Seed), State: st.Game,
			Notes: liveNotes(st)}
		out, err := hanablive.Export(r)
		if errors.Is(err, hanablive.ErrUnknownVariant) {
			err = badRequest("the variant %s is none of hanab.live's: its games have no hanab.live format (format=native has the replay)", st.Variant)
		}
		if err != nil {
			s.fail(c, err)
			return
		}
		c.JSON(http.StatusOK, out)
		return
	}
	// The chat as the game's events show it to the reader: without the
	// lines of the players it muted.
	muted, err := s.muted(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, replayView(st, s.games.RecordedSeed(st.Seed), muted))
}

// keptForGood is the Cache-Control of what a finished game shows for good
// (its replay, its analysis), and says that it varies with the
// credential: who may read it is the caller's (a seat, a player of its
// shared deal at another table). A shared cache may keep it but for a
// private table's, which its secret or its seats alone read.
func keptForGood(c *gin.Context, st *play.State) string {
	c.Header("Vary", "Authorization")
	if st.JoinSecret != "" {
		return "private, max-age=3600"
	}
	return "public, max-age=3600"
}

// liveNotes is a finished game's notes as hanab.live's files keep them,
// notes[seat][card id], or nil when nobody wrote one.
func liveNotes(st *play.State) [][]string {
	ns := st.NotesFor(-1)
	if len(ns) == 0 {
		return nil
	}
	out := make([][]string, st.Players)
	for i := range out {
		out[i] = make([]string, st.Config.DeckSize())
	}
	for _, n := range ns {
		if n.Seat >= 0 && n.Seat < len(out) && n.Card >= 0 && n.Card < len(out[n.Seat]) {
			out[n.Seat][n.Card] = n.Text
		}
	}
	return out
}

func seatNames(st *play.State) []string {
	names := make([]string, st.Players)
	for _, sv := range seatViews(st.Players, st.Seats) {
		if sv.Name != nil {
			names[sv.Seat] = *sv.Name
		}
	}
	return names
}

// replayView is finished game st's replay, shown under seed, its chat
// without the lines muted hides.
func replayView(st *play.State, seed string, muted players.Mutes) ReplayView {
	cfg := st.Config
	out := ReplayView{
		ID: st.ID, Variant: st.Variant, Options: st.Settings, Players: st.Players,
		Seats: seatViews(st.Players, st.Seats), Seed: seed,
		Deck: []CardFace{}, Actions: []ReplayAction{}, Notes: []NoteView{}, Chat: []ChatEvent{},
	}
	for _, l := range st.Chat {
		if !muted.Hides(l.Player) {
			out.Chat = append(out.Chat, chatEvent(l))
		}
	}
	for id, card := range st.Game.Deck() {
		out.Deck = append(out.Deck, CardFace{ID: id, Suit: cfg.Suits[card.Suit].Name, Rank: card.Rank})
	}
	for _, step := range st.Steps() {
		ra := ReplayAction{Seq: step.Seq, Seat: step.Seat, Auto: step.Auto, Order: step.Order}
		if len(step.Touched) > 0 {
			ra.Touched = step.Touched
		}
		a := step.Action
		switch a.Kind {
		case engine.Play:
			ra.Type, ra.Card = "play", ptr(a.Card)
		case engine.Discard:
			ra.Type, ra.Card = "discard", ptr(a.Card)
		case engine.ColorClue:
			ra.Type, ra.Target, ra.Color = "clue", ptr(a.Target), ptr(cfg.ClueColors[a.Value])
		case engine.RankClue:
			ra.Type, ra.Target, ra.Rank = "clue", ptr(a.Target), ptr(a.Value)
		case engine.End:
			ra.Type = "end"
		case engine.Leave:
			ra.Type = "seat_left"
		case engine.Rearrange:
			ra.Type = "rearrange"
		case engine.Vote:
			ra.Type, ra.Vote = "vote", ptr(a.Value == 1)
		case engine.Pause:
			ra.Type = "pause"
		case engine.Resume:
			ra.Type = "resume"
		}
		out.Actions = append(out.Actions, ra)
	}
	if r, over := st.Game.Result(); over {
		out.Result = resultView(r)
	}
	if ns := noteViews(st.NotesFor(-1)); ns != nil {
		out.Notes = ns
	}
	return out
}

// importReplay godoc
//
//	@Summary		Replay a hanab.live game
//	@Description	Deals the game's deck and applies every action through the rules. Answers the final state with every card visible and its result (status finished), or, for a log that stops before the game ends, the state it reached (status active, no result); a 422 whose detail names the first illegal action by its index; or a 400 for a body that is not a hanab.live game this server can play.
//	@ID				importReplay
//	@Tags			replays
//	@Accept			json
//	@Produce		json
//	@Param			game	body		HanabLiveImport	true	"a hanab.live JSON game"
//	@x-lenient-body	true
//	@Success		200		{object}	ImportResponse
//	@Failure		422		{object}	Problem	"illegal_action: the detail names the action's index"
//	@Router			/replays [post]
func (s *Server) importReplay(c *gin.Context) {
	data, err := s.readBody(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	if err := checkShape(data, reflect.TypeFor[HanabLiveImport]()); err != nil {
		s.fail(c, err)
		return
	}
	r, err := hanablive.Import(data)
	if err != nil {
		s.fail(c, importProblem(err))
		return
	}
	g := r.State
	status := play.StatusFinished
	if !r.Finished() {
		status = play.StatusActive
	}
	st := &play.State{
		Record: play.Record{Variant: r.Variant, Settings: r.Settings, Players: g.Players(), Status: status, Version: int64(len(g.Log()))},
		Config: g.Config(), Game: g, Actions: len(g.Log()),
	}
	for i, name := range r.Players {
		st.Seats = append(st.Seats, play.Seat{Seat: i, Name: name})
	}
	// A replay is public record: every card is shown, in a game its log
	// left unfinished too.
	v, deck := g.View(engine.Public), g.Deck()
	for p := range v.Players {
		for i, cv := range v.Hand(p) {
			v.Hands[p][i].Known, v.Hands[p][i].Card = true, deck[cv.ID]
		}
	}
	writeJSON(c, http.StatusOK, append(appendViewOf([]byte(`{"game":`), st, -1, v, false), '}'))
}

func importProblem(err error) error {
	var re *engine.ReplayError
	if errors.As(err, &re) {
		reason := "bad_action"
		var ee *engine.Error
		if errors.As(re.Err, &ee) {
			reason = ee.Code
		}
		return illegal(re.Error(), reason)
	}
	return badRequest("%s", truncate(err.Error(), 300))
}
