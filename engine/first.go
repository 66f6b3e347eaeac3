package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// FirstSeat is the seat that takes the first turn of a game dealt from
// seed. Under the ABACUS rules it is seat 0. Under hanab.live's a random
// player starts: the seed picks the seat, from bits of its hash that the
// shuffle does not use, so that the same seed deals the same game, its
// first turn included, and a game replayed from its stored seed starts
// where it started.
func (c *Config) FirstSeat(seed string) int {
	if c.Rules != RulesHanabLive || c.Players < 1 {
		return 0
	}
	sum := sha256.Sum256([]byte(seed))
	return int(binary.LittleEndian.Uint64(sum[16:24]) % uint64(c.Players))
}

// NewFirst is New with seat first taking the first turn (hanab.live's
// startingPlayer). The deal is the same whoever starts: seat 0's cards
// first.
func NewFirst(cfg Config, deck []Card, first int) (*Game, error) {
	if first < 0 || first >= cfg.Players {
		return nil, fmt.Errorf("the first seat %d is not one of seats 0–%d", first, cfg.Players-1)
	}
	g, err := New(cfg, deck)
	if err != nil {
		return nil, err
	}
	g.first, g.current = uint8(first), first
	return g, nil
}

// First is the seat that took the first turn.
func (g *Game) First() int { return int(g.first) }

// seatOf is the seat that took turn n (every seat takes one turn in order).
func (g *Game) seatOf(turn int) int { return (int(g.first) + turn) % g.r.cfg.Players }
