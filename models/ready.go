package models

import "context"

// ProbeWrite proves that the database takes a write: it rewrites the one
// row of the readiness table and commits. A database that answers reads but
// cannot write (a full disk, a read-only replica) fails it.
func (s *Store) ProbeWrite(ctx context.Context) error {
	return s.w.WithContext(ctx).Exec(
		"INSERT INTO readiness (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at", now()).Error
}
