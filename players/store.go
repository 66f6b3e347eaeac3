package players

import (
	"context"
	"time"
)

// Store is what the players' domain needs from storage, in its own types:
// models implements it. A change is whole or not at all.
type Store interface {
	// CreatePlayer inserts p with its name's keys and password hash; a
	// key taken is an *Error NameTaken naming the account it clashes
	// with.
	CreatePlayer(ctx context.Context, p Player, keys Keys, hash string) error
	// PlayerByFold finds the account whose name folds to fold, with its
	// password hash (ErrNotFound: none).
	PlayerByFold(ctx context.Context, fold string) (Player, string, error)
	// PlayerLike finds an account that has one of keys (ErrNotFound:
	// none).
	PlayerLike(ctx context.Context, keys Keys) (Player, error)
	// Unskeletoned lists, oldest first after after (the zero Player: from
	// the first), accounts kept without their skeletons (made before they
	// were kept, or before the way they are taken changed); SetSkeleton
	// gives one those of keys' Skeleton and Lower that are not empty
	// (NameTaken: another account has one of them; then it sets none).
	Unskeletoned(ctx context.Context, after Player, limit int) ([]Player, error)
	SetSkeleton(ctx context.Context, playerID string, keys Keys) error
	// PlayerByID finds an account (ErrNotFound: none).
	PlayerByID(ctx context.Context, id string) (Player, error)
	// SetPassword replaces a player's password hash.
	SetPassword(ctx context.Context, playerID, hash string) error

	// CreateToken keeps a token's row (its secret's hash, never the
	// secret).
	CreateToken(ctx context.Context, t TokenRow) error
	// Token finds a token's row by its id (ErrNotFound: none).
	Token(ctx context.Context, id string) (TokenRow, error)
	// TouchToken records a token's use.
	TouchToken(ctx context.Context, id string, at time.Time) error
	// RevokeTokens revokes, at at, the player's tokens of kind that are
	// not yet revoked: the one named id, or ("" id) all but except; it
	// answers how many it revoked.
	RevokeTokens(ctx context.Context, playerID, kind, id, except string, at time.Time) (int, error)
	// ListenRevoked calls heard with the player of each credential
	// revoked, on any replica, or "" when any may have been revoked
	// unheard.
	ListenRevoked(heard func(playerID string))
	// Tokens lists a player's tokens of kind that are not revoked, newest
	// first.
	Tokens(ctx context.Context, playerID, kind string) ([]TokenRow, error)
	// ForgetTokens deletes the player's tokens that work no more: those
	// revoked, and those expired at now.
	ForgetTokens(ctx context.Context, playerID string, now time.Time) error

	// Mute (on true) or unmute another player's chat for a player.
	SetMute(ctx context.Context, playerID, mutedID string, on bool) error
	// Muted lists the players whose chat a player muted.
	Muted(ctx context.Context, playerID string) ([]Player, error)
}

// Keys are what two accounts' names must not share: the fold and the
// skeleton (see names.go). An empty key is none.
type Keys struct {
	Fold, Skeleton string
	// Lower is the skeleton of the name in lower case (LowerSkeleton).
	Lower string
}

// Player is an account.
type Player struct {
	ID   string
	Name string
	// Bot marks an account that a program plays: shown as such in seats,
	// the lobby and history.
	Bot       bool
	CreatedAt time.Time
}

// TokenRow is a token as kept: a session (sign-in) or an access token.
type TokenRow struct {
	ID       string
	PlayerID string
	Kind     string
	// Name is an access token's, given by its maker.
	Name       string
	Hash       string
	CreatedAt  time.Time
	LastUsedAt *time.Time
	// ExpiresAt is a session's end (access tokens last until revoked).
	ExpiresAt *time.Time
	RevokedAt *time.Time
}
