package models

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

const signingSecretKey = "jwt_signing_secret"

// setting is a row of settings.
type setting struct{ Key, Value string }

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
	kept := setting{Key: signingSecretKey, Value: hex.EncodeToString(fresh)}
	err := s.orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&kept).Error; err != nil {
			return err
		}
		return tx.Where("key = ?", signingSecretKey).Take(&kept).Error
	})
	if err != nil {
		return nil, err
	}
	secret, err := hex.DecodeString(kept.Value)
	if err != nil || len(secret) == 0 {
		return nil, errors.Join(fmt.Errorf("the stored signing secret is not valid"), err)
	}
	s.secret = secret
	return append([]byte(nil), secret...), nil
}
