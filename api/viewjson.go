package api

import (
	"encoding/json"
	"math/bits"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// A view is rendered on every read and after every move. Building it as
// GameView structs and encoding them by reflection was a fifth of the
// server's time under load, so every view is written straight from the
// engine's view here, its only renderer. The structs stay what the document
// describes; TestViewJSONIsEncodingJSONs holds the two byte for byte equal
// over whole games of many variants.

var viewPool = sync.Pool{New: func() any { return new(engine.View) }}

// appendView appends viewer's view of st (viewer -1: the public;
// engine.Spectator: a spectator who sees every hand), a GameView.
func appendView(b []byte, st *play.State, viewer int) []byte {
	return appendViewAt(b, st, viewer, false)
}

// appendViewAt is appendView, for a past turn's state (see pastState) when
// past is true.
func appendViewAt(b []byte, st *play.State, viewer int, past bool) []byte {
	engineSeat := engine.Public
	if viewer >= 0 && viewer < st.Players || viewer == engine.Spectator {
		engineSeat = viewer
	}
	v := viewPool.Get().(*engine.View)
	defer viewPool.Put(v)
	st.Game.ViewInto(engineSeat, v)
	return appendViewOf(b, st, viewer, v, past)
}

// appendViewOf appends st as v, viewer's view of its game, shows it.
func appendViewOf(b []byte, st *play.State, viewer int, v *engine.View, past bool) []byte {
	row := &st.Record
	b = appendString(append(b, `{"id":`...), row.ID)
	b = appendString(append(b, `,"variant":`...), row.Variant)
	b = appendSettings(append(b, `,"options":`...), st.Settings.Clock())
	b = appendString(append(b, `,"status":`...), row.Status)
	b = strconv.AppendInt(append(b, `,"version":`...), row.Version, 10)
	b = appendIntOrNull(append(b, `,"you":`...), viewer, viewer >= 0)
	b = appendSeats(append(b, `,"seats":`...), row.Players, st.Seats)
	b = append(b, `,"join_secret":`...)
	if viewer >= 0 && row.JoinSecret != "" {
		b = appendString(b, row.JoinSecret)
	} else {
		b = append(b, "null"...)
	}
	b = appendString(append(b, `,"spectators":`...), spectatorsOf(row))

	cfg := v.Config

	b = appendIntOrNull(append(b, `,"current_seat":`...), v.Current, row.Status == play.StatusActive && !v.Over)
	b = append(b, `,"turn_deadline":`...)
	if d, ok := st.TurnDeadline(); ok && !past {
		b = appendTime(b, d.UTC())
	} else {
		b = append(b, "null"...)
	}
	b = strconv.AppendBool(append(b, `,"paused":`...), v.Paused)
	left, timed := st.TurnTimeLeft(st.PausedAt)
	b = appendIntOrNull(append(b, `,"turn_time_left_ms":`...), int(left/time.Millisecond), timed && v.Paused && !past && row.Status == play.StatusActive)
	b = append(b, `,"votes":[`...)
	for m := v.Votes; m != 0; m &= m - 1 {
		b = appendInt(comma(b), bits.TrailingZeros8(m))
	}
	b = strconv.AppendInt(append(b, `],"votes_to_end":`...), int64(engine.VotesToEnd(row.Players)), 10)
	b = strconv.AppendInt(append(b, `,"turn":`...), int64(v.Turn), 10)
	b = strconv.AppendInt(append(b, `,"note_tokens":`...), int64(v.NoteTokens), 10)
	if cfg.ClueStarved {
		b = strconv.AppendBool(append(b, `,"half_note_token":`...), v.HalfNote)
	}
	if k, ok := cfg.NextClueKind(v.Clues); ok {
		b = appendString(append(b, `,"next_clue_type":`...), clueTypeName(k))
	}
	b = strconv.AppendInt(append(b, `,"storm_tokens_used":`...), int64(v.StormsUsed), 10)
	b = strconv.AppendInt(append(b, `,"deck_count":`...), int64(v.DeckCount), 10)
	b = append(b, `,"deck_next_card":`...)
	next, ok := v.DeckPlayCard()
	b = appendIntOrNull(b, next, ok)
	b = appendIntOrNull(append(b, `,"final_turns_left":`...), v.FinalTurnsLeft, v.FinalTurnsLeft >= 0)
	b = appendSuitMap(append(b, `,"fireworks":`...), cfg, func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(v.Fireworks[i]), 10) })
	if cfg.Sudoku {
		b = appendSuitMap(append(b, `,"stack_starts":`...), cfg, func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(v.Starts[i]), 10) })
	}
	if cfg.HasDirections() {
		b = appendSuitMap(append(b, `,"stack_directions":`...), cfg, func(b []byte, i int) []byte { return appendString(b, v.Directions[i].String()) })
	}
	if !v.PlaysHidden {
		b = appendSuitMap(append(b, `,"next_ranks":`...), cfg, func(b []byte, i int) []byte {
			b = append(b, '[')
			for r := 1; r < 16; r++ {
				if v.Next[i]&(1<<r) != 0 {
					b = strconv.AppendInt(comma(b), int64(r), 10)
				}
			}
			return append(b, ']')
		})
	}
	if cfg.FaceDownPlays {
		b = strconv.AppendBool(append(b, `,"plays_hidden":`...), v.PlaysHidden)
		if v.PlaysHidden {
			b = append(b, `,"face_down":[`...)
			for _, f := range v.FaceDown {
				b = strconv.AppendInt(append(comma(b), `{"id":`...), int64(f.ID), 10)
				b = strconv.AppendInt(append(b, `,"seat":`...), int64(f.Seat), 10)
				b = strconv.AppendInt(append(b, `,"turn":`...), int64(f.Turn), 10)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
	}
	b = append(b, `,"discards":[`...)
	for _, d := range v.Discards {
		b = appendCardFace(comma(b), d.ID, cfg.Suits[d.Suit].Name, d.Rank)
	}
	b = append(b, `],"hands":[`...)
	if play.Dealt(row.Status) {
		unseen, own := ownUnseen(st, v.Seat)
		var tails cardTails
		for p := range v.Players {
			b = strconv.AppendInt(append(comma(b), `{"seat":`...), int64(p), 10)
			b = append(b, `,"cards":[`...)
			for _, cv := range v.Hand(p) {
				b = comma(b)
				var u *engine.Unseen
				if own && p == v.Seat {
					u = &unseen
				}
				b = tails.append(appendCardHead(b, cfg, v.Clues, cv), cfg, cv, u)
			}
			b = append(b, "]}"...)
		}
	}
	b = strconv.AppendInt(append(b, `],"score":`...), int64(v.Score), 10)
	b = strconv.AppendInt(append(b, `,"max_score":`...), int64(v.MaxScore), 10)
	b = append(b, `,"result":`...)
	if v.Over {
		b = appendResult(b, resultView(v.Result))
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"max_possible_score":`...)
	b = strconv.AppendInt(b, int64(v.MaxPossible), 10)
	b = appendStats(b, v, row.Status)
	b = append(b, `,"first_seat":`...)
	b = strconv.AppendInt(b, int64(v.First), 10)
	b = append(b, `,"next_game":`...)
	if row.Next != "" && !past {
		b = appendString(b, row.Next)
	} else {
		b = append(b, "null"...)
	}
	if ns := st.NotesFor(viewer); len(ns) > 0 {
		b = append(b, `,"notes":[`...)
		for _, n := range ns {
			b = strconv.AppendInt(append(comma(b), `{"seat":`...), int64(n.Seat), 10)
			b = strconv.AppendInt(append(b, `,"card":`...), int64(n.Card), 10)
			b = appendString(append(b, `,"text":`...), n.Text)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendLegalMoves(b, v, !past && row.Status == play.StatusActive)
	return append(b, '}')
}

func appendSettings(b []byte, s variants.Settings) []byte {
	b = strconv.AppendInt(append(b, `{"storm_tokens":`...), int64(s.StormTokens), 10)
	b = strconv.AppendInt(append(b, `,"note_tokens":`...), int64(s.NoteTokens), 10)
	b = strconv.AppendBool(append(b, `,"empty_clues":`...), s.EmptyClues)
	if s.RainbowCards != 0 {
		b = strconv.AppendInt(append(b, `,"rainbow_cards":`...), int64(s.RainbowCards), 10)
	}
	b = strconv.AppendInt(append(b, `,"turn_seconds":`...), int64(s.TurnSeconds), 10)
	b = appendString(append(b, `,"on_timeout":`...), s.OnTimeout)
	for _, o := range []struct {
		name string
		on   bool
	}{{`,"one_extra_card":true`, s.OneExtraCard}, {`,"one_less_card":true`, s.OneLessCard}, {`,"deck_plays":true`, s.DeckPlays}, {`,"all_or_nothing":true`, s.AllOrNothing}} {
		if o.on {
			b = append(b, o.name...)
		}
	}
	b = append(b, `,"rules":`...)
	b = appendString(b, s.Rules)
	return append(b, '}')
}

func appendSeats(b []byte, players int, seats []play.Seat) []byte {
	b = append(b, '[')
	for i := range players {
		b = comma(b)
		// As in seatViews: the last row of a seat names it, the last
		// with a bot names the bot.
		var name, bot string
		taken, player, playerBot := false, false, false
		for _, s := range seats {
			if s.Seat == i {
				name, taken = s.Name, true
				if s.Bot != "" {
					bot = s.Bot
				}
				player, playerBot = s.Player != "", s.PlayerBot
			}
		}
		b = strconv.AppendInt(append(b, `{"seat":`...), int64(i), 10)
		b = append(b, `,"name":`...)
		if taken {
			b = appendString(b, name)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"bot":`...)
		if bot != "" {
			b = appendString(b, bot)
		} else {
			b = append(b, "null"...)
		}
		switch {
		case !player:
			b = append(b, `,"player":null}`...)
		case playerBot:
			b = append(appendString(append(b, `,"player":{"name":`...), name), `,"bot":true}}`...)
		default:
			b = append(appendString(append(b, `,"player":{"name":`...), name), `,"bot":false}}`...)
		}
	}
	return append(b, ']')
}

// appendSuitMap writes a value per suit (val appends suit i's) as
// encoding/json writes a map keyed by the suits' names (see suitOrder).
func appendSuitMap(b []byte, cfg *engine.Config, val func(b []byte, i int) []byte) []byte {
	order, n := suitOrder(cfg)
	b = append(b, '{')
	for _, i := range order[:n] {
		b = val(append(appendString(comma(b), cfg.Suits[i].Name), ':'), i)
	}
	return append(b, '}')
}

// suitOrder is the suits in the order encoding/json writes a map keyed by
// their names: sorted, and of two suits of one name the later one.
func suitOrder(cfg *engine.Config) ([engine.MaxSuits]int, int) {
	var order [engine.MaxSuits]int
	n := 0
	for i, s := range cfg.Suits {
		j := 0
		for j < n && cfg.Suits[order[j]].Name < s.Name {
			j++
		}
		if j < n && cfg.Suits[order[j]].Name == s.Name {
			order[j] = i
			continue
		}
		copy(order[j+1:n+1], order[j:n])
		order[j] = i
		n++
	}
	return order, n
}

func appendCardFace(b []byte, id int, suit string, rank int) []byte {
	b = strconv.AppendInt(append(b, `{"id":`...), int64(id), 10)
	b = appendString(append(b, `,"suit":`...), suit)
	b = strconv.AppendInt(append(b, `,"rank":`...), int64(rank), 10)
	return append(b, '}')
}

// A card in a hand is written as encoding/json writes cardView(cfg, clues,
// cv, unseen): its head (appendCardHead), then its tail (see cardTails).

// appendCardHead writes a card's id, face and clues: the card up to its
// possible suits.
func appendCardHead(b []byte, cfg *engine.Config, clues []engine.ClueRecord, cv engine.CardView) []byte {
	b = strconv.AppendInt(append(b, `{"id":`...), int64(cv.ID), 10)
	if cv.Known {
		b = appendString(append(b, `,"suit":`...), cfg.Suits[cv.Card.Suit].Name)
		b = strconv.AppendInt(append(b, `,"rank":`...), int64(cv.Card.Rank), 10)
	} else {
		b = append(b, `,"suit":null,"rank":null`...)
	}
	b = append(b, `,"clues":[`...)
	bit := uint64(1) << uint(cv.ID)
	for _, cr := range clues {
		if cr.Hand&bit == 0 {
			continue
		}
		b = appendInt(append(comma(b), `{"turn":`...), cr.Turn)
		b = appendInt(append(b, `,"giver":`...), cr.Giver)
		switch {
		case cr.Value == engine.HiddenValue:
			b = append(b, `,"color":null,"rank":null`...)
		case cr.Kind == engine.ColorClue:
			b = appendString(append(b, `,"color":`...), cfg.ClueColors[cr.Value])
			b = append(b, `,"rank":null`...)
		default:
			b = strconv.AppendInt(append(b, `,"color":null,"rank":`...), int64(cr.Value), 10)
		}
		b = strconv.AppendBool(append(b, `,"touched":`...), cr.Touched&bit != 0)
		if cfg.ClueShows != engine.ShowsAll {
			b = appendString(append(b, `,"clue_type":`...), clueTypeShown(cr.Kind))
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendCardTail writes the rest of a card, from its possible suits to
// its end: what the holder and the viewer can tell of the card. unseen is
// nil but on the viewer's own cards; candidates is then the card's
// (unseen.Candidates(cv.Possible)).
func appendCardTail(b []byte, cfg *engine.Config, cv engine.CardView, unseen *engine.Unseen, candidates uint64) []byte {
	b = append(b, `,"possible_suits":[`...)
	for i, s := range cfg.Suits {
		if cv.Suits&(1<<i) != 0 {
			b = appendString(comma(b), s.Name)
		}
	}
	b = append(b, `],"possible_ranks":[`...)
	for r := 1; r <= engine.MaxRank; r++ {
		if cv.Ranks&(1<<r) != 0 {
			b = append(comma(b), byte('0'+r))
		}
	}
	b = append(b, `],"candidates":`...)
	if unseen == nil {
		b = append(b, "null"...)
	} else {
		b = appendIdentities(b, cfg, candidates, unseen)
	}
	b = append(b, `,"empathy":`...)
	if cv.Empathy == 0 {
		return append(b, "null}"...)
	}
	return append(appendIdentities(b, cfg, cv.Empathy, nil), '}')
}

// cardTails remembers where in one view's body its cards' tails (see
// appendCardTail) were written, so that a card whose tail is an earlier
// card's copies those bytes instead of writing them again. The lists of
// identities (candidates, empathy) are most of a view's bytes and of the
// time it takes to write, and the cards no clue has touched, most of a
// hand, share theirs. A tail depends on the card's possible suits and
// ranks, its empathy, and, on the viewer's own cards, its candidates with
// the viewer's unseen counts, the same for the whole view.
type cardTails struct {
	n    int
	tail [16]struct {
		key      cardTailKey
		from, to int // b[from:to]
	}
}

type cardTailKey struct {
	candidates, empathy uint64
	suits, ranks        uint8
	own                 bool // candidates are written (else null)
}

// append appends cv's tail (unseen: as for appendCardTail) to b, the body
// every tail t has seen was written in.
func (t *cardTails) append(b []byte, cfg *engine.Config, cv engine.CardView, unseen *engine.Unseen) []byte {
	key := cardTailKey{empathy: cv.Empathy, suits: cv.Suits, ranks: cv.Ranks, own: unseen != nil}
	if unseen != nil {
		key.candidates = unseen.Candidates(cv.Possible)
	}
	for _, e := range t.tail[:t.n] {
		if e.key == key {
			return append(b, b[e.from:e.to]...)
		}
	}
	from := len(b)
	b = appendCardTail(b, cfg, cv, unseen, key.candidates)
	if t.n < len(t.tail) {
		t.tail[t.n].key, t.tail[t.n].from, t.tail[t.n].to = key, from, len(b)
		t.n++
	}
	return b
}

// appendIdentities writes a set of identities as a list, by suit then
// rank: each as a Candidate, with its copies unseen, when unseen is given,
// else as an Identity.
func appendIdentities(b []byte, cfg *engine.Config, set uint64, unseen *engine.Unseen) []byte {
	// Each suit's head is written once.
	var headBuf [64]byte
	head, suit := headBuf[:0], -1
	b = append(b, '[')
	for m := set; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if i>>3 != suit {
			suit = i >> 3
			head = append(appendString(append(head[:0], `{"suit":`...), cfg.Suits[suit].Name), `,"rank":`...)
		}
		b = append(append(comma(b), head...), byte('0'+i&7))
		if unseen != nil {
			b = appendInt(append(b, `,"unseen":`...), int(unseen[i]))
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendResult(b []byte, r *ResultView) []byte {
	b = strconv.AppendInt(append(b, `{"score":`...), int64(r.Score), 10)
	b = appendString(append(b, `,"reason":`...), r.Reason)
	b = appendString(append(b, `,"rating":`...), r.Rating)
	b = append(b, `,"seat":`...)
	if r.Seat != nil {
		b = strconv.AppendInt(b, int64(*r.Seat), 10)
	} else {
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// appendEvent appends ev, the event of log entry seq-1, as viewer (a seat,
// -1 for the public) may see it now that the game is over or not, and
// returns its type: the member of the event union the type names, as
// encoding/json writes it (TestViewJSONIsEncodingJSONs). The engine
// withholds what the variant hides from the viewer (a card played face
// down, a clue's value); seats name the strategy that plays a seat now
// (for seat_left); auto marks a bot's move for a seat whose time ran out.
func appendEvent(b []byte, cfg *engine.Config, seq int, ev engine.Event, seats []play.Seat, viewer int, over, auto bool, why string) ([]byte, string) {
	seat := engine.Public
	if viewer >= 0 && viewer < cfg.Players {
		seat = viewer
	}
	ev = cfg.EventSeen(ev, seat, over)
	a := ev.Action
	// A card whose suit swaps play and discard (Orange) did what the other
	// move does: the event says what happened to the card.
	typ, mover := "clue", ev.Seat
	switch {
	case a.Kind == engine.End:
		return appendGameOver(b, seq, ev.Turn, ev.Result), "game_over"
	case a.Kind == engine.Leave:
		typ, mover = "seat_left", a.Target
	case a.Kind == engine.Rearrange:
		typ, mover = "rearrange", a.Target
	case a.Kind == engine.Vote || a.Kind == engine.Pause || a.Kind == engine.Resume:
		typ, mover = a.Kind.String(), a.Target
	case a.Kind != engine.Play && a.Kind != engine.Discard:
	case ev.FaceDown:
		typ = "play_face_down"
	case ev.Played():
		typ = "play"
	default:
		typ = "discard"
	}
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(seq), 10)
	b = strconv.AppendInt(append(b, `,"turn":`...), int64(ev.Turn), 10)
	b = strconv.AppendInt(append(b, `,"seat":`...), int64(mover), 10)
	b = appendString(append(b, `,"type":`...), typ)
	switch typ {
	case "seat_left":
		bot := "" // as in seatViews: the last row of the seat with a bot
		for _, s := range seats {
			if s.Seat == a.Target && s.Bot != "" {
				bot = s.Bot
			}
		}
		return append(appendString(append(b, `,"bot":`...), bot), '}'), typ
	case "rearrange":
		b = append(b, `,"order":[`...)
		for _, id := range ev.Order.IDs() {
			b = appendInt(comma(b), id)
		}
		return append(b, "]}"...), typ
	case "vote":
		b = strconv.AppendBool(append(b, `,"vote":`...), a.Value == 1)
		b = append(b, `,"votes":[`...)
		for m := ev.Votes; m != 0; m &= m - 1 {
			b = appendInt(comma(b), bits.TrailingZeros8(m))
		}
		return append(b, "]}"...), typ
	case "pause", "resume":
		return append(b, '}'), typ
	case "play_face_down":
		b = strconv.AppendInt(append(b, `,"card_id":`...), int64(a.Card), 10)
	case "play", "discard":
		b = appendCardFace(append(b, `,"card":`...), a.Card, cfg.Suits[ev.Card.Suit].Name, ev.Card.Rank)
		if typ == "play" {
			b = strconv.AppendBool(append(b, `,"success":`...), ev.Success)
		}
	case "clue":
		b = strconv.AppendInt(append(b, `,"target":`...), int64(a.Target), 10)
		switch {
		case a.Value == engine.HiddenValue:
			b = append(b, `,"color":null,"rank":null`...)
		case a.Kind == engine.ColorClue:
			b = append(appendString(append(b, `,"color":`...), cfg.ClueColors[a.Value]), `,"rank":null`...)
		default:
			b = strconv.AppendInt(append(b, `,"color":null,"rank":`...), int64(a.Value), 10)
		}
		b = appendIDs(append(b, `,"touched":`...), ev.Touched)
	}
	if typ != "clue" {
		b = appendIntOrNull(append(b, `,"drawn":`...), ev.Drawn, ev.Drawn >= 0)
	}
	b = strconv.AppendInt(append(b, `,"note_tokens":`...), int64(ev.NoteTokens), 10)
	if cfg.ClueStarved {
		b = strconv.AppendBool(append(b, `,"half_note_token":`...), ev.HalfNote)
	}
	if typ == "play" || typ == "discard" {
		b = strconv.AppendInt(append(b, `,"storm_tokens_used":`...), int64(ev.StormsUsed), 10)
	}
	if typ == "clue" && cfg.ClueShows != engine.ShowsAll {
		b = appendString(append(b, `,"clue_type":`...), clueTypeShown(a.Kind))
	}
	b = strconv.AppendBool(append(b, `,"auto":`...), auto)
	if why != "" {
		b = appendString(append(b, `,"why":`...), why)
	}
	return append(b, '}'), typ
}

// appendGameOver appends the game_over event, seq, that ends a finished
// game's events.
func appendGameOver(b []byte, seq, turn int, r engine.Result) []byte {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(seq), 10)
	b = strconv.AppendInt(append(b, `,"turn":`...), int64(turn), 10)
	return append(appendResult(append(b, `,"type":"game_over","result":`...), resultView(r)), '}')
}

// appendNextGame appends the next_game event, seq, that follows a finished
// game's game_over once its rematch is open.
func appendNextGame(b []byte, seq, turn int, game string) []byte {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(seq), 10)
	b = strconv.AppendInt(append(b, `,"turn":`...), int64(turn), 10)
	return append(appendString(append(b, `,"type":"next_game","game":`...), game), '}')
}

// appendIDs writes the card ids of a set of them (bit i: card i) as a list.
func appendIDs(b []byte, set uint64) []byte {
	b = append(b, '[')
	for ; set != 0; set &= set - 1 {
		b = strconv.AppendInt(comma(b), int64(bits.TrailingZeros64(set)), 10)
	}
	return append(b, ']')
}

// appendInt is strconv.AppendInt, at once for a digit.
func appendInt(b []byte, n int) []byte {
	if uint(n) < 10 {
		return append(b, byte('0'+n))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// comma appends the comma between two members of a list or an object:
// none after its opening bracket.
func comma(b []byte) []byte {
	if c := b[len(b)-1]; c == '[' || c == '{' {
		return b
	}
	return append(b, ',')
}

func appendIntOrNull(b []byte, n int, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// appendTime writes t as time.Time's MarshalJSON does.
func appendTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

// appendString writes s as a JSON string. Names, colors and ids are plain
// printable ASCII and are copied as they are; anything else (a player's
// name) is left to encoding/json, so that its escaping stays exactly its own.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !plain[s[i]] {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// plain marks the bytes that encoding/json writes as they are.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendStats writes a view's pace and efficiency (see GameView.Pace): none
// before the game starts.
func appendStats(b []byte, v *engine.View, status string) []byte {
	played := play.Dealt(status)
	b = append(b, `,"pace":`...)
	if played && v.Stats.HasPace {
		b = strconv.AppendInt(b, int64(v.Stats.Pace), 10)
	} else {
		b = append(b, "null"...)
	}
	eff, ok := v.Stats.Efficiency()
	b = appendFloatOrNull(append(b, `,"efficiency":`...), eff, played && ok)
	need, ok := v.Stats.NeededEfficiency()
	return appendFloatOrNull(append(b, `,"efficiency_needed":`...), need, played && ok)
}

// appendFloatOrNull writes f, if ok, as encoding/json does for the ratios
// of small counts a view holds (never below 1e-6 but for 0, never near
// 1e21); else null.
func appendFloatOrNull(b []byte, f float64, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}
