// Package api puts games on the network: a gin router whose handlers decode
// requests, ask play (a game's life, behind the Play interface) to act,
// and answer with per-seat views. Every rule is the engine's and every store
// call play's; this package only translates between HTTP and their terms.
package api

import (
	"cmp"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/swaggo/swag"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/docs"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/web"
)

// Config is what the server needs from its caller.
type Config struct {
	// Games is a game's life: play, which holds the store.
	Games Play
	// Keys keeps Idempotency-Keys; Probe answers readiness, counts games and
	// tells an outage's errors (nil: always ready, no counts, only a missed
	// deadline is an outage). play.Games is both.
	Keys  Keys
	Probe Probe
	// Accounts are the players' domain, History their games (nil: the
	// server has no accounts, and their operations answer 404).
	Accounts Accounts
	History  History
	Feed     Feed
	// Lobby is the live lobby, Rooms the shared replay rooms (nil: their
	// operations answer 404).
	Lobby Lobby
	Rooms Rooms
	// Watchers lists who watches each table (nil: nobody is listed).
	Watchers Watchers
	// Online is who is online and where (nil: nobody is listed).
	Online Online
	// Bots are the strategies that may take a seat, listed at /v1/bots.
	Bots []bots.Strategy
	// Stats are play's counters, read by the metrics (nil: none).
	Stats *play.Stats
	// Secret signs seat tokens (HS256): the one the store keeps
	// (play.Games.SigningSecret), so that tokens survive restarts and work
	// on every replica, or one of the operator's.
	Secret []byte
	// TokenTTL is how long a seat token lasts (default 7 days).
	TokenTTL time.Duration
	// MaxWait caps a long-poll's wait (default 60 s).
	MaxWait time.Duration
	// Outage tells the database's outages in the log, once each: the one
	// play's sweeper tells them through too (nil: one of the API's own).
	Outage *play.Outage
	// StoreTimeout bounds a request's database work (default 5 s): past it
	// the request answers 503 with Retry-After.
	StoreTimeout time.Duration
	// AddrLimit and SeatLimit are the token buckets per client address and per
	// seat. Zero values turn them off.
	AddrLimit Limit
	SeatLimit Limit
	// TrustedProxies may set X-Forwarded-For; none by default, so a client
	// cannot pick its own rate-limit bucket.
	TrustedProxies []string
	Logger         *slog.Logger
	// Now is the clock for token times (tests); default time.Now.
	Now func() time.Time
}

// Server is the HTTP API. Create it with New, serve Handler (on the listener
// EnableParking returns, so that waiting long-polls cost next to nothing),
// and call Shutdown before the http.Server's own, so that long-polls let go.
type Server struct {
	cfg        Config
	games      Play
	accounts   Accounts
	history    History
	feed       Feed
	lobby      Lobby
	rooms      Rooms
	watchers   Watchers
	online     Online
	tableSeen  rooms.Recent[string, struct{}] // readers looked up for presence
	secret     []byte
	log        *slog.Logger
	views      renders[string, []byte]
	events     renders[renderKey, []encodedEvent]
	metrics    *metrics
	addrLimits *limiters
	seatLimits *limiters
	chatLimits *limiters
	handler    *gin.Engine
	// metricsHandler serves the registry of metrics.
	metricsHandler gin.HandlerFunc

	tokens       *tokenCache
	shutdown     chan struct{}
	shutdownOnce sync.Once
	// stopped is cancelled when shutdown begins, so that waits end and
	// body reads are cut short.
	stopped context.Context
	stop    context.CancelFunc

	waiters atomic.Int64 // long-polls waiting now, but the parked ones
	parker  *park.Parker
	streams streamHub
}

