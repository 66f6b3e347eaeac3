package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"runtime"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/analysis"
	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/fault"
)

// An analysis is computed once, after its game has ended (never in the
// move that ends it), in the background and kept (analysis.Cache): a
// second read costs nothing, and a reader who stops waiting stops nothing.
// A read waits for it as long as a request's database work may take; past
// that it is told to come back (503, Retry-After).
const (
	keptAnalyses  = 256
	analysisBound = 2 * time.Minute
)

// analysisWorkers is how many analyses run at once: half the cores, so
// that however many are asked for (anyone may post a file), the games
// being played keep the other half.
func analysisWorkers() int { return max(runtime.GOMAXPROCS(0)/2, 1) }

// getAnalysis godoc
//
//	@Summary		What a finished game teaches
//	@Description	For every state of the game (after 0, 1, … n moves): the score, the deck, pace and efficiency as hanab.live counts them, and max_reachable, the best final score still reachable had every card been known to everyone (exact: never rising, at least the score, the score itself at the end). lost lists each move after which max_reachable fell, with why in words. endgame gives, for each state with at most endgame_deck cards left in the deck, every legal move of the seat to act with win, the share of the deals that seat could not tell apart (its own cards and the deck's order unknown; all of them, or 100 drawn at random) in which the best score stays reachable after it. Computed once, after the game ends, and kept: a read while it is computed is 503 with Retry-After, and so is one that would start an analysis while as many as the server runs at once (half its cores) are under way (busy). An analysis that runs is charged to the caller who started it (its account, its seat, or else its address): one at a time, 30 s of the server's time at once and a twentieth of one worker over time (three minutes an hour); past that a read that would start another is 429 with Retry-After. A kept analysis costs nothing. Read as the game's replay is: a private table's behind its secret.
//	@ID				getAnalysis
//	@Tags			replays
//	@Produce		json
//	@Param			id		path		string	true	"game id"
//	@Param			secret	query		string	false	"a spectator's of a private table: its join secret"	maxLength(64)
//	@Security		SeatToken
//	@x-optional-token	true
//	@Success		200		{object}	analysis.Analysis
//	@Failure		403		{object}	Problem	"forbidden: a private table's game, without its secret"
//	@Failure		409		{object}	Problem	"game_not_active: the game has not finished; deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Failure		429		{object}	Problem	"rate_limited: the caller's analyses have taken their share of the server's time, or one of its analyses is under way (Retry-After)"
//	@Failure		503		{object}	Problem	"unavailable: the analysis is under way (Retry-After), or the database does not answer; busy: as many analyses as the server runs at once are under way (Retry-After)"
//	@Router			/games/{id}/analysis [get]
func (s *Server) getAnalysis(c *gin.Context) {
	ctx := c.Request.Context()
	st, err := s.games.Load(ctx, c.Param("id"))
	if err == nil {
		_, err = s.admit(c, st, park.State)
	}
	if err == nil {
		err = st.DealShown()
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	g := st.Game
	s.answerAnalysis(c, "game "+st.ID, func(ctx context.Context) (*analysis.Analysis, error) {
		return analysis.AnalyseGame(ctx, g, analysis.Options{})
	}, keptForGood(c, st))
}

// analyseFile godoc
//
//	@Summary		What a game from a file teaches
//	@Description	The analysis of getAnalysis, of a finished game given whole: a hanab.live JSON game (as POST /replays reads it) or this server's native replay (GET /games/{id}/replay). Kept by the body's hash, as a game's is. An analysis that runs is charged to the caller's address, as getAnalysis says.
//	@ID				analyseFile
//	@Tags			replays
//	@Accept			json
//	@Produce		json
//	@Param			game	body		HanabLiveImport	true	"a hanab.live JSON game"
//	@Param			game	body		ReplayView		true	"a native replay"
//	@x-body-name	"AnalysedGame"
//	@x-lenient-body	true
//	@Success		200		{object}	analysis.Analysis
//	@Failure		422		{object}	Problem	"illegal_action: an action the rules refuse (with the engine's reason), a deck the variant cannot deal (reason bad_deck), or a game its actions leave running (reason unfinished)"
//	@Failure		429		{object}	Problem	"rate_limited: the caller's analyses have taken their share of the server's time, or one of its analyses is under way (Retry-After)"
//	@Failure		503		{object}	Problem	"unavailable: the analysis is under way (Retry-After), or the server is shutting down; busy: as many analyses as the server runs at once are under way (Retry-After)"
//	@Router			/analyses [post]
func (s *Server) analyseFile(c *gin.Context) {
	data, err := s.readBody(c)
	if err == nil {
		err = checkText(data)
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	in, err := analysis.Decode(data)
	if err != nil {
		s.fail(c, analysisProblem(err))
		return
	}
	sum := sha256.Sum256(data)
	s.answerAnalysis(c, "file "+hex.EncodeToString(sum[:]), func(ctx context.Context) (*analysis.Analysis, error) {
		return analysis.Analyse(ctx, in, analysis.Options{})
	}, "no-store")
}

// answerAnalysis answers the analysis kept under key, computing it if need
// be, within the request's deadline.
func (s *Server) answerAnalysis(c *gin.Context, key string, compute func(context.Context) (*analysis.Analysis, error), cache string) {
	a, err := s.analyses.Get(c.Request.Context(), key, callerOf(c).Key(), compute)
	var share *analysis.ShareError
	switch {
	case errors.Is(err, analysis.ErrPending) && c.Request.Context().Err() == context.Canceled:
		err = context.Canceled // the client has gone
	case errors.Is(err, analysis.ErrPending):
		err = &apiError{kind: fault.Unavailable, code: codeUnavailable, detail: "the analysis is under way: ask again in a moment", retryAfter: 2}
	case errors.Is(err, analysis.ErrBusy):
		err = &apiError{kind: fault.Unavailable, code: codeBusy, detail: "as many analyses as this server runs at once are under way: ask again later", retryAfter: 10}
	case errors.As(err, &share):
		err = &apiError{kind: fault.TooMany, code: codeRateLimited, detail: share.Error(), retryAfter: max(1, int((share.Wait+time.Second-1)/time.Second))}
	}
	if err != nil {
		s.fail(c, analysisProblem(err))
		return
	}
	c.Header("Cache-Control", cache)
	c.JSON(http.StatusOK, a)
}

// analysisProblem is the answer to what an analysis refuses: a body that
// is no game (400), a game the rules or the variant refuse or that never
// ended (422, with the reason).
func analysisProblem(err error) error {
	var bad *analysis.BadInputError
	var deck *analysis.DeckError
	var re *engine.ReplayError
	switch {
	case errors.As(err, &bad):
		return badRequest("%s", truncate(err.Error(), 300))
	case errors.As(err, &deck):
		return illegal(truncate(err.Error(), 300), "bad_deck")
	case errors.As(err, &re):
		return importProblem(err)
	case errors.Is(err, analysis.ErrUnfinished):
		return illegal(err.Error(), "unfinished")
	case errors.Is(err, analysis.ErrStopped):
		return errorf(fault.Unavailable, codeUnavailable, "the game takes longer to analyse than this server allows")
	}
	return err
}
