package players

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hanabi-server/hanabi/auth"
)

// SessionTTL is how long a sign-in lasts.
const SessionTTL = 30 * 24 * time.Hour

// touchEvery bounds how often a token's last use is written: a token used
// many times a second is written once a minute.
const touchEvery = time.Minute

// Config is what the players' domain needs from its caller.
type Config struct {
	Store Store
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Service is the players' domain: accounts, sign-in and tokens, and who a
// token is.
type Service struct {
	store Store
	now   func() time.Time
	hash  *hasher

	nameFailures, addrFailures, addrSignUps *buckets
}

// New builds the domain on cfg.Store.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{
		store: cfg.Store, now: cfg.Now, hash: newHasher(),
		nameFailures: newBuckets(NameFailures), addrFailures: newBuckets(AddrFailures), addrSignUps: newBuckets(AddrSignUps),
	}
}

// SignUp makes an account and signs it in: its session's token (shown this
// once). addr is the caller's address, whose sign-ups are limited.
func (s *Service) SignUp(ctx context.Context, name, password string, bot bool, addr string) (Player, string, error) {
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
	now := s.now()
	if d := s.addrSignUps.wait(addr, now); d > 0 {
		return Player{}, "", tooMany(d)
	}
	// The name is checked before the hash is paid for.
	if p, _, err := s.store.PlayerByFold(ctx, fold); err == nil {
		return Player{}, "", taken(p.Name)
	} else if !errors.Is(err, ErrNotFound) {
		return Player{}, "", err
	}
	hash, err := s.hash.hash(ctx, password)
	if err != nil {
		return Player{}, "", err
	}
	s.addrSignUps.take(addr, now)
	p := Player{ID: newID(), Name: clean, Bot: bot, CreatedAt: now.UTC().Truncate(time.Millisecond)}
	if err := s.store.CreatePlayer(ctx, p, fold, hash); err != nil {
		return Player{}, "", err
	}
	token, _, err := s.newToken(ctx, p.ID, KindSession, "")
	return p, token, err
}

func taken(clash string) *Error {
	return &Error{Code: NameTaken, Msg: "that name is taken, or one too like it: " + clash, Clash: clash}
}

// SignIn checks a name and password and answers a new session's token and
// its end. Before any hashing, a name or an address that failed too often
// lately is refused (TooManyTries); an unknown name costs the same hash as
// a wrong password and gets the same answer.
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
	now := s.now()
	if d := max(s.nameFailures.wait(fold, now), s.addrFailures.wait(addr, now)); d > 0 {
		return Player{}, "", time.Time{}, tooMany(d)
	}
	p, hash, err := s.store.PlayerByFold(ctx, fold)
	known := err == nil
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Player{}, "", time.Time{}, err
	}
	if !known {
		hash = decoyHash()
	}
	ok, err := s.hash.matches(ctx, password, hash)
	if err != nil {
		return Player{}, "", time.Time{}, err
	}
	if !ok || !known {
		s.nameFailures.take(fold, now)
		s.addrFailures.take(addr, now)
		return Player{}, "", time.Time{}, ErrWrongPassword
	}
	token, row, err := s.newToken(ctx, p.ID, KindSession, "")
	if err != nil {
		return Player{}, "", time.Time{}, err
	}
	return p, token, *row.ExpiresAt, nil
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
// every other session of the player (its access tokens stay).
func (s *Service) ChangePassword(ctx context.Context, c auth.Caller, old, password string) error {
	if err := auth.NeedSignedIn(c); err != nil {
		return err
	}
	who := c.Account
	if err := checkPassword(password); err != nil {
		return err
	}
	_, hash, err := s.store.PlayerByFold(ctx, Fold(who.Name))
	if err != nil {
		return err
	}
	ok, err := s.hash.matches(ctx, old, hash)
	if err != nil {
		return err
	}
	if !ok {
		return ErrWrongPassword
	}
	if hash, err = s.hash.hash(ctx, password); err != nil {
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
	if name == "" || utf8.RuneCountInString(name) > MaxTokenName || strings.ContainsFunc(name, isControl) {
		return TokenRow{}, "", errorf(Invalid, "a token's name is 1–%d characters, none a control character", MaxTokenName)
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

// PlayerNamed finds an account by its name, up to the fold.
func (s *Service) PlayerNamed(ctx context.Context, name string) (Player, error) {
	p, _, err := s.store.PlayerByFold(ctx, Fold(strings.TrimSpace(name)))
	return p, err
}
