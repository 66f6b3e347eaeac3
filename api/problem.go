package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

// Problem is an RFC 9457 problem document: the body of every 4xx and 5xx.
type Problem struct {
	Type   string `json:"type" example:"/problems/not_your_turn"`
	Title  string `json:"title" example:"Not your turn"`
	Status int    `json:"status" example:"409"`
	Detail string `json:"detail" example:"seat 2 is to act, not seat 0"`
	Code   string `json:"code" example:"not_your_turn" enums:"bad_request,unauthorized,forbidden,not_found,method_not_allowed,not_your_turn,stale_version,game_not_active,game_full,precondition_failed,illegal_action,rate_limited,internal,unavailable,idempotency_key_in_use,idempotency_key_reused,name_taken,invalid_name,invalid_password,wrong_credentials,too_many_attempts,spectators_closed,game_paused,game_untimed,invalid_text,busy,guest_name_taken,deal_in_play"`
	// Reason is the engine's code for why the rules refuse a move (illegal_action only).
	Reason string `json:"reason,omitempty" example:"no_note_tokens" validate:"optional"`
}

// Codes of the contract. Each one has exactly one status and title, below.
const (
	codeBadRequest         = "bad_request"
	codeUnauthorized       = "unauthorized"
	codeForbidden          = "forbidden"
	codeNotFound           = "not_found"
	codeMethodNotAllowed   = "method_not_allowed"
	codeNotYourTurn        = "not_your_turn"
	codeStaleVersion       = "stale_version"
	codeGameNotActive      = "game_not_active"
	codeGameFull           = "game_full"
	codePreconditionFailed = "precondition_failed"
	codeIllegalAction      = "illegal_action"
	codeRateLimited        = "rate_limited"
	codeInternal           = "internal"
	codeUnavailable        = "unavailable"

	codeIdempotencyKeyInUse  = "idempotency_key_in_use"
	codeIdempotencyKeyReused = "idempotency_key_reused"

	codeNameTaken        = "name_taken"
	codeInvalidName      = "invalid_name"
	codeInvalidPassword  = "invalid_password"
	codeWrongCredentials = "wrong_credentials"
	codeTooManyAttempts  = "too_many_attempts"

	codeSpectatorsClosed = "spectators_closed"
	codeGamePaused       = "game_paused"
	codeGameUntimed      = "game_untimed"

	codeInvalidText = "invalid_text"
	codeBusy        = "busy"

	codeGuestNameTaken = "guest_name_taken"
	codeDealInPlay     = "deal_in_play"
)

// problemTable is the one place where a code becomes an HTTP status.
var problemTable = map[string]struct {
	status int
	title  string
}{
	codeBadRequest:         {http.StatusBadRequest, "Bad request"},
	codeUnauthorized:       {http.StatusUnauthorized, "Unauthorized"},
	codeForbidden:          {http.StatusForbidden, "Forbidden"},
	codeNotFound:           {http.StatusNotFound, "Not found"},
	codeMethodNotAllowed:   {http.StatusMethodNotAllowed, "Method not allowed"},
	codeNotYourTurn:        {http.StatusConflict, "Not your turn"},
	codeStaleVersion:       {http.StatusConflict, "Stale version"},
	codeGameNotActive:      {http.StatusConflict, "Game not active"},
	codeGameFull:           {http.StatusConflict, "Game full"},
	codePreconditionFailed: {http.StatusPreconditionFailed, "Precondition failed"},
	codeIllegalAction:      {http.StatusUnprocessableEntity, "Illegal action"},
	codeRateLimited:        {http.StatusTooManyRequests, "Too many requests"},
	codeInternal:           {http.StatusInternalServerError, "Internal server error"},
	codeUnavailable:        {http.StatusServiceUnavailable, "Service unavailable"},

	codeIdempotencyKeyInUse:  {http.StatusConflict, "Idempotency key in use"},
	codeIdempotencyKeyReused: {http.StatusUnprocessableEntity, "Idempotency key reused"},

	codeNameTaken:        {http.StatusConflict, "Name taken"},
	codeInvalidName:      {http.StatusUnprocessableEntity, "Invalid name"},
	codeInvalidPassword:  {http.StatusUnprocessableEntity, "Invalid password"},
	codeWrongCredentials: {http.StatusUnauthorized, "Wrong name or password"},
	codeTooManyAttempts:  {http.StatusTooManyRequests, "Too many attempts"},

	codeSpectatorsClosed: {http.StatusForbidden, "Closed to spectators"},
	codeGamePaused:       {http.StatusConflict, "Game paused"},
	codeGameUntimed:      {http.StatusConflict, "Game untimed"},

	codeInvalidText: {http.StatusBadRequest, "Invalid text"},
	codeBusy:        {http.StatusServiceUnavailable, "Busy"},

	codeGuestNameTaken: {http.StatusConflict, "Guest name taken"},
	codeDealInPlay:     {http.StatusConflict, "Deal in play"},
}

