package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/variants"
)

// History is the players' history, statistics, seeds and leaderboards, as
// the API calls it; players.History is it.
type History interface {
	Games(ctx context.Context, p players.Player, by auth.Caller, f players.Filter, cursor string, limit int) ([]players.Game, string, error)
	Profile(ctx context.Context, p players.Player) (players.Profile, error)
	PlayerStats(ctx context.Context, p players.Player) ([]players.Stats, error)
	VariantStats(ctx context.Context, variant string) ([]players.Stats, error)
	Leaderboard(ctx context.Context, variant string, players int, bots bool, limit int) ([]players.Game, error)
	SeedGames(ctx context.Context, seed string, limit int) ([]players.Game, error)
	Running(ctx context.Context, p players.Player, limit int) ([]players.Game, error)
}

// HistoryGame is a game as history lists it: a finished one with its
// result, or (in GET /me/games) one still running.
type HistoryGame struct {
	ID      string            `json:"id" example:"k3j9x0c2m4n5b6v7"`
	Variant string            `json:"variant" example:"basic"`
	Players int               `json:"players" example:"3"`
	Options variants.Settings `json:"options"`
	Status  string            `json:"status" enums:"lobby,active,finished" example:"finished"`
	// Seed names the deal; null while the game runs (it would tell the
	// cards). POST /games takes options and seed back, to play it again.
	Seed *string `json:"seed" example:"p3v0s12" extensions:"x-nullable"`
	// Score, Reason and Turns are a finished game's result, null before.
	Score  *int    `json:"score" example:"23" extensions:"x-nullable"`
	Reason *string `json:"reason" example:"deck_out" extensions:"x-nullable"`
	Turns  *int    `json:"turns" example:"58" extensions:"x-nullable"`
	// Abandoned is true for a finished game that its seats or the clock
	// ended, not its cards (reason terminated, voted, timeout or idle): it
	// is on no leaderboard, and statistics count it apart.
	Abandoned bool `json:"abandoned" example:"false"`
	// EndedAt is when it ended; null while it runs.
	EndedAt *time.Time   `json:"ended_at" example:"2026-11-27T16:00:00Z" extensions:"x-nullable"`
	Seats   []PlayedSeat `json:"seats"`
	// Seat is the seat the player whose list this is held (null in lists
	// of a seed or a leaderboard).
	Seat *int `json:"seat" example:"1" extensions:"x-nullable"`
	// Replay is the finished game's replay, OtherScores every game of its
	// deal; null while it runs.
	Replay      *string `json:"replay" example:"/v1/games/k3j9x0c2m4n5b6v7/replay" extensions:"x-nullable"`
	OtherScores *string `json:"other_scores" example:"/v1/seeds/p3v0s12" extensions:"x-nullable"`
}

// PlayedSeat is who sat in a seat of a game in history.
type PlayedSeat struct {
	Seat int    `json:"seat" example:"0"`
	Name string `json:"name" example:"Alice"`
	// Player is true for a signed-in player's seat (its name is the
	// account's), Bot for a program's: a bot strategy or a bot account.
	// A seat that is neither was a guest's, whose name is its own choice
	// (any name an account does not hold).
	Player bool `json:"player" example:"true"`
	Bot    bool `json:"bot" example:"false"`
}

// HistoryPage is a page of a player's finished games, the latest first.
type HistoryPage struct {
	Games []HistoryGame `json:"games"`
	// NextCursor is the cursor of the next page, null on the last one.
	NextCursor *string `json:"next_cursor" extensions:"x-nullable"`
}

// StatsView is a variant's figures at a player count. Games, Best,
// Average, Perfect and Strikeouts are those of the games played out;
// Abandoned counts apart the games that their seats or the clock ended
// (terminated, voted, out of time, left idle), which count in nothing else.
type StatsView struct {
	Variant string `json:"variant" example:"basic"`
	Players int    `json:"players" example:"3"`
	Games   int    `json:"games" example:"41"`
	Best    int    `json:"best" example:"25"`
	// Average is the mean score, to two decimals.
	Average    float64 `json:"average" example:"21.37"`
	Perfect    int     `json:"perfect" example:"9"`
	Strikeouts int     `json:"strikeouts" example:"2"`
	Abandoned  int     `json:"abandoned" example:"1"`
}

