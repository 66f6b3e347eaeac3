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
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// Problem is an RFC 9457 problem document: the body of every 4xx and 5xx.
type Problem struct {
	Type   string `json:"type" example:"/problems/not_your_turn"`
	Title  string `json:"title" example:"Not your turn"`
	Status int    `json:"status" example:"409"`
	Detail string `json:"detail" example:"seat 2 is to act, not seat 0"`
	Code   string `json:"code" example:"not_your_turn" enums:"bad_request,unauthorized,forbidden,not_found,method_not_allowed,not_your_turn,stale_version,game_not_active,game_full,precondition_failed,illegal_action,rate_limited,internal,unavailable,idempotency_key_in_use,idempotency_key_reused,name_taken,invalid_name,invalid_password,wrong_credentials,too_many_attempts,spectators_closed,game_paused,game_untimed,invalid_text,busy,guest_name_taken,deal_in_play,chat_full,cursor_expired"`
	// Reason is the engine's code for why the rules refuse a move (illegal_action only).
	Reason string `json:"reason,omitempty" example:"no_note_tokens" validate:"optional"`
}

// Codes of the contract that the API itself names; the domains' refusals
// name their own (see package fault).
const (
	codeBadRequest           = "bad_request"
	codeUnauthorized         = "unauthorized"
	codeForbidden            = "forbidden"
	codeNotFound             = "not_found"
	codeMethodNotAllowed     = "method_not_allowed"
	codeNotYourTurn          = "not_your_turn"
	codeStaleVersion         = "stale_version"
	codeGameNotActive        = "game_not_active"
	codeGameFull             = "game_full"
	codePreconditionFailed   = "precondition_failed"
	codeIllegalAction        = "illegal_action"
	codeRateLimited          = "rate_limited"
	codeInternal             = "internal"
	codeUnavailable          = "unavailable"
	codeIdempotencyKeyInUse  = "idempotency_key_in_use"
	codeIdempotencyKeyReused = "idempotency_key_reused"
	codeNameTaken            = "name_taken"
	codeInvalidName          = "invalid_name"
	codeInvalidPassword      = "invalid_password"
	codeWrongCredentials     = "wrong_credentials"
	codeTooManyAttempts      = "too_many_attempts"
	codeSpectatorsClosed     = "spectators_closed"
	codeGamePaused           = "game_paused"
	codeGameUntimed          = "game_untimed"
	codeInvalidText          = "invalid_text"
	codeBusy                 = "busy"
	codeGuestNameTaken       = "guest_name_taken"
	codeDealInPlay           = "deal_in_play"
	codeChatFull             = "chat_full"
	codeCursorExpired        = "cursor_expired"
)

// problems are every code of the contract, each with its kind (and so its
// status, statusOf) and its title: the document's enum of codes is this
// list (TestProblemCodesDocumented), and every refusal of a domain says a
// code and a kind of it (TestDomainFaultsAgree).
var problems = map[string]struct {
	kind  fault.Kind
	title string
}{
	codeBadRequest:           {fault.Invalid, "Bad request"},
	codeUnauthorized:         {fault.Unauthorized, "Unauthorized"},
	codeForbidden:            {fault.Forbidden, "Forbidden"},
	codeNotFound:             {fault.NotFound, "Not found"},
	codeMethodNotAllowed:     {methodNotAllowed, "Method not allowed"},
	codeNotYourTurn:          {fault.Conflict, "Not your turn"},
	codeStaleVersion:         {fault.Conflict, "Stale version"},
	codeGameNotActive:        {fault.Conflict, "Game not active"},
	codeGameFull:             {fault.Conflict, "Game full"},
	codePreconditionFailed:   {fault.Precondition, "Precondition failed"},
	codeIllegalAction:        {fault.Unprocessable, "Illegal action"},
	codeRateLimited:          {fault.TooMany, "Too many requests"},
	codeInternal:             {0, "Internal server error"},
	codeUnavailable:          {fault.Unavailable, "Service unavailable"},
	codeIdempotencyKeyInUse:  {fault.Conflict, "Idempotency key in use"},
	codeIdempotencyKeyReused: {fault.Unprocessable, "Idempotency key reused"},
	codeNameTaken:            {fault.Conflict, "Name taken"},
	codeInvalidName:          {fault.Unprocessable, "Invalid name"},
	codeInvalidPassword:      {fault.Unprocessable, "Invalid password"},
	codeWrongCredentials:     {fault.Unauthorized, "Wrong name or password"},
	codeTooManyAttempts:      {fault.TooMany, "Too many attempts"},
	codeSpectatorsClosed:     {fault.Forbidden, "Closed to spectators"},
	codeGamePaused:           {fault.Conflict, "Game paused"},
	codeGameUntimed:          {fault.Conflict, "Game untimed"},
	codeInvalidText:          {fault.Invalid, "Invalid text"},
	codeBusy:                 {fault.Unavailable, "Busy"},
	codeGuestNameTaken:       {fault.Conflict, "Guest name taken"},
	codeDealInPlay:           {fault.Conflict, "Deal in play"},
	codeChatFull:             {fault.Conflict, "Chat full"},
	codeCursorExpired:        {fault.Gone, "Cursor expired"},
}

