package models

import (
	"cmp"
	"context"
	"encoding/base64"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
)

// versionSQL is a game's version, counting every change from 0. The games
// row's version column counts only the changes outside the log (seats taken
// and left, a lobby cancelled), and each log entry adds one: a move then
// writes its entry and nothing else. The log has no gap, so its length is
// its last seq plus one. This is the one place that says so.
const versionSQL = "(games.version + COALESCE((SELECT max(seq) + 1 FROM actions WHERE actions.game_id = games.id), 0))"

// gameSQL inserts a game, stamped with its creation's token (see keyed).
const gameSQL = `INSERT INTO games (id, variant, options, seed, players, status, version, created_at, updated_at, deadline, unlisted, join_secret, notes_rev, change_token, seed_given, spectators)
SELECT $1::varchar, $2::varchar, $3::text, $4::varchar, $5::integer, $6::varchar, $7::bigint, $8::timestamptz, $9::timestamptz,
	$10::timestamptz, $11::boolean, $12::text, $13::bigint, $14::varchar, $15::boolean, $16::varchar WHERE true`

// nextSQL makes a finished game's rematch its next ($2), moving its version
// on, while it has none (or only one that was cancelled) and is at version
// $3: the first statement of the rematch's creation, which goes in only
// with it (see CreateGame).
const nextSQL = `UPDATE games SET next_game = $2, version = version + 1, updated_at = $4
WHERE id = $1 AND status = 'finished' AND (next_game IS NULL OR EXISTS (SELECT 1 FROM games n WHERE n.id = games.next_game AND n.status = 'cancelled'))
AND ` + versionSQL + ` = $3`

// CreateGame inserts a game and its initially taken seats in one script,
// with key when set (play.ErrKeyTaken when another request has it). It
// fills in an empty ID, status (lobby), zero timestamps and empty occupants.
// A rematch (r.From) first makes itself its finished game's next, and goes
// in only where that went in (play.ErrConflict else).
func (s *Store) CreateGame(ctx context.Context, r *play.GameRow, seats []play.Seat, key *play.Key) error {
	t := now()
	r.ID, r.Status = cmp.Or(r.ID, play.NewID()), cmp.Or(r.Status, play.StatusLobby)
	r.CreatedAt = cmp.Or(r.CreatedAt, t).UTC().Truncate(time.Millisecond)
	r.UpdatedAt = cmp.Or(r.UpdatedAt, r.CreatedAt).UTC()
	token := play.NewID()
	q, args := gameSQL, []any{r.ID, r.Variant, r.Options, r.Seed, r.Players, r.Status, r.Version,
		r.CreatedAt, r.UpdatedAt, r.Deadline, r.Unlisted, r.JoinSecret, r.NotesRev, token, !r.SeedOpen, cmp.Or(r.Spectators, play.SpectatorsOpen)}
	var first []stmt
	if r.From != "" {
		first = []stmt{{nextSQL, []any{r.From, r.ID, r.FromVersion, r.CreatedAt}}}
		q, args = q+" AND EXISTS (SELECT 1 FROM games WHERE id = $17 AND next_game = $1)", append(args, r.From)
	}
	q, args = guestGuard(q, args, r.Guest)
	stmts := append(first, keyed(key, token, t, q, args)...)
	k := len(stmts) - 1
	for _, st := range seats {
		stmts = append(stmts, stmt{takeSQL, []any{r.ID, st.Seat, st.Name, st.Bot, cmp.Or(st.Occupant, play.NewID()), t, token, st.Player}})
	}
	stmts = append(stmts, stmt{lobbyTableSQL, []any{r.ID, rooms.TableCreated, t, token}})
	if r.Status == play.StatusActive && slices.ContainsFunc(seats, func(s play.Seat) bool { return s.Player != "" }) {
		stmts = append(stmts, startedStatements(r.ID, r.Version, r.FirstSeat, t, token, r.Deal)...)
		stmts = append(stmts, stmt{lobbyTableSQL, []any{r.ID, rooms.TableStarted, t, token}})
	}
	if key != nil && r.Guest != nil {
		// A table refused its guest (ErrLookAlike) leaves no key that
		// would answer it as made.
		stmts = append(stmts, stmt{changeKeyDropSQL, []any{r.ID, key.Scope, key.Key, token}})
	}
	n, err := s.script(ctx, stmts)
	err = s.lookAlike(ctx, outcome(n[len(first):], err, k-len(first)), r.Guest)
	if err == nil && s.pool == nil {
		s.hearPlayer("") // SQLite: one process, no notification
	}
	return err
}

