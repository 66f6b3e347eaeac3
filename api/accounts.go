package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/players"
)

// Accounts is the players' domain as the API calls it: accounts, sign-in,
// tokens, and who a player's token is. players.Service is it.
type Accounts interface {
	SignUp(ctx context.Context, name, password string, bot bool, addr string) (players.Player, string, error)
	SignIn(ctx context.Context, name, password, addr string) (players.Player, string, time.Time, error)
	SignOut(ctx context.Context, by auth.Caller) error
	ChangePassword(ctx context.Context, by auth.Caller, old, password string) error
	MakeToken(ctx context.Context, by auth.Caller, name string) (players.TokenRow, string, error)
	Tokens(ctx context.Context, by auth.Caller) ([]players.TokenRow, error)
	RevokeToken(ctx context.Context, by auth.Caller, id string) error
	PlayerNamed(ctx context.Context, name string) (players.Player, error)
	Me(ctx context.Context, by auth.Caller) (players.Player, error)
	Mute(ctx context.Context, by auth.Caller, name string, on bool) (players.Player, error)
	Muted(ctx context.Context, by auth.Caller) ([]players.Player, error)
	// FollowCredentials wakes when one of the player's credentials is
	// revoked (see waitFor).
	FollowCredentials(playerID string) *feed.Watch[string]
	// Identify and Live are who a player's token is (auth.Players).
	auth.Players
}

// SignUpRequest makes an account.
type SignUpRequest struct {
	// Name is 2–20 letters, digits, "_", "-" and "."; unique up to case,
	// width and look-alike letters ("Alice", "ALICE" and "Αlice" are one).
	// The pattern refuses every other ASCII character; a letter is any
	// Unicode letter, which not every client's regular expressions can say.
	Name string `json:"name" example:"Alice" minLength:"2" maxLength:"20" pattern:"^[^\\x00-\\x2c\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x9f]+$"`
	// Password is 8–256 characters.
	Password string `json:"password" example:"correct horse battery" minLength:"8" maxLength:"256"`
	// Bot marks an account that a program plays: shown as such in seats,
	// the lobby and history.
	Bot bool `json:"bot" example:"false" validate:"optional"`
}

// SignInRequest signs in.
type SignInRequest struct {
	Name     string `json:"name" example:"Alice" minLength:"2" maxLength:"20" pattern:"^[^\\x00-\\x2c\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x9f]+$"`
	Password string `json:"password" example:"correct horse battery" minLength:"8" maxLength:"256"`
}

// PasswordRequest changes the password: the old one, and the new.
type PasswordRequest struct {
	Password    string `json:"password" example:"correct horse battery" minLength:"8" maxLength:"256"`
	NewPassword string `json:"new_password" example:"battery staple horse" minLength:"8" maxLength:"256"`
}

// PlayerView is an account as anyone may see it.
type PlayerView struct {
	Name string `json:"name" example:"Alice"`
	// Bot is true for an account that a program plays.
	Bot       bool      `json:"bot" example:"false"`
	CreatedAt time.Time `json:"created_at" example:"2026-11-27T15:04:05Z"`
}

// SessionResponse is a sign-in: the player and the token that speaks for
// them (Authorization: Bearer <token>) until it expires or they sign out.
type SessionResponse struct {
	Player PlayerView `json:"player"`
	// Token is shown this once; the server keeps only its hash.
	Token     string    `json:"token" example:"hps_5f0c6e9a1b2c3d4e5f60718293a4b5c6_q3Jx9mVt2pK8wL1rZ7yN4bH6cF0dS5aE3uG2iO9kM1"`
	ExpiresAt time.Time `json:"expires_at" example:"2026-12-27T15:04:05Z"`
}

