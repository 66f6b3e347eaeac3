package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"
)

// runSignIns floods the server with wrong sign-ins from -addrs addresses
// (127.1.x.y), each trying an unknown name every 1/-flood-rate seconds,
// while a real player signs in beside them every 250 ms from an address of
// their own (127.2.x.y, a new one each time, as the different people who
// sign in are). It prints how the flood was answered, the real sign-ins'
// latency and answers, and with -cpu-pid the CPU the server used.
func runSignIns(ctx context.Context, o options) error {
	real := newAddrClient(net.IPv4(127, 2, 0, 1))
	name, password := "Real"+strconv.Itoa(rand.IntN(1e6)), "correct horse battery"
	if status, err := post(ctx, real, o.base+"/v1/players", map[string]any{"name": name, "password": password}); err != nil || status != http.StatusCreated {
		return fmt.Errorf("sign up %s: %d %v", name, status, err)
	}
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	var mu sync.Mutex
	flood := map[int]int{}
	var wg sync.WaitGroup
	every := time.Duration(float64(time.Second) / o.floodRate)
	for a := range o.addrs {
		c := newAddrClient(net.IPv4(127, 1, byte(a/250), byte(1+a%250)))
		wg.Go(func() {
			tick := time.NewTicker(every)
			defer tick.Stop()
			time.Sleep(time.Duration(rand.Int64N(int64(every)))) // spread the addresses over the period
			for i := 0; ; i++ {
				status, _ := post(ctx, c, o.base+"/v1/sessions", map[string]any{"name": "guess" + strconv.Itoa(a) + "x" + strconv.Itoa(i), "password": "wrong horse battery"})
				if ctx.Err() != nil {
					return // cut by the run's end
				}
				mu.Lock()
				flood[status]++ // 0: no answer (a connection that failed)
				mu.Unlock()
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		})
	}
	meter := newCPUMeter(o.cpuPid)
	var from cpuSample
	if meter != nil {
		time.Sleep(o.duration / 5)
		from = meter.sample()
	}
	var lat []time.Duration
	realStatus := map[int]int{}
	for i := 0; ctx.Err() == nil; i++ {
		c := newAddrClient(net.IPv4(127, 2, byte(1+i/250), byte(1+i%250)))
		start := time.Now()
		status, err := post(ctx, c, o.base+"/v1/sessions", map[string]any{"name": name, "password": password})
		if err != nil {
			break
		}
		lat = append(lat, time.Since(start))
		realStatus[status]++
		c.CloseIdleConnections()
		select {
		case <-ctx.Done():
		case <-time.After(250 * time.Millisecond):
		}
	}
	var to cpuSample
	if meter != nil {
		to = meter.sample()
	}
	wg.Wait()
	total := 0
	for _, n := range flood {
		total += n
	}
	fmt.Printf("flood: %d sign-ins from %d addresses in %s (%.0f/s), answered %s\n", total, o.addrs, o.duration, float64(total)/o.duration.Seconds(), statuses(flood))
	slices.Sort(lat)
	fmt.Printf("real sign-ins beside it: %d, answered %s; latency p50 %s  p90 %s  p99 %s  max %s\n",
		len(lat), statuses(realStatus), pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))
	if meter != nil {
		span := to.at - from.at
		fmt.Printf("server CPU over the last %s: %.2f cores (postgres processes %.2f)\n", span.Round(time.Millisecond),
			float64(to.server-from.server)/float64(span), float64(to.db-from.db)/float64(span))
	}
	return nil
}

// newAddrClient is a client whose connections come from ip.
func newAddrClient(ip net.IP) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, LocalAddr: &net.TCPAddr{IP: ip}}
	return &http.Client{Timeout: time.Minute, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 1}}
}

func post(ctx context.Context, c *http.Client, url string, body any) (int, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

func statuses(m map[int]int) string {
	var keys []int
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := ""
	for _, k := range keys {
		out += fmt.Sprintf(" %d×%d", m[k], k)
	}
	return out
}
