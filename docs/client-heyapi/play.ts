// Two seats play a whole game through the client that @hey-api/openapi-ts
// generates from the server's OpenAPI document, untouched and with its
// defaults. Each seat long-polls its own view until it is to act, as a
// client author would write it: every answer is either data or an error, and
// no status gets a case of its own (a wait that runs out is an ordinary
// answer with the unchanged view).
//
//   npx tsx play.ts http://127.0.0.1:8080
import { client } from "./gen/client.gen";
import { createGame, getEvents, getGame, joinGame, postAction } from "./gen/sdk.gen";
import type { Action, GameView } from "./gen/types.gen";

const base = process.argv[2] ?? "http://127.0.0.1:8080";

// A polite transport, as any client that plays at machine speed needs: a
// 429 is retried once the seconds its Retry-After names have passed. It is
// HTTP's own, not this API's: the game code below sees data or an error.
async function politeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  for (;;) {
    const res = await fetch(req.clone());
    if (res.status !== 429) return res;
    const wait = Number(res.headers.get("Retry-After") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}
client.setConfig({ baseUrl: `${base}/v1`, fetch: politeFetch });

function fail(what: string, error: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(error)}`);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// choose plays a card the seat knows is a 1 of a firework not yet started,
// clues the next seat a rank it holds while note tokens last, and discards
// its oldest card otherwise: only what the seat's own view shows.
function choose(view: GameView, seat: number): Action {
  const own = view.hands[seat]?.cards ?? [];
  for (const card of own) {
    if (card.possible_ranks.length === 1 && card.possible_ranks[0] === 1 &&
        card.possible_suits.every((s) => view.fireworks[s] === 0)) {
      return { type: "play", card: card.id };
    }
  }
  const other = (seat + 1) % view.hands.length;
  const theirs = view.hands[other]?.cards ?? [];
  const rank = theirs[view.turn % Math.max(theirs.length, 1)]?.rank;
  if (view.note_tokens > 0 && rank != null) {
    return { type: "clue", target: other, rank };
  }
  const oldest = own[own.length - 1];
  if (!oldest) fail("no card to discard", view);
  return { type: "discard", card: oldest.id };
}

// seat plays its turns until the game is over: it waits for any change
// after the version it last saw, and moves when it is to act.
async function seat(id: string, token: string, me: number): Promise<number> {
  let version = 0;
  let moves = 0;
  for (;;) {
    const got = await getGame({
      path: { id }, query: { since: version, wait: "2s" }, headers: bearer(token),
    });
    if (!got.data) fail(`seat ${me}: view`, got.error);
    const view = got.data;
    if (view.status === "finished") return moves;
    version = view.version;
    if (view.status !== "active" || view.current_seat !== me) continue;
    const acted = await postAction({
      path: { id }, headers: { ...bearer(token), "If-Match": `"${view.version}"` },
      body: choose(view, me),
    });
    if (!acted.data) fail(`seat ${me}: move at version ${view.version}: ${acted.response?.status}`, acted.error);
    version = acted.data.game.version;
    moves++;
  }
}

async function main(): Promise<void> {
  const created = await createGame({
    body: { variant: "basic", players: 2, seed: "hey-api client", name: "Alice" },
  });
  if (!created.data) fail("create", created.error);
  const id = created.data.game.id;
  const alice = created.data.token;
  if (alice == null) fail("no token for Alice", created.data);

  // Nobody joins for a second: Alice's wait runs out, and the answer is her
  // unchanged view.
  const lobby = created.data.game.version;
  const waited = await getGame({ path: { id }, query: { since: lobby, wait: "1s" }, headers: bearer(alice) });
  if (!waited.data) fail("a wait that ran out", waited.error);
  if (waited.data.version !== lobby || waited.data.status !== "lobby") fail("the lobby changed", waited.data);

  const joined = await joinGame({ path: { id }, body: { name: "Bob" } });
  if (!joined.data) fail("join", joined.error);
  const bob = joined.data.token;
  if (bob == null) fail("no token for Bob", joined.data);

  const [a, b] = await Promise.all([seat(id, alice, 0), seat(id, bob, 1)]);
  const events = await getEvents({ path: { id }, query: { after: 0 } });
  if (!events.data) fail("events", events.error);
  const list = events.data.events;
  const last = list[list.length - 1];
  if (last?.type !== "game_over" || list.length !== a + b + 1) {
    fail(`the game's ${a + b} moves did not end with game_over`, list.slice(-2));
  }
  // A wait for events after the last one runs out with an empty list.
  const none = await getEvents({ path: { id }, query: { after: last.seq, wait: "1s" } });
  if (!none.data) fail("an events wait that ran out", none.error);
  if (none.data.events.length !== 0) fail("events after game_over", none.data.events);
  console.log(`hey-api client: the game ended after ${a + b} moves: ${last.result.score} points (${last.result.reason})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
