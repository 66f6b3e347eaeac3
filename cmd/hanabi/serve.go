package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hanabi-server/hanabi/api"
	"github.com/hanabi-server/hanabi/api/conncap"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

// serveConfig is every setting of "hanabi serve". Each flag falls back to an
// environment variable, so that a container is configured without a command line.
type serveConfig struct {
	addr              string
	databaseURL       string
	jwtSecret         string
	tokenTTL          time.Duration
	maxWait           time.Duration
	logLevel          string
	logFormat         string
	rateLimit         float64
	rateBurst         int
	seatRateLimit     float64
	seatRateBurst     int
	trustedProxies    string
	shutdownTimeout   time.Duration
	storeTimeout      time.Duration
	maxConnsPerIP     int
	maxConns          int
	variantsDir       string
	lobbyTTL, idleTTL time.Duration
	pprofAddr         string

	// onListen, when set, learns the bound address (tests listen on port 0).
	onListen func(net.Addr)
}

func envString(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

// fromEnv is what parse reads in the variable env, or def when it is unset
// or empty; a value parse refuses is joined to errs, and def stands.
func fromEnv[T any](env string, def T, parse func(string) (T, error), errs *error) T {
	v := envString(env, "")
	if v == "" {
		return def
	}
	x, err := parse(v)
	if err != nil {
		*errs = errors.Join(*errs, fmt.Errorf("%s=%q: %v", env, v, err))
		return def
	}
	return x
}

// serveFlags declares the flags; the environment supplies the defaults, so a
// flag on the command line wins over its variable.
func serveFlags(fs *flag.FlagSet, c *serveConfig) (envErr error) {
	dur := func(p *time.Duration, name, env string, def time.Duration, usage string) {
		fs.DurationVar(p, name, fromEnv(env, def, time.ParseDuration, &envErr), usage+" (env "+env+")")
	}
	num := func(p *float64, name, env string, def float64, usage string) {
		parse := func(v string) (float64, error) { return strconv.ParseFloat(v, 64) }
		fs.Float64Var(p, name, fromEnv(env, def, parse, &envErr), usage+" (env "+env+")")
	}
	integer := func(p *int, name, env string, def int, usage string) {
		fs.IntVar(p, name, fromEnv(env, def, strconv.Atoi, &envErr), usage+" (env "+env+")")
	}
	fs.StringVar(&c.addr, "addr", envString("HANABI_ADDR", ":8080"), "address to listen on (env HANABI_ADDR)")
	// These two may hold secrets, so their variables are read after parsing
	// (see secretsFromEnv), never shown as defaults by --help.
	fs.StringVar(&c.databaseURL, "database-url", "",
		`database: "postgres://..." for PostgreSQL, else an SQLite file path or "sqlite://path"; default hanabi.db (env HANABI_DATABASE_URL)`)
	fs.StringVar(&c.jwtSecret, "jwt-secret", "",
		"secret that signs seat tokens, at least 32 bytes; empty: one generated once and kept in the database (env HANABI_JWT_SECRET)")
	dur(&c.tokenTTL, "token-ttl", "HANABI_TOKEN_TTL", 7*24*time.Hour, "how long a seat token stays valid")
	dur(&c.maxWait, "max-wait", "HANABI_MAX_WAIT", 60*time.Second, "longest wait a long-poll may ask for")
	fs.StringVar(&c.logLevel, "log-level", envString("HANABI_LOG_LEVEL", "info"), "debug, info, warn or error (env HANABI_LOG_LEVEL)")
	fs.StringVar(&c.logFormat, "log-format", envString("HANABI_LOG_FORMAT", "json"), "json or text (env HANABI_LOG_FORMAT)")
	num(&c.rateLimit, "rate-limit", "HANABI_RATE_LIMIT", 50, "requests per second per client address; 0 turns the limit off")
	integer(&c.rateBurst, "rate-burst", "HANABI_RATE_BURST", 100, "burst of requests per client address")
	num(&c.seatRateLimit, "seat-rate-limit", "HANABI_SEAT_RATE_LIMIT", 20, "requests per second per seat, and per signed-in player beyond their seats; 0 turns the limit off")
	integer(&c.seatRateBurst, "seat-rate-burst", "HANABI_SEAT_RATE_BURST", 40, "burst of requests per seat, and per signed-in player beyond their seats")
	fs.StringVar(&c.trustedProxies, "trusted-proxies", envString("HANABI_TRUSTED_PROXIES", ""),
		"comma-separated addresses or CIDRs of proxies whose X-Forwarded-For is believed (env HANABI_TRUSTED_PROXIES)")
	dur(&c.shutdownTimeout, "shutdown-timeout", "HANABI_SHUTDOWN_TIMEOUT", 30*time.Second, "how long shutdown waits for in-flight requests")
	dur(&c.storeTimeout, "store-timeout", "HANABI_STORE_TIMEOUT", 5*time.Second, "how long a request's database work may take before it answers 503 with Retry-After")
	integer(&c.maxConnsPerIP, "max-conns-per-ip", "HANABI_MAX_CONNS_PER_IP", 1024, "connections one client address may hold, parked long-polls included; over it its idle ones are closed first; 0: no cap")
	integer(&c.maxConns, "max-conns", "HANABI_MAX_CONNS", defaultMaxConns(), "connections in all; over it idle ones are closed first; 0: no cap (default: the open-file limit less 256)")
	fs.StringVar(&c.variantsDir, "variants-dir", envString("HANABI_VARIANTS_DIR", ""),
		"folder of variant files (*.json) added to the registry at start; a bad file stops the start (env HANABI_VARIANTS_DIR)")
	fs.StringVar(&c.pprofAddr, "pprof-addr", envString("HANABI_PPROF_ADDR", ""),
		"address of a separate listener for Go's profiler (/debug/pprof/), e.g. 127.0.0.1:6060; empty: none (env HANABI_PPROF_ADDR)")
	dur(&c.lobbyTTL, "lobby-ttl", "HANABI_LOBBY_TTL", play.DefaultLobbyTTL, "a lobby not full by then is cancelled; negative: never")
	dur(&c.idleTTL, "idle-ttl", "HANABI_IDLE_TTL", play.DefaultIdleTTL, "an active game in which nobody acted for that long ends (idle); negative: never")
	return envErr
}

// secretsFromEnv fills the flags that may hold secrets from the environment
// when the command line left them empty.
func secretsFromEnv(c *serveConfig) {
	if c.databaseURL == "" {
		c.databaseURL = envString("HANABI_DATABASE_URL", "hanabi.db")
	}
	if c.jwtSecret == "" {
		c.jwtSecret = envString("HANABI_JWT_SECRET", "")
	}
}

func runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c serveConfig
	envErr := serveFlags(fs, &c)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "usage: hanabi serve [flags]\n\nRuns the HTTP game server. Every flag falls back to the environment variable named beside it.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if exit, ok := parseFlags(fs, args); !ok {
		return exit
	}
	if envErr != nil {
		fmt.Fprintln(os.Stderr, "serve:", envErr)
		return 2
	}
	secretsFromEnv(&c)
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	logs := newLogBuffer(os.Stderr, logFlushEvery)
	defer logs.Close()
	log, err := newLogger(logs, c.logLevel, c.logFormat)
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, c, log); err != nil {
		log.Error("serve failed", "err", err.Error())
		return 1
	}
	return 0
}

