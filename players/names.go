package players

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mozillazg/go-unidecode"
	"github.com/mtibben/confusables"
	"golang.org/x/text/runes"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Name rules, as hanab.live's (2–20 characters here, 15 there).
const (
	MinName = 2
	MaxName = 20
)

// CleanName is name as an account keeps it, or why it cannot be one: 2–20
// letters, digits, "_", "-" and ".", after PRECIS's username profile (which
// maps full-width forms and composes accents, so that what looks alike is
// stored alike).
func CleanName(name string) (string, error) {
	s, err := precis.UsernameCasePreserved.String(name)
	if err != nil {
		return "", &Error{Code: BadName, Msg: "a name may hold only letters, digits, \"_\", \"-\" and \".\""}
	}
	if n := utf8.RuneCountInString(s); n < MinName || n > MaxName {
		return "", errorf(BadName, "a name is %d–%d characters, not %d", MinName, MaxName, n)
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.' {
			return "", &Error{Code: BadName, Msg: "a name may hold only letters, digits, \"_\", \"-\" and \".\""}
		}
	}
	return s, nil
}

// KeysOf are the keys a name must not share with an account's.
func KeysOf(name string) Keys {
	return Keys{Fold: Fold(name), Skeleton: Skeleton(name), Lower: LowerSkeleton(name)}
}

// LowerSkeleton is the third key: the skeleton of the name whose capitals
// that look like an l (a capital I) are read as the small letters they
// are. The skeleton reads a capital I as an l ("AIice" is "Alice"), and
// Fold transliterates (a Cyrillic с is an s), so that a name in capitals
// with a letter of another script ("ÀLIСE") is neither key's "Alice": it
// is this one's.
func LowerSkeleton(name string) string {
	var b strings.Builder
	for _, r := range name {
		if unicode.IsUpper(r) && confusables.Skeleton(string(r)) == "l" {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return Skeleton(b.String())
}

// Skeleton is the second key two names must not share: the name's
// confusable skeleton (Unicode's UTS #39, from its table of look-alike
// characters, through mtibben/confusables), in lower case, so that
// "Aliсe" (a Cyrillic с), "Ꭺlice" (a Cherokee Ꭺ) and "AIice" (a capital
// I for the l) are "Alice". Fold alone makes none of them one: a Cyrillic
// с transliterates to s, and a capital I is an i once folded. Accents are
// taken off first, as Fold takes them off, so that the two tricks together
// ("Aliсé": a Cyrillic с and an é) make no name that neither key holds.
func Skeleton(name string) string {
	return strings.ToLower(norm.NFC.String(confusables.Skeleton(bareOf(name))))
}

// bareOf is name with its accents taken off (see Skeleton). A name of ASCII
// alone, as most are, has none, and NFD and NFC leave it as it is: it is
// its own, without the chain of transformers, whose buffers were 16 KB
// (and most of the time) a guest's seat took to check its name.
func bareOf(name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			bare, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(combiningDiacritics)), norm.NFC), name)
			if err != nil {
				return name
			}
			return bare
		}
	}
	return name
}

// combiningDiacritics are the accents Skeleton takes off (U+0300–U+036F):
// those of Latin, Greek and Cyrillic letters. Other scripts' marks are
// letters' own (Japanese voicing marks: カク and ガク are two names).
var combiningDiacritics = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x0300, Hi: 0x036f, Stride: 1}}}

// Fold is the key two names must not share: case folded by PRECIS, then
// written in ASCII by transliteration (unidecode), so that "Alice",
// "ALICE", "Alicé" and "Αlice" (a Greek capital alpha) are one name. A
// name of letters that transliterate to nothing folds to "" and is refused
// by the caller.
func Fold(name string) string {
	s, err := precis.UsernameCaseMapped.String(name)
	if err != nil {
		s = strings.ToLower(name)
	}
	var b strings.Builder
	for _, r := range strings.ToLower(unidecode.Unidecode(s)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
