// Package analysis learns from a finished game: for every state of it the
// score, pace and efficiency as hanab.live counts them, and the best final
// score still reachable had every card been known to everyone; the moves
// that lowered that best score, with why in words; and near the end, for
// every move the seat to act could make, the share of the deals it could
// not tell apart from the real one in which that move keeps the best score
// within reach.
//
// Every rule is the engine's: the search applies engine moves to engine
// states and prunes by the engine's bounds (see solve.go for the method
// and why it is exact). The package reads a game as the engine replays it
// (Input, or a finished *engine.Game) or as a file: hanab.live's JSON game
// or this server's native replay (Decode).
//
// A server decodes a body with Decode and analyses it with Analyse (or a
// stored game with AnalyseGame), under a context that bounds the time: the
// search is exact, and most games take milliseconds, but proving a score
// out of reach can take the whole tree (the README gives the figures);
// when the context ends first the answer is ErrStopped. Decode's and
// Analyse's errors are typed for the answers: *BadInputError a body that
// is no game (400), *DeckError a deck the variant cannot deal, an
// *engine.ReplayError an action the rules refuse (its engine.Error's Code
// is the reason), ErrUnfinished a game its log leaves running (each 422).
// An analysis uses one table of 56 MB, kept from one analysis to the next.
//
// The endgame's deals are those the seat to act could not tell apart: its
// own cards as its clues allow and the deck in any order. In Throw It in a
// Hole the seat is taken to know which cards it played face down.
//
// Its answer, Analysis, is written as JSON as it stands:
//
//	{
//	  "max_score": 25, "score": 21, "endgame_deck": 5,
//	  "turns": [{"turn": 0, "seat": 0, "score": 0, "deck_count": 40, "pace": 17,
//	             "efficiency": null, "efficiency_needed": 0.862, "cards_gotten": 0,
//	             "clues_spent": 0, "max_possible": 25, "max_reachable": 25}, ...],
//	  "lost": [{"turn": 31, "move": {"turn": 31, "seat": 1, "type": "discard", "card": 17,
//	            "suit": "red", "rank": 4, "text": "seat 1 discards red 4"},
//	            "from": 25, "to": 24, "why": "the last red 4 was discarded"}, ...],
//	  "endgame": [{"turn": 44, "seat": 0, "deck_count": 5, "target": 24,
//	               "deals": 720, "solved": 720, "exact": true,
//	               "moves": [{"move": {...}, "win": 0.75}, ...]}, ...]
//	}
package analysis
