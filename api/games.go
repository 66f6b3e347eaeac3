package api

import (
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// CreateGameRequest opens a table. The creator takes seat 0; bots take the
// seats they name; the game starts when the last seat is taken.
type CreateGameRequest struct {
	Variant string           `json:"variant" example:"farbrausch2" minLength:"1"`
	Players int              `json:"players" example:"4" minimum:"2" maximum:"6"`
	Options variants.Options `json:"options" validate:"optional"`
	// Seed fixes the deal; without it the server draws a random one. It
	// may hold any text a person reads as it is (no control, format or
	// invisible character: 400 invalid_text), but not a shared deal's name
	// (p2v0s17, or anything with "~"), which the server deals itself.
	Seed *string `json:"seed,omitempty" example:"walkthrough" validate:"optional" minLength:"1" maxLength:"256" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
	// Name is the creator's name at the table (default "Seat 0"): any text
	// but control characters.
	Name string    `json:"name" example:"Alice" validate:"optional" maxLength:"64" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
	Bots []BotSeat `json:"bots,omitempty" validate:"optional"`
	// Unlisted keeps the table out of GET /games: only its link finds it.
	Unlisted bool `json:"unlisted" example:"false" validate:"optional"`
	// Private gives the table a join secret (the seats see it as the view's
	// join_secret, for their invite link): a join without it is refused,
	// and so is a spectator without it while the table runs.
	Private bool `json:"private" example:"false" validate:"optional"`
	// Spectators is who may watch the table while it runs: open (anyone;
	// a signed-in spectator sees every hand or shadows a seat, the
	// default), no_hands (anyone, no hand shown), closed (nobody but its
	// seats). A finished game is public record.
	Spectators string `json:"spectators,omitempty" example:"open" validate:"optional" enums:"open,no_hands,closed"`
}

// BotSeat puts a bot strategy (see GET /bots) in a seat.
type BotSeat struct {
	Seat     int    `json:"seat" example:"3" minimum:"0" maximum:"5"`
	Strategy string `json:"strategy" example:"hat" enums:"random,conventions,hgroup,hat"`
}

// maxSecret is the longest join secret a join may bring (JoinRequest).
const maxSecret = 64

// JoinRequest takes the lowest free seat.
type JoinRequest struct {
	Name string `json:"name" example:"Bob" validate:"optional" maxLength:"64" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
	// Secret is a private table's join secret, from its invite link.
	Secret string `json:"secret" example:"n5q2x7kd3mzr4c6b" validate:"optional" maxLength:"64" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
}

// SeatResponse is a seat just taken: its number, its token (the seat's only
// credential) and the game as the seat sees it.
type SeatResponse struct {
	Game *GameView `json:"game"`
	// Seat and Token are null when bots took every seat, seat 0 included:
	// the creator then only watches.
	Seat  *int    `json:"seat" example:"1" extensions:"x-nullable"`
	Token *string `json:"token" example:"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJnYW1lIjoiazNqOXgwYzJtNG41YjZ2NyIsInNlYXQiOjF9.c2lnbmF0dXJl" extensions:"x-nullable"`
}

// GameList is a page of games, newest first.
type GameList struct {
	Games []GameSummary `json:"games"`
	// NextCursor is the cursor of the next page, null on the last one.
	NextCursor *string `json:"next_cursor" extensions:"x-nullable"`
}

// botTableLimit bounds the tables of bots only that one caller opens: each
// plays a whole game's moves, and writes them, for one request.
var botTableLimit = Limit{PerSecond: 0.1, Burst: 6}

// createGame godoc
//
//	@Summary		Create a game
//	@Description	Opens a table of 2–6 players. The creator takes seat 0 and gets its token; bots take the seats they name. A bot in seat 0 leaves the creator without a seat (seat and token null): a table of bots only plays itself to the end. Such a table costs the server a game's every move for one request: a caller (its account, else its seat, else its address) opens six at once, then one every ten seconds (429 with Retry-After). The game starts by itself when the last seat is taken. With a player's token (Authorization: Bearer, a session's or an access token) the seat is the signed-in player's: it takes the account's name (name is not needed) and the game goes into their history; a seat token is not read here. Without a seed, a table with a signed-in player gets, as it starts, the next deal of its variant and player count that none of its signed-in players has played (see GET /seeds/{seed}). A finished game's options and seed, from its replay or its history, may be posted back to play the same deal again.
//	@ID				createGame
//	@Tags			games
//	@Accept			json
//	@Produce		json
//	@Param			game	body		CreateGameRequest	true	"the table"
//	@Param			Idempotency-Key	header		string		false	"makes a retry safe: the same key and body get the first answer again (1–255 printable characters, kept 24 h)"
//	@Success		201		{object}	SeatResponse
//	@Header			201		{string}	Location	"the game's URL, /v1/games/{id}"
//	@Failure		400		{object}	Problem	"bad_request (a seed named like a shared deal, among others); invalid_text: a name or seed with a control or format character (bidirectional, invisible)"
//	@Failure		409		{object}	Problem	"idempotency_key_in_use, or guest_name_taken: a guest's name that is an account's or looks like one (sign in, or pick another)"
//	@Failure		422		{object}	Problem	"idempotency_key_reused"
//	@Failure		401		{object}	Problem	"unauthorized: a player's token that does not work"
//	@Failure		429		{object}	Problem	"rate_limited: past the caller's tables of bots only (Retry-After)"
//	@x-optional-token	true
//	@Router			/games [post]
func (s *Server) createGame(c *gin.Context) {
	var req CreateGameRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	ng := play.NewGame{Variant: req.Variant, Options: req.Options, Players: req.Players, Seed: req.Seed, Name: req.Name,
		Unlisted: req.Unlisted, Private: req.Private, Spectators: req.Spectators}
	for _, b := range req.Bots {
		ng.Bots = append(ng.Bots, play.BotSeat{Seat: b.Seat, Strategy: b.Strategy})
	}
	ng.Key = idempotencyKey(c)
	by := callerOf(c)
	if ng.BotsOnly() {
		if ok, wait := s.botTableLimits.allow(by.Key(), s.now()); !ok {
			s.tooMany(c, wait)
			return
		}
	}
	st, seat, err := s.games.Create(c.Request.Context(), by, ng)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.sendChange(c, st, seat, nil)
}

// joinGame godoc
//
//	@Summary		Take a seat
//	@Description	Takes the lowest free seat. The game starts when the last seat is taken. The body is optional, but a private table's seat needs its join secret (the invite link carries it). With a player's token the seat is the signed-in player's and takes the account's name; a player who holds a seat of the game already gets that seat again, with a fresh token (a second device).
//	@ID				joinGame
//	@Tags			games
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string		true	"game id"
//	@Param			seat	body		JoinRequest	false	"the player's name"
//	@Param			Idempotency-Key	header		string		false	"makes a retry safe: the same key and body get the first answer again (1–255 printable characters, kept 24 h)"
//	@Success		201		{object}	SeatResponse
//	@Header			201		{string}	Location	"the game's URL, /v1/games/{id}"
//	@Failure		401		{object}	Problem	"unauthorized: an Authorization header that is not a valid seat token (none is needed)"
//	@Failure		403		{object}	Problem	"forbidden: a seat token of another game, or a private table's seat without its join secret"
//	@Failure		400		{object}	Problem	"bad_request; invalid_text: a name with a control or format character (bidirectional, invisible)"
//	@Failure		409		{object}	Problem	"game_full or idempotency_key_in_use, or game_not_active: a table cancelled or finished, or stale_version: the table kept changing under the join (retry), or guest_name_taken: a guest's name that is an account's or looks like one (sign in, or pick another)"
//	@Failure		422		{object}	Problem	"idempotency_key_reused"
//	@x-optional-token	true
//	@Router			/games/{id}/seats [post]
func (s *Server) joinGame(c *gin.Context) {
	var req JoinRequest
	if !s.decodeBody(c, &req, true) {
		return
	}
	if utf8.RuneCountInString(req.Secret) > maxSecret || strings.IndexFunc(req.Secret, unicode.IsControl) >= 0 {
		s.fail(c, badRequest("secret must be at most %d characters, none a control character", maxSecret))
		return
	}
	seat, st, err := s.games.Join(c.Request.Context(), c.Param("id"), callerOf(c), req.Name, req.Secret, idempotencyKey(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	s.sendChange(c, st, seat, nil)
}

// listGames godoc
//
//	@Summary		List games
//	@Description	A page of game summaries, newest first: the listed tables only (a table created unlisted is found by its link alone). With status=lobby, the open tables: each with its host's name and free seats, and whether a join needs the secret of its invite link. Pass next_cursor as cursor for the next page; it is null on the last page.
//	@ID				listGames
//	@Tags			games
//	@Produce		json
//	@Param			status	query		string	false	"only games of this status"	Enums(lobby, active, finished, cancelled)
//	@Param			limit	query		int		false	"page size (default 20)"		minimum(1)	maximum(100)
//	@Param			cursor	query		string	false	"next_cursor of the previous page"
//	@Success		200		{object}	GameList
//	@Router			/games [get]
func (s *Server) listGames(c *gin.Context) {
	status, given := c.GetQuery("status")
	switch {
	case !given:
	case status == play.StatusLobby, status == play.StatusActive, status == play.StatusFinished, status == play.StatusCancelled:
	default:
		s.fail(c, badRequest("status must be lobby, active, finished or cancelled, not %q", truncate(status, 32)))
		return
	}
	limit, cursor, err := pageQuery(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	games, next, err := s.games.List(c.Request.Context(), status, limit, cursor)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := GameList{Games: make([]GameSummary, 0, len(games))}
	for i := range games {
		out.Games = append(out.Games, summaryOf(&games[i]))
	}
	if next != "" {
		out.NextCursor = &next
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, out)
}

// pageQuery reads a page's size (limit, 20 by default) and where it
// starts (cursor, a previous page's next_cursor).
func pageQuery(c *gin.Context) (limit int, cursor string, err error) {
	if limit, err = intQuery(c, "limit", 20, 1, 100); err != nil {
		return 0, "", err
	}
	if cursor = c.Query("cursor"); len(cursor) > 200 {
		return 0, "", badRequest("cursor is not one this server handed out")
	}
	return limit, cursor, nil
}

// getGame godoc
//
//	@Summary		A game as the caller sees it (long-poll)
//	@Description	With a seat token, that seat's view (its own cards' suit and rank are null); without one, the public view (no card identity in any hand until the game has ended). With since=V and wait, the request is held until the version exceeds V or wait runs out, and then answers the view as it is (200, the same version when nothing changed). The ETag is strong and differs per version and viewer; If-None-Match is honoured: 304 when it matches the view answered (with wait and no since, the request waits until it no longer matches).
//	@Description	Each of the seat's own cards carries its candidates: the identities it can still be as the seat can tell, from its clues and every card the seat has seen.
//	@Description	With turn=K (0 to the game's turn now; 0 is the deal), the caller's view as it was after turn K: the state after K moves with the entries (a seat left, the game ended) that came before move K+1, by the same rules and admission as the live view. A seat sees only what it had seen then: its candidates are those it could tell then. Once the game is over every face shows in every past turn, to everyone, as the replay does (a Cow & Pig or Duck clue's value stays its giver's, as in the end's view). version, status, current_seat and seats are as they were then; turn_deadline is null (no clock runs in the past) and notes are left out (they are written apart from the turns: read them in the live view or the replay). A finished game's past never changes: its answers carry Cache-Control immutable and a strong ETag. turn cannot be combined with since or wait (400); a turn outside 0 to the game's turn is a 400, a game that has not started a 409.
//	@ID				getGame
//	@Tags			games
//	@Produce		json
//	@Param			id				path		string	true	"game id"
//	@Param			since			query		int		false	"answer once the version is greater than this"	minimum(0)	maximum(1073741824)
//	@Param			wait			query		string	false	"how long to wait: a Go duration (30s) or seconds, capped by the server"
//	@Param			If-None-Match	header		string	false	"ETags from previous answers (an ETag is a quoted version and seat)"
//	@Param			turn			query		int		false	"the view as it was after this turn (0: the deal), instead of now"	minimum(0)	maximum(1073741824)
//	@Param			shadow			query		int		false	"a signed-in spectator's: the seat whose view to see, exactly as it sees it (instead of every hand)"	minimum(0)	maximum(5)
//	@Param			secret			query		string	false	"a spectator's of a private table: its join secret, from the invite link"	maxLength(64)
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200				{object}	GameView
//	@Header			200				{string}	ETag	"strong, per version and viewer (with turn: per turn, the version then and viewer)"
//	@Header			200				{string}	Cache-Control	"private, no-cache; with turn on a finished game, max-age=31536000, immutable"
//	@Success		304				"not modified: If-None-Match matches the view's ETag"
//	@Header			304				{string}	ETag	"the current ETag"
//	@Failure		403				{object}	Problem	"forbidden"
//	@Failure		409				{object}	Problem	"game_not_active: turn asked of a game that has not started; deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Router			/games/{id} [get]
func (s *Server) getGame(c *gin.Context) {
	if raw, ok := c.GetQuery("turn"); ok {
		s.getGameAt(c, raw)
		return
	}
	var since int64 = -1
	if raw, ok := c.GetQuery("since"); ok {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 0 || n > maxSeq {
			s.fail(c, badRequest("query parameter since must be an integer 0–%d, got %q", maxSeq, truncate(raw, 32)))
			return
		}
		since = n
	}
	wait, err := s.waitQuery(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	spec, err := s.readSpec(c, park.State)
	if err != nil {
		s.fail(c, err)
		return
	}
	spec.Since, spec.INM = since, c.GetHeader("If-None-Match")
	s.longPoll(c, spec, wait)
}
