// What the page tells a person when the server says no: plain words about
// the game, never the server's own.

const REASONS = {
  no_note_tokens: 'No clue tokens are left: play or discard instead.',
  notes_full: 'All clue tokens are in: you cannot discard now.',
  empty_clue: 'That clue touches none of their cards, which this game does not allow.',
  self_clue: 'You cannot give yourself a clue.',
  card_not_in_hand: 'That card is no longer in the hand.',
  unknown_color: 'That colour is not a clue in this variant.',
  unknown_rank: 'That number is not a clue in this variant.',
};

const CODES = {
  stale_version: 'The table changed before your move arrived: it is up to date now, choose again.',
  precondition_failed: 'The table changed before your move arrived: it is up to date now, choose again.',
  not_your_turn: 'It is not your turn.',
  game_not_active: 'This game is not running any more.',
  game_full: 'Every seat is taken: you can watch the game.',
  not_found: 'There is no such game (the link may be mistyped, or the game is gone).',
  unauthorized: 'This browser no longer holds that seat.',
  forbidden: 'This browser holds no seat in that game.',
  rate_limited: 'Too many clicks at once: wait a moment and try again.',
  unavailable: 'The server is busy: try again in a moment.',
  idempotency_key_in_use: 'Your move is still on its way.',
  bad_request: 'The server did not understand that request.',
  game_paused: 'The game is paused: nobody moves until a player resumes it.',
  game_untimed: 'This game has no turn clock, so there is nothing to pause.',
  spectators_closed: 'This table is closed to spectators while it runs.',
  deal_in_play: 'You are playing this deal at another table: its other games would show your own cards. They open when your game ends.',
  guest_name_taken: 'That name is an account’s, or looks like one: sign in to play under it, or pick another name.',
  invalid_text: 'That text holds a character that does not show (a direction or invisible character): take it out and try again.',
  busy: 'The server is busy: try again in a moment.',
  chat_full: 'This table’s chat is full: it keeps no more lines.',
};

// friendly turns an error (an ApiError, or a failed fetch) into a sentence.
export function friendly(e) {
  if (!e) return 'Something went wrong.';
  if (e.signedOut) return 'Your sign-in has ended: sign in again to play as yourself.';
  if (e.code === 'illegal_action') return REASONS[e.reason] || 'The rules do not allow that move.';
  if (e.code && CODES[e.code]) return CODES[e.code];
  if (e instanceof TypeError) return 'No connection to the server.';
  if (e.status >= 500) return 'The server had a problem: try again in a moment.';
  return 'That did not work.';
}

// endReason says why a game ended, naming the seat it is charged to, as
// the players saw it: a card in the hand of someone whose turns are over
// does not count as one that could still be played.
export function endReason(result, name) {
  const who = result.seat !== null && result.seat !== undefined ? name(result.seat) : 'a player';
  switch (result.reason) {
    case 'perfect': return 'a perfect game';
    case 'deck_out': return 'the deck ran out and everyone had a last turn';
    case 'max_possible': return 'every point still possible was scored';
    case 'no_playable_cards': return 'nobody who still had a turn could play a card';
    case 'all_or_nothing': return 'a perfect game became impossible';
    case 'storms': return 'the last strike was used';
    case 'terminated': return `${who} ended the game`;
    case 'timeout': return `${who} ran out of time`;
    case 'idle': return 'nobody moved for too long';
    case 'voted': return 'the players voted to end it';
    default: return 'the game ended';
  }
}
