// Package seatmove picks a legal move from a seat's view of a two-player
// game for the project's HTTP drivers (hanabi-load, hanabi-faults): no
// strategy, only what is obviously legal.
package seatmove

import "strconv"

// View is the part of a GameView a driver needs to pick a legal move.
type View struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Version     int64  `json:"version"`
	CurrentSeat int    `json:"current_seat"`
	NoteTokens  int    `json:"note_tokens"`
	Options     struct {
		NoteTokens int `json:"note_tokens"`
	} `json:"options"`
	Hands []struct {
		Seat  int `json:"seat"`
		Cards []struct {
			ID   int  `json:"id"`
			Rank *int `json:"rank"`
		} `json:"cards"`
	} `json:"hands"`
}

// Append appends the JSON body of seat's move to b: without knowing any
// rule beyond the obvious, clue the partner a rank it holds while tokens
// last, otherwise play or discard the oldest card.
func Append(b []byte, v *View, seat, turn int) []byte {
	kind, n := pick(v, seat, turn)
	if kind == "clue" {
		b = append(b, `{"type":"clue","target":`...)
		b = strconv.AppendInt(b, int64(1-seat), 10)
		b = append(b, `,"rank":`...)
	} else {
		b = append(b, `{"type":"`...)
		b = append(b, kind...)
		b = append(b, `","card":`...)
	}
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, '}')
}

// pick chooses the move: a clue and its rank, or a play or discard and its
// card.
func pick(v *View, seat, turn int) (string, int) {
	oldest, otherRank := -1, 0
	for _, h := range v.Hands {
		for _, c := range h.Cards {
			if h.Seat == seat {
				oldest = c.ID // newest first: the last is the oldest
			} else if c.Rank != nil {
				otherRank = *c.Rank
			}
		}
	}
	switch {
	case v.NoteTokens > 0 && otherRank > 0 && turn%3 != 2:
		return "clue", otherRank
	case v.NoteTokens < v.Options.NoteTokens && turn%2 == 0:
		return "discard", oldest
	default:
		return "play", oldest
	}
}