// ProfileView is a player's page: the account and its history in numbers.
type ProfileView struct {
	Name      string    `json:"name" example:"Alice"`
	Bot       bool      `json:"bot" example:"false"`
	CreatedAt time.Time `json:"created_at" example:"2026-11-01T10:00:00Z"`
	// Games counts the finished games played out; Abandoned, apart, those
	// that the seats or the clock ended (see StatsView).
	Games     int `json:"games" example:"41"`
	Abandoned int `json:"abandoned" example:"2"`
	// FirstGameAt and LastGameAt are when the first and the latest game
	// ended; null before the first.
	FirstGameAt *time.Time `json:"first_game_at" example:"2026-11-02T20:00:00Z" extensions:"x-nullable"`
	LastGameAt  *time.Time `json:"last_game_at" example:"2026-11-27T16:00:00Z" extensions:"x-nullable"`
	// Stats are per variant and player count, the most played first.
	Stats []StatsView `json:"stats"`
	// History is the player's games (GET /players/{name}/games).
	History string `json:"history" example:"/v1/players/Alice/games"`
}

// VariantStatsView is the server's figures of a variant.
type VariantStatsView struct {
	Variant string      `json:"variant" example:"basic"`
	Stats   []StatsView `json:"stats"`
}

// SeedView is every finished game of a deal, the best first.
type SeedView struct {
	Seed  string        `json:"seed" example:"p3v0s12"`
	Games []HistoryGame `json:"games"`
}

// LeaderboardView is a variant's best games at a player count.
type LeaderboardView struct {
	Variant string `json:"variant" example:"basic"`
	Players int    `json:"players" example:"3"`
	// Bots: the board of teams with a bot (a strategy or a bot account);
	// else people only.
	Bots    bool               `json:"bots" example:"false"`
	Entries []LeaderboardEntry `json:"entries"`
}

// LeaderboardEntry is a place on a leaderboard: the best score first, ties
// broken by fewer turns, then by the earlier game.
type LeaderboardEntry struct {
	Rank int         `json:"rank" example:"1"`
	Game HistoryGame `json:"game"`
}

// MyGames is the signed-in player's games: those running, then the latest
// finished.
type MyGames struct {
	Running  []HistoryGame `json:"running"`
	Finished []HistoryGame `json:"finished"`
}

func historyGame(g players.Game) HistoryGame {
	out := HistoryGame{ID: g.ID, Variant: g.Variant, Players: g.Players, Status: g.Status, Seats: []PlayedSeat{}}
	var set variants.Settings
	if json.Unmarshal([]byte(g.Options), &set) == nil {
		out.Options = set.Clock()
	}
	for _, s := range g.Seats {
		out.Seats = append(out.Seats, PlayedSeat{Seat: s.Seat, Name: s.Name, Player: s.Player, Bot: s.Bot})
	}
	if g.Seat >= 0 {
		out.Seat = ptr(g.Seat)
	}
	if g.Status == play.StatusFinished {
		// A finished game's seed is as it was recorded: a shared deal's name.
		out.Seed, out.Score, out.Reason, out.Turns, out.Abandoned = ptr(g.Seed), ptr(g.Score), ptr(g.Reason), ptr(g.Turns), g.Abandoned
		out.EndedAt = ptr(g.EndedAt.UTC())
		out.Replay = ptr("/v1/games/" + g.ID + "/replay")
		out.OtherScores = ptr("/v1/seeds/" + url.PathEscape(g.Seed))
	}
	return out
}

func historyGames(gs []players.Game) []HistoryGame {
	out := make([]HistoryGame, 0, len(gs))
	for _, g := range gs {
		out = append(out, historyGame(g))
	}
	return out
}

func statsViews(ss []players.Stats) []StatsView {
	out := make([]StatsView, 0, len(ss))
	for _, s := range ss {
		out = append(out, StatsView{Variant: s.Variant, Players: s.Players, Games: s.Games, Best: s.Best,
			Average: float64(int64(s.Average()*100+0.5)) / 100, Perfect: s.Perfect, Strikeouts: s.Strikeouts, Abandoned: s.Abandoned})
	}
	return out
}

// player is the account a path's name names (404: none).
func (s *Server) player(c *gin.Context) (players.Player, bool) {
	p, err := s.accounts.PlayerNamed(c.Request.Context(), c.Param("name"))
	if err != nil {
		s.fail(c, err)
		return p, false
	}
	return p, true
}

// getPlayer godoc
//
//	@Summary		A player's page
//	@Description	The account (a bot or not), how many games it finished (those its seats or the clock ended counted apart, as abandoned), when the first and the latest ended, and its statistics per variant and player count: games played out, best score, average, perfect games, strikeouts, and the abandoned apart, which count in none of the others. The name is found up to case, width and look-alike letters.
//	@ID				getPlayer
//	@Tags			players
//	@Produce		json
//	@Param			name	path		string	true	"the player's name"	maxLength(80)
//	@Success		200		{object}	ProfileView
//	@Router			/players/{name} [get]
func (s *Server) getPlayer(c *gin.Context) {
	p, ok := s.player(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	prof, err := s.history.Profile(ctx, p)
	if err != nil {
		s.fail(c, err)
		return
	}
	stats, err := s.history.PlayerStats(ctx, p)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, ProfileView{Name: p.Name, Bot: p.Bot, CreatedAt: p.CreatedAt.UTC(), Games: prof.Games, Abandoned: prof.Abandoned,
		FirstGameAt: prof.First, LastGameAt: prof.Last, Stats: statsViews(stats), History: "/v1/players/" + url.PathEscape(p.Name) + "/games"})
}

