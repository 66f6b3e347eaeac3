package engine

import "fmt"

// A search over a game's futures (what the best play could still score)
// copies the state at every step: a search copy is the state that decides
// the rules without the history that only replays and views read.

// SearchCopy copies g into dst without its log and clue records, so that
// copying allocates nothing and dst's moves append to neither. A search
// copy answers every question of the rules (Apply, Check, LegalActions,
// Score, MaxPossible, Needed, Stats, Key); its Log, At, View and UnseenBy
// lack the history and are not to be asked.
func (g *Game) SearchCopy(dst *Game) {
	*dst = *g
	dst.log, dst.clues, dst.bare = nil, nil, true
}

// Key is a game's state as far as its future depends on it once every card
// is known, its deck aside: two states of one deal (the same config and
// deck) with equal keys can reach the same final scores, move for move. It
// leaves out what only the history or the views read (the log, the clues'
// records, the turn number, the votes, what a holder deduces of its cards
// where that decides no move), and counts as one every card that can never
// be played again, however it looks, but for which clues can touch it and
// whether its suit swaps play and discard, the only ways it still weighs.
// A transposition table of a search keys its states by it.
type Key struct {
	w [6]uint64
	// more is what the fixed words cannot hold: where the holders'
	// knowledge decides a discard at the note maximum, what each card's
	// holder deduces of the suits that swap play and discard.
	more string
}

// Key is the game's Key.
func (g *Game) Key() Key {
	var k Key
	r := g.r
	last := uint64(0)
	if r.cfg.AlternatingClues && g.anyClue {
		last = 1 + uint64(g.lastClue-ColorClue)
	}
	paused := uint64(0)
	if g.paused {
		paused = 1
	}
	k.w[0] = uint64(g.drawn) | uint64(g.current)<<7 | uint64(g.notes)<<10 | b2u(g.half)<<16 |
		uint64(g.finalLeft+1)<<17 | uint64(g.done)<<21 | uint64(g.reason)<<27 | uint64(g.maxPossible)<<31 |
		uint64(g.endMax)<<38 | last<<45 | paused<<47 | uint64(min(g.storms, 255))<<48
	for s := range r.cfg.Suits {
		f := uint64(g.played[s]) | uint64(g.fireworks[s])<<3 | uint64(g.start[s])<<6 | uint64(g.down>>s&1)<<9
		k.w[1+s/6] |= f << (10 * (s % 6))
	}
	var useful uint64
	if r.mergeTrash {
		useful = g.Needed()
	}
	var more []byte
	bit := 0 // the next bit of the hands' cards, from w[3] on
	for p := range r.cfg.Players {
		n := int(g.handLen[p])
		k.w[2] |= uint64(n) << (20 + 3*p)
		var cards [MaxHand]uint64 // class, and the knowledge that weighs above it
		for i, id := range g.hands[p][:n] {
			c := g.deck[id]
			cls := uint64(c.suit<<3 | c.rank)
			if r.mergeTrash && useful&(1<<cls) == 0 {
				cls = uint64(r.trashClass[cls])
			}
			if r.knowMatters {
				cls |= (g.know[id] & r.swapped) << 6 // bits 6 and up
			}
			cards[i] = cls
		}
		sortKeyCards(cards[:n])
		for _, c := range cards[:n] {
			k.w[3+bit/64] |= (c & 63) << (bit % 64)
			if bit%64 > 58 {
				k.w[4+bit/64] |= (c & 63) >> (64 - bit%64)
			}
			bit += 6
			if r.knowMatters {
				know := c >> 6
				for range 8 {
					more = append(more, byte(know))
					know >>= 8
				}
			}
		}
	}
	k.more = string(more)
	return k
}

// sortKeyCards sorts a hand's card classes, so that a hand is keyed by what
// it holds and not by its order.
func sortKeyCards(a []uint64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Redealt returns a search copy of g in which the cards ids show faces
// instead: the deal as a seat that cannot see them may imagine it. Each id
// must be a card in a hand or in the deck, and faces the same cards as
// theirs, in some order, so that the deck stays the variant's and nothing
// public changes.
func (g *Game) Redealt(ids []int, faces []Card) (*Game, error) {
	if len(ids) != len(faces) {
		return nil, fmt.Errorf("%d card ids for %d faces", len(ids), len(faces))
	}
	var held uint64 // the ids in a hand or in the deck
	for p := range g.r.cfg.Players {
		for _, id := range g.hands[p][:g.handLen[p]] {
			held |= 1 << uint(id)
		}
	}
	for id := g.drawn; id < g.r.deckSize; id++ {
		held |= 1 << uint(id)
	}
	var count [MaxDeck]int
	for i, id := range ids {
		if id < 0 || id >= MaxDeck || held&(1<<uint(id)) == 0 {
			return nil, fmt.Errorf("card %d is in no hand and not in the deck", id)
		}
		held &^= 1 << uint(id) // each id once
		f := faces[i]
		if f.Suit < 0 || f.Suit >= MaxSuits || f.Rank < 0 || f.Rank > MaxRank {
			return nil, fmt.Errorf("card %d: no such face %v", id, f)
		}
		c := g.deck[id]
		count[c.suit<<3|c.rank]++
		count[Ident(f.Suit, f.Rank)]--
	}
	if count != ([MaxDeck]int{}) {
		return nil, fmt.Errorf("the faces are not the cards of ids %v", ids)
	}
	var out Game
	g.SearchCopy(&out)
	for i, id := range ids {
		out.deck[id] = card8{uint8(faces[i].Suit), uint8(faces[i].Rank)}
	}
	return &out, nil
}

// Card is the face of card id (a deck id): the truth, as Deck gives it,
// for replays, exports and searches, never for a seat's view.
func (g *Game) Card(id int) Card {
	if id < 0 || id >= g.r.deckSize {
		return Card{}
	}
	return g.card(id)
}

// Extends reports whether a card of face c would extend its firework now,
// as a play of it would be judged.
func (g *Game) Extends(c Card) bool {
	if c.Suit < 0 || c.Suit >= len(g.r.cfg.Suits) || c.Rank < 1 || c.Rank > MaxRank {
		return false
	}
	return g.extends(c.Suit, uint8(c.Rank))
}

// CopiesLeft is the number of cards of face c not discarded or misplayed:
// in hands, in the deck or on its firework.
func (g *Game) CopiesLeft(c Card) int {
	if c.Suit < 0 || c.Suit >= MaxSuits || c.Rank < 0 || c.Rank > MaxRank {
		return 0
	}
	i := Ident(c.Suit, c.Rank)
	return int(g.r.copies[i]) - int(g.goneN[i])
}

// Hash is a hash of the key for a search's own table; keys that are equal
// hash equal.
func (k *Key) Hash() uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, w := range k.w {
		h = (h ^ w) * 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	for i := 0; i < len(k.more); i++ {
		h = (h ^ uint64(k.more[i])) * 0x94d049bb133111eb
	}
	return h ^ h>>29
}

// Words is the key's fixed part, and whether it is the whole key: only
// where a holder's knowledge decides a move (see Key) is there more.
func (k *Key) Words() ([6]uint64, bool) { return k.w, k.more == "" }

// HeldCopies is the number of cards of face c in the hands.
func (g *Game) HeldCopies(c Card) int {
	n := 0
	want := card8{uint8(c.Suit), uint8(c.Rank)}
	for p := range g.r.cfg.Players {
		for _, id := range g.hands[p][:g.handLen[p]] {
			if g.deck[id] == want {
				n++
			}
		}
	}
	return n
}
