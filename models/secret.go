package models

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
)

const signingSecretKey = "jwt_signing_secret"

// SigningSecret returns the JWT signing secret kept in the database. The
// first caller on any replica creates it; racing creators each insert only
// if absent and then all read back the one that won.
func (s *Store) SigningSecret(ctx context.Context) ([]byte, error) {
	s.secretMu.Lock()
	defer s.secretMu.Unlock()
	if s.secret != nil {
		return append([]byte(nil), s.secret...), nil
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	var value string
	err := s.inTx(ctx, func(tx db) error {
		if _, err := tx.exec(ctx, "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING", signingSecretKey, hex.EncodeToString(fresh)); err != nil {
			return err
		}
		return one(ctx, tx, "SELECT value FROM settings WHERE key = $1", []any{signingSecretKey}, &value)
	})
	if err != nil {
		return nil, err
	}
	secret, err := hex.DecodeString(value)
	if err != nil || len(secret) == 0 {
		return nil, errors.Join(fmt.Errorf("the stored signing secret is not valid"), err)
	}
	s.secret = secret
	return append([]byte(nil), secret...), nil
}