// New builds the server; it asks the store for the signing secret when the
// config brings none.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Games == nil || cfg.Keys == nil {
		return nil, errors.New("api: no games or no keys")
	}
	cfg.Stats = cmp.Or(cfg.Stats, &play.Stats{})
	cfg.Outage = cmp.Or(cfg.Outage, &play.Outage{})
	cfg.Logger = cmp.Or(cfg.Logger, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = 7 * 24 * time.Hour
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = 60 * time.Second
	}
	if cfg.StoreTimeout <= 0 {
		cfg.StoreTimeout = defaultStoreTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	secret := cfg.Secret
	if len(secret) < 32 {
		return nil, errors.New("api: the signing secret must be at least 32 bytes")
	}
	s := &Server{
		cfg: cfg, games: cfg.Games, accounts: cfg.Accounts, history: cfg.History, feed: cfg.Feed, lobby: cfg.Lobby, rooms: cfg.Rooms, watchers: cfg.Watchers, online: cfg.Online, secret: secret, log: cfg.Logger,
		addrLimits: newLimiters(cfg.AddrLimit),
		seatLimits: newLimiters(cfg.SeatLimit),
		chatLimits: newLimiters(chatLimit),
		shutdown:   make(chan struct{}),
	}
	s.stopped, s.stop = context.WithCancel(context.Background())
	s.parker = park.New(parkHost{s})
	s.metrics = newMetrics(cfg.Stats, cfg.Probe, s.waiting, func() int { return int(s.streams.open.Load()) })
	s.metricsHandler = s.metrics.handler()
	s.tokens = newTokenCache(4096)
	if err := s.routes(); err != nil {
		return nil, err
	}
	// The server renders the answers that changes commit with their keys:
	// it is play's reply port, set once, here, where the two are wired.
	if r, ok := cfg.Games.(interface{ SetReply(play.Reply) }); ok {
		r.SetReply(s.Reply)
	}
	return s, nil
}

