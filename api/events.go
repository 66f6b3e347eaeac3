package api

import (
	"context"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/play"
)

// Event is one thing that happened at the table, as the caller may see it.
// seq numbers events from 1: the event of log entry n has seq n+1 (a move
// on turn t is entry t until a seat leaves or the game is ended), and a
// finished game ends with one game_over event.
// A drawn card is named only by its id: the seat that drew it must not learn
// it, and the other seats see it in the hands.
//
// On the wire an event is exactly one of PlayEvent, PlayFaceDownEvent,
// DiscardEvent, ClueEvent, GameOverEvent, SeatLeftEvent, RearrangeEvent,
// VoteEvent, PauseEvent, ResumeEvent, NextGameEvent and ChatEvent (to a
// reader that asked for the chat), told apart by type (appendEvent and appendChatEvent write
// them); this struct is their union, as a client may read it.
type Event struct {
	Seq             int         `json:"seq"`
	Turn            int         `json:"turn"`
	Seat            *int        `json:"seat"`
	Type            string      `json:"type"`
	Card            *CardFace   `json:"card"`
	CardID          *int        `json:"card_id"`
	Success         *bool       `json:"success"`
	Drawn           *int        `json:"drawn"`
	Target          *int        `json:"target"`
	Color           *string     `json:"color"`
	Rank            *int        `json:"rank"`
	Touched         []int       `json:"touched"`
	NoteTokens      *int        `json:"note_tokens"`
	HalfNoteToken   *bool       `json:"half_note_token,omitempty"`
	ClueType        string      `json:"clue_type,omitempty"`
	StormTokensUsed *int        `json:"storm_tokens_used"`
	Result          *ResultView `json:"result"`
	Bot             *string     `json:"bot"`
	Order           []int       `json:"order"`
	Vote            *bool       `json:"vote"`
	Votes           []int       `json:"votes"`
	Auto            bool        `json:"auto"`
	Why             string      `json:"why"`
	// A next_game's (see NextGameEvent).
	Game string `json:"game"`
	// A chat line's (see ChatEvent).
	Line   int       `json:"line"`
	From   string    `json:"from"`
	Player bool      `json:"player"`
	Text   string    `json:"text"`
	At     time.Time `json:"at"`
}

// PlayEvent is a card played: success says whether it extended its firework
// (else it was discarded and a storm token used). In a variant with a suit
// that swaps play and discard (hanab.live's Orange), such a card asked to be
// discarded is played, and shows as a play.
type PlayEvent struct {
	eventHead
	Type string   `json:"type" enums:"play" example:"play"`
	Card CardFace `json:"card"`
	// Success is true when the card extended its firework.
	Success bool `json:"success" example:"true"`
	// Drawn is the id of the card drawn after the play, null when the deck was empty.
	Drawn *int `json:"drawn" example:"31" extensions:"x-nullable"`
	tokensAfter
	StormTokensUsed int `json:"storm_tokens_used" example:"0"`
	moveBy
}

// PlayFaceDownEvent is a card played face down, in a Throw It in a Hole
// variant while the game runs: which card left the seat's hand, not what it
// was nor whether it succeeded (nobody at the table learns that before the
// end; from then on the same event reads as the PlayEvent it was).
type PlayFaceDownEvent struct {
	eventHead
	Type   string `json:"type" enums:"play_face_down" example:"play_face_down"`
	CardID int    `json:"card_id" example:"7"`
	// Drawn is the id of the card drawn after the play, null when the deck was empty.
	Drawn *int `json:"drawn" example:"31" extensions:"x-nullable"`
	tokensAfter
	moveBy
}

