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

type setting struct {
	Key   string `gorm:"primaryKey"`
	Value string
}

func (setting) TableName() string { return "settings" }

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
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	var row setting
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&setting{Key: signingSecretKey, Value: hex.EncodeToString(fresh)}).Error; err != nil {
			return err
		}
		return tx.Where("key = ?", signingSecretKey).Take(&row).Error
	})
	if err != nil {
		return nil, err
	}
	secret, err := hex.DecodeString(row.Value)
	if err != nil || len(secret) == 0 {
		return nil, errors.Join(fmt.Errorf("the stored signing secret is not valid"), err)
	}
	s.secret = secret
	return append([]byte(nil), secret...), nil
}
