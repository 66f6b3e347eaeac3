package api

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/hanabi-server/hanabi/play"
)

type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// newMetrics counts requests; waiting tells how many long-polls wait now.
func newMetrics(stats *play.Stats, probe Probe, waiting, streaming func() int) *metrics {
	m := &metrics{
		// A registry per server, so that tests can run several side by side.
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hanabi_http_requests_total", Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "hanabi_http_request_duration_seconds", Help: "Time to answer, by route (long-polls include their wait).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}, []string{"route", "method"}),
	}
	waiters := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "hanabi_longpoll_waiting", Help: "Long-poll requests waiting for a change.",
	}, func() float64 { return float64(waiting()) })
	streams := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "hanabi_streams_open", Help: "Event streams open (a game's, the lobby's, a room's, a player's).",
	}, func() float64 { return float64(streaming()) })
	// play counts; these read its counters at scrape time.
	actions := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "hanabi_actions_total", Help: "Actions appended to game logs by this process.",
	}, func() float64 { return float64(stats.Actions.Load()) })
	created := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "hanabi_games_created_total", Help: "Games created by this process.",
	}, func() float64 { return float64(stats.Created.Load()) })
	finished := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "hanabi_games_finished_total", Help: "Games finished by an action taken in this process.",
	}, func() float64 { return float64(stats.Finished.Load()) })
	m.reg.MustRegister(m.requests, m.latency, waiters, streams, actions, created, finished,
		&gamesCollector{probe: probe},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// knownMethods are the method label's values: any other method is OTHER,
// so that a client cannot grow /metrics by inventing methods.
var knownMethods = map[string]bool{"GET": true, "HEAD": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "OPTIONS": true, "CONNECT": true, "TRACE": true}

func (m *metrics) record(route, method string, status int, d time.Duration) {
	if !knownMethods[method] {
		method = "OTHER"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route, method).Observe(d.Seconds())
}

func (m *metrics) handler() gin.HandlerFunc {
	h := promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	return gin.WrapH(h)
}

// getMetrics godoc
//
//	@Summary	Prometheus metrics
//	@ID			getMetrics
//	@Tags		operations
//	@Produce	plain
//	@Success	200	{string}	string	"the Prometheus text exposition format"
//	@Router		/metrics [get]
func (s *Server) getMetrics(c *gin.Context) { s.metricsHandler(c) }

var gamesDesc = prometheus.NewDesc("hanabi_games", "Games in the database by status.", []string{"status"}, nil)

// gamesCollector counts games at scrape time, at most every 15 seconds, so
// that a busy scraper cannot turn into database load.
type gamesCollector struct {
	probe  Probe
	mu     sync.Mutex
	at     time.Time
	counts map[string]int64
}

func (g *gamesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- gamesDesc }

func (g *gamesCollector) Collect(ch chan<- prometheus.Metric) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.probe != nil && (g.counts == nil || time.Since(g.at) > 15*time.Second) {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		counts, err := g.probe.Count(ctx)
		cancel()
		if err == nil {
			g.counts, g.at = counts, time.Now()
		}
	}
	for _, st := range []string{play.StatusLobby, play.StatusActive, play.StatusFinished, play.StatusCancelled} {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(g.counts[st]), st)
	}
}
