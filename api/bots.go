package api

import (
	"context"
	"errors"
	"hash/fnv"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
)

// BotInfo is a strategy that can take a seat.
type BotInfo struct {
	Name        string `json:"name" example:"cautious"`
	Description string `json:"description" example:"Plays only cards it knows are playable."`
}

// BotList is every strategy the server can seat.
type BotList struct {
	Bots []BotInfo `json:"bots"`
}

// listBots godoc
//
//	@Summary	Bot strategies that can take a seat
//	@ID			listBots
//	@Tags		bots
//	@Produce	json
//	@Success	200	{object}	BotList
//	@Failure	429	{object}	Problem	"rate_limited"
//	@Router		/bots [get]
func (s *Server) listBots(c *gin.Context) {
	out := BotList{Bots: []BotInfo{}}
	for _, b := range s.cfg.Bots {
		out.Bots = append(out.Bots, BotInfo{Name: b.Name, Description: b.Description})
	}
	c.JSON(http.StatusOK, out)
}

func (s *Server) strategy(name string) *bots.Strategy {
	for i := range s.cfg.Bots {
		if s.cfg.Bots[i].Name == name && s.cfg.Bots[i].New != nil {
			return &s.cfg.Bots[i]
		}
	}
	return nil
}

// kickBots starts the bot driver of a game that has a bot to move. One driver
// runs per game in this process; a kick while it runs makes it look again
// before it stops, so no turn is missed.
//
// Reads kick too, so that a bot whose turn came while no driver ran (a
// restart, a crash) moves as soon as anyone looks at the game.
func (s *Server) kickBots(st *gameState) {
	if st.row.Status != models.StatusActive || st.game == nil || st.game.Over() || s.shuttingDown() ||
		s.seatStrategy(st, st.game.Current()) == nil {
		return
	}
	id := st.row.ID
	s.botMu.Lock()
	defer s.botMu.Unlock()
	if s.botRunning[id] {
		s.botAgain[id] = true
		return
	}
	s.botRunning[id] = true
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		for {
			s.driveBots(id)
			s.botMu.Lock()
			if s.botAgain[id] && !s.shuttingDown() {
				delete(s.botAgain, id)
				s.botMu.Unlock()
				continue
			}
			delete(s.botAgain, id)
			delete(s.botRunning, id)
			s.botMu.Unlock()
			return
		}
	}()
}

// driveBots moves for bot seats while one is to act. A bot's move goes
// through the same path as a seat's request, so it meets every check and
// races fairly for the log: another replica driving the same game costs a
// 409, never a double move.
func (s *Server) driveBots(id string) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("bot driver panicked", "game", id, "panic", r)
		}
	}()
	ctx := context.Background()
	for !s.shuttingDown() {
		st, err := s.load(ctx, id)
		if err != nil || st.row.Status != models.StatusActive || st.game.Over() {
			return
		}
		seat := st.game.Current()
		strat := s.seatStrategy(st, seat)
		if strat == nil {
			return
		}
		a, err := botMove(st, strat, seat)
		if err != nil {
			s.log.Error("bot could not replay the game", "game", id, "seat", seat, "err", err.Error())
			return
		}
		// The version pins the move to the state the bot saw.
		_, _, err = s.act(ctx, id, seat, func(*engine.Config) engine.Action { return a }, &st.row.Version, "")
		var ae *apiError
		switch {
		case err == nil:
		case errors.As(err, &ae) && (ae.code == codeStaleVersion || ae.code == codeNotYourTurn):
			// Someone else moved first; look again.
		default:
			s.log.Error("bot move refused", "game", id, "seat", seat, "strategy", strat.Name, "code", classify(err).code)
			return
		}
	}
}

func (s *Server) seatStrategy(st *gameState, seat int) *bots.Strategy {
	for _, t := range st.seats {
		if t.Seat == seat && t.Bot != "" {
			return s.strategy(t.Bot)
		}
	}
	return nil
}

// botMove rebuilds the bot's memory by showing it the game so far, through
// its own seat's views only (bots.Replay), and asks for its move.
func botMove(st *gameState, strat *bots.Strategy, seat int) (engine.Action, error) {
	h := fnv.New64a()
	h.Write([]byte(st.row.Seed + "/" + strconv.Itoa(seat)))
	p := strat.New(st.cfg, seat, h.Sum64())
	log := make([]engine.Action, len(st.log))
	for i, a := range st.log {
		log[i] = toEngine(a)
	}
	names := make([]string, st.row.Players)
	for _, t := range st.seats {
		if t.Seat >= 0 && t.Seat < len(names) {
			names[t.Seat] = t.Bot
		}
	}
	g, err := bots.Replay(p, *st.cfg, st.cfg.Shuffle(st.row.Seed), log, seat, names)
	if err != nil {
		return engine.Action{}, err
	}
	return p.Act(g.View(seat)), nil
}