// TokenRequest names an access token for a program.
type TokenRequest struct {
	Name string `json:"name" example:"my bot" minLength:"1" maxLength:"64" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
}

// AccessTokenView is an access token as listed: never its secret.
type AccessTokenView struct {
	ID        string    `json:"id" example:"5f0c6e9a1b2c3d4e5f60718293a4b5c6"`
	Name      string    `json:"name" example:"my bot"`
	CreatedAt time.Time `json:"created_at" example:"2026-11-27T15:04:05Z"`
	// LastUsedAt is when it last spoke for the player (to the minute),
	// null before its first use.
	LastUsedAt *time.Time `json:"last_used_at" example:"2026-11-27T16:00:00Z" extensions:"x-nullable"`
}

// NewAccessToken is an access token just made: its token is shown this
// once.
type NewAccessToken struct {
	AccessToken AccessTokenView `json:"access_token"`
	Token       string          `json:"token" example:"hpa_5f0c6e9a1b2c3d4e5f60718293a4b5c6_q3Jx9mVt2pK8wL1rZ7yN4bH6cF0dS5aE3uG2iO9kM1"`
}

// AccessTokenList is a player's access tokens, newest first.
type AccessTokenList struct {
	Tokens []AccessTokenView `json:"tokens"`
}

func playerView(p players.Player) PlayerView {
	return PlayerView{Name: p.Name, Bot: p.Bot, CreatedAt: p.CreatedAt.UTC()}
}

func tokenView(t players.TokenRow) AccessTokenView {
	return AccessTokenView{ID: t.ID, Name: t.Name, CreatedAt: t.CreatedAt.UTC(), LastUsedAt: utcPtr(t.LastUsedAt)}
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// signUp godoc
//
//	@Summary		Make an account
//	@Description	Makes an account and signs it in. The name is 2–20 letters, digits, "_", "-" and ".", unique up to case, width and look-alike letters (409 name_taken names the account it is too like, or the name a guest who gives none sits under: Guest, Seat 0); the password 8–256 characters, kept only as an Argon2id hash. bot marks an account that a program plays. Sign-ups from one address are limited (429 too_many_attempts, with Retry-After).
//	@ID				signUp
//	@Tags			players
//	@Accept			json
//	@Produce		json
//	@Param			account	body		SignUpRequest	true	"the account"
//	@Success		201		{object}	SessionResponse
//	@Failure		400		{object}	Problem	"bad_request; invalid_text: a name with a control or format character (bidirectional, invisible)"
//	@Failure		409		{object}	Problem	"name_taken"
//	@Failure		422		{object}	Problem	"invalid_name or invalid_password"
//	@Failure		429		{object}	Problem	"too_many_attempts or rate_limited"
//	@Failure		503		{object}	Problem	"busy: too many passwords wait to be hashed (Retry-After), or unavailable"
//	@Router			/players [post]
func (s *Server) signUp(c *gin.Context) {
	var req SignUpRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	p, token, err := s.accounts.SignUp(c.Request.Context(), req.Name, req.Password, req.Bot, clientKey(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusCreated, SessionResponse{Player: playerView(p), Token: token, ExpiresAt: s.now().Add(players.SessionTTL).UTC().Truncate(time.Second)})
}

// signIn godoc
//
//	@Summary		Sign in
//	@Description	Checks a name and password and answers a session's token: Authorization: Bearer <token> on every request that speaks for the player, until it expires (30 days) or DELETE /sessions/current ends it. A wrong password and an unknown name get the same 401 wrong_credentials, in about the same time. Each check is counted before the password is hashed: past five failures for one name from one address, twenty from one address, or ten for one name from anywhere, a check is refused (429 too_many_attempts, with Retry-After); a name that failed from elsewhere still lets its player in from an address that has not failed on it. When too many passwords wait to be checked, 503 busy with Retry-After, at once.
//	@ID				signIn
//	@Tags			players
//	@Accept			json
//	@Produce		json
//	@Param			credentials	body		SignInRequest	true	"name and password"
//	@Success		201			{object}	SessionResponse
//	@Failure		401			{object}	Problem	"wrong_credentials"
//	@Failure		422			{object}	Problem	"invalid_name or invalid_password"
//	@Failure		429			{object}	Problem	"too_many_attempts or rate_limited"
//	@Failure		503			{object}	Problem	"busy: too many passwords wait to be checked (Retry-After), or unavailable"
//	@Router			/sessions [post]
func (s *Server) signIn(c *gin.Context) {
	var req SignInRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	p, token, end, err := s.accounts.SignIn(c.Request.Context(), req.Name, req.Password, clientKey(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusCreated, SessionResponse{Player: playerView(p), Token: token, ExpiresAt: end.UTC()})
}

// signOut godoc
//
//	@Summary		Sign out
//	@Description	Ends the session whose token the request carries: the token stops working at once, on every replica. With an access token, revokes that token.
//	@ID				signOut
//	@Tags			players
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		204	"signed out"
//	@Router			/sessions/current [delete]
func (s *Server) signOut(c *gin.Context) {
	if err := s.accounts.SignOut(c.Request.Context(), callerOf(c)); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// getMe godoc
//
//	@Summary	The signed-in player
//	@ID			getMe
//	@Tags		players
//	@Produce	json
//	@Security	PlayerToken
//	@Security	AccessToken
//	@Success	200	{object}	PlayerView
//	@Router		/me [get]
func (s *Server) getMe(c *gin.Context) {
	p, err := s.accounts.Me(c.Request.Context(), callerOf(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, playerView(p))
}

// changePassword godoc
//
//	@Summary		Change the password
//	@Description	The old password again, and the new one (8–256 characters). Every other session of the player ends; the session that asked, and the access tokens, keep working. The old password is checked under the same limits as a sign-in's (429 too_many_attempts).
//	@ID				changePassword
//	@Tags			players
//	@Accept			json
//	@Param			passwords	body	PasswordRequest	true	"old and new"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		204	"changed"
//	@Failure		401	{object}	Problem	"unauthorized, or wrong_credentials: the old password is wrong"
//	@Failure		422	{object}	Problem	"invalid_password"
//	@Failure		429	{object}	Problem	"too_many_attempts: the old password failed too often (as sign-ins do, with Retry-After), or rate_limited"
//	@Failure		503	{object}	Problem	"busy: too many passwords wait to be checked (Retry-After), or unavailable"
//	@Router			/me/password [put]
func (s *Server) changePassword(c *gin.Context) {
	var req PasswordRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	if err := s.accounts.ChangePassword(c.Request.Context(), callerOf(c), req.Password, req.NewPassword); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// makeToken godoc
//
//	@Summary		Make an access token for a program
//	@Description	A named token that speaks for the player wherever a session's token does (but for making or revoking access tokens, which only a signed-in session does), until revoked: for a bot. The token is shown this once; the server keeps only its hash.
//	@ID				makeToken
//	@Tags			players
//	@Accept			json
//	@Produce		json
//	@Param			token	body	TokenRequest	true	"its name"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201	{object}	NewAccessToken
//	@Failure		403	{object}	Problem	"forbidden: a seat's token, or an access token (only a signed-in session makes access tokens)"
//	@Failure		400	{object}	Problem	"bad_request; invalid_text: a name with a control or format character (bidirectional, invisible)"
//	@Router			/me/tokens [post]
func (s *Server) makeToken(c *gin.Context) {
	var req TokenRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	row, token, err := s.accounts.MakeToken(c.Request.Context(), callerOf(c), req.Name)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusCreated, NewAccessToken{AccessToken: tokenView(row), Token: token})
}

// listTokens godoc
//
//	@Summary	The player's access tokens
//	@ID			listTokens
//	@Tags		players
//	@Produce	json
//	@Security	PlayerToken
//	@Security	AccessToken
//	@Success	200	{object}	AccessTokenList
//	@Router		/me/tokens [get]
func (s *Server) listTokens(c *gin.Context) {
	rows, err := s.accounts.Tokens(c.Request.Context(), callerOf(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	out := AccessTokenList{Tokens: make([]AccessTokenView, 0, len(rows))}
	for _, r := range rows {
		out.Tokens = append(out.Tokens, tokenView(r))
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, out)
}

// revokeToken godoc
//
//	@Summary		Revoke an access token
//	@Description	The token stops working at once, on every replica.
//	@ID				revokeToken
//	@Tags			players
//	@Param			id	path	string	true	"the token's id"	maxLength(40)
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		204	"revoked"
//	@Failure		403	{object}	Problem	"forbidden: a seat's token, or an access token (only a signed-in session revokes access tokens)"
//	@Failure		404	{object}	Problem	"not_found: no such token of the player's"
//	@Router			/me/tokens/{id} [delete]
func (s *Server) revokeToken(c *gin.Context) {
	if err := s.accounts.RevokeToken(c.Request.Context(), callerOf(c), c.Param("id")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