// Handler is the server's http.Handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Shutdown releases every waiting long-poll (they answer as if their wait had
// run out) and refuses new waits. Call it before http.Server.Shutdown, which
// then waits for in-flight requests: actions finish, nothing hangs; then
// shut play down, which waits for the bots' current moves.
func (s *Server) Shutdown(ctx context.Context) error {
	s.shutdownOnce.Do(func() {
		close(s.shutdown)
		s.stop()
	})
	done := make(chan struct{})
	go func() {
		s.parker.Release()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// waiting is how many long-polls wait now, parked or not.
func (s *Server) waiting() int { return int(s.waiters.Load()) + s.parker.Waiting() }

func itoa(n int) string { return strconv.Itoa(n) }

func (s *Server) routes() error {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	if err := r.SetTrustedProxies(s.cfg.TrustedProxies); err != nil {
		return err
	}
	// The rate limit comes after cors, so that a page can read a 429, and
	// before routing, so that requests no route matches are limited too.
	r.Use(s.recovery, s.observe, cors, s.limitAddr, s.storeDeadline, s.checkQuery)
	r.NoRoute(func(c *gin.Context) { s.fail(c, errorf(codeNotFound, "no such resource")) })
	r.NoMethod(func(c *gin.Context) {
		s.fail(c, errorf(codeMethodNotAllowed, "this resource does not take %s", c.Request.Method))
	})

	ops := func(g gin.IRoutes) {
		g.GET("/healthz", s.healthz)
		g.GET("/readyz", s.readyz)
		g.GET("/metrics", s.getMetrics)
		g.GET("/openapi.json", s.openAPI)
	}
	// The API's answers go out compressed, and those that never change
	// while the server runs with a validator (see pack).
	ops(r.Group("", s.pack))
	r.GET("/swagger/*any", swaggerUI())
	page := gin.WrapH(web.Handler())
	r.GET("/", page)
	r.GET(web.AssetPrefix+"*file", page)

	v1 := r.Group("/v1", s.pack)
	ops(v1)
	api := v1.Group("")
	api.GET("/variants", s.listVariants)
	api.GET("/variants/:name", s.getVariant)
	api.GET("/bots", s.listBots)
	api.POST("/replays", s.importReplay)
	api.GET("/games", s.listGames)
	if s.accounts != nil && s.history != nil && s.feed != nil {
		s.playerRoutes(api)
	}
	api.POST("/games", s.idempotent, s.createGame)
	if s.lobby != nil {
		api.GET("/lobby/events", s.getLobbyEvents)
		api.GET("/lobby/events/sse", s.streamLobbySSE)
		api.GET("/lobby/events/ndjson", s.streamLobbyNDJSON)
		if s.online != nil {
			api.GET("/lobby/online", s.getOnline)
		}
		if s.accounts != nil {
			api.POST("/lobby/chat", s.requirePlayer, s.sayInLobby)
		}
	}
	if s.rooms != nil && s.accounts != nil {
		s.roomRoutes(api.Group("/rooms", s.requirePlayer))
	}

	game := api.Group("/games/:id", s.authenticate)
	game.GET("", s.getGame)
	game.POST("/seats", s.idempotent, s.joinGame)
	game.POST("/actions", s.requireSeat, s.idempotent, s.postAction)
	game.POST("/terminate", s.requireSeat, s.terminateGame)
	game.PUT("/votes/end", s.requireSeat, s.voteEnd)
	game.DELETE("/votes/end", s.requireSeat, s.unvoteEnd)
	game.POST("/pause", s.requireSeat, s.pauseGame)
	game.POST("/resume", s.requireSeat, s.resumeGame)
	game.PUT("/hand", s.requireSeat, s.putHand)
	game.DELETE("/seats/:seat", s.requireSeat, s.leaveSeat)
	game.PUT("/notes/:card", s.requireSeat, s.putNote)
	game.GET("/events", s.getEvents)
	game.GET("/events/sse", s.streamEventsSSE)
	game.GET("/events/ndjson", s.streamEventsNDJSON)
	game.GET("/replay", s.getReplay)
	if s.watchers != nil {
		game.GET("/watchers", s.getWatchers)
	}
	if s.accounts != nil && s.history != nil && s.feed != nil {
		game.POST("/seats/:seat/token", s.needPlayer, s.seatToken)
		game.POST("/invitations", s.invite)
		game.POST("/chat", s.say)
	}
	s.handler = r
	return nil
}

// roomRoutes are the shared replay rooms' operations.
func (s *Server) roomRoutes(g *gin.RouterGroup) {
	g.POST("", s.openRoom)
	g.GET("/:id", s.getRoom)
	g.GET("/:id/events", s.getRoomEvents)
	g.GET("/:id/events/sse", s.streamRoomSSE)
	g.GET("/:id/events/ndjson", s.streamRoomNDJSON)
	g.POST("/:id/members", s.joinRoom)
	g.DELETE("/:id/members/me", s.leaveRoom)
	g.PUT("/:id/leader", s.handOverRoom)
	g.PUT("/:id/turn", s.setRoomTurn)
	g.PUT("/:id/pointer", s.pointRoom)
	g.DELETE("/:id/pointer", s.unpointRoom)
	g.POST("/:id/hypothetical", s.hypothesize)
	g.DELETE("/:id/hypothetical", s.endHypothetical)
	g.DELETE("/:id/hypothetical/last", s.undoHypothetical)
	g.POST("/:id/again", s.playAgain)
}

// playerRoutes are the accounts' operations.
func (s *Server) playerRoutes(api *gin.RouterGroup) {
	api.POST("/players", s.signUp)
	api.POST("/sessions", s.signIn)
	me := api.Group("", s.requirePlayer)
	me.DELETE("/sessions/current", s.signOut)
	me.GET("/me", s.getMe)
	me.PUT("/me/password", s.changePassword)
	me.POST("/me/tokens", s.makeToken)
	me.GET("/me/tokens", s.listTokens)
	me.DELETE("/me/tokens/:id", s.revokeToken)
	me.GET("/me/games", s.getMyGames)
	me.GET("/me/events", s.getMyEvents)
	me.GET("/me/events/sse", s.streamMyEventsSSE)
	me.GET("/me/events/ndjson", s.streamMyEventsNDJSON)
	me.GET("/me/mutes", s.listMuted)
	me.PUT("/me/mutes/:name", s.mute)
	me.DELETE("/me/mutes/:name", s.unmute)
	api.GET("/players/:name", s.getPlayer)
	api.GET("/players/:name/games", s.listPlayerGames)
	api.GET("/seeds/:seed", s.getSeed)
	api.GET("/variants/:name/stats", s.getVariantStats)
	api.GET("/variants/:name/leaderboard", s.getLeaderboard)
}

// servedDoc hands the document to the documentation UI's own doc.json, so
// that /swagger/doc.json serves the same document as /openapi.json.
type servedDoc struct{}

func (servedDoc) ReadDoc() string { return string(docs.OpenAPI) }

func init() { swag.Register(swag.Name, servedDoc{}) }

// openAPI godoc
//
//	@Summary	This OpenAPI document
//	@ID			getOpenAPI
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	object	"the OpenAPI 3 document"
//	@Router		/openapi.json [get]
func (s *Server) openAPI(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", docs.OpenAPI)
}
