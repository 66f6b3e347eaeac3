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
// server's time under load, so the hot answers are written straight from
// the engine's view here. The structs stay what the document describes and
// what the other answers encode; TestViewJSONIsEncodingJSONs holds the two
// byte for byte equal over whole games of many variants.

var viewPool = sync.Pool{New: func() any { return new(engine.View) }}

// appendView appends viewer's view of st (viewer -1: the public), exactly
// as encoding/json writes buildView(st, viewer).
func appendView(b []byte, st *play.State, viewer int) []byte {
	return appendViewAt(b, st, viewer, false)
}

// appendViewAt is appendView, for a past turn's state (see pastState) when
// past is true: exactly as encoding/json writes buildViewAt(st, viewer, past).
func appendViewAt(b []byte, st *play.State, viewer int, past bool) []byte {
	row := &st.Record
	b = append(b, `{"id":`...)
	b = appendString(b, row.ID)
	b = append(b, `,"variant":`...)
	b = appendString(b, row.Variant)
	b = append(b, `,"options":`...)
	b = appendSettings(b, st.Settings.Clock())
	b = append(b, `,"status":`...)
	b = appendString(b, row.Status)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, row.Version, 10)
	b = append(b, `,"you":`...)
	b = appendIntOrNull(b, viewer, viewer >= 0)
	b = append(b, `,"seats":`...)
	b = appendSeats(b, row.Players, st.Seats)
	b = append(b, `,"join_secret":`...)
	if viewer >= 0 && row.JoinSecret != "" {
		b = appendString(b, row.JoinSecret)
	} else {
		b = append(b, "null"...)
	}

	engineSeat := engine.Public
	if viewer >= 0 && viewer < row.Players {
		engineSeat = viewer
	}
	v := viewPool.Get().(*engine.View)
	defer viewPool.Put(v)
	st.Game.ViewInto(engineSeat, v)
	cfg := v.Config

	b = append(b, `,"current_seat":`...)
	b = appendIntOrNull(b, v.Current, row.Status == play.StatusActive && !v.Over)
	b = append(b, `,"turn_deadline":`...)
	if d, ok := st.TurnDeadline(); ok && !past {
		b = appendTime(b, d.UTC())
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(v.Turn), 10)
	b = append(b, `,"note_tokens":`...)
	b = strconv.AppendInt(b, int64(v.NoteTokens), 10)
	if cfg.ClueStarved {
		b = append(b, `,"half_note_token":`...)
		b = strconv.AppendBool(b, v.HalfNote)
	}
	if k, ok := cfg.NextClueKind(v.Clues); ok {
		b = append(b, `,"next_clue_type":`...)
		b = appendString(b, clueTypeName(k))
	}
	b = append(b, `,"storm_tokens_used":`...)
	b = strconv.AppendInt(b, int64(v.StormsUsed), 10)
	b = append(b, `,"deck_count":`...)
	b = strconv.AppendInt(b, int64(v.DeckCount), 10)
	b = append(b, `,"deck_next_card":`...)
	next, ok := v.DeckPlayCard()
	b = appendIntOrNull(b, next, ok)
	b = append(b, `,"final_turns_left":`...)
	b = appendIntOrNull(b, v.FinalTurnsLeft, v.FinalTurnsLeft >= 0)
	b = append(b, `,"fireworks":`...)
	b = appendFireworks(b, cfg, v)
	if cfg.Sudoku {
		b = append(b, `,"stack_starts":`...)
		b = appendSuitMap(b, cfg, &v.Starts)
	}
	if cfg.HasDirections() {
		b = append(b, `,"stack_directions":`...)
		b = appendSuitDirections(b, cfg, &v.Directions)
	}
	if cfg.FaceDownPlays {
		b = append(b, `,"plays_hidden":`...)
		b = strconv.AppendBool(b, v.PlaysHidden)
		if v.PlaysHidden {
			b = append(b, `,"face_down":[`...)
			for i, f := range v.FaceDown {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"id":`...)
				b = strconv.AppendInt(b, int64(f.ID), 10)
				b = append(b, `,"seat":`...)
				b = strconv.AppendInt(b, int64(f.Seat), 10)
				b = append(b, `,"turn":`...)
				b = strconv.AppendInt(b, int64(f.Turn), 10)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
	}
	b = append(b, `,"discards":[`...)
	for i, d := range v.Discards {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCardFace(b, d.ID, cfg.Suits[d.Suit].Name, d.Rank)
	}
	b = append(b, `],"hands":[`...)
	if row.Status != play.StatusLobby && row.Status != play.StatusCancelled {
		unseen, own := ownUnseen(st, engineSeat)
		for p := range v.Players {
			if p > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seat":`...)
			b = strconv.AppendInt(b, int64(p), 10)
			b = append(b, `,"cards":[`...)
			for i, cv := range v.Hand(p) {
				if i > 0 {
					b = append(b, ',')
				}
				var u *engine.Unseen
				if own && p == engineSeat {
					u = &unseen
				}
				b = appendCardView(b, cfg, v.Clues, cv, u)
			}
			b = append(b, "]}"...)
		}
	}
	b = append(b, `],"score":`...)
	b = strconv.AppendInt(b, int64(v.Score), 10)
	b = append(b, `,"max_score":`...)
	b = strconv.AppendInt(b, int64(v.MaxScore), 10)
	b = append(b, `,"result":`...)
	if v.Over {
		b = appendResult(b, resultView(v.Result))
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"max_possible_score":`...)
	b = strconv.AppendInt(b, int64(v.MaxPossible), 10)
	b = append(b, `,"first_seat":`...)
	b = strconv.AppendInt(b, int64(v.First), 10)
	if ns := st.NotesFor(viewer); len(ns) > 0 {
		b = append(b, `,"notes":[`...)
		for i, n := range ns {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seat":`...)
			b = strconv.AppendInt(b, int64(n.Seat), 10)
			b = append(b, `,"card":`...)
			b = strconv.AppendInt(b, int64(n.Card), 10)
			b = append(b, `,"text":`...)
			b = appendString(b, n.Text)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendLegalMoves(b, v, !past && row.Status == play.StatusActive)
	return append(b, '}')
}

func appendSettings(b []byte, s variants.Settings) []byte {
	b = append(b, `{"storm_tokens":`...)
	b = strconv.AppendInt(b, int64(s.StormTokens), 10)
	b = append(b, `,"note_tokens":`...)
	b = strconv.AppendInt(b, int64(s.NoteTokens), 10)
	b = append(b, `,"empty_clues":`...)
	b = strconv.AppendBool(b, s.EmptyClues)
	if s.RainbowCards != 0 {
		b = append(b, `,"rainbow_cards":`...)
		b = strconv.AppendInt(b, int64(s.RainbowCards), 10)
	}
	b = append(b, `,"turn_seconds":`...)
	b = strconv.AppendInt(b, int64(s.TurnSeconds), 10)
	b = append(b, `,"on_timeout":`...)
	b = appendString(b, s.OnTimeout)
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
		if i > 0 {
			b = append(b, ',')
		}
		// As in seatViews: the last row of a seat names it, the last
		// with a bot names the bot.
		var name, bot string
		taken := false
		for _, s := range seats {
			if s.Seat == i {
				name, taken = s.Name, true
				if s.Bot != "" {
					bot = s.Bot
				}
			}
		}
		b = append(b, `{"seat":`...)
		b = strconv.AppendInt(b, int64(i), 10)
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
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendFireworks writes the suits' fireworks as encoding/json writes a
// map: keys in sorted order, and of two suits of one name the later one.
func appendFireworks(b []byte, cfg *engine.Config, v *engine.View) []byte {
	return appendSuitMap(b, cfg, &v.Fireworks)
}

// appendSuitMap writes a number per suit as encoding/json writes a
// map[string]int: keys in order, one entry per name.
func appendSuitMap(b []byte, cfg *engine.Config, vals *[engine.MaxSuits]int) []byte {
	order, n := suitOrder(cfg)
	b = append(b, '{')
	for k, i := range order[:n] {
		if k > 0 {
			b = append(b, ',')
		}
		b = appendString(b, cfg.Suits[i].Name)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(vals[i]), 10)
	}
	return append(b, '}')
}

// appendSuitDirections writes each firework's direction as encoding/json
// writes a map[string]string (see appendSuitMap).
func appendSuitDirections(b []byte, cfg *engine.Config, dirs *[engine.MaxSuits]engine.Direction) []byte {
	order, n := suitOrder(cfg)
	b = append(b, '{')
	for k, i := range order[:n] {
		if k > 0 {
			b = append(b, ',')
		}
		b = appendString(b, cfg.Suits[i].Name)
		b = append(b, ':')
		b = appendString(b, dirs[i].String())
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
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `,"suit":`...)
	b = appendString(b, suit)
	b = append(b, `,"rank":`...)
	b = strconv.AppendInt(b, int64(rank), 10)
	return append(b, '}')
}

// appendCardView writes a card in a hand as encoding/json writes
// cardView(cfg, clues, cv, unseen).
func appendCardView(b []byte, cfg *engine.Config, clues []engine.ClueRecord, cv engine.CardView, unseen *engine.Unseen) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(cv.ID), 10)
	if cv.Known {
		b = append(b, `,"suit":`...)
		b = appendString(b, cfg.Suits[cv.Card.Suit].Name)
		b = append(b, `,"rank":`...)
		b = strconv.AppendInt(b, int64(cv.Card.Rank), 10)
	} else {
		b = append(b, `,"suit":null,"rank":null`...)
	}
	b = append(b, `,"clues":[`...)
	bit := uint64(1) << uint(cv.ID)
	first := true
	for _, cr := range clues {
		if cr.Hand&bit == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"turn":`...)
		b = strconv.AppendInt(b, int64(cr.Turn), 10)
		b = append(b, `,"giver":`...)
		b = strconv.AppendInt(b, int64(cr.Giver), 10)
		switch {
		case cr.Value == engine.HiddenValue:
			b = append(b, `,"color":null,"rank":null`...)
		case cr.Kind == engine.ColorClue:
			b = append(b, `,"color":`...)
			b = appendString(b, cfg.ClueColors[cr.Value])
			b = append(b, `,"rank":null`...)
		default:
			b = append(b, `,"color":null,"rank":`...)
			b = strconv.AppendInt(b, int64(cr.Value), 10)
		}
		b = append(b, `,"touched":`...)
		b = strconv.AppendBool(b, cr.Touched&bit != 0)
		if cfg.ClueShows != engine.ShowsAll {
			b = append(b, `,"clue_type":`...)
			b = appendString(b, clueTypeShown(cr.Kind))
		}
		b = append(b, '}')
	}
	b = append(b, `],"possible_suits":[`...)
	first = true
	for i, s := range cfg.Suits {
		if cv.Suits&(1<<i) != 0 {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendString(b, s.Name)
		}
	}
	b = append(b, `],"possible_ranks":[`...)
	first = true
	for r := 1; r <= engine.MaxRank; r++ {
		if cv.Ranks&(1<<r) != 0 {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = strconv.AppendInt(b, int64(r), 10)
		}
	}
	b = append(b, `],"candidates":`...)
	if unseen == nil {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	first = true
	for m := unseen.Candidates(cv.Possible); m != 0; m &= m - 1 {
		if !first {
			b = append(b, ',')
		}
		first = false
		i := bits.TrailingZeros64(m)
		b = append(b, `{"suit":`...)
		b = appendString(b, cfg.Suits[i>>3].Name)
		b = append(b, `,"rank":`...)
		b = strconv.AppendInt(b, int64(i&7), 10)
		b = append(b, `,"unseen":`...)
		b = strconv.AppendInt(b, int64(unseen[i]), 10)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

func appendResult(b []byte, r *ResultView) []byte {
	b = append(b, `{"score":`...)
	b = strconv.AppendInt(b, int64(r.Score), 10)
	b = append(b, `,"reason":`...)
	b = appendString(b, r.Reason)
	b = append(b, `,"rating":`...)
	b = appendString(b, r.Rating)
	b = append(b, `,"seat":`...)
	if r.Seat != nil {
		b = strconv.AppendInt(b, int64(*r.Seat), 10)
	} else {
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// appendEvent appends e as the member of the event union its type names,
// exactly as encoding/json writes it (see Event.MarshalJSON).
func appendEvent(b []byte, e Event) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(e.Seq), 10)
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(e.Turn), 10)
	if e.Type != "game_over" {
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(deref(e.Seat)), 10)
	}
	b = append(b, `,"type":`...)
	b = appendString(b, e.Type)
	switch e.Type {
	case "play_face_down":
		b = append(b, `,"card_id":`...)
		b = strconv.AppendInt(b, int64(deref(e.CardID)), 10)
		b = append(b, `,"drawn":`...)
		b = appendIntOrNull(b, deref(e.Drawn), e.Drawn != nil)
		b = append(b, `,"note_tokens":`...)
		b = strconv.AppendInt(b, int64(deref(e.NoteTokens)), 10)
		b = appendHalfNote(b, e.HalfNoteToken)
		b = append(b, `,"auto":`...)
		b = strconv.AppendBool(b, e.Auto)
	case "play", "discard":
		c := deref(e.Card)
		b = append(b, `,"card":`...)
		b = appendCardFace(b, c.ID, c.Suit, c.Rank)
		if e.Type == "play" {
			b = append(b, `,"success":`...)
			b = strconv.AppendBool(b, deref(e.Success))
		}
		b = append(b, `,"drawn":`...)
		b = appendIntOrNull(b, deref(e.Drawn), e.Drawn != nil)
		b = append(b, `,"note_tokens":`...)
		b = strconv.AppendInt(b, int64(deref(e.NoteTokens)), 10)
		b = appendHalfNote(b, e.HalfNoteToken)
		b = append(b, `,"storm_tokens_used":`...)
		b = strconv.AppendInt(b, int64(deref(e.StormTokensUsed)), 10)
		b = append(b, `,"auto":`...)
		b = strconv.AppendBool(b, e.Auto)
	case "clue":
		b = append(b, `,"target":`...)
		b = strconv.AppendInt(b, int64(deref(e.Target)), 10)
		b = append(b, `,"color":`...)
		if e.Color != nil {
			b = appendString(b, *e.Color)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"rank":`...)
		b = appendIntOrNull(b, deref(e.Rank), e.Rank != nil)
		b = append(b, `,"touched":[`...)
		for i, id := range e.Touched {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(id), 10)
		}
		b = append(b, `],"note_tokens":`...)
		b = strconv.AppendInt(b, int64(deref(e.NoteTokens)), 10)
		b = appendHalfNote(b, e.HalfNoteToken)
		if e.ClueType != "" {
			b = append(b, `,"clue_type":`...)
			b = appendString(b, e.ClueType)
		}
		b = append(b, `,"auto":`...)
		b = strconv.AppendBool(b, e.Auto)
	case "game_over":
		r := deref(e.Result)
		b = append(b, `,"result":`...)
		b = appendResult(b, &r)
	case "seat_left":
		b = append(b, `,"bot":`...)
		b = appendString(b, deref(e.Bot))
	}
	return append(b, '}')
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
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendHalfNote writes an event's half_note_token when it has one (Clue
// Starved variants only).
func appendHalfNote(b []byte, half *bool) []byte {
	if half == nil {
		return b
	}
	b = append(b, `,"half_note_token":`...)
	return strconv.AppendBool(b, *half)
}