// methodNotAllowed is the one refusal of HTTP's own, beside the kinds the
// domains refuse in.
const methodNotAllowed fault.Kind = 255

// statusOf is the one place where a kind of refusal becomes a status; an
// error of no kind is ours (500).
var statusOf = map[fault.Kind]int{
	fault.Invalid:       http.StatusBadRequest,
	fault.Unauthorized:  http.StatusUnauthorized,
	fault.Forbidden:     http.StatusForbidden,
	fault.NotFound:      http.StatusNotFound,
	methodNotAllowed:    http.StatusMethodNotAllowed,
	fault.Conflict:      http.StatusConflict,
	fault.Precondition:  http.StatusPreconditionFailed,
	fault.Unprocessable: http.StatusUnprocessableEntity,
	fault.TooMany:       http.StatusTooManyRequests,
	fault.Unavailable:   http.StatusServiceUnavailable,
	fault.Gone:          http.StatusGone,
}

// apiError is a refusal as the API answers it: its kind, code and detail,
// and what the answer adds (the engine's reason for an illegal move, the
// wait of a 429, an outage's cause for its log).
type apiError struct {
	kind   fault.Kind
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

func errorf(kind fault.Kind, code, format string, args ...any) *apiError {
	return &apiError{kind: kind, code: code, detail: fmt.Sprintf(format, args...)}
}

func badRequest(format string, args ...any) *apiError {
	return errorf(fault.Invalid, codeBadRequest, format, args...)
}

// illegal is the rules' refusal of a move, with the engine's reason.
func illegal(detail, reason string) *apiError {
	return &apiError{kind: fault.Unprocessable, code: codeIllegalAction, detail: detail, reason: reason}
}

// outage is the database's failure to serve, logged as the outage's story.
func outage(detail string, cause error) *apiError {
	return &apiError{kind: fault.Unavailable, code: codeUnavailable, detail: detail, outage: true, cause: cause}
}

// classify is the refusal any error is. Details of unknown errors stay in
// the log: they may carry SQL or internals that a client must not see.
func (s *Server) classify(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	var ee *engine.Error
	if errors.As(err, &ee) {
		switch ee {
		case engine.ErrNotYourTurn:
			return errorf(fault.Conflict, codeNotYourTurn, "%s", err.Error())
		case engine.ErrGameOver:
			return errorf(fault.Conflict, codeGameNotActive, "%s", err.Error())
		case engine.ErrPaused:
			return errorf(fault.Conflict, codeGamePaused, "%s", err.Error())
		}
		return illegal(err.Error(), ee.Code)
	}
	if kind, code, ok := fault.Of(err); ok {
		return &apiError{kind: kind, code: code, detail: err.Error(), retryAfter: fault.RetryAfter(err)}
	}
	var oe *variants.OptionError
	switch {
	case errors.As(err, &oe):
		return badRequest("%s", oe.Msg)
	case errors.Is(err, variants.ErrUnknownVariant):
		return errorf(fault.NotFound, codeNotFound, "%s", err.Error())
	case errors.Is(err, errShuttingDown):
		return errorf(fault.Unavailable, codeUnavailable, "the server is shutting down")
	case errors.Is(err, play.ErrKeyTaken):
		return errorf(fault.Conflict, codeIdempotencyKeyInUse, "a request with this Idempotency-Key has made its change; retry for its answer")
	case s.cfg.Probe != nil && s.cfg.Probe.Unavailable(err):
		return outage("the database does not answer; retry later", err)
	case errors.Is(err, context.DeadlineExceeded):
		// The database did not answer within the request's deadline: an
		// outage as much as a refused connection is.
		return outage("the database did not answer in time; retry later", err)
	}
	return &apiError{code: codeInternal, detail: "something went wrong on our side"}
}

var errShuttingDown = errors.New("shutting down")

// problem is the one answer to a request that failed with err, for the
// handlers and the parker alike. Details of unknown errors stay in the log:
// they may name tables or queries.
func (s *Server) problem(ctx context.Context, route string, err error) park.Answer {
	ae := s.classify(err)
	status, ok := statusOf[ae.kind]
	if _, known := problems[ae.code]; !ok || !known {
		status, ae.code = http.StatusInternalServerError, codeInternal
	}
	retry := max(1, ae.retryAfter)
	switch {
	case ae.outage:
		retry = s.cfg.Outage.Failed(ctx, s.log, s.now(), ae.cause)
	case ae.code == codeInternal || ae.code == codeUnavailable && !errors.Is(err, errShuttingDown):
		s.log.ErrorContext(ctx, "request failed", "route", route, "err", err.Error())
	}
	body, _ := json.Marshal(Problem{Type: "/problems/" + ae.code, Title: problems[ae.code].title, Status: status,
		Detail: ae.detail, Code: ae.code, Reason: ae.reason})
	return problemAnswer(status, ae.code, body, retry)
}

// problemAnswer is a problem's answer: its body and the headers its status
// asks for (retry: Retry-After's seconds).
func problemAnswer(status int, code string, body []byte, retry int) park.Answer {
	a := park.Answer{Status: status, ContentType: problemType, Body: body, Code: code}
	switch status {
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
