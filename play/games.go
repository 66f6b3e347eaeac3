package play

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/humantext"
	"github.com/hanabi-server/hanabi/variants"
)

// NewGame is a table to open. The creator takes seat 0 unless a bot does.
type NewGame struct {
	Variant string
	Options variants.Options
	Players int
	// Seed fixes the deal; nil draws a random one.
	Seed *string
	Name string
	Bots []BotSeat
	// Unlisted keeps the table out of the public list; Private gives it a
	// join secret that a joiner must bring.
	Unlisted, Private bool
	// Spectators is the table's spectator policy ("": open).
	Spectators string
	// Key, when set, is the request's idempotency key.
	Key *Key
	// shared is the shared deal a table of signed-in players that named
	// no seed was given before it was made, and secret a private table's
	// join secret chosen before (a rematch's: see Rematch).
	shared, secret string
	// guest are the keys of a guest creator's name (see GameRow.Guest).
	guest *NameKeys
}

// BotsOnly tells a table that bots fill whole, the creator's seat too: it
// plays itself to its end, every move written, for the one request.
func (n NewGame) BotsOnly() bool {
	return n.Players > 0 && len(n.Bots) >= n.Players && slices.ContainsFunc(n.Bots, func(b BotSeat) bool { return b.Seat == 0 })
}

// BotSeat puts a bot strategy in a seat.
type BotSeat struct {
	Seat     int
	Strategy string
}

const maxName = 64

func cleanName(name string, fallback string) (string, error) {
	if name = strings.TrimSpace(name); name == "" {
		return fallback, nil
	}
	return name, plainText("name", name, maxName)
}

// The names a guest who gives none sits under: a table's creator, and one
// who joins. No account may look like them (see players.SignUp), so that
// they need no asking.
const (
	CreatorName = "Seat 0"
	GuestName   = "Guest"
)

// guestName is the name a guest gives, cleaned, or why they may not sit
// under it: it is an account's, or looks like one. With Config.GuestKeys
// nothing is asked here: the keys it returns go with the seat's write,
// which the store makes only while no account has one (see guestRefused).
func (g *Games) guestName(ctx context.Context, name, fallback string) (string, *NameKeys, error) {
	clean, err := cleanName(name, fallback)
	if err != nil || clean == fallback || g.cfg.AccountNamed == nil {
		return clean, nil, err
	}
	if g.cfg.GuestKeys != nil {
		return clean, g.cfg.GuestKeys(clean), nil
	}
	account, err := g.cfg.AccountNamed(ctx, clean)
	if err != nil {
		return "", nil, err
	}
	if account != "" {
		return "", nil, nameTaken(account)
	}
	return clean, nil, nil
}

func nameTaken(account string) error {
	return &Error{Code: GuestNameTaken, Msg: "the name " + account + " is an account's (or too like it): sign in as " + account + ", or pick another name"}
}

// guestRefused is how the request of a guest whose name's keys went with
// its write ends, err its end otherwise: a name that is an account's, or
// looks like one, is told before anything else, as when it was asked
// first, and the store's ErrLookAlike is told as such.
func (g *Games) guestRefused(ctx context.Context, name string, keys *NameKeys, err error) error {
	if err == nil || keys == nil {
		return err
	}
	account, aerr := g.cfg.AccountNamed(ctx, name)
	switch {
	case aerr == nil && account != "":
		return nameTaken(account)
	case !errors.Is(err, ErrLookAlike):
		return err
	case aerr != nil:
		return aerr
	}
	// The account that refused the seat is no longer there.
	return errorf(StaleVersion, "the accounts changed meanwhile; try again")
}

// plainText refuses a text (what names it) of more than max characters,
// or one that a person could not read as it is (see humantext).
func plainText(what, s string, max int) error {
	if err := humantext.Check(s); err != nil {
		return errorf(BadText, "%s: %s", what, err.Error())
	}
	if utf8.RuneCountInString(s) > max {
		return errorf(Invalid, "%s must be at most %d characters", what, max)
	}
	return nil
}

// SeedPrefix is how hanab.live names the deals of a variant and player
// count, "p{players}v{variant}s": the variant by its hanab.live id where
// it has one, else by its name. A shared deal is the prefix and a number.
func SeedPrefix(variant string, players int) string {
	v := variant
	if def, err := variants.Get(variant); err == nil && def.HanabLive != nil {
		v = strconv.Itoa(def.HanabLive.ID)
	}
	return "p" + strconv.Itoa(players) + "v" + v + "s"
}

// sharedName is what any shared deal's name looks like (SeedPrefix and a
// number: p2v0s17), whatever its variant and player count.
var sharedName = regexp.MustCompile(`^p[0-9]+v.+s[0-9]+$`)

