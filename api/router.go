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
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/swaggo/swag"

	"github.com/hanabi-server/hanabi/analysis"
	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/docs"
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/internal/shutdown"
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
	Watchers *rooms.Watchers
	// Online is who is online and where (nil: nobody is listed).
	Online *rooms.Online
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
	watchers   *rooms.Watchers
	online     *rooms.Online
	readers    *rooms.Readers
	analyses   *analysis.Cache
	auth       *auth.Resolver
	log        *slog.Logger
	views      renders[string, []byte]
	events     renders[renderKey, []encodedEvent]
	metrics    *metrics
	addrLimits *limiters
	seatLimits *limiters
	chatLimits *limiters
	// botTableLimits: tables of bots only, by their caller (botTableLimit).
	botTableLimits *limiters
	handler        http.Handler
	engine         *gin.Engine // what handler serves
	// metricsHandler serves the registry of metrics.
	metricsHandler gin.HandlerFunc

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
	ac := auth.Config{Secret: cfg.Secret, TTL: cfg.TokenTTL, Seats: cfg.Games, Now: cfg.Now}
	if cfg.Accounts != nil {
		ac.Players = cfg.Accounts
	}
	resolver, err := auth.New(ac)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg: cfg, games: cfg.Games, accounts: cfg.Accounts, history: cfg.History, feed: cfg.Feed, lobby: cfg.Lobby, rooms: cfg.Rooms, watchers: cfg.Watchers, online: cfg.Online, auth: resolver, log: cfg.Logger,
		addrLimits:     newLimiters(cfg.AddrLimit),
		seatLimits:     newLimiters(cfg.SeatLimit),
		chatLimits:     newLimiters(chatLimit),
		botTableLimits: newLimiters(botTableLimit),
		shutdown:       make(chan struct{}),
	}
	s.readers = rooms.NewReaders(cfg.Online, cfg.Watchers, cfg.Games, cfg.Logger)
	s.analyses = analysis.NewCache(keptAnalyses, analysisBound, analysisWorkers(), analysis.DefaultShare)
	s.stopped, s.stop = context.WithCancel(context.Background())
	s.parker = park.New(parkHost{s})
	s.metrics = newMetrics(cfg.Stats, cfg.Probe, s.waiting, func() int { return int(s.streams.open.Load()) })
	s.metricsHandler = s.metrics.handler()
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
	return shutdown.Drain(ctx, s.parker.Release)
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// waiting is how many long-polls wait now, parked or not.
func (s *Server) waiting() int { return int(s.waiters.Load()) + s.parker.Waiting() }

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
	r.Use(s.recovery, s.observe, noSniff, cors, s.limitAddr, s.storeDeadline, s.checkQuery)
	r.NoRoute(func(c *gin.Context) { s.fail(c, errorf(fault.NotFound, codeNotFound, "no such resource")) })
	r.NoMethod(func(c *gin.Context) {
		s.fail(c, errorf(methodNotAllowed, codeMethodNotAllowed, "this resource does not take %s", c.Request.Method))
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
	for _, rt := range s.routeTable() {
		if rt.when {
			v1.Handle(rt.method, rt.path, append([]gin.HandlerFunc{s.identify(rt.access)}, rt.handlers...)...)
		}
	}
	s.engine = r
	s.handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		// gin's trailing-slash redirect writes this header, any client's,
		// into its Location: no client of ours names our prefix.
		req.Header.Del("X-Forwarded-Prefix")
		r.ServeHTTP(w, req)
	})
	return nil
}

// route is one operation of the API: what credential it asks for (see
// access), and its handlers; when is false for an operation this server
// does not offer (no accounts, no lobby).
type route struct {
	method, path string
	access       access
	when         bool
	handlers     []gin.HandlerFunc
}

