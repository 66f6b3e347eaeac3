package hanablive

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/humantext"
	"github.com/hanabi-server/hanabi/variants"
)

// Replay is a game in this server's terms: what Import builds and Export writes.
type Replay struct {
	Variant  string // our variant's name, e.g. "farbrausch2"
	Settings variants.Settings
	Players  []string
	Seed     string       // hanab.live's seed, if the file had one; the deck is the truth
	State    *engine.Game // after the last action
	End      *GameOver    // the game-over action that closed the log, if any
	// Notes are the seats' card notes, notes[seat][card id] ("" for none),
	// as Import read them and Export writes them; nil for none.
	Notes [][]string
}

// Finished tells whether the game is over: where the rules end it, or the
// file's game-over action does. A log that stops before either is a game
// still running.
func (r *Replay) Finished() bool { return r.State.Over() || r.End != nil }

// GameOver is a closing game-over action (type 4): Seat ended the game for
// hanab.live's end Condition (see EndConditionTimeout and the others).
type GameOver struct {
	Seat      int
	Condition int
}

// Import decodes a hanab.live JSON game and replays it through the engine.
func Import(data []byte) (*Replay, error) {
	g, err := Decode(data)
	if err != nil {
		return nil, err
	}
	return ImportGame(g)
}

// ImportGame replays an already decoded game through the engine: it resolves
// the variant and options, deals g.Deck and applies every action in order.
func ImportGame(g *Game) (*Replay, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: no game", ErrJSON)
	}
	r, cfg, err := setup(g)
	if err != nil {
		return nil, err
	}
	deck, err := checkDeck(cfg, g.Deck)
	if err != nil {
		return nil, err
	}
	if r.Notes, err = checkNotes(cfg, g.Notes); err != nil {
		return nil, err
	}
	if r.State, err = engine.NewFirst(cfg, deck, g.Options.StartingPlayer); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDeck, err)
	}
	for i, a := range g.Actions {
		if a.Type == ActionGameOver || a.Type == ActionGameOverByVote {
			if i != len(g.Actions)-1 {
				return nil, &engine.ReplayError{Index: i, Err: fmt.Errorf("%w: a game-over action (type %d) may only be the last action", ErrBadAction, a.Type)}
			}
			// (Type 4 of condition 10 and target -1 is an end by vote as
			// this server's exports once wrote it.)
			oldVote := a.Value == EndConditionTerminatedByVote && a.Target == -1
			if a.Type == ActionGameOver && !oldVote && (a.Target < 0 || a.Target >= cfg.Players) {
				return nil, &engine.ReplayError{Index: i, Err: fmt.Errorf("%w: a game over (type 4) names seat %d, not one of 0–%d", ErrBadAction, a.Target, cfg.Players-1)}
			}
			if a.Type == ActionGameOverByVote {
				// hanab.live's end by vote names no seat; its value is
				// the condition whatever the file says.
				if a.Target != -1 {
					return nil, &engine.ReplayError{Index: i, Err: fmt.Errorf("%w: a game over by vote (type 5) needs target -1, not %d", ErrBadAction, a.Target)}
				}
				a.Value = EndConditionTerminatedByVote
			}
			r.End = &GameOver{Seat: a.Target, Condition: a.Value}
			// The ends that hanab.live scores 0 and the engine knows end
			// the game here too, so that its score is the same.
			if a.Value == EndConditionTerminatedByVote {
				// The votes that ended it, as this server's log has them.
				for seat := 0; !r.State.Over() && seat < cfg.Players; seat++ {
					if _, err := r.State.Apply(engine.VoteToEnd(seat, true)); err != nil {
						return nil, &engine.ReplayError{Index: i, Err: err}
					}
				}
			}
			for reason, cond := range endConditions {
				if cond == a.Value && !r.State.Over() {
					if _, err := r.State.Apply(engine.EndGame(a.Target, reason)); err != nil {
						return nil, &engine.ReplayError{Index: i, Err: err}
					}
				}
			}
			break
		}
		ea, err := toEngine(a)
		if err == nil {
			_, err = r.State.Apply(asked(cfg, deck, ea))
		}
		if err != nil {
			return nil, &engine.ReplayError{Index: i, Err: err}
		}
	}
	return r, nil
}

// setup resolves the variant, the options and the players into an engine config.
// maxName is the longest a player's name may be in an imported game, as
// a guest's at a table of this server's.
const maxName = 64