// creatorSeed refuses a seed that a table's creator may not name: one a
// person could not read as it is (it shows in history and on the deal's
// page), one of over 256 bytes, and one named like a shared deal (or with
// its mark): those are the server's to deal, and a creator's deck under
// such a name would stand on the shared deal's page beside its own.
func creatorSeed(seed string) error {
	if err := humantext.Check(seed); err != nil {
		return errorf(BadText, "seed: %s", err.Error())
	}
	switch {
	case seed == "" || len(seed) > 256:
		return errorf(Invalid, "seed must be 1–256 bytes")
	case strings.Contains(seed, dealMark) || sharedName.MatchString(seed):
		return errorf(Invalid, "a seed like %q names a shared deal, which the server deals itself (to a table of signed-in players that names no seed): name another", truncate(seed, 32))
	}
	return nil
}

func newSeed() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// setupError words a table that cannot be dealt as the caller's mistake;
// the rules' own refusals stay the engine's.
func setupError(err error) error {
	var oe *variants.OptionError
	var ee *engine.Error
	switch {
	case errors.As(err, &ee), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.As(err, &oe):
		return &Error{Code: Invalid, Msg: oe.Msg}
	case errors.Is(err, variants.ErrUnknownVariant):
		return errorf(Invalid, "%s", err.Error())
	}
	return errorf(Invalid, "this table cannot be dealt: %s", err.Error())
}

// Create opens a table for its creator, the caller, and returns it with
// the creator's seat: 0, or -1 when a bot took seat 0 and the creator only
// watches. A signed-in creator's seat records them and takes their name.
// The game starts at once when bots fill every other seat.
func (g *Games) Create(ctx context.Context, by auth.Caller, req NewGame) (*State, int, error) {
	// A player's caller sits as the player, whichever of its credentials
	// it came with (a seat's token of theirs too: its token names them).
	player := by.Account
	if req.Key != nil {
		req.Key.by = by
	}
	if req.Variant == "" {
		return nil, -1, errorf(Invalid, "variant is required (see GET /v1/variants)")
	}
	if req.Players < variants.MinPlayers || req.Players > variants.MaxPlayers {
		return nil, -1, errorf(Invalid, "players must be %d–%d, got %d", variants.MinPlayers, variants.MaxPlayers, req.Players)
	}
	_, set, cfg, err := variants.Setup(req.Variant, req.Options, req.Players)
	if err != nil {
		return nil, -1, setupError(err)
	}
	seed := newSeed()
	if req.Seed != nil {
		if err := creatorSeed(*req.Seed); err != nil {
			return nil, -1, err
		}
		seed = *req.Seed
	}
	var name string
	var keys *NameKeys
	if player != nil {
		name = player.Name
	} else if name, keys, err = g.guestName(ctx, req.Name, CreatorName); err != nil {
		return nil, -1, err
	}
	req.guest = keys
	st, seat, err := g.seatAndOpen(ctx, by, req, set, cfg, name, seed)
	return st, seat, g.guestRefused(ctx, name, keys, err)
}

// seatAndOpen is Create's making of the table's seats, its creator's under
// name, and its writing.
func (g *Games) seatAndOpen(ctx context.Context, by auth.Caller, req NewGame, set variants.Settings, cfg engine.Config, name, seed string) (*State, int, error) {
	player := by.Account
	// A bot in seat 0 means the creator only watches.
	creator := !slices.ContainsFunc(req.Bots, func(b BotSeat) bool { return b.Seat == 0 })
	var seats []Seat
	if creator {
		seats = append(seats, Seat{Seat: 0, Name: name})
		if p := player; p != nil {
			seats[0].Player, seats[0].PlayerBot = p.ID, p.Bot
		}
	}
	for _, b := range req.Bots {
		if b.Seat < 0 || b.Seat >= req.Players {
			return nil, -1, errorf(Invalid, "a bot's seat must be 0–%d, got %d", req.Players-1, b.Seat)
		}
		for _, t := range seats {
			if t.Seat == b.Seat {
				return nil, -1, errorf(Invalid, "seat %d is given twice", b.Seat)
			}
		}
		if g.Strategy(b.Strategy) == nil {
			return nil, -1, errorf(Invalid, "unknown bot strategy %q (see GET /v1/bots)", truncate(b.Strategy, 64))
		}
		seats = append(seats, Seat{Seat: b.Seat, Name: b.Strategy, Bot: b.Strategy})
	}
	seat := -1
	if creator {
		seat = 0
	}
	st, err := g.open(ctx, req, set, cfg, seats, seed, seat, nil)
	return st, seat, err
}