// routeTable is every operation under /v1, with the credential it asks
// for: the one list that the router and the tests of credentials read.
func (s *Server) routeTable() []route {
	accounts := s.accounts != nil && s.history != nil && s.feed != nil
	lobby, rooms := s.lobby != nil, s.rooms != nil && s.accounts != nil
	r := func(method, path string, a access, when bool, h ...gin.HandlerFunc) route {
		return route{method, path, a, when, h}
	}
	return []route{
		r("GET", "/variants", public, true, s.listVariants),
		r("GET", "/variants/:name", public, true, s.getVariant),
		r("GET", "/bots", public, true, s.listBots),
		r("POST", "/replays", public, true, s.importReplay),
		r("POST", "/analyses", public, true, s.analyseFile),
		r("GET", "/games", public, true, s.listGames),
		r("POST", "/games", anyone, true, s.idempotent, s.createGame),

		r("POST", "/players", public, accounts, s.signUp),
		r("POST", "/sessions", public, accounts, s.signIn),
		r("DELETE", "/sessions/current", player, accounts, s.signOut),
		r("GET", "/me", player, accounts, s.getMe),
		r("PUT", "/me/password", player, accounts, s.changePassword),
		r("POST", "/me/tokens", player, accounts, s.makeToken),
		r("GET", "/me/tokens", player, accounts, s.listTokens),
		r("DELETE", "/me/tokens/:id", player, accounts, s.revokeToken),
		r("GET", "/me/games", player, accounts, s.getMyGames),
		r("GET", "/me/events", player, accounts, s.getMyEvents),
		r("GET", "/me/events/sse", player, accounts, s.streamMyEventsSSE),
		r("GET", "/me/events/ndjson", player, accounts, s.streamMyEventsNDJSON),
		r("GET", "/me/mutes", player, accounts, s.listMuted),
		r("PUT", "/me/mutes/:name", player, accounts, s.mute),
		r("DELETE", "/me/mutes/:name", player, accounts, s.unmute),
		r("GET", "/players/:name", public, accounts, s.getPlayer),
		r("GET", "/players/:name/games", anyone, accounts, s.listPlayerGames),
		r("GET", "/seeds/:seed", anyone, accounts, s.getSeed),
		r("GET", "/variants/:name/stats", public, accounts, s.getVariantStats),
		r("GET", "/variants/:name/leaderboard", public, accounts, s.getLeaderboard),

		r("GET", "/lobby/events", anyone, lobby, s.getLobbyEvents),
		r("GET", "/lobby/events/sse", anyone, lobby, s.streamLobbySSE),
		r("GET", "/lobby/events/ndjson", anyone, lobby, s.streamLobbyNDJSON),
		r("GET", "/lobby/online", public, lobby && s.online != nil, s.getOnline),
		r("POST", "/lobby/chat", player, lobby && s.accounts != nil, s.sayInLobby),

		r("POST", "/rooms", player, rooms, s.openRoom),
		r("GET", "/rooms/:id", player, rooms, s.getRoom),
		r("GET", "/rooms/:id/events", player, rooms, s.getRoomEvents),
		r("GET", "/rooms/:id/events/sse", player, rooms, s.streamRoomSSE),
		r("GET", "/rooms/:id/events/ndjson", player, rooms, s.streamRoomNDJSON),
		r("POST", "/rooms/:id/members", player, rooms, s.joinRoom),
		r("DELETE", "/rooms/:id/members/me", player, rooms, s.leaveRoom),
		r("PUT", "/rooms/:id/leader", player, rooms, s.handOverRoom),
		r("PUT", "/rooms/:id/turn", player, rooms, s.setRoomTurn),
		r("PUT", "/rooms/:id/pointer", player, rooms, s.pointRoom),
		r("DELETE", "/rooms/:id/pointer", player, rooms, s.unpointRoom),
		r("POST", "/rooms/:id/hypothetical", player, rooms, s.hypothesize),
		r("DELETE", "/rooms/:id/hypothetical", player, rooms, s.endHypothetical),
		r("DELETE", "/rooms/:id/hypothetical/last", player, rooms, s.undoHypothetical),
		r("POST", "/rooms/:id/again", player, rooms, s.playAgain),

		r("GET", "/games/:id", anyone, true, s.getGame),
		r("POST", "/games/:id/seats", anyone, true, s.idempotent, s.joinGame),
		r("POST", "/games/:id/actions", seat, true, s.idempotent, s.postAction),
		r("POST", "/games/:id/terminate", seat, true, s.terminateGame),
		r("PUT", "/games/:id/votes/end", seat, true, s.voteEnd),
		r("DELETE", "/games/:id/votes/end", seat, true, s.unvoteEnd),
		r("POST", "/games/:id/pause", seat, true, s.pauseGame),
		r("POST", "/games/:id/resume", seat, true, s.resumeGame),
		r("PUT", "/games/:id/hand", seat, true, s.putHand),
		r("DELETE", "/games/:id/seats/:seat", seat, true, s.leaveSeat),
		r("PUT", "/games/:id/notes/:card", seat, true, s.putNote),
		r("GET", "/games/:id/events", anyone, true, s.getEvents),
		r("GET", "/games/:id/events/sse", anyone, true, s.streamEventsSSE),
		r("GET", "/games/:id/events/ndjson", anyone, true, s.streamEventsNDJSON),
		r("GET", "/games/:id/replay", anyone, true, s.getReplay),
		r("GET", "/games/:id/analysis", anyone, true, s.getAnalysis),
		r("GET", "/games/:id/watchers", anyone, s.watchers != nil, s.getWatchers),
		r("POST", "/games/:id/seats/:seat/token", player, accounts, s.seatToken),
		r("POST", "/games/:id/invitations", seat, accounts, s.invite),
		r("POST", "/games/:id/rematch", someone, true, s.rematch),
		r("POST", "/games/:id/chat", someone, accounts, s.say),
	}
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
//	@Success	304	"not modified: If-None-Match matches the ETag"
//	@Header		304	{string}	ETag	"the current ETag"
//	@Router		/openapi.json [get]
func (s *Server) openAPI(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", docs.OpenAPI)
}
