package engine

// The ABACUS rule book lets players rearrange the cards of their hand "to
// help themselves remember". A seat may do so at any time while the game
// runs, on its turn or not; it is not a turn: the seat to act, the turn
// count and everything else stay as they are. The whole table sees the new
// order, as at a real table, and a card's clue knowledge goes with it
// (knowledge is kept by card id). hanab.live has no such action, so its
// rules refuse it.

// MaxRearranges bounds a seat's rearrangements between two moves: enough
// to bring a hand into any order one card at a time and then correct a
// slip, while a game's log stays a few hundred entries at most.
const MaxRearranges = MaxHand

// Order is a hand's card ids in order, newest first as views list them.
type Order struct {
	n   uint8
	ids [MaxHand]int8
}

// Len is the number of cards.
func (o Order) Len() int { return int(o.n) }

// IDs lists the card ids in order.
func (o Order) IDs() []int {
	out := make([]int, o.n)
	for i := range out {
		out[i] = int(o.ids[i])
	}
	return out
}

// Rearranges reports whether a seat may rearrange its hand: under the
// ABACUS rules only.
func (c *Config) Rearranges() bool { return c.Rules == RulesABACUS }

// RearrangeHand is the action by which seat puts its hand, whose card ids
// are hand (newest first, as Game.Hand and View.Hand list them), in order.
// It refuses (ErrBadOrder) an order that does not list every id of hand
// exactly once; whether the seat may rearrange at all is Apply's question.
//
// The action's Value says, three bits a position from the lowest, which
// position of the old order the card at each position of the new order
// came from, so the log needs no card ids and fits any integer column.
func RearrangeHand(seat int, hand, order []int) (Action, error) {
	if len(order) != len(hand) {
		return Action{}, wrap(ErrBadOrder, "the hand holds %d cards, the order lists %d", len(hand), len(order))
	}
	var used [MaxHand]bool
	v := 0
	for i, id := range order {
		from := -1
		for j, h := range hand {
			if h == id {
				from = j
			}
		}
		if from < 0 {
			return Action{}, wrap(ErrBadOrder, "card %d is not in the hand", id)
		}
		if used[from] {
			return Action{}, wrap(ErrBadOrder, "card %d is listed twice", id)
		}
		used[from] = true
		v |= from << (3 * i)
	}
	return Action{Kind: Rearrange, Target: seat, Value: v}, nil
}

// permutation decodes a Rearrange's Value for a hand of n cards: perm[i]
// is the old position of the card that goes to position i. Every value
// has at most one reading, so that a log holds one spelling of an order.
func permutation(v, n int) (perm [MaxHand]int, ok bool) {
	if v < 0 || v >= 1<<(3*n) {
		return perm, false
	}
	var used [MaxHand]bool
	for i := range n {
		from := v >> (3 * i) & 7
		if from >= n || used[from] {
			return perm, false
		}
		used[from], perm[i] = true, from
	}
	return perm, true
}

// rearrange applies a, a Rearrange whose seat exists, to a running game.
func (g *Game) rearrange(a Action) (Order, error) {
	var o Order
	if !g.r.cfg.Rearranges() {
		return o, ErrNoRearrange
	}
	p := a.Target
	n := int(g.handLen[p])
	perm, ok := permutation(a.Value, n)
	if !ok {
		return o, wrap(ErrBadOrder, "%d is not an order of a hand of %d cards", a.Value, n)
	}
	same := true
	for i := range n {
		same = same && perm[i] == i
	}
	if same {
		return o, ErrSameOrder
	}
	if g.rearranged[p] >= MaxRearranges {
		return o, wrap(ErrRearrangeLimit, "seat %d has rearranged its hand %d times since the last move", p, MaxRearranges)
	}
	old := g.hands[p]
	for i := range n {
		g.hands[p][i] = old[perm[i]]
	}
	g.rearranged[p]++
	o.n = uint8(n)
	copy(o.ids[:n], g.hands[p][:n])
	return o, nil
}
