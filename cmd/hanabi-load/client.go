package main

import (
	"net/http"

	"github.com/hanabi-server/hanabi/cmd/internal/seatmove"
)

type client struct {
	base string
	http *http.Client
}

// seatView is the part of a GameView the driver needs to pick a legal move.
type seatView = seatmove.View

type joined struct {
	Game  seatView `json:"game"`
	Seat  int      `json:"seat"`
	Token string   `json:"token"`
}

// appendMove appends the JSON body of seat's move to b (see seatmove).
func appendMove(b []byte, v *seatView, seat, turn int) []byte {
	return seatmove.Append(b, v, seat, turn)
}