// playerCodes maps the players' domain's refusals to codes of the contract.
var playerCodes = map[players.Code]string{
	players.BadName:       codeInvalidName,
	players.BadPassword:   codeInvalidPassword,
	players.NameTaken:     codeNameTaken,
	players.WrongPassword: codeWrongCredentials,
	players.TooManyTries:  codeTooManyAttempts,
	players.Unauthorized:  codeUnauthorized,
	players.Forbidden:     codeForbidden,
	players.NotFound:      codeNotFound,
	players.Invalid:       codeBadRequest,
	players.BadText:       codeInvalidText,
	players.Busy:          codeBusy,
}

// roomCodes maps the rooms' refusals to codes of the contract.
var roomCodes = map[rooms.Code]string{
	rooms.Invalid:     codeBadRequest,
	rooms.NotFound:    codeNotFound,
	rooms.Forbidden:   codeForbidden,
	rooms.NotFinished: codeGameNotActive,
	rooms.BadText:     codeInvalidText,
}

// playCodes maps play's refusals to codes of the contract.
var playCodes = map[play.Code]string{
	play.Invalid:      codeBadRequest,
	play.NotFound:     codeNotFound,
	play.NoSuchSeat:   codeForbidden,
	play.NotActive:    codeGameNotActive,
	play.GameFull:     codeGameFull,
	play.StaleVersion: codeStaleVersion,
	play.NotYourTurn:  codeNotYourTurn,
	play.Revoked:      codeUnauthorized,
	play.NoBot:        codeBadRequest,
	play.Private:      codeForbidden,
	play.Closed:       codeSpectatorsClosed,
	play.Untimed:      codeGameUntimed,
	play.BadText:      codeInvalidText,

	play.GuestNameTaken: codeGuestNameTaken,
	play.DealInPlay:     codeDealInPlay,

	play.PreconditionFailed: codePreconditionFailed,
}

// apiError is an error that already knows its code. Handlers return these for
// what they detect themselves; everything else goes through classify.
type apiError struct {
	code   string
	detail string
	reason string
	// outage: the database cannot serve (the outage tracker logs it, with
	// cause).
	outage bool
	// retryAfter is the seconds a 429 of the domain's own asks to wait.
	retryAfter int
	cause      error
}

func (e *apiError) Error() string { return e.code + ": " + e.detail }

func errorf(code, format string, args ...any) *apiError {
	return &apiError{code: code, detail: fmt.Sprintf(format, args...)}
}

func badRequest(format string, args ...any) *apiError {
	return errorf(codeBadRequest, format, args...)
}

