package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hanabi-server/hanabi/engine"
)

// loss explains why max_reachable fell from from to to between before and
// after, the states either side of the t-th move; step is the move and the
// table entries that came with it.
func (s *solver) loss(t int, before, after *engine.Game, step []engine.Action, from, to int) Loss {
	l := Loss{Turn: t, Move: moveOf(t, before, step[0]), From: from, To: to}
	cfg := before.Config()
	res, _ := after.Result()
	if after.Over() {
		// A table entry that came with the move may have ended the game.
		for _, a := range step[1:] {
			if a.Kind == engine.End || a.Kind == engine.Vote && res.Reason == engine.EndVoted {
				l.Move = moveOf(t, before, a)
			}
		}
	}
	moved := step[0]
	var card engine.Card
	letGo := "discarded"
	if !moved.IsClue() {
		card = before.Card(moved.Card)
		if cfg.Plays(moved, card) {
			letGo = "misplayed"
		}
	}
	switch {
	case res.Reason.Forced():
		l.Why = fmt.Sprintf("the game was ended before its end (%s): it scores 0", endWords(res.Reason))
		return l
	case res.Reason == engine.EndStorms:
		l.Why = fmt.Sprintf("the %s strike ended the game: it scores 0", ordinal(after.StormsUsed()))
		return l
	case res.Reason == engine.EndAllOrNothing:
		l.Why = "a perfect game became impossible"
		if !moved.IsClue() && after.CopiesLeft(card) == 0 {
			l.Why = fmt.Sprintf("the last %s was %s", cardName(cfg, card), letGo)
		}
		l.Why += ", and All or Nothing scores 0 without one"
		return l
	}
	var why []string
	if after.MaxPossible() < before.MaxPossible() {
		switch {
		case !moved.IsClue() && after.CopiesLeft(card) == 0 && before.NeededCard(card):
			why = append(why, fmt.Sprintf("the last %s was %s", cardName(cfg, card), letGo))
		case !moved.IsClue() && after.OnFirework(card):
			why = append(why, fmt.Sprintf("playing %s fixed how the %s firework goes on: at most %d can be scored now",
				cardName(cfg, card), cfg.Suits[card.Suit].Name, after.MaxPossible()))
		default:
			why = append(why, fmt.Sprintf("at most %d can be scored now", after.MaxPossible()))
		}
	}
	if to < after.MaxPossible() {
		missing := s.missing(after, to)
		switch {
		case len(missing) == 0:
			why = append(why, fmt.Sprintf("no line reaches %d any more", to+1))
		case !moved.IsClue() && before.NeededCard(card) && after.CopiesLeft(card) > 0 && sameSuit(missing, card):
			why = append(why, fmt.Sprintf("%s was %s and the copy left comes late: too few turns are left to play %s",
				cardName(cfg, card), letGo, cardList(cfg, missing)))
		default:
			why = append(why, "too few turns are left to play "+cardList(cfg, missing))
		}
	}
	l.Why = strings.Join(why, ", and ")
	return l
}

// missing is the cards still needed in g that the best line from g, which
// reaches v, does not play.
func (s *solver) missing(g *engine.Game, v int) []engine.Card {
	end := s.line(g, v)
	if end == nil {
		return nil
	}
	var out []engine.Card
	needed := g.Needed()
	for su, suit := range g.Config().Suits {
		for r := 1; r <= engine.MaxRank; r++ {
			c := engine.Card{Suit: su, Rank: r}
			if needed&(1<<engine.Ident(su, r)) != 0 && !end.OnFirework(c) && slices.Contains(suit.Ranks, r) {
				out = append(out, c)
			}
		}
	}
	return out
}

// line plays a line from g that reaches v (which must be reachable) to its
// end and returns the end; nil if the search was stopped.
func (s *solver) line(g *engine.Game, v int) *engine.Game {
	var cur, next engine.Game
	g.SearchCopy(&cur)
	var lv level
	for !cur.Over() {
		s.order(&cur, &lv)
		found := false
		for _, a := range lv.moves {
			cur.SearchCopy(&next)
			if _, err := next.Apply(a); err != nil {
				continue
			}
			if s.reach(&next, v) {
				cur, found = next, true
				break
			}
			if s.err != nil {
				return nil
			}
		}
		if !found {
			return nil
		}
	}
	return &cur
}

