package feed

import "github.com/hanabi-server/hanabi/fault"

// ErrExpired is a read after a position older than what its feed still
// keeps: entries after it may have been forgotten (the lobby keeps a day
// of table changes and its last chat lines, a player's events a week). The
// reader is told rather than read on as if it had missed none; it reads
// the feed again from the start (no position), as a newcomer does.
var ErrExpired = &fault.Error{Kind: fault.Gone, Code: "cursor_expired",
	Msg: "the position is older than what this feed still keeps: read it again without one"}

// Expired is ErrExpired when a reader at after may have missed entries
// that its feed forgot, all those up to goneTo (0: it forgot none). A
// position of 0 reads from the start, whatever is kept, and misses
// nothing it can still be given.
func Expired(after, goneTo int64) error {
	if after > 0 && after < goneTo {
		return ErrExpired
	}
	return nil
}