// open writes and publishes a new table of req, whose settings and rules
// are set and cfg, with seats taken (their occupants are made here), dealt
// from seed unless it starts at once as a table of signed-in players that
// named no seed, which gets their next shared deal; seat is the creator's,
// whose answer a keyed request records (-1: none). from, when set, is the
// finished game this one plays again (see GameRow.From).
func (g *Games) open(ctx context.Context, req NewGame, set variants.Settings, cfg engine.Config, seats []Seat, seed string, seat int, from *State) (*State, error) {
	opts, _ := json.Marshal(set)
	status := StatusLobby
	if len(seats) == req.Players {
		status = StatusActive
	}
	// The game is known whole before it is written: its state needs no
	// read, and its first deadline goes in with it.
	now := g.cfg.Now().UTC().Truncate(time.Millisecond)
	spectators := req.Spectators
	if spectators == "" {
		spectators = SpectatorsOpen
	}
	if !slices.Contains(SpectatorPolicies, spectators) {
		return nil, errorf(Invalid, "spectators must be open, no_hands or closed, not %q", truncate(spectators, 16))
	}
	row := &GameRow{Record: Record{ID: NewID(), Variant: req.Variant, Seed: seed, Players: req.Players, Status: status,
		CreatedAt: now, UpdatedAt: now, Unlisted: req.Unlisted, SeedOpen: req.Seed == nil, Spectators: spectators}, Options: string(opts)}
	if from != nil {
		row.From, row.FromVersion = from.ID, from.Version
	}
	if req.Private {
		row.JoinSecret = cmp.Or(req.secret, newSeed())
	}
	row.Guest = req.guest
	for i := range seats {
		seats[i].Occupant = NewID()
	}
	if req.shared != "" {
		seed, row.Seed, row.Deal = req.shared, req.shared, DealName(req.shared)
	}
	for try := 1; ; try++ {
		st, err := g.create(ctx, req, set, cfg, row, seats, seed, seat, status == StatusActive && req.shared == "")
		if !errors.Is(err, errDealTaken) {
			return st, err
		}
		if try == tableRetries {
			return nil, errorf(StaleVersion, "the deals kept being taken; try again")
		}
	}
}

// errDealTaken: a player of the table claimed its shared deal meanwhile
// (GameRow.Deal), at a table that started at the same instant; the next
// deal is chosen.
var errDealTaken = errors.New("a player claimed the deal meanwhile")

// create is open's writing of row, dealt by seed or, when choose is set, by
// the shared deal its seats get now (a table that starts as it is made,
// bots in every other seat).
func (g *Games) create(ctx context.Context, req NewGame, set variants.Settings, cfg engine.Config, row *GameRow, seats []Seat, seed string, seat int, choose bool) (*State, error) {
	if choose {
		row.Deal = ""
		if shared, err := g.sharedSeed(ctx, row.SeedOpen, seats, req.Variant, req.Players); err != nil {
			return nil, err
		} else if shared != "" {
			seed, row.Seed, row.Deal = shared, shared, DealName(shared)
		}
	}
	dealt, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		return nil, setupError(err)
	}
	row.FirstSeat = dealt.Current()
	st := &State{Record: row.Record, Seats: seats, Config: dealt.Config(), Game: dealt}
	st.Settings = set.Clock()
	st.setLogged()
	if at, what := g.due(st); what != dueNone {
		row.Deadline = &at
	}
	if err := g.replyTo(req.Key, st, seat, nil); err != nil {
		return nil, err
	}
	if err := g.store.CreateGame(ctx, row, seats, req.Key); err != nil {
		forget(req.Key)
		if choose && row.Deal != "" && errors.Is(err, ErrConflict) {
			return nil, errDealTaken
		}
		return nil, err
	}
	g.stats.Created.Add(1)
	t, done := g.table(st.ID)
	t.publish(st, 0)
	done()
	g.Kick(st)
	return st, nil
}

// Load reads a game: its table's snapshot when the store's version is still
// its own (see Table.read). The state is shared: read only. A bot whose turn
// came while no driver ran (a restart, another replica's move) is set going
// by the first read.
func (g *Games) Load(ctx context.Context, id string) (*State, error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	t, done := g.table(id)
	defer done()
	return t.Read(ctx)
}

// List pages through games, newest first, optionally of one status. A
// game whose stored options no longer resolve lists with zero settings.
func (g *Games) List(ctx context.Context, status string, limit int, cursor string) ([]Record, string, error) {
	rows, next, err := g.store.ListGames(ctx, status, false, limit, cursor)
	if err != nil {
		return nil, "", err
	}
	out := make([]Record, len(rows))
	for i := range rows {
		out[i] = rows[i].Record
		if _, set, _, err := setup(&rows[i]); err == nil {
			out[i].Settings = set
		}
	}
	return out, next, nil
}
