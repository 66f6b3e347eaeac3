package players

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/alexedwards/argon2id"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/internal/humantext"
	"github.com/hanabi-server/hanabi/play"
)

// SessionTTL is how long a sign-in lasts.
const SessionTTL = 30 * 24 * time.Hour

// touchEvery bounds how often a token's last use is written: a token used
// many times a second is written once a minute.
const touchEvery = time.Minute

// Config is what the players' domain needs from its caller.
type Config struct {
	Store Store
	// Counters keep the sign-in guard's buckets where every replica sees
	// them (nil: this process's memory, for a store that one process
	// serves).
	Counters Counters
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Hash is Argon2id's costs for new hashes (default HashParams; a hash
	// kept says its own).
	Hash *argon2id.Params
}

// Service is the players' domain: accounts, sign-in and tokens, and who a
// token is.
type Service struct {
	store   Store
	now     func() time.Time
	hash    *hasher
	guard   *guard
	decoy   func() string
	revoked feed.Hub[string] // by player: one of their credentials was revoked
}

// New builds the domain on cfg.Store.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Counters == nil {
		cfg.Counters = NewMemCounters()
	}
	if cfg.Hash == nil {
		cfg.Hash = HashParams
	}
	s := &Service{store: cfg.Store, now: cfg.Now, hash: newHasher(cfg.Hash), guard: newGuard(cfg.Counters, cfg.Now), decoy: newDecoy(cfg.Hash)}
	cfg.Store.ListenRevoked(s.revoked.Heard)
	return s
}

// FollowCredentials is a hold on word that one of the player's
// credentials was revoked (a sign-out, a password changed, an access token
// revoked), on any replica: a reader who waits for something else (a
// stream, a long-poll) asks its own credential again then. Close when done.
func (s *Service) FollowCredentials(playerID string) *feed.Watch[string] {
	return s.revoked.Watch(playerID)
}