// listPlayerGames godoc
//
//	@Summary		A player's games
//	@Description	The player's finished games, the latest first, each with its players, variant, options, seed, score, end reason, turns, date, replay and the other scores on its deal. Filter by variant and by player count; pass next_cursor as cursor for the next page. A game of an unlisted or private table is listed only to the player, by the player's own token (as it is on no seed's page and no leaderboard).
//	@ID				listPlayerGames
//	@Tags			players
//	@Produce		json
//	@Param			name	path		string	true	"the player's name"	maxLength(80)
//	@Param			variant	query		string	false	"only games of this variant"	maxLength(64)
//	@Param			players	query		int		false	"only games of this many players"	minimum(2)	maximum(6)
//	@Param			limit	query		int		false	"page size (default 20)"	minimum(1)	maximum(100)
//	@Param			cursor	query		string	false	"next_cursor of the previous page"	maxLength(200)
//	@Security		PlayerToken
//	@Security		AccessToken
//	@x-optional-token	true
//	@Success		200		{object}	HistoryPage
//	@Failure		401		{object}	Problem	"unauthorized: a player's token that does not work"
//	@Router			/players/{name}/games [get]
func (s *Server) listPlayerGames(c *gin.Context) {
	p, ok := s.player(c)
	if !ok {
		return
	}
	n, err := intQuery(c, "players", 0, variants.MinPlayers, variants.MaxPlayers)
	if err != nil {
		s.fail(c, err)
		return
	}
	limit, cursor, err := pageQuery(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	games, next, err := s.history.Games(c.Request.Context(), p, callerOf(c), players.Filter{Variant: c.Query("variant"), Players: n}, cursor, limit)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := HistoryPage{Games: historyGames(games)}
	if next != "" {
		out.NextCursor = &next
	}
	c.Header("Cache-Control", "private, no-cache")
	c.Header("Vary", "Authorization") // its own unlisted games for the player
	c.JSON(http.StatusOK, out)
}

// getSeed godoc
//
//	@Summary		Every game of a deal
//	@Description	The finished games dealt from this seed, the best first (ties: fewer turns, then the earlier game) and the abandoned (ended by their seats or the clock) last, with their players and scores: "other scores on this seed" (but those of unlisted or private tables). A table of signed-in players that names no seed gets the next deal of its variant and player count that none of them has played, named as hanab.live names them: p{players}v{variant}s{n}, the variant by its hanab.live id where it has one. Such a game's replay names its seed so, never with the key that deals it; a seed with a key after a ~ is accepted too, and names the deal before it.
//	@ID				getSeed
//	@Tags			players
//	@Produce		json
//	@Param			seed	path		string	true	"the seed"	maxLength(256)
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200		{object}	SeedView
//	@Failure		401		{object}	Problem	"unauthorized: a player's token that does not work"
//	@Failure		404		{object}	Problem	"not_found: no finished game of this seed"
//	@Failure		409		{object}	Problem	"deal_in_play: the player whose token it is (or the seat whose token it is) plays this deal now, until that game ends; a read without a token cannot be told apart and is answered"
//	@Router			/seeds/{seed} [get]
func (s *Server) getSeed(c *gin.Context) {
	// A shared deal's seed as its games carry it names the deal before the ~.
	seed := play.DealName(c.Param("seed"))
	if err := s.games.Spoiled(c.Request.Context(), callerOf(c), seed); err != nil {
		s.fail(c, err)
		return
	}
	games, err := s.history.SeedGames(c.Request.Context(), seed, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	if len(games) == 0 {
		s.fail(c, errorf(fault.NotFound, codeNotFound, "no finished game of seed %q", truncate(seed, 64)))
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, SeedView{Seed: seed, Games: historyGames(games)})
}

// getVariantStats godoc
//
//	@Summary		A variant's statistics on this server
//	@Description	Per player count: games played out, best score, average, perfect games and strikeouts, and apart from them the games abandoned (ended by their seats or the clock: terminated, voted, out of time, left idle), kept as each game ends.
//	@ID				getVariantStats
//	@Tags			variants
//	@Produce		json
//	@Param			name	path		string	true	"variant name"
//	@Success		200		{object}	VariantStatsView
//	@Router			/variants/{name}/stats [get]
func (s *Server) getVariantStats(c *gin.Context) {
	v, err := variants.Get(c.Param("name"))
	if err != nil {
		s.fail(c, err)
		return
	}
	stats, err := s.history.VariantStats(c.Request.Context(), v.Name)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, VariantStatsView{Variant: v.Name, Stats: statsViews(stats)})
}

// getLeaderboard godoc
//
//	@Summary		A variant's leaderboard
//	@Description	The best games of a variant at a player count, of teams whose every seat not a bot's is a signed-in player's (teams shown by name), at tables listed and open to all: the best score first, ties broken by fewer turns, then by the earlier game. Teams with a bot (a strategy or a bot account) have a board of their own: bots=true. A game its seats or the clock ended (abandoned) is on no board, nor a game on a seed its creator named (a deck that may have been read in another game's replay).
//	@ID				getLeaderboard
//	@Tags			variants
//	@Produce		json
//	@Param			name	path		string	true	"variant name"
//	@Param			players	query		int		true	"the player count"	minimum(2)	maximum(6)
//	@Param			bots	query		bool	false	"the board of teams with a bot (default false: people only)"
//	@Param			limit	query		int		false	"how many (default 20)"	minimum(1)	maximum(100)
//	@Success		200		{object}	LeaderboardView
//	@Router			/variants/{name}/leaderboard [get]
func (s *Server) getLeaderboard(c *gin.Context) {
	v, err := variants.Get(c.Param("name"))
	if err != nil {
		s.fail(c, err)
		return
	}
	if _, ok := c.GetQuery("players"); !ok {
		s.fail(c, badRequest("players is required: the leaderboard of how many players"))
		return
	}
	n, err := intQuery(c, "players", 0, variants.MinPlayers, variants.MaxPlayers)
	if err != nil {
		s.fail(c, err)
		return
	}
	limit, err := intQuery(c, "limit", 20, 1, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	bots := false
	if raw, ok := c.GetQuery("bots"); ok {
		if bots, err = strconv.ParseBool(raw); err != nil || raw != "true" && raw != "false" {
			s.fail(c, badRequest("bots must be true or false, not %q", truncate(raw, 16)))
			return
		}
	}
	games, err := s.history.Leaderboard(c.Request.Context(), v.Name, n, bots, limit)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := LeaderboardView{Variant: v.Name, Players: n, Bots: bots, Entries: []LeaderboardEntry{}}
	for i, g := range games {
		out.Entries = append(out.Entries, LeaderboardEntry{Rank: i + 1, Game: historyGame(g)})
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, out)
}

// getMyGames godoc
//
//	@Summary		The signed-in player's games
//	@Description	The lobbies and games the player sits at, the latest changed first (each with its seat: POST /games/{id}/seats/{seat}/token gives a fresh seat token on any device), then their latest finished games.
//	@ID				getMyGames
//	@Tags			players
//	@Produce		json
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	MyGames
//	@Router			/me/games [get]
func (s *Server) getMyGames(c *gin.Context) {
	me := players.PlayerOf(callerOf(c))
	ctx := c.Request.Context()
	running, err := s.history.Running(ctx, me, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	finished, _, err := s.history.Games(ctx, me, callerOf(c), players.Filter{}, "", 20)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, MyGames{Running: historyGames(running), Finished: historyGames(finished)})
}

// seatToken godoc
//
//	@Summary		A fresh token for one's own seat
//	@Description	Gives a signed-in player a new token for the seat they hold in a lobby or a running game: a second device, a cleared browser, a crashed bot. The seat's other tokens keep working; nobody else's seat is given (403). The token works no longer than the session (or access token) it was taken with.
//	@ID				seatToken
//	@Tags			games
//	@Produce		json
//	@Param			id		path	string	true	"game id"
//	@Param			seat	path	int		true	"the player's seat"	minimum(0)	maximum(5)
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201	{object}	SeatResponse
//	@Header			201	{string}	Location	"the game's URL, /v1/games/{id}"
//	@Failure		403	{object}	Problem	"forbidden: the seat is not the player's"
//	@Failure		409	{object}	Problem	"game_not_active: the game is over"
//	@Router			/games/{id}/seats/{seat}/token [post]
func (s *Server) seatToken(c *gin.Context) {
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 || seat > variants.MaxPlayers-1 {
		s.fail(c, badRequest("seat must be a seat number, not %q", truncate(c.Param("seat"), 16)))
		return
	}
	st, err := s.games.SeatFor(c.Request.Context(), c.Param("id"), callerOf(c), seat)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.sendChange(c, st, seat, nil)
}
