package variants

import (
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
	key     []byte // reused to build keys: a lookup with string(key) does not allocate
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
	in.key = in.key[:0]
	for _, s := range l {
		in.key = append(append(in.key, s...), 0)
	}
	if x, ok := in.lists[string(in.key)]; ok {
		return x
	}
	for i := range l {
		l[i] = in.str(l[i])
	}
	in.lists[string(in.key)] = l
	return l
}

func (in *interner) intList(l []int) []int {
	if in == nil {
		return l
	}
	in.key = in.key[:0]
	for _, n := range l {
		in.key = append(in.key, byte(n)) // ranks are 1–7
	}
	if x, ok := in.ints[string(in.key)]; ok {
		return x
	}
	in.ints[string(in.key)] = l
	return l
}

func (in *interner) touchList(l []engine.Touch) []engine.Touch {
	if in == nil {
		return l
	}
	in.key = in.key[:0]
	for _, t := range l {
		in.key = append(in.key, t.Colors, t.Ranks)
	}
	if x, ok := in.touches[string(in.key)]; ok {
		return x
	}
	in.touches[string(in.key)] = l
	return l
}
