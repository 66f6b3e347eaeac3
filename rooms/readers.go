package rooms

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
)

// Readers is where readers are seen, from their callers: a signed-in
// player reading the lobby, a table (seated, or watching it) or a replay
// room is online there (Online), and a signed-in spectator of a table is
// one of its watchers (Watchers). It is best-effort: a failure to record
// fails no read, and is logged.
type Readers struct {
	online   *Online   // nil: nobody is listed
	watchers *Watchers // nil: nobody is listed
	games    Games
	log      *slog.Logger
	// tables are the readers looked up at a table lately: a reader reads
	// its table many times a turn, and the game is loaded for its presence
	// at most every SeenEvery, never on each read.
	tables *Recent[string, struct{}]
}

// NewReaders records readers in online and watchers (either may be nil),
// reading the games' tables from games.
func NewReaders(online *Online, watchers *Watchers, games Games, log *slog.Logger) *Readers {
	return &Readers{online: online, watchers: watchers, games: games, log: log, tables: NewRecent[string, struct{}](SeenEvery)}
}

// AtRoom records a signed-in reader of room r, on game st, in it: only
// once the room has let it in, and, as at a table, without an unlisted
// game's room's id (it leads to the game).
func (p *Readers) AtRoom(ctx context.Context, by auth.Caller, r *Room, st *play.State) {
	p.At(ctx, by, PlaceOf(r, st))
}

// PlaceOf is where a reader of room r, on game st, is: in the room, named
// but for a room on an unlisted game (its id leads to the game).
func PlaceOf(r *Room, st *play.State) Place {
	place := Place{Kind: AtRoom, ID: r.ID}
	if st.Unlisted {
		place.ID = ""
	}
	return place
}

// At records that a signed-in caller reads place (the lobby, or a room).
func (p *Readers) At(ctx context.Context, by auth.Caller, place Place) {
	if p == nil || p.online == nil || !by.SignedIn() {
		return
	}
	p.see(ctx, Presence{Player: by.Account.ID, Name: by.Account.Name, Bot: by.Account.Bot, Place: place})
}

// AtTable records a signed-in reader of game at its table: seated (by any
// token of its seat) or a spectator, who then watches it too (shadowing
// seat shadow, or -1). Only a reader the table admits is recorded: a
// spectator refused (a closed table, a private one without its secret)
// watches nothing, and the token of a seat left is nobody at the table. An unlisted table is told without its id.
func (p *Readers) AtTable(ctx context.Context, by auth.Caller, game string, shadow int, secret string) {
	if p == nil || by.Account == nil {
		return
	}
	watcher := !by.Seated() && by.SignedIn() && p.watchers != nil
	if p.online == nil && !watcher {
		return
	}
	if !play.ValidID(game) {
		return // no game has that id
	}
	key := game + " " + by.Key() + " " + strconv.Itoa(shadow)
	if !p.tables.Due(key, struct{}{}, time.Now()) {
		return
	}
	st, err := p.games.Load(ctx, game)
	if err != nil {
		p.tables.Forget(key) // no such game (a made-up id): nothing to keep
		return
	}
	if by.Seated() {
		if play.Admit(st, by.Seat, by.Occupant) != nil {
			return // a seat left: its old token is nobody there
		}
	} else if _, err := play.AdmitWatcher(st, play.Watcher{SignedIn: true, Shadow: shadow, Secret: secret}); err != nil {
		return
	}
	who := by.Account
	if watcher {
		w := Watcher{Player: who.ID, Name: who.Name, Bot: who.Bot, Shadow: shadow}
		if err := p.watchers.Seen(ctx, st.ID, w); err != nil {
			// Not recorded (the read was cut off, the store erred): the
			// next read looks again, not SeenEvery later.
			p.tables.Forget(key)
			if ctx.Err() == nil {
				p.log.Warn("could not record a watcher", "game", st.ID, "err", err.Error())
			}
		}
	}
	if p.online == nil {
		return
	}
	at := Presence{Player: who.ID, Name: who.Name, Bot: who.Bot, Place: Place{Kind: AtTable, ID: st.ID}}
	if st.Unlisted {
		at.Place.ID = ""
	}
	if !p.see(ctx, at) {
		p.tables.Forget(key)
	}
}

// Sweep drops the players gone silent (see Online.Sweep).
func (p *Readers) Sweep(ctx context.Context) {
	if p != nil && p.online != nil {
		p.online.Sweep(ctx)
	}
}

// see records at, and says whether it could.
func (p *Readers) see(ctx context.Context, at Presence) bool {
	err := p.online.Seen(ctx, at)
	if err != nil && ctx.Err() == nil {
		p.log.Warn("could not record a player online", "err", err.Error())
	}
	return err == nil
}