// loadSQL reads a game, its seats, its log and its notes in one statement:
// one round trip, and one snapshot of the game on either database, where
// four queries would need a transaction that sees one. The rows share one
// shape; k says which table a row comes from.
const loadSQL = `
SELECT 0 AS k, id AS s1, variant AS s2, options AS s3, seed AS s4, status AS s5, join_secret AS s6, spectators AS s7, COALESCE(next_game, '') AS s8,
	CAST(players AS BIGINT) AS i1, ` + versionSQL + ` AS i2, CAST(CASE WHEN unlisted THEN 1 ELSE 0 END AS BIGINT) AS i3,
	notes_rev AS i4, CAST(CASE WHEN seed_given THEN 0 ELSE 1 END AS BIGINT) AS i5, CAST(chat_lines AS BIGINT) AS i6, created_at AS t1, updated_at AS t2
FROM games WHERE id = $1
UNION ALL
SELECT 1, '', name, bot, occupant, COALESCE(player_id, ''),
	CASE WHEN EXISTS (SELECT 1 FROM players p WHERE p.id = seats.player_id AND p.bot) THEN 'bot' ELSE '' END,
	CASE WHEN left_player IS NOT NULL THEN 'left' ELSE '' END, '',
	seat, 0, 0, 0, 0, 0, created_at, created_at FROM seats WHERE game_id = $1
UNION ALL
SELECT 2, '', CASE WHEN auto THEN 'auto' ELSE '' END, why, '', '', '', '', '', seq, seat, kind, card, target, value, created_at, created_at
FROM actions WHERE game_id = $1
UNION ALL
SELECT 3, '', text, '', '', '', '', '', '', seat, card, 0, 0, 0, 0, updated_at, updated_at FROM notes WHERE game_id = $1
UNION ALL
SELECT 4, '', name, text, COALESCE(player_id, ''), '', '', '', '', line, seat, after_seq, 0, 0, 0, created_at, created_at FROM chat WHERE game_id = $1
ORDER BY k, i1, i2`

// loadRow is one row of loadSQL.
type loadRow struct {
	K                              int64
	S1, S2, S3, S4, S5, S6, S7, S8 string
	I1, I2, I3, I4, I5, I6         int64
	T1, T2                         time.Time
}