func newLogger(out *logBuffer, level, format string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "json":
		return slog.New(flushOnWarn{slog.NewJSONHandler(out, opts), out}), nil
	case "text":
		return slog.New(flushOnWarn{slog.NewTextHandler(out, opts), out}), nil
	}
	return nil, fmt.Errorf("--log-format %q: want json or text", format)
}

// serve runs until ctx ends (a signal), then shuts down in order: long-polls
// are released first, then http.Server.Shutdown lets in-flight requests (an
// action being appended) finish, then the store closes.
func serve(ctx context.Context, c serveConfig, log *slog.Logger) error {
	if c.maxWait <= 0 || c.tokenTTL <= 0 {
		return errors.New("--max-wait and --token-ttl must be positive")
	}
	if c.jwtSecret != "" && len(c.jwtSecret) < 32 {
		return errors.New("--jwt-secret must be at least 32 bytes")
	}
	// The catalogue resolves now, not on the first request that names it.
	log.Info("variants resolved", "variants", len(variants.All()))
	if c.variantsDir != "" {
		n, err := variants.LoadDir(c.variantsDir)
		if err != nil {
			return fmt.Errorf("variant files: %w", err)
		}
		log.Info("variant files loaded", "dir", c.variantsDir, "variants", n)
	}
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	// The store logs from its first moment: what it does while it opens
	// (and on its own after) goes to the configured logger.
	store, err := models.Open(openCtx, c.databaseURL, models.WithLogger(log))
	cancel()
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer store.Close()
	if c.pprofAddr != "" {
		ln, err := servePprof(c.pprofAddr, log)
		if err != nil {
			return fmt.Errorf("--pprof-addr: %w", err)
		}
		defer ln.Close()
	}

	var proxies []string
	for _, p := range strings.Split(c.trustedProxies, ",") {
		if p = strings.TrimSpace(p); p != "" {
			proxies = append(proxies, p)
		}
	}
	outage := &play.Outage{}
	// The deals of shared seeds are keyed with the secret the database
	// keeps, the same on every replica.
	dealKey, err := store.SigningSecret(ctx)
	if err != nil {
		return err
	}
	history := players.NewHistory(store)
	accounts := players.New(players.Config{Store: store, Counters: store.Counters()})
	if clashes, err := accounts.Backfill(ctx); err != nil {
		return err
	} else if len(clashes) > 0 {
		log.Warn("accounts too like an older one's name to get a skeleton of their own", "count", len(clashes))
	}
	dealsInPlay := func(ctx context.Context, id string) ([]string, error) {
		return history.DealsInPlay(ctx, players.Player{ID: id})
	}
	games, err := play.New(play.Config{Store: store, Bots: bots.List(), Logger: log, LobbyTTL: c.lobbyTTL, IdleTTL: c.idleTTL, Outage: outage,
		Seeds: history.NextSeed, DealKey: dealKey, AccountNamed: accounts.LookAlike, GuestKeys: players.GuestKeys, DealsInPlay: dealsInPlay})
	if err != nil {
		return err
	}
	replayRooms := rooms.NewRooms(store, games, nil)
	replayRooms.SetDealsInPlay(dealsInPlay)
	replayRooms.SetLogger(log)
	// A player's events older than a week go, and the spectators who no
	// longer watch, the rooms' members gone and the rooms nobody read for
	// a day, every hour, on every replica (a delete that finds nothing old
	// is cheap).
	feed := players.NewFeed(store)
	watchers := rooms.NewWatchers(store, nil)
	go func() {
		t := time.NewTicker(players.ForgetEvery)
		defer t.Stop()
		for {
			if err := feed.Forget(ctx, time.Now()); err != nil && ctx.Err() == nil {
				log.Warn("could not forget old player events", "err", err.Error())
			}
			if err := watchers.Forget(ctx); err != nil && ctx.Err() == nil {
				log.Warn("could not forget past spectators", "err", err.Error())
			}
			if err := replayRooms.Forget(ctx); err != nil && ctx.Err() == nil {
				log.Warn("could not forget rooms' members gone, or unread rooms", "err", err.Error())
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	secret := []byte(c.jwtSecret)
	if len(secret) == 0 {
		if secret, err = games.SigningSecret(ctx); err != nil {
			return err
		}
	}
	srv, err := api.New(ctx, api.Config{
		Games:          games,
		Accounts:       accounts,
		History:        history,
		Feed:           feed,
		Lobby:          rooms.NewLobby(store, nil),
		Rooms:          replayRooms,
		Watchers:       watchers,
		Online:         rooms.NewOnline(store, nil),
		Keys:           games,
		Probe:          games,
		Bots:           games.Bots(),
		Stats:          games.Stats(),
		Secret:         secret,
		TokenTTL:       c.tokenTTL,
		MaxWait:        c.maxWait,
		StoreTimeout:   c.storeTimeout,
		Outage:         outage,
		AddrLimit:      api.Limit{PerSecond: c.rateLimit, Burst: c.rateBurst},
		SeatLimit:      api.Limit{PerSecond: c.seatRateLimit, Burst: c.seatRateBurst},
		TrustedProxies: proxies,
		Logger:         log,
	})
	if err != nil {
		return err
	}
	hs := &http.Server{
		Addr:              c.addr,
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// A long-poll holds its response for up to max-wait.
		WriteTimeout:   c.maxWait + 30*time.Second,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	deferAccept(ln)
	capped := conncap.New(ln, c.maxConnsPerIP, c.maxConns)
	hs.ConnState = capped.ConnState
	if c.onListen != nil {
		c.onListen(ln.Addr())
	}
	log.Info("serving", "addr", ln.Addr().String(), "database", dbKind(c.databaseURL), "max_wait", c.maxWait.String())
	errc := make(chan error, 1)
	// Long-polls park their connections instead of holding a goroutine each.
	go func() { errc <- hs.Serve(srv.EnableParking(hs, capped)) }()
	// Deadlines that passed while no server ran are settled now, and bot
	// turns left pending by a restart or a crash move again; from here on
	// the sweeper finds due games every quarter second.
	if _, err := games.SettleAll(ctx); err != nil {
		log.Warn("settle deadlines", "err", err.Error())
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), c.shutdownTimeout)
	defer cancel()
	// Release long-polls before Shutdown, which would otherwise wait for them.
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("long-polls were not all released", "err", err.Error())
	}
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := games.Shutdown(sctx); err != nil {
		log.Warn("bots did not finish", "err", err.Error())
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// dbKind names the database without its URL, which may hold a password.
func dbKind(url string) string {
	if models.IsPostgresURL(url) {
		return "postgres"
	}
	return "sqlite"
}
