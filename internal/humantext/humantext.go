// Package humantext judges text that a person writes for others to read:
// names, chat lines, notes, token names. Such text must show what it says.
// Bidirectional controls (U+202E turns "abc\u202egnp.exe" into what reads
// as "abcexe.png"), zero-width and invisible characters let a text look
// like another, so Unicode's format characters (category Cf) are refused,
// as are control characters (Cc), line and paragraph separators (Zl, Zp:
// a break the text does not show as one), the characters that draw nothing
// but are no format character (the Hangul fillers, the Braille blank, the
// combining grapheme joiner), more than maxMarks combining marks on one
// character (a text piled over its neighbours' lines), and bytes that are
// not UTF-8. The one format character kept is the zero-width joiner inside
// an emoji sequence (👩‍🚀), where it only joins two pictographs into one.
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
	case blank[e.Rune]:
		return fmt.Sprintf("U+%04X at byte %d is a character that shows nothing", e.Rune, e.At)
	case unicode.In(e.Rune, unicode.Zl, unicode.Zp):
		return fmt.Sprintf("U+%04X at byte %d is a line or paragraph separator", e.Rune, e.At)
	case unicode.In(e.Rune, unicode.Mn, unicode.Me):
		return fmt.Sprintf("U+%04X at byte %d is one combining mark too many on one character (at most %d)", e.Rune, e.At, maxMarks)
	}
	return fmt.Sprintf("U+%04X at byte %d is a control character", e.Rune, e.At)
}

const zwj = '\u200d'

// blank are the characters that draw nothing though no format character:
// a name of them alone reads as no name.
var blank = map[rune]bool{
	'\u115f': true, '\u1160': true, '\u3164': true, '\uffa0': true, // Hangul fillers
	'\u2800': true, // Braille pattern blank
	'\u034f': true, // combining grapheme joiner
}

// maxMarks is how many combining marks one character may carry: more than
// any script writes (Vietnamese two, pointed Hebrew with cantillation
// four), fewer than a text piled over its neighbours' lines.
const maxMarks = 6

// Check answers nil for a text a person may write, else the first
// character that it may not hold (*Error).
func Check(s string) error {
	prev := rune(-1)
	marks := 0
	for i, r := range s {
		if unicode.In(r, unicode.Mn, unicode.Me) {
			if marks++; marks > maxMarks {
				return &Error{Rune: r, At: i}
			}
		} else {
			marks = 0
		}
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
		case unicode.Is(unicode.Cf, r) || unicode.IsControl(r) || blank[r] || unicode.In(r, unicode.Zl, unicode.Zp):
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
