package feed

import "github.com/hanabi-server/hanabi/fault"

// ErrExpired is a read after a position older than what its feed still
// keeps: entries after it may have been forgotten (the lobby keeps a day
// of table changes and its last chat lines, a player's events a week). The
// reader is told rather than read on as if it had missed none; it reads
// the feed again from the start (no position), as a newcomer does.
var ErrExpired = &fault.Error{Kind: fault.Gone, Code: "cursor_expired",
	Msg: "the position is older than what this feed still keeps: read it again without one"}

// Unexpired is what a read of a pruned feed after position after answers:
// its entries (and err), or ErrExpired when the feed forgot an entry after
// after. goneTo is the highest id its prunes deleted (0: none), asked
// after the entries were read, so that a prune between the two is told
// rather than leave a hole unsaid. Position 0 reads from the start,
// whatever is kept, and asks nothing more.
func Unexpired[E any](entries []E, err error, after int64, goneTo func() (int64, error)) ([]E, error) {
	if err != nil || after == 0 {
		return entries, err
	}
	gone, err := goneTo()
	switch {
	case err != nil:
		return nil, err
	case after < gone:
		return nil, ErrExpired
	}
	return entries, nil
}
