package variants

import (
	"fmt"
	"strings"

	"github.com/hanabi-server/hanabi/engine"
)

// interner shares the values that thousands of catalogue variants repeat
// (suit and color names, rank multisets, touch tables), so that the
// resolved catalogue is a small heap of few objects for the collector.
type interner struct {
	strs    map[string]string
	lists   map[string][]string
	ints    map[string][]int
	touches map[string][]engine.Touch
}

func newInterner() *interner {
	return &interner{strs: map[string]string{}, lists: map[string][]string{}, ints: map[string][]int{}, touches: map[string][]engine.Touch{}}
}

func (in *interner) str(s string) string {
	if in == nil {
		return s
	}
	if x, ok := in.strs[s]; ok {
		return x
	}
	in.strs[s] = s
	return s
}

func (in *interner) list(l []string) []string {
	if in == nil {
		return l
	}
	k := strings.Join(l, "\x00")
	if x, ok := in.lists[k]; ok && len(x) == len(l) {
		return x
	}
	for i := range l {
		l[i] = in.str(l[i])
	}
	in.lists[k] = l
	return l
}

func (in *interner) intList(l []int) []int {
	if in == nil {
		return l
	}
	k := fmt.Sprint(l)
	if x, ok := in.ints[k]; ok {
		return x
	}
	in.ints[k] = l
	return l
}

func (in *interner) touchList(l []engine.Touch) []engine.Touch {
	if in == nil {
		return l
	}
	b := make([]byte, 0, 2*len(l))
	for _, t := range l {
		b = append(b, t.Colors, t.Ranks)
	}
	if x, ok := in.touches[string(b)]; ok {
		return x
	}
	in.touches[string(b)] = l
	return l
}