func setup(g *Game) (*Replay, engine.Config, error) {
	o := g.Options
	if err := refuseUnplayable(o); err != nil {
		return nil, engine.Config{}, err
	}
	m, err := fromLive(o.Variant)
	if err != nil {
		return nil, engine.Config{}, err
	}
	n := len(g.Players)
	if n < variants.MinPlayers || n > variants.MaxPlayers {
		return nil, engine.Config{}, fmt.Errorf("%w: a game needs %d–%d players, got %d", ErrPlayers, variants.MinPlayers, variants.MaxPlayers, n)
	}
	// The names and the seed are shown as they are read back: text a
	// person reads as it is, as every name and seed of this server's.
	for i, name := range g.Players {
		if err := humantext.Check(name); err != nil {
			return nil, engine.Config{}, fmt.Errorf("%w: players[%d]: %v", ErrPlayers, i, err)
		}
		if utf8.RuneCountInString(name) > maxName {
			return nil, engine.Config{}, fmt.Errorf("%w: players[%d] is longer than %d characters", ErrPlayers, i, maxName)
		}
	}
	if err := humantext.Check(g.Seed); err != nil {
		return nil, engine.Config{}, fmt.Errorf("%w: seed: %v", ErrOption, err)
	}
	if len(g.Seed) > 256 {
		return nil, engine.Config{}, fmt.Errorf("%w: seed is longer than 256 bytes", ErrOption)
	}
	if sp := o.StartingPlayer; sp < 0 || sp >= n {
		return nil, engine.Config{}, fmt.Errorf("%w: options.startingPlayer %d is not one of the %d players (0–%d)", ErrOption, sp, n, n-1)
	}
	v, err := variants.Get(m.Variant)
	if err != nil {
		return nil, engine.Config{}, err
	}
	empty := o.EmptyClues
	extra, less := o.OneExtraCard, o.OneLessCard
	deckPlays, allOrNothing := o.DeckPlays, o.AllOrNothing
	opts := variants.Options{StormTokens: o.StormTokens, NoteTokens: o.NoteTokens, EmptyClues: &empty,
		OneExtraCard: &extra, OneLessCard: &less, DeckPlays: &deckPlays, AllOrNothing: &allOrNothing}
	if m.RainbowCards != 0 {
		opts.RainbowCards = &m.RainbowCards
	}
	s, err := v.Resolve(opts)
	if err != nil {
		return nil, engine.Config{}, fmt.Errorf("%w: %v", ErrOption, liveOptionError(err))
	}
	// A hanab.live game was played by hanab.live's rules, whatever our
	// variant of the same cards plays ("No Variant" is the rules' basic),
	// unless the file says otherwise (an export of a game of the ABACUS
	// rules).
	rules := engine.RulesHanabLive
	if o.Rules != "" {
		var ok bool
		if rules, ok = engine.ParseRules(o.Rules); !ok {
			return nil, engine.Config{}, fmt.Errorf("%w: options.rules must be abacus or hanablive, not %.32q", ErrOption, o.Rules)
		}
	}
	s.Rules = rules.String()
	cfg, err := v.Config(s, n)
	if err != nil {
		return nil, engine.Config{}, fmt.Errorf("%w: %v", ErrPlayers, err)
	}
	return &Replay{Variant: v.Name, Settings: s, Players: slices.Clone(g.Players), Seed: g.Seed}, cfg, nil
}

// liveOptionError names the option as the JSON spells it, since that is what
// the person who sent it wrote.
func liveOptionError(err error) error {
	if oe := (*variants.OptionError)(nil); errors.As(err, &oe) {
		live := map[string]string{"storm_tokens": "stormTokens", "note_tokens": "noteTokens", "one_less_card": "oneLessCard"}[oe.Option]
		if live != "" {
			return fmt.Errorf("options.%s %s", live, strings.TrimPrefix(oe.Msg, oe.Option+" "))
		}
	}
	return err
}

func refuseUnplayable(o Options) error {
	refused := []struct {
		name string
		set  bool
	}{
		{"detrimentalCharacters", o.DetrimentalCharacters},
		{"speedrun", o.Speedrun},
	}
	for _, r := range refused {
		if r.set {
			return fmt.Errorf("%w: options.%s changes rules this server does not play", ErrOption, r.name)
		}
	}
	return nil
}

