package api

import (
	"context"

	"github.com/hanabi-server/hanabi/models"
)

// ResumeBots starts the bot driver of every active game whose next move is a
// bot's. A restart or a crash may have left such turns pending; without this
// they would wait for someone to look at the game, and a table of bots only
// has nobody to look. Replicas that resume the same game race for the log's
// key, so each bot move is still applied once.
func (s *Server) ResumeBots(ctx context.Context) (resumed int, err error) {
	if len(s.cfg.Bots) == 0 {
		return 0, nil
	}
	cursor := ""
	for {
		games, next, err := s.store.ListGames(ctx, models.StatusActive, 100, cursor)
		if err != nil {
			return resumed, err
		}
		for _, g := range games {
			st, err := s.load(ctx, g.ID)
			if err != nil {
				s.log.Warn("resume bots: cannot load game", "game", g.ID, "err", err.Error())
				continue
			}
			if st.game != nil && !st.game.Over() && s.seatStrategy(st, st.game.Current()) != nil {
				s.kickBots(st)
				resumed++
			}
		}
		if next == "" {
			return resumed, nil
		}
		cursor = next
	}
}