// SignUp makes an account and signs it in: its session's token (shown this
// once). addr is the caller's address, whose sign-ups are limited.
func (s *Service) SignUp(ctx context.Context, name, password string, bot bool, addr string) (Player, string, error) {
	if err := humantext.Check(name); err != nil {
		return Player{}, "", errorf(BadText, "a name: %s", err.Error())
	}
	clean, err := CleanName(name)
	if err != nil {
		return Player{}, "", err
	}
	fold := Fold(clean)
	if utf8.RuneCountInString(fold) < MinName {
		return Player{}, "", errorf(BadName, "a name needs at least %d letters or digits that can be written in Latin letters", MinName)
	}
	if err := checkPassword(password); err != nil {
		return Player{}, "", err
	}
	// The name is checked before the hash is paid for, and the sign-up
	// counted before it: a burst makes no more accounts than the bucket
	// holds.
	keys := KeysOf(clean)
	for _, guest := range []string{play.CreatorName, play.GuestName} {
		if g := KeysOf(guest); g.Fold == keys.Fold || g.Skeleton == keys.Skeleton || g.Lower == keys.Lower {
			return Player{}, "", taken(guest) // a guest who gives no name sits under it
		}
	}
	if p, err := s.store.PlayerLike(ctx, keys); err == nil {
		return Player{}, "", taken(p.Name)
	} else if !errors.Is(err, ErrNotFound) {
		return Player{}, "", err
	}
	t, err := s.hash.enter(s.guard.ask(addr))
	if err != nil {
		return Player{}, "", err
	}
	defer t.leave()
	signUps := key("s", addr)
	if err := s.guard.take(ctx, signUps, AddrSignUps); err != nil {
		return Player{}, "", err
	}
	hash, err := t.hash(ctx, password)
	if err != nil {
		s.guard.give(ctx, signUps, AddrSignUps)
		return Player{}, "", err
	}
	p := Player{ID: newID(), Name: clean, Bot: bot, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if err := s.store.CreatePlayer(ctx, p, keys, hash); err != nil {
		s.guard.give(ctx, signUps, AddrSignUps)
		return Player{}, "", err
	}
	token, _, err := s.newToken(ctx, p.ID, KindSession, "")
	return p, token, err
}

func taken(clash string) *Error {
	return &Error{Code: NameTaken, Msg: "that name is taken, or one too like it: " + clash, Clash: clash}
}

// SignIn checks a name and password and answers a new session's token and
// its end. The check is counted before any hashing (see guard.go): past
// the guard's limits it is refused (TooManyTries), past the hashing
// queue's (Busy); an unknown name costs the same hash as a wrong password
// and gets the same answer.
func (s *Service) SignIn(ctx context.Context, name, password, addr string) (Player, string, time.Time, error) {
	// Out of bounds is no account's, and said so before any hashing.
	clean, err := CleanName(name)
	if err != nil {
		return Player{}, "", time.Time{}, err
	}
	if err := checkPassword(password); err != nil {
		return Player{}, "", time.Time{}, err
	}
	fold := Fold(clean)
	var p Player
	known := false
	err = s.checkPassword(ctx, fold, addr, password, func() (hash string, err error) {
		p, hash, err = s.store.PlayerByFold(ctx, fold)
		if known = err == nil; errors.Is(err, ErrNotFound) {
			return s.decoy(), nil
		}
		return hash, err
	})
	if err != nil {
		return Player{}, "", time.Time{}, err
	}
	if !known {
		return Player{}, "", time.Time{}, ErrWrongPassword
	}
	token, row, err := s.newToken(ctx, p.ID, KindSession, "")
	if err != nil {
		return Player{}, "", time.Time{}, err
	}
	return p, token, *row.ExpiresAt, nil
}

// checkPassword checks password against the hash that lookup finds, for
// the name whose fold is fold, from addr, under the guard: counted before
// anything is read or hashed, given back when it was right or never
// checked.
func (s *Service) checkPassword(ctx context.Context, fold, addr, password string, lookup func() (string, error)) error {
	t, err := s.hash.enter(s.guard.ask(addr))
	if err != nil {
		return err
	}
	defer t.leave()
	r, err := s.guard.reserve(ctx, fold, addr)
	if err != nil {
		return err
	}
	hash, err := lookup()
	ok := false
	if err == nil {
		ok, err = t.matches(ctx, password, hash)
	}
	switch {
	case err != nil:
		_ = s.guard.release(ctx, r)
		return err
	case !ok:
		if err := s.guard.failedCheck(ctx, r); err != nil {
			return err
		}
		return ErrWrongPassword
	}
	return s.guard.release(ctx, r)
}

// newToken makes and keeps a token of kind for a player, and answers it.
func (s *Service) newToken(ctx context.Context, playerID, kind, name string) (string, TokenRow, error) {
	id, secret, hash := newSecret()
	now := s.now().UTC().Truncate(time.Millisecond)
	row := TokenRow{ID: id, PlayerID: playerID, Kind: kind, Name: name, Hash: hash, CreatedAt: now}
	if kind == KindSession {
		end := now.Add(SessionTTL)
		row.ExpiresAt = &end
	}
	// The player's dead tokens (expired, signed out, revoked) go as a new
	// one comes: a row a sign-in is kept only while its session works. A
	// lost delete harms nothing: the next token's takes them.
	_ = s.store.ForgetTokens(ctx, playerID, now)
	if err := s.store.CreateToken(ctx, row); err != nil {
		return "", TokenRow{}, err
	}
	return format(kind, id, secret), row, nil
}

// SignOut ends the session the request came with; an access token is
// revoked as DELETE /me/tokens/{id} would.
func (s *Service) SignOut(ctx context.Context, c auth.Caller) error {
	if err := auth.NeedSignedIn(c); err != nil {
		return err
	}
	_, err := s.store.RevokeTokens(ctx, c.Account.ID, kindOf(c), c.Credential, "", s.now().UTC())
	return err
}

// ChangePassword replaces the password, the old one given again, and ends
// every other session of the player (its access tokens stay). The old
// password is checked under the same guard as a sign-in's, from the
// caller's address: a stolen token does not make a way to guess it.
func (s *Service) ChangePassword(ctx context.Context, c auth.Caller, old, password string) error {
	if err := auth.NeedSignedIn(c); err != nil {
		return err
	}
	who := c.Account
	if err := checkPassword(password); err != nil {
		return err
	}
	fold := Fold(who.Name)
	err := s.checkPassword(ctx, fold, c.Addr, old, func() (string, error) {
		_, hash, err := s.store.PlayerByFold(ctx, fold)
		return hash, err
	})
	if err != nil {
		return err
	}
	t, err := s.hash.enter(false)
	if err != nil {
		return err
	}
	defer t.leave()
	hash, err := t.hash(ctx, password)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, who.ID, hash); err != nil {
		return err
	}
	except := ""
	if c.Via == auth.Session {
		except = c.Credential
	}
	_, err = s.store.RevokeTokens(ctx, who.ID, KindSession, "", except, s.now().UTC())
	return err
}

// MaxTokenName bounds an access token's name.
const MaxTokenName = 64

