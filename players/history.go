package players

import (
	"context"
	"strconv"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
)

// HistoryStore is what history, statistics, seeds and leaderboards need
// from storage: models implements it. Every figure was written in the
// transaction that ended its game; nothing here scans all games.
type HistoryStore interface {
	// Games pages through a player's finished games, the latest first,
	// optionally of one variant and player count (0: any).
	Games(ctx context.Context, playerID string, f Filter, cursor string, limit int) (games []Game, next string, err error)
	// Profile counts a player's finished games (the abandoned apart), with
	// their first and last.
	Profile(ctx context.Context, playerID string) (Profile, error)
	// PlayerStats is a player's statistics by variant and player count.
	PlayerStats(ctx context.Context, playerID string) ([]Stats, error)
	// VariantStats is the whole server's for one variant, by player count.
	VariantStats(ctx context.Context, variant string) ([]Stats, error)
	// Leaderboard is the best games of a variant and player count whose
	// every seat not a bot's is a signed-in player's: of teams with a bot
	// (a strategy or a bot account) when bots, else of people only; the
	// best score first, ties broken by fewer turns, then the earlier game.
	// An abandoned game is on none.
	Leaderboard(ctx context.Context, variant string, players int, bots bool, limit int) ([]Game, error)
	// SeedGames lists every finished game of a deal, the best first and
	// the abandoned last.
	SeedGames(ctx context.Context, seed string, limit int) ([]Game, error)
	// PlayedSeeds is which of the seeds beginning with prefix any of the
	// players has played, or been dealt (a game that started on a shared
	// deal claims it for its players: play.GameRow.Deal).
	PlayedSeeds(ctx context.Context, playerIDs []string, prefix string) ([]string, error)
	// DealsInPlay lists the shared deals the player was dealt (see
	// PlayedSeeds) in games that are running now, every one.
	DealsInPlay(ctx context.Context, playerID string) ([]string, error)
	// Running lists the lobbies and active games where the player holds a
	// seat, the latest changed first.
	Running(ctx context.Context, playerID string, limit int) ([]Game, error)
}

// Filter narrows a history.
type Filter struct {
	Variant string
	Players int
	// Listed keeps only the games of tables listed and open to all (no
	// join secret): those anyone may find (see History.Games).
	Listed bool
}

// Game is a game as history shows it.
type Game struct {
	ID      string
	Variant string
	Players int
	// Options are the game's settings, as stored (JSON).
	Options string
	Seed    string
	Status  string
	// Score, Reason and Turns are a finished game's result; Abandoned, a
	// game its seats or the clock ended (see play.GameEnd).
	Score     int
	Reason    string
	Turns     int
	Abandoned bool
	EndedAt   time.Time
	// UpdatedAt is a running game's last change.
	UpdatedAt time.Time
	Seats     []GameSeat
	// Seat is the seat of the player whose history this is (-1: none).
	Seat int
}

// GameSeat is who sat in a seat: a name, and whether a signed-in player
// (Player) or a program (Bot: a strategy, or a bot account) held it.
type GameSeat struct {
	Seat   int
	Name   string
	Player bool
	Bot    bool
}

// Profile is a player's history in numbers: the games that count, and
// apart from them those abandoned.
type Profile struct {
	Games       int
	Abandoned   int
	First, Last *time.Time
}

// Stats are the figures of a variant at a player count: Games, Best,
// Total, Perfect and Strikeouts count the games played out; Abandoned
// those that were not (see play.GameEnd), which count in nothing else.
type Stats struct {
	Variant    string
	Players    int
	Games      int
	Best       int
	Total      int64
	Perfect    int
	Strikeouts int
	Abandoned  int
}

// Average is the mean score of the games played out.
func (s Stats) Average() float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.Total) / float64(s.Games)
}

// History is the players' history, statistics, seeds and leaderboards.
type History struct{ store HistoryStore }

// NewHistory builds it on store.
func NewHistory(store HistoryStore) *History { return &History{store: store} }

// Games pages through a player's games.
//
// A game of an unlisted or a private table is listed to its player alone
// (by): as the lobby and the list of finished games keep it from the
// others, so do a player's games, a seed's and the leaderboards.
func (h *History) Games(ctx context.Context, p Player, by auth.Caller, f Filter, cursor string, limit int) ([]Game, string, error) {
	f.Listed = by.PlayerID() != p.ID
	return h.store.Games(ctx, p.ID, f, cursor, limit)
}

// Profile is a player's history in numbers.
func (h *History) Profile(ctx context.Context, p Player) (Profile, error) {
	return h.store.Profile(ctx, p.ID)
}

// PlayerStats is a player's statistics.
func (h *History) PlayerStats(ctx context.Context, p Player) ([]Stats, error) {
	return h.store.PlayerStats(ctx, p.ID)
}

// VariantStats is the server's statistics of a variant.
func (h *History) VariantStats(ctx context.Context, variant string) ([]Stats, error) {
	return h.store.VariantStats(ctx, variant)
}

// Leaderboard is a variant's best games at a player count.
func (h *History) Leaderboard(ctx context.Context, variant string, players int, bots bool, limit int) ([]Game, error) {
	return h.store.Leaderboard(ctx, variant, players, bots, limit)
}

// SeedGames is every finished game of a deal, but those of unlisted or
// private tables (see Games).
func (h *History) SeedGames(ctx context.Context, seed string, limit int) ([]Game, error) {
	return h.store.SeedGames(ctx, seed, limit)
}

// Running is the player's lobbies and active games.
func (h *History) Running(ctx context.Context, p Player, limit int) ([]Game, error) {
	return h.store.Running(ctx, p.ID, limit)
}

// DealsInPlay are the shared deals of the games the player is playing now
// (see play.Spoils): every one, however many tables they hold besides.
func (h *History) DealsInPlay(ctx context.Context, p Player) ([]string, error) {
	return h.store.DealsInPlay(ctx, p.ID)
}

// NextSeed is the deal a table of these players gets: the first of the
// variant's and player count's, "…s1", "…s2", …, that none of them has
// played, as hanab.live deals them, nor plays now at another table: there
// its partners see the cards it will hold here.
func (h *History) NextSeed(ctx context.Context, playerIDs []string, variant string, players int) (string, error) {
	prefix := play.SeedPrefix(variant, players)
	played, err := h.store.PlayedSeeds(ctx, playerIDs, prefix)
	if err != nil {
		return "", err
	}
	taken := make(map[string]bool, len(played))
	for _, s := range played {
		taken[s] = true
	}
	for _, id := range playerIDs {
		playing, err := h.DealsInPlay(ctx, Player{ID: id})
		if err != nil {
			return "", err
		}
		for _, s := range playing {
			taken[s] = true
		}
	}
	for n := 1; ; n++ {
		if s := prefix + strconv.Itoa(n); !taken[s] {
			return s, nil
		}
	}
}