// LoadGame returns the game, its seats by seat number, its log by seq and
// its notes by seat and card, all from one snapshot, or play.ErrNotFound.
// Its time of last change counts its log's last entry.
func (s *Store) LoadGame(ctx context.Context, id string) (*play.Stored, error) {
	var rows []loadRow
	if err := s.ormReads.WithContext(ctx).Raw(loadSQL, id).Scan(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0].K != 0 {
		return nil, play.ErrNotFound
	}
	r := rows[0]
	g := &play.Stored{GameRow: play.GameRow{Record: play.Record{ID: r.S1, Variant: r.S2, Seed: r.S4, Status: r.S5, JoinSecret: r.S6,
		Players: int(r.I1), Version: r.I2, Unlisted: r.I3 != 0, NotesRev: r.I4, SeedOpen: r.I5 != 0, Spectators: r.S7, ChatLines: int(r.I6), Next: r.S8,
		CreatedAt: r.T1.UTC(), UpdatedAt: r.T2.UTC()}, Options: r.S3}, StartedAt: r.T2.UTC()}
	for _, r := range rows[1:] {
		switch r.K {
		case 1:
			g.Seats = append(g.Seats, play.Seat{Seat: int(r.I1), Name: r.S2, Bot: r.S3, Occupant: r.S4, Player: r.S5, PlayerBot: r.S6 == "bot", Left: r.S7 == "left"})
		case 2:
			g.Log = append(g.Log, play.Entry{Seq: int(r.I1), Seat: int(r.I2), Action: engine.Action{Kind: engine.Kind(r.I3), Card: int(r.I4),
				Target: int(r.I5), Value: int(r.I6)}, At: r.T1.UTC(), Auto: r.S2 == "auto", Why: r.S3})
			g.UpdatedAt = later(g.UpdatedAt, r.T1.UTC())
		case 3:
			g.Notes = append(g.Notes, play.Note{Seat: int(r.I1), Card: int(r.I2), Text: r.S2})
		case 4:
			g.Chat = append(g.Chat, play.Line{Line: int(r.I1), Seat: int(r.I2), AfterSeq: int(r.I3), Name: r.S2, Text: r.S3, Player: r.S4, At: r.T1.UTC()})
		}
	}
	return g, nil
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// GameVersion returns the game's stamp, or play.ErrNotFound: one indexed row
// and the last entry of its log's index, for a reader that holds a copy of
// the game and only needs to know whether it is still current.
func (s *Store) GameVersion(ctx context.Context, id string) (play.Stamp, error) {
	var v play.Stamp
	err := s.rdb().row(ctx, versionsSQL, []any{id}, &v.Version, &v.NotesRev)
	return v, err
}

const versionsSQL = "SELECT " + versionSQL + ", notes_rev FROM games WHERE id = $1"

// CountGames returns how many games there are of each status (for metrics).
func (s *Store) CountGames(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	err := s.ormReads.WithContext(ctx).Table("games").Select("status, count(*) AS n").Group("status").Scan(&rows).Error
	counts := map[string]int64{play.StatusLobby: 0, play.StatusActive: 0, play.StatusFinished: 0, play.StatusCancelled: 0}
	for _, r := range rows {
		counts[r.Status] = r.N
	}
	return counts, err
}

// Page sizes for ListGames.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
)

// ListGames pages through the listed games, newest first, optionally of
// one status (status "" lists all), with their seats taken and seat 0's
// name. limit <= 0 means DefaultPageSize; it is capped at MaxPageSize.
// cursor is "" for the first page or a next value from an earlier call; next
// is "" on the last page. A cursor it did not make is play.ErrBadCursor.
func (s *Store) ListGames(ctx context.Context, status string, unlisted bool, limit int, cursor string) ([]play.GameRow, string, error) {
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	// SQLite keeps times as text ("2006-01-02 15:04:05.999-07:00"). Every
	// time here is written in UTC, and the text of UTC times sorts in time
	// order even though the fraction has no fixed width ("+" sorts before
	// "." and digits), so created_at and its index work on both databases.
	q := s.ormReads.WithContext(ctx).Table("games").Select(listSQL)
	if !unlisted {
		q = q.Where("NOT unlisted")
	}
	if status != "" {
		q = q.Where("status = ?", status)
	}
	if !unlisted && status != play.StatusLobby && status != play.StatusActive {
		// A private table is listed while it seats and plays (joined by
		// its invite link); once it is over, to its own players alone.
		q = q.Where("(join_secret = '' OR status IN ?)", []string{play.StatusLobby, play.StatusActive})
	}
	var found []listRow
	if err := keysetPage(q, cursor, "games.created_at", "games.id", limit, &found); err != nil {
		return nil, "", err
	}
	rows := make([]play.GameRow, len(found))
	for i, f := range found {
		rows[i] = play.GameRow{Record: play.Record{ID: f.ID, Variant: f.Variant, Seed: f.Seed, Players: f.Players, Status: f.Status,
			Version: f.Version, CreatedAt: f.CreatedAt.UTC(), UpdatedAt: later(f.UpdatedAt, f.Last).UTC(), Unlisted: f.Unlisted,
			JoinSecret: f.JoinSecret, NotesRev: f.NotesRev, Taken: f.Taken, Host: f.Host, HostGuest: f.HostGuest, Spectators: f.Spectators}, Options: f.Options}
	}
	next := ""
	if len(rows) > limit {
		rows = rows[:limit]
		next = encodeCursor(rows[limit-1].CreatedAt, rows[limit-1].ID)
	}
	return rows, next, nil
}

