// Package humantext judges text that a person writes for others to read:
// names, chat lines, notes, token names. Such text must show what it says.
// Bidirectional controls (U+202E turns "abc\u202egnp.exe" into what reads
// as "abcexe.png"), zero-width and invisible characters let a text look
// like another, so Unicode's format characters (category Cf) are refused,
// as are control characters (Cc) and bytes that are not UTF-8. The one
// format character kept is the zero-width joiner inside an emoji sequence
// (👩‍🚀), where it only joins two pictographs into one.
package humantext

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Error says why a text is refused, naming the character at fault.
type Error struct {
	// Rune is the refused character (utf8.RuneError for a byte that is
	// not UTF-8), At its byte offset.
	Rune rune
	At   int
}

func (e *Error) Error() string {
	switch {
	case e.Rune == utf8.RuneError:
		return fmt.Sprintf("byte %d is not UTF-8", e.At)
	case unicode.Is(unicode.Cf, e.Rune):
		return fmt.Sprintf("U+%04X at byte %d is an invisible or direction-changing format character", e.Rune, e.At)
	}
	return fmt.Sprintf("U+%04X at byte %d is a control character", e.Rune, e.At)
}

const zwj = '\u200d'

// Check answers nil for a text a person may write, else the first
// character that it may not hold (*Error).
func Check(s string) error {
	prev := rune(-1)
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return &Error{Rune: utf8.RuneError, At: i}
			}
		case r == zwj:
			next, _ := utf8.DecodeRuneInString(s[i+len(string(zwj)):])
			if !joinsEmoji(prev, next) {
				return &Error{Rune: r, At: i}
			}
		case unicode.Is(unicode.Cf, r) || unicode.IsControl(r):
			return &Error{Rune: r, At: i}
		}
		prev = r
	}
	return nil
}

// joinsEmoji: a joiner between a pictograph (or its emoji presentation
// selector, U+FE0F) and a pictograph, as in 🏳️‍🌈.
func joinsEmoji(prev, next rune) bool {
	pict := func(r rune) bool { return r != utf8.RuneError && unicode.Is(unicode.So, r) }
	return (prev == '\ufe0f' || pict(prev)) && pict(next)
}