// DiscardEvent is a card discarded for a note token (none when all are
// there). A card of a suit that swaps play and discard (hanab.live's Orange)
// asked to be played is discarded, and shows as a discard.
type DiscardEvent struct {
	eventHead
	Type string   `json:"type" enums:"discard" example:"discard"`
	Card CardFace `json:"card"`
	// Drawn is the id of the card drawn after the discard, null when the deck was empty.
	Drawn *int `json:"drawn" example:"32" extensions:"x-nullable"`
	tokensAfter
	// StormTokensUsed reads 0 in Throw It in a Hole variants until the
	// game ends: the storms are hidden.
	StormTokensUsed int `json:"storm_tokens_used" example:"0"`
	moveBy
}

// ClueEvent is a clue given: exactly one of color and rank is set, the other
// null; in Cow & Pig and Duck variants both are null for anyone but the
// clue's giver.
type ClueEvent struct {
	eventHead
	Type   string  `json:"type" enums:"clue" example:"clue"`
	Target int     `json:"target" example:"0"`
	Color  *string `json:"color" example:"blue" extensions:"x-nullable"`
	Rank   *int    `json:"rank" example:"3" extensions:"x-nullable"`
	// Touched lists the ids of the cards the clue touched (empty for an empty clue).
	Touched []int `json:"touched"`
	tokensAfter
	// ClueType is the clue's type as the viewer may know it. Only in Cow &
	// Pig and Duck variants (absent elsewhere), where a clue shows anyone
	// but its giver the cards it touched and, in Cow & Pig, its type:
	// "hidden" in Duck for anyone but the giver.
	ClueType string `json:"clue_type,omitempty" validate:"optional" enums:"color,rank,hidden" example:"color"`
	moveBy
}

// GameOverEvent ends a finished game's events.
type GameOverEvent struct {
	Seq    int        `json:"seq" example:"60"`
	Turn   int        `json:"turn" example:"59"`
	Type   string     `json:"type" enums:"game_over" example:"game_over"`
	Result ResultView `json:"result"`
}

// NextGameEvent follows game_over once one of the players opened the
// game's rematch (POST /games/{id}/rematch): game is the new table, where
// the signed-in players and the bots already sit and a guest takes their
// seat with the table's invite link. A stream that carries the chat
// brings it whenever it comes.
type NextGameEvent struct {
	Seq  int    `json:"seq" example:"61"`
	Turn int    `json:"turn" example:"59"`
	Type string `json:"type" enums:"next_game" example:"next_game"`
	Game string `json:"game" example:"n3j9x0c2m4n5b6v7"`
}

// SeatLeftEvent is a seat whose player left an active game: from now on
// the bot strategy bot plays it.
type SeatLeftEvent struct {
	eventHead
	Type string `json:"type" enums:"seat_left" example:"seat_left"`
	Bot  string `json:"bot" example:"hat"`
}

// RearrangeEvent is a seat that put its hand in a new order (PUT
// /games/{id}/hand): order is the hand's card ids as they are now, newest
// first as views list a hand. It is no move: turn is the turn it came on,
// which does not pass.
type RearrangeEvent struct {
	eventHead
	Type  string `json:"type" enums:"rearrange" example:"rearrange"`
	Order []int  `json:"order" example:"8,5,9,7,6"`
}

// VoteEvent is a seat's vote to end the game (vote true; PUT
// /games/{id}/votes/end) or its vote taken back (false; DELETE): votes are
// the seats whose vote stands after it. When they reach the view's
// votes_to_end, the game ends: a game_over event of reason voted follows.
type VoteEvent struct {
	eventHead
	Type  string `json:"type" enums:"vote" example:"vote"`
	Vote  bool   `json:"vote" example:"true"`
	Votes []int  `json:"votes" example:"1"`
}

// PauseEvent is a seat that paused the game (POST /games/{id}/pause): no
// move is made and the turn's clock stands still until a ResumeEvent.
type PauseEvent struct {
	eventHead
	Type string `json:"type" enums:"pause" example:"pause"`
}

// ResumeEvent is a seat that resumed a paused game (POST
// /games/{id}/resume): the seat to act has the time its turn had left.
type ResumeEvent struct {
	eventHead
	Type string `json:"type" enums:"resume" example:"resume"`
}

