// Package hanablive reads and writes the hanab.live JSON game format, so that
// games travel between this server and hanab.live (and the tools built around
// it). It lives beside the engine rather than in it: the engine knows no
// transport format and no variant names, and this package never re-implements
// a rule — an import deals the deck and applies every action through the engine.
//
// # The format
//
//	{
//	  "players": ["Alice", "Bob"],
//	  "deck":    [{"suitIndex": 0, "rank": 1}, ...],   // card id = position
//	  "actions": [{"type": 0, "target": 3, "value": 0}, ...],
//	  "options": {"variant": "No Variant", "emptyClues": false},
//	  "seed":    "p2v0s1"                              // optional
//	}
//
// Action types: 0 play and 1 discard (target: a card id), 2 color clue
// (target: a seat, value: an index into the variant's clue colors), 3 rank
// clue (target: a seat, value: a rank), 4 game over (target: the seat that
// ended it, value: hanab.live's end condition), 5 game over by the players'
// votes (target -1, value 10). Seat "startingPlayer" (0
// unless the options say) acts first and turns rotate; the acting seat is
// never written. A play or discard of a card of a suit that swaps play and
// discard (Orange) is written as what happened to the card, as hanab.live
// stores it: asked to be played and so discarded, it is a discard. Fields this package does not use
// ("id", "characters", timing options, ...) are tolerated and dropped;
// "notes" are checked as hanab.live checks them and kept (Replay.Notes).
// A missing "options" or "variant" means "No Variant", as on hanab.live.
//
// # Variants
//
// Suit indices are the order of our variants' suits (red, yellow, green, blue,
// white, then the sixth suit); hanab.live's fifth No Variant suit is purple,
// ours is white — the cards and rules are the same.
//
//	"No Variant"             basic
//	"6 Suits"                farbrausch  (sixth suit with its own clue color)
//	"Black (6 Suits)"        farbrausch, rainbow_cards 5
//	"Rainbow (6 Suits)"      farbrausch2 (every color clue touches the sixth suit)
//	"Dark Rainbow (6 Suits)" farbrausch2, rainbow_cards 5
//
// Every other variant of the registry's catalogue (all 2,426 of hanab.live's
// variants: those whose rules are data, and Orange, Clue Starved,
// Alternating Clues, Reversed, Sudoku, Up or Down, Throw It in a Hole, Cow &
// Pig and Duck, whose rules the engine plays
// from the same data) imports and exports under its hanab.live name, its
// suits and clue colors in hanab.live's own order. A color clue's
// value indexes the variant's clue colors; where clues must touch a card, a
// clue that touches no card of the variant (color blind, number blind) may
// still be given, as on hanab.live. An Up or Down START card is rank 7 in
// the deck, as hanab.live writes it, and so in the engine (engine.StartRank).
//
// # Options
//
// "emptyClues" is hanab.live's own option and defaults to false, as hanab.live
// plays (a clue must touch a card). Three extension fields carry what hanab.live
// cannot express, so that every export imports back to the same game:
//
//	"stormTokens": 1–3   storm tokens (hanab.live's strikes); absent means 3
//	"noteTokens":  1–16  note tokens (hanab.live's clue tokens); absent means 8
//	"rules":       "abacus"  the game was played by the ABACUS rules (its end,
//	                         the draw on its last move, its first seat); absent
//	                         means hanab.live's, which a file of hanab.live plays
//
// Exports write them only when they differ from hanab.live's fixed 3 and 8
// and its rules, so an export of a standard game of hanab.live's rules is
// plain hanab.live JSON. (hanab.live replays a file by its own rules: one
// of the ABACUS rules may end there earlier.) "detrimentalCharacters",
// which changes the rules in ways this server does not play, and
// "speedrun", which ends a game scored 0 once a perfect score is out of
// reach, are refused rather than silently misplayed. "startingPlayer" is the seat that takes
// the first turn; "oneExtraCard" and "oneLessCard" (hands of one card more
// or less), "deckPlays" (a play of the deck's last card, its id as the
// target, while it is the only one left) and "allOrNothing" are the options
// one_extra_card, one_less_card, deck_plays and all_or_nothing, and export
// writes them back.
//
// # How a log may end
//
// hanab.live records a game-over action (type 4, or 5 for an end by vote)
// when a game ends outside the rules: a timeout, a player terminating it, a
// vote. It is accepted only as the last action. If the engine's game is still running at that point, the
// action simply ends the log: the returned game is not Over, and Replay.End
// says who ended it and why. A log may also stop without one while the game
// still runs (a file cut short); that import succeeds too, with End nil and
// the game not Over. Every other problem — bad JSON, an unknown variant, a
// deck that is not the variant's, a player count outside 2–6, an illegal
// action — is an error, and an action's error is an *engine.ReplayError that
// names its index: "action 17: ...: card 31 is not in seat 2's hand".
package hanablive