// listSQL is a listed game's columns, as listRow reads them: the version,
// the time of its log's last entry, its seats taken and seat 0's name, and
// whether seat 0 is a guest's.
const listSQL = `id, variant, options, seed, players, status, ` + versionSQL + ` AS version, created_at, updated_at,
	(SELECT created_at FROM actions WHERE actions.game_id = games.id ORDER BY seq DESC LIMIT 1) AS last,
	unlisted, join_secret, spectators, notes_rev, (SELECT count(*) FROM seats WHERE seats.game_id = games.id) AS taken,
	COALESCE((SELECT name FROM seats WHERE seats.game_id = games.id AND seat = 0), '') AS host,
	COALESCE((SELECT player_id IS NULL AND bot = '' FROM seats WHERE seats.game_id = games.id AND seat = 0), false) AS host_guest`

type listRow struct {
	ID, Variant, Options, Seed, Status, JoinSecret, Host, Spectators string
	Players, Taken                                                   int
	Version, NotesRev                                                int64
	CreatedAt, UpdatedAt, Last                                       time.Time // Last: zero for an empty log
	Unlisted, HostGuest                                              bool
}

func encodeCursor(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(at.UTC().Format(time.RFC3339Nano) + "|" + id))
}

// keysetPage scans into dest the rows of q after cursor, newest first by
// the columns at and id, one more than limit: the extra row tells that
// another page follows, and no page shifts when rows are added meanwhile.
func keysetPage(q *gorm.DB, cursor, at, id string, limit int, dest any) error {
	if cursor != "" {
		t, key, err := decodeCursor(cursor)
		if err != nil {
			return err
		}
		q = q.Where("("+at+" < ? OR ("+at+" = ? AND "+id+" < ?))", t, t, key)
	}
	return q.Order(at + " DESC, " + id + " DESC").Limit(limit + 1).Scan(dest).Error
}

func decodeCursor(c string) (time.Time, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	ts, id, ok := strings.Cut(string(b), "|")
	at, perr := time.Parse(time.RFC3339Nano, ts)
	// The id is a game's (cursors name games only): a forged one of other
	// bytes (a NUL, not UTF-8) is no error of the database's to answer.
	if err != nil || !ok || !play.ValidID(id) || perr != nil {
		return time.Time{}, "", play.ErrBadCursor
	}
	return at.UTC(), id, nil
}

// SetDeadline records when something is next due in game id (nil: nothing),
// unless the game has changed since version: the writer of a newer version
// records its own.
func (s *Store) SetDeadline(ctx context.Context, id string, version int64, deadline *time.Time) error {
	if deadline != nil {
		d := deadline.UTC()
		deadline = &d
	}
	return s.orm.WithContext(ctx).Table("games").Where("id = ? AND "+versionSQL+" = ?", id, version).Update("deadline", deadline).Error
}

// DueGames lists up to limit lobbies and active games whose deadline is at
// or before now, the most overdue first.
func (s *Store) DueGames(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.ormReads.WithContext(ctx).Table("games").Where("deadline IS NOT NULL AND deadline <= ? AND status IN ?", now.UTC(), []string{play.StatusLobby, play.StatusActive}).
		Order("deadline").Limit(limit).Pluck("id", &ids).Error
	return ids, err
}