// classify maps any error to its problem code. Details of unknown errors stay
// in the log: they may carry SQL or internals that a client must not see.
func (s *Server) classify(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	var ee *engine.Error
	if errors.As(err, &ee) {
		switch ee {
		case engine.ErrNotYourTurn:
			return &apiError{code: codeNotYourTurn, detail: err.Error()}
		case engine.ErrGameOver:
			return &apiError{code: codeGameNotActive, detail: err.Error()}
		case engine.ErrPaused:
			return &apiError{code: codeGamePaused, detail: err.Error()}
		}
		return &apiError{code: codeIllegalAction, detail: err.Error(), reason: ee.Code}
	}
	var oe *variants.OptionError
	var pe *play.Error
	var re *rooms.Error
	var ple *players.Error
	switch {
	case errors.As(err, &ple) && playerCodes[ple.Code] != "":
		return &apiError{code: playerCodes[ple.Code], detail: ple.Msg, retryAfter: ple.RetryAfter}
	case errors.As(err, &oe):
		return &apiError{code: codeBadRequest, detail: oe.Msg}
	case errors.Is(err, variants.ErrUnknownVariant):
		return &apiError{code: codeNotFound, detail: err.Error()}
	case errors.As(err, &re) && roomCodes[re.Code] != "":
		return &apiError{code: roomCodes[re.Code], detail: re.Msg}
	case errors.As(err, &pe) && playCodes[pe.Code] != "":
		return &apiError{code: playCodes[pe.Code], detail: pe.Msg}
	case errors.Is(err, errShuttingDown):
		return &apiError{code: codeUnavailable, detail: "the server is shutting down"}
	case errors.Is(err, play.ErrKeyTaken):
		return &apiError{code: codeIdempotencyKeyInUse, detail: "a request with this Idempotency-Key has made its change; retry for its answer"}
	case s.cfg.Probe != nil && s.cfg.Probe.Unavailable(err):
		return &apiError{code: codeUnavailable, detail: "the database does not answer; retry later", outage: true, cause: err}
	case errors.Is(err, context.DeadlineExceeded):
		// The database did not answer within the request's deadline: an
		// outage as much as a refused connection is.
		return &apiError{code: codeUnavailable, detail: "the database did not answer in time; retry later", outage: true, cause: err}
	}
	return &apiError{code: codeInternal, detail: "something went wrong on our side"}
}

var errShuttingDown = errors.New("shutting down")

// problem is the one answer to a request that failed with err, for the
// handlers and the parker alike. Details of unknown errors stay in the log:
// they may name tables or queries.
func (s *Server) problem(ctx context.Context, route string, err error) park.Answer {
	ae := s.classify(err)
	row, ok := problemTable[ae.code]
	if !ok {
		row = problemTable[codeInternal]
	}
	retry := max(1, ae.retryAfter)
	switch {
	case ae.outage:
		retry = s.cfg.Outage.Failed(ctx, s.log, s.now(), ae.cause)
	case ae.code == codeInternal || ae.code == codeUnavailable && !errors.Is(err, errShuttingDown):
		s.log.ErrorContext(ctx, "request failed", "route", route, "err", err.Error())
	}
	body, _ := json.Marshal(Problem{Type: "/problems/" + ae.code, Title: row.title, Status: row.status,
		Detail: ae.detail, Code: ae.code, Reason: ae.reason})
	a := park.Answer{Status: row.status, ContentType: problemType, Body: body, Code: ae.code}
	switch row.status {
	case http.StatusUnauthorized:
		a.Header = [][2]string{{"WWW-Authenticate", `Bearer realm="hanabi"`}}
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		a.Header = [][2]string{{"Retry-After", strconv.Itoa(retry)}}
	}
	return a
}

// fail answers the request with err as a problem and stops the chain.
func (s *Server) fail(c *gin.Context, err error) {
	if errors.Is(err, context.Canceled) && c.Request.Context().Err() != nil {
		// The client has gone; nobody reads an answer. 499 is for the logs.
		c.AbortWithStatus(499)
		return
	}
	a := s.problem(c.Request.Context(), c.FullPath(), err)
	if !s.keepRefusal(c, a) {
		s.write(c, a)
	}
}

func retryAfterSeconds(secs float64) string {
	n := int(secs + 0.999)
	if n < 1 {
		n = 1
	}
	return strconv.Itoa(n)
}
