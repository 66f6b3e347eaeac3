package players

import "strings"

// Mutes is whose chat a reader muted: their player ids, joined by commas.
// It is a plain comparable value because readers are grouped by what they
// read (a parked long-poll's spec holds it); the zero value mutes nobody.
// Whether a line reaches its reader is decided here alone, for the table's
// chat and the lobby's alike.
type Mutes string

// MutesOf is the Mutes of the players ps.
func MutesOf(ps []Player) Mutes {
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return Mutes(strings.Join(ids, ","))
}

// Hides reports whether a line said by the player playerID is one the
// reader muted; a guest's line (no player) is never muted.
func (m Mutes) Hides(playerID string) bool {
	if playerID == "" {
		return false
	}
	for id := range strings.SplitSeq(string(m), ",") {
		if id == playerID {
			return true
		}
	}
	return false
}
