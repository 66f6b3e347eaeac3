package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// Card is a card's identity: its suit (index into Config.Suits) and rank.
type Card struct {
	Suit int
	Rank int
}

// Deck returns the variant's cards in a fixed order: suit by suit, ranks as listed.
func (c *Config) Deck() []Card {
	deck := make([]Card, 0, c.DeckSize())
	for si, s := range c.Suits {
		for _, r := range s.Ranks {
			deck = append(deck, Card{Suit: si, Rank: r})
		}
	}
	return deck
}

// Shuffle returns the deck dealt by seed. The seed string alone decides the
// order, through an explicit PCG source, so a game can always be dealt again.
func (c *Config) Shuffle(seed string) []Card {
	deck := c.Deck()
	sum := sha256.Sum256([]byte(seed))
	rng := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])))
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}