// checkDeck converts the deck, reporting the first card that makes it differ
// from the variant's cards. The engine checks again; this check exists for a
// message that names the card, and so that out-of-range numbers never reach it.
func checkDeck(cfg engine.Config, cards []Card) ([]engine.Card, error) {
	if len(cards) != cfg.DeckSize() {
		return nil, fmt.Errorf("%w: the deck has %d cards, the variant %d", ErrDeck, len(cards), cfg.DeckSize())
	}
	left := make([][engine.MaxRank + 1]int, len(cfg.Suits))
	for si, s := range cfg.Suits {
		for _, r := range s.Ranks {
			left[si][r]++
		}
	}
	deck := make([]engine.Card, len(cards))
	for i, c := range cards {
		switch {
		case c.SuitIndex < 0 || c.SuitIndex >= len(cfg.Suits):
			return nil, fmt.Errorf("%w: card %d has suit index %d, the variant has suits 0–%d", ErrDeck, i, c.SuitIndex, len(cfg.Suits)-1)
		case !hasRank(cfg.Suits[c.SuitIndex], c.Rank):
			return nil, fmt.Errorf("%w: card %d has rank %d, which suit %d does not have", ErrDeck, i, c.Rank, c.SuitIndex)
		case left[c.SuitIndex][c.Rank] == 0:
			return nil, fmt.Errorf("%w: card %d is one suit %d rank %d too many", ErrDeck, i, c.SuitIndex, c.Rank)
		}
		left[c.SuitIndex][c.Rank]--
		deck[i] = engine.Card{Suit: c.SuitIndex, Rank: c.Rank}
	}
	return deck, nil
}

// checkNotes checks a file's notes as hanab.live does: none, or a list a
// player, each at most a note a card and a stack base (shorter lists
// are padded with none).
func checkNotes(cfg engine.Config, notes [][]string) ([][]string, error) {
	if len(notes) == 0 {
		return nil, nil
	}
	if len(notes) != cfg.Players {
		return nil, fmt.Errorf("%w: %d lists of notes for %d players", ErrJSON, len(notes), cfg.Players)
	}
	most := cfg.DeckSize() + len(cfg.Suits)
	out := make([][]string, len(notes))
	for p, ns := range notes {
		if len(ns) > most {
			return nil, fmt.Errorf("%w: notes[%d] has %d notes, more than the %d cards and stack bases", ErrJSON, p, len(ns), most)
		}
		out[p] = slices.Clone(ns)
	}
	return out, nil
}

func hasRank(s engine.Suit, rank int) bool { return slices.Contains(s.Ranks, rank) }

func toEngine(a Action) (engine.Action, error) {
	switch a.Type {
	case ActionPlay, ActionDiscard:
		if a.Value != 0 {
			return engine.Action{}, fmt.Errorf("%w: a play or discard has no value, got %d", ErrBadAction, a.Value)
		}
	}
	switch a.Type {
	case ActionPlay:
		return engine.PlayCard(a.Target), nil
	case ActionDiscard:
		return engine.DiscardCard(a.Target), nil
	case ActionColorClue:
		return engine.ClueColor(a.Target, a.Value), nil
	case ActionRankClue:
		return engine.ClueRank(a.Target, a.Value), nil
	}
	return engine.Action{}, fmt.Errorf("%w: unknown type %d %s", ErrBadAction, a.Type, actionTypes)
}

const actionTypes = "(0 play, 1 discard, 2 color clue, 3 rank clue, 4 game over, 5 game over by vote)"

// asked is the move a player asked for that made a play or discard as
// hanab.live records it: it stores the move that happened, so a card of a
// suit that swaps play and discard that it stores as played was asked to
// be discarded, and the other way round; the engine takes the asked move.
func asked(cfg engine.Config, deck []engine.Card, a engine.Action) engine.Action {
	return happened(cfg, deck, a)
}

// happened is the move that a play or discard asked for made (see asked:
// the swap is its own inverse).
func happened(cfg engine.Config, deck []engine.Card, a engine.Action) engine.Action {
	if a.Kind != engine.Play && a.Kind != engine.Discard || a.Card < 0 || a.Card >= len(deck) {
		return a
	}
	if !cfg.Suits[deck[a.Card].Suit].Swapped {
		return a
	}
	if a.Kind == engine.Play {
		a.Kind = engine.Discard
	} else {
		a.Kind = engine.Play
	}
	return a
}