// eventHead is where every seat's event stands: its sequence number, the
// turn it came on and the seat it is about.
type eventHead struct {
	Seq  int `json:"seq" example:"19"`
	Turn int `json:"turn" example:"18"`
	Seat int `json:"seat" example:"0"`
}

// tokensAfter is the note tokens a move leaves.
type tokensAfter struct {
	NoteTokens int `json:"note_tokens" example:"4"`
	// HalfNoteToken is true when half a note token is there on top of
	// note_tokens after the move; only in Clue Starved variants.
	HalfNoteToken *bool `json:"half_note_token,omitempty" validate:"optional" example:"true"`
}

// moveBy says who made a move, when a bot made it.
type moveBy struct {
	// Auto is true when a bot made the move because the seat's time ran out.
	Auto bool `json:"auto" example:"false"`
	// Why is a bot's word on its move, as a player would say it ("Bob's 2
	// clue on the chop saves the yellow 2"): absent for a person's move,
	// and for a bot that says nothing.
	Why string `json:"why,omitempty" validate:"optional" example:"Bob's 2 clue on the chop saves the yellow 2"`
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// EventsResponse is a page of events after the caller's last one.
type EventsResponse struct {
	Events  []Event `json:"events" oneOf:"PlayEvent,PlayFaceDownEvent,DiscardEvent,ClueEvent,GameOverEvent,SeatLeftEvent,RearrangeEvent,VoteEvent,PauseEvent,ResumeEvent,NextGameEvent,ChatEvent"`
	Version int64   `json:"version" example:"17"`
	// ChatLast is the last chat line the answer covers (the next
	// request's chat_after); null when the reader asked for no chat.
	ChatLast *int `json:"chat_last" example:"3" extensions:"x-nullable"`
}

// getEvents godoc
//
//	@Summary		Events after a sequence number (long-poll)
//	@Description	The events with seq > after, oldest first. With wait, the request is held until at least one such event exists or wait runs out (then the list is empty). wait is a Go duration ("30s") or seconds, capped by the server. A finished game ends with a game_over event. A drawn card is named only by its id. What a variant hides is withheld per viewer: in Throw It in a Hole a card played is a play_face_down event and storm_tokens_used reads 0 while the game runs (from its end every event shows what happened); in Cow & Pig and Duck a clue's color or rank (and in Duck its type) reaches only its giver.
//	@Description	To follow the events as they happen, read them as a stream: streamEvents (Server-Sent Events) or streamEventsNDJSON. Clients of API v1.2 asked this operation for those with Accept: text/event-stream or application/x-ndjson, and are still answered so, exactly as the stream operations answer.
//	@ID				getEvents
//	@Tags			events
//	@Produce		json
//	@Param			id				path		string	true	"game id"
//	@Param			after			query		int		false	"last seq the caller has seen (default 0)"	minimum(0)	maximum(1073741824)
//	@Param			wait			query		string	false	"how long to wait for a new event: a Go duration (30s) or seconds, capped by the server"
//	@Param			chat_after		query		int		false	"the table's chat too: the last chat line the caller has seen (0 for all); without it, no chat"	minimum(0)	maximum(1073741824)
//	@Param			shadow			query		int		false	"a signed-in spectator's: the seat whose view to see, exactly as it sees it (instead of every hand)"	minimum(0)	maximum(5)
//	@Param			secret			query		string	false	"a spectator's of a private table: its join secret, from the invite link"	maxLength(64)
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200		{object}	EventsResponse	"the events after after"
//	@Failure		403		{object}	Problem	"forbidden"
//	@Failure		409		{object}	Problem	"deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Router			/games/{id}/events [get]
func (s *Server) getEvents(c *gin.Context) {
	after, err := intQuery(c, "after", 0, 0, maxSeq)
	if err != nil {
		s.fail(c, err)
		return
	}
	if f := streamFormatOf(c.GetHeader("Accept")); f != notStream {
		s.streamEvents(c, after, f)
		return
	}
	wait, err := s.waitQuery(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	spec, err := s.readSpec(c, park.Events)
	if err != nil {
		s.fail(c, err)
		return
	}
	spec.Since = int64(after)
	if spec.ChatAfter, err = chatQuery(c); err != nil {
		s.fail(c, err)
		return
	}
	if spec.ChatAfter >= 0 {
		if spec.Muted, err = s.muted(c); err != nil {
			s.fail(c, err)
			return
		}
	}
	s.longPoll(c, spec, wait)
}

// maxSeq bounds every sequence number and version a request may name: far
// above any game's, and exact in every client's numbers.
const maxSeq = 1 << 30

// streamEventsSSE godoc
//
//	@Summary		The events as they happen, as Server-Sent Events
//	@Description	Every event with seq > after (or > Last-Event-ID, which wins, when a client reconnects), then each new one as it happens, each as "id: <seq>", "event: <type>" and "data: <the event JSON, exactly as getEvents lists it>". A comment line comes at least every 15 s while nothing happens; the stream ends after game_over (unless it carries the chat: with chat_after it goes on with the chat said after the game), when the seat token stops working, or when the server shuts down. The caller sees what its token lets it see, as in getEvents.
//	@ID				streamEvents
//	@Tags			events
//	@Produce		text/event-stream
//	@Param			id				path		string	true	"game id"
//	@Param			after			query		int		false	"last seq the caller has seen (default 0)"	minimum(0)	maximum(1073741824)
//	@Param			chat_after		query		int		false	"the table's chat too: the last chat line the caller has seen (0 for all); without it, no chat"	minimum(0)	maximum(1073741824)
//	@Param			Last-Event-ID	header		string	false	"the last frame's id: <seq>, or <seq>.<line> with the chat (each part up to 9 digits); wins over after and chat_after"
//	@Param			shadow			query		int		false	"a signed-in spectator's: the seat whose events to see, as it sees them"	minimum(0)	maximum(5)
//	@Param			secret			query		string	false	"a spectator's of a private table: its join secret, from the invite link"	maxLength(64)
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200		{string}	string	"a stream of Server-Sent Events, the data of each an Event"
//	@x-stream-item	"Event"
//	@Failure		403		{object}	Problem	"forbidden"
//	@Failure		409		{object}	Problem	"deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Router			/games/{id}/events/sse [get]
func (s *Server) streamEventsSSE(c *gin.Context) { s.streamEventsAs(c, sseStream) }

// streamEventsNDJSON godoc
//
//	@Summary		The events as they happen, one JSON object a line
//	@Description	The events of streamEvents, each an Event on a line of its own (NDJSON); an empty line is the heartbeat, at least every 15 s while nothing happens. Last-Event-ID resumes as there. The stream ends after game_over (unless it carries the chat, as there), when the seat token stops working, or when the server shuts down.
//	@ID				streamEventsNDJSON
//	@Tags			events
//	@Produce		application/x-ndjson
//	@Param			id				path		string	true	"game id"
//	@Param			after			query		int		false	"last seq the caller has seen (default 0)"	minimum(0)	maximum(1073741824)
//	@Param			chat_after		query		int		false	"the table's chat too: the last chat line the caller has seen (0 for all); without it, no chat"	minimum(0)	maximum(1073741824)
//	@Param			Last-Event-ID	header		string	false	"the last frame's id: <seq>, or <seq>.<line> with the chat (each part up to 9 digits); wins over after and chat_after"
//	@Param			shadow			query		int		false	"a signed-in spectator's: the seat whose events to see, as it sees them"	minimum(0)	maximum(5)
//	@Param			secret			query		string	false	"a spectator's of a private table: its join secret, from the invite link"	maxLength(64)
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200		{object}	Event	"a stream of Events, one a line"
//	@x-stream-item	"Event"
//	@Failure		403		{object}	Problem	"forbidden"
//	@Failure		409		{object}	Problem	"deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Router			/games/{id}/events/ndjson [get]
func (s *Server) streamEventsNDJSON(c *gin.Context) { s.streamEventsAs(c, ndjsonStream) }

// gameEvents is a game's events, with its chat when the reader asked for
// it (spec.ChatAfter >= 0), as one reader may see them: a feed whose
// position is the last event's seq and the last chat line's.
type gameEvents struct {
	s    *Server
	t    play.Follower
	spec park.Spec
}

func (g *gameEvents) Changed() <-chan struct{} {
	_, ch := g.t.Latest()
	return ch
}

// Read renders the game's events after after, the chat's lines among
// them, but those of the players the reader muted: the same renders the
// list answers with (renderEvents). Every read asks play.Admit again, so a
// seat left while its stream runs ends it. A finished game's events end
// with game_over, unless the reader reads the chat, which goes on after.
func (g *gameEvents) Read(ctx context.Context, after feed.Pos, fresh bool) (feed.Page, error) {
	st, _ := g.t.Latest()
	if fresh || st == nil {
		rctx, cancel := g.s.storeCtx(ctx)
		var err error
		st, err = g.t.Read(rctx)
		cancel()
		if err != nil {
			return feed.Page{}, err
		}
	}
	viewer, err := admitted(g.spec, st)
	if err != nil {
		return feed.Page{}, err
	}
	evs, err := g.s.renderEvents(st, viewer)
	if err != nil {
		g.s.log.Error("stream: events do not render", "game", st.ID, "err", err.Error())
		return feed.Page{}, err
	}
	page := feed.Page{Last: after}
	for _, ev := range withChat(evs, int(after.N), st, int(after.Sub), g.spec.Muted) {
		if ev.typ == "chat" {
			page.Last.Sub = int64(ev.line)
		} else {
			page.Last.N = int64(ev.seq)
		}
		page.Entries = append(page.Entries, feed.Entry{Pos: page.Last, Type: ev.typ, Data: ev.data})
	}
	if page.Last.Sub >= 0 {
		page.Last.Sub = max(page.Last.Sub, int64(st.ChatLines)) // muted lines too are past
	}
	// A finished game's events end with game_over, or the rematch's
	// next_game after it: without the chat, nothing more will come.
	n := len(evs)
	page.End = n > 0 && (evs[n-1].typ == "game_over" || evs[n-1].typ == "next_game") && page.Last.N >= int64(evs[n-1].seq) && after.Sub < 0
	return page, nil
}

// streamEvents answers an events request as a stream (see getEvents).
func (s *Server) streamEvents(c *gin.Context, after int, format streamFormat) {
	chatAfter, err := chatQuery(c)
	if err == nil {
		after, chatAfter, err = lastEventIDs(c, after, chatAfter)
	}
	var spec park.Spec
	if err == nil {
		spec, err = s.readSpec(c, park.Events)
	}
	if err == nil && chatAfter >= 0 {
		spec.Muted, err = s.muted(c)
	}
	id := c.Param("id")
	if err == nil && !play.ValidID(id) {
		err = play.ErrNotFound
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	spec.ChatAfter = chatAfter
	t := s.games.Follow(id)
	beaten := func(c *gin.Context) { s.seenAtTable(c, spec.Shadow) } // a signed-in spectator still watches
	s.stream(c, &gameEvents{s: s, t: t, spec: spec}, feed.Pos{N: int64(after), Sub: int64(chatAfter)}, format, t.Close, beaten)
}

func (s *Server) streamEventsAs(c *gin.Context, f streamFormat) {
	after, err := intQuery(c, "after", 0, 0, maxSeq)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.streamEvents(c, after, f)
}

func intQuery(c *gin.Context, name string, def, min, max int) (int, error) {
	raw, ok := c.GetQuery(name)
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		return 0, badRequest("query parameter %s must be an integer, got %q", name, truncate(raw, 32))
	}
	if n < min || n > max {
		return 0, badRequest("query parameter %s must be %d–%d, got %d", name, min, max, n)
	}
	return n, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