// MakeToken makes an access token for a program: its row, and the token,
// shown this once. Only a signed-in session makes one: a token that a
// program holds cannot breed others that outlive it.
func (s *Service) MakeToken(ctx context.Context, c auth.Caller, name string) (TokenRow, string, error) {
	if err := sessionOnly(c, "makes"); err != nil {
		return TokenRow{}, "", err
	}
	name = strings.TrimSpace(name)
	if err := humantext.Check(name); err != nil {
		return TokenRow{}, "", errorf(BadText, "a token's name: %s", err.Error())
	}
	if name == "" || utf8.RuneCountInString(name) > MaxTokenName {
		return TokenRow{}, "", errorf(Invalid, "a token's name is 1–%d characters", MaxTokenName)
	}
	token, row, err := s.newToken(ctx, c.Account.ID, KindAccess, name)
	return row, token, err
}

// Tokens lists the player's access tokens.
func (s *Service) Tokens(ctx context.Context, c auth.Caller) ([]TokenRow, error) {
	if err := auth.NeedSignedIn(c); err != nil {
		return nil, err
	}
	return s.store.Tokens(ctx, c.Account.ID, KindAccess)
}

// RevokeToken revokes one of the player's access tokens; only a signed-in
// session does (an access token ends itself with SignOut).
func (s *Service) RevokeToken(ctx context.Context, c auth.Caller, id string) error {
	if err := sessionOnly(c, "revokes"); err != nil {
		return err
	}
	n, err := s.store.RevokeTokens(ctx, c.Account.ID, KindAccess, id, "", s.now().UTC())
	if err == nil && n == 0 {
		return &Error{Code: NotFound, Msg: "no such token of yours"}
	}
	return err
}

// Mute mutes (on) or unmutes another player's chat for the player.
func (s *Service) Mute(ctx context.Context, c auth.Caller, name string, on bool) (Player, error) {
	if err := auth.NeedSignedIn(c); err != nil {
		return Player{}, err
	}
	p, err := s.PlayerNamed(ctx, name)
	if err != nil {
		return Player{}, err
	}
	if p.ID == c.Account.ID {
		return Player{}, errorf(Invalid, "a player does not mute themselves")
	}
	return p, s.store.SetMute(ctx, c.Account.ID, p.ID, on)
}

// Muted lists whose chat the caller's player muted: none for a caller
// without an account. A seat's token of a signed-in player's seat speaks
// as that player here too, so that a seat reads the table's chat as its
// player would.
func (s *Service) Muted(ctx context.Context, c auth.Caller) ([]Player, error) {
	if c.Account == nil {
		return nil, nil
	}
	return s.store.Muted(ctx, c.Account.ID)
}

// LookAlike is the name of the account that name is, or looks like (up to
// the fold or the skeleton), "" for none: a guest may not sit under it.
func (s *Service) LookAlike(ctx context.Context, name string) (string, error) {
	k := GuestKeys(name)
	if k == nil {
		return "", nil
	}
	p, err := s.store.PlayerLike(ctx, Keys{Fold: k.Fold, Skeleton: k.Skeleton, Lower: k.Lower})
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return p.Name, err
}

// GuestKeys are the keys that LookAlike asks the accounts for name by, nil
// when there is none to ask (play.Config.GuestKeys).
func GuestKeys(name string) *play.NameKeys {
	keys := KeysOf(strings.TrimSpace(name))
	if utf8.RuneCountInString(keys.Fold) < MinName {
		keys.Fold = ""
	}
	if keys.Fold == "" && keys.Skeleton == "" {
		return nil
	}
	return &play.NameKeys{Fold: keys.Fold, Skeleton: keys.Skeleton, Lower: keys.Lower}
}

// Backfill gives the accounts made before skeletons were kept theirs; it
// answers the names of those too like an older account to get one (they
// keep working, and clash with new names by their fold only).
func (s *Service) Backfill(ctx context.Context) (clashes []string, err error) {
	var after Player
	for {
		ps, err := s.store.Unskeletoned(ctx, after, 500)
		if err != nil || len(ps) == 0 {
			return clashes, err
		}
		for _, p := range ps {
			after = p
			keys := KeysOf(p.Name)
			// Both keys, or, when one is an older account's, the other.
			clashed := false
			for _, k := range []Keys{{Skeleton: keys.Skeleton, Lower: keys.Lower}, {Skeleton: keys.Skeleton}, {Lower: keys.Lower}} {
				var pe *Error
				err := s.store.SetSkeleton(ctx, p.ID, k)
				if errors.As(err, &pe) && pe.Code == NameTaken {
					clashed = true
					continue
				}
				if err != nil {
					return clashes, err
				}
				if k.Skeleton != "" && k.Lower != "" {
					break
				}
			}
			if clashed {
				clashes = append(clashes, p.Name)
			}
		}
	}
}

// PlayerNamed finds an account by its name, up to the fold.
func (s *Service) PlayerNamed(ctx context.Context, name string) (Player, error) {
	p, _, err := s.store.PlayerByFold(ctx, Fold(strings.TrimSpace(name)))
	return p, err
}