// sameSuit reports whether cards hold one of c's suit: a card let go whose
// copy left comes too late holds up its firework from its own rank on.
func sameSuit(cards []engine.Card, c engine.Card) bool {
	for _, x := range cards {
		if x.Suit == c.Suit {
			return true
		}
	}
	return false
}

// cardName is a card as players say it: "red 4", "blue START".
func cardName(cfg *engine.Config, c engine.Card) string {
	return cfg.Suits[c.Suit].Name + " " + rankName(c.Rank)
}

func rankName(r int) string {
	if r == engine.StartRank {
		return "START"
	}
	return fmt.Sprint(r)
}

// cardList names cards suit by suit: "red 5, blue 3 and 4, and purple 5".
func cardList(cfg *engine.Config, cards []engine.Card) string {
	var groups []string
	for i := 0; i < len(cards); {
		j := i
		var ranks []string
		for ; j < len(cards) && cards[j].Suit == cards[i].Suit; j++ {
			ranks = append(ranks, rankName(cards[j].Rank))
		}
		groups = append(groups, cfg.Suits[cards[i].Suit].Name+" "+andList(ranks, ", "))
		i = j
	}
	switch {
	case len(groups) == 1:
		return groups[0]
	case len(groups) == 2 && !strings.Contains(groups[0], " and "):
		return groups[0] + " and " + groups[1]
	}
	return andList(groups, ", ")
}

// andList joins words as "a, b and c" (with sep before the last "and" when
// sep is more than a comma's list).
func andList(words []string, sep string) string {
	if len(words) == 1 {
		return words[0]
	}
	last := " and "
	if len(words) > 2 && sep == ", " && strings.Contains(words[0], " ") {
		last = ", and "
	}
	return strings.Join(words[:len(words)-1], sep) + last + words[len(words)-1]
}

func ordinal(n int) string {
	if n >= 1 && n <= 5 {
		return [...]string{"first", "second", "third", "fourth", "fifth"}[n-1]
	}
	return fmt.Sprintf("%dth", n)
}

func endWords(r engine.EndReason) string {
	switch r {
	case engine.EndTerminated:
		return "a player ended it"
	case engine.EndTimeout:
		return "a turn's time ran out"
	case engine.EndIdle:
		return "the table was idle too long"
	case engine.EndVoted:
		return "the players voted to end it"
	}
	return r.String()
}

// moveOf is log entry a, made on turn t from state g, in a player's words.
func moveOf(t int, g *engine.Game, a engine.Action) Move {
	cfg := g.Config()
	m := Move{Turn: t, Seat: g.Current()}
	switch a.Kind {
	case engine.Play, engine.Discard:
		c := g.Card(a.Card)
		m.Type, m.Card, m.Suit, m.Rank = "play", &a.Card, cfg.Suits[c.Suit].Name, c.Rank
		verb := "plays"
		if a.Kind == engine.Discard {
			m.Type, verb = "discard", "discards"
		}
		m.Text = fmt.Sprintf("seat %d %s %s", m.Seat, verb, cardName(cfg, c))
	case engine.ColorClue, engine.RankClue:
		m.Type, m.Target = "clue", &a.Target
		what := ""
		if a.Kind == engine.ColorClue {
			m.Color = cfg.ClueColors[a.Value]
			what = m.Color
		} else {
			m.Value = a.Value
			what = rankName(a.Value) + "s"
		}
		m.Text = fmt.Sprintf("seat %d tells seat %d about %s", m.Seat, a.Target, what)
	default:
		m.Type, m.Seat = "end", a.Target
		m.Text = fmt.Sprintf("seat %d ends the game", a.Target)
		if a.Kind == engine.Vote {
			m.Text = fmt.Sprintf("seat %d votes to end the game", a.Target)
		}
	}
	return m
}
