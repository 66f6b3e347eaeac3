// A whole two-player game through the client that openapi-typescript and
// openapi-fetch generate from the server's OpenAPI document, untouched.
//
//   node dist/play.js http://127.0.0.1:8080
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type GameView = components["schemas"]["GameView"];
type Action = components["schemas"]["Action"];

const base = process.argv[2] ?? "http://127.0.0.1:8080";
// A polite client: on 429 it waits the seconds Retry-After names, then retries.
async function politeFetch(input: Request): Promise<Response> {
  for (;;) {
    const res = await fetch(input.clone());
    if (res.status !== 429) return res;
    const wait = Number(res.headers.get("Retry-After") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

// This client reads JSON answers: the events' other media types are their
// streams (Server-Sent Events, NDJSON), which a browser reads with
// EventSource or fetch's body, not through this client.
const client = createClient<paths, "application/json">({ baseUrl: `${base}/v1`, fetch: politeFetch });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function fail(what: string, error: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(error)}`);
}

// choose plays a card the seat knows is a 1 of a suit not yet started, clues
// the other seat a rank it holds while note tokens last, and discards the
// oldest card otherwise: only what the seat's own view shows.
function choose(view: GameView, seat: number, turn: number): Action {
  const other = 1 - seat;
  const own = view.hands[seat]?.cards ?? [];
  for (const card of own) {
    if (card.possible_ranks.length === 1 && card.possible_ranks[0] === 1 &&
        card.possible_suits.every((s) => view.fireworks[s] === 0)) {
      return { type: "play", card: card.id };
    }
  }
  const theirs = view.hands[other]?.cards ?? [];
  const rank = theirs[turn % theirs.length]?.rank;
  if (view.note_tokens > 0 && rank != null) {
    return { type: "clue", target: other, rank };
  }
  const oldest = own[own.length - 1];
  if (!oldest) fail("no card to discard", view);
  return { type: "discard", card: oldest.id };
}

async function main(): Promise<void> {
  const created = await client.POST("/games", {
    body: { variant: "basic", players: 2, seed: "typescript client", name: "Alice" },
  });
  if (!created.data) fail("create", created.error);
  const id = created.data.game.id;
  const alice = created.data.token;
  const joined = await client.POST("/games/{id}/seats", { params: { path: { id } }, body: { name: "Bob" } });
  if (!joined.data) fail("join", joined.error);
  const bob = joined.data.token;
  if (alice == null || bob == null) fail("no token", { alice, bob });
  const tokens = [alice, bob];

  let moves = 0;
  for (; moves < 200; moves++) {
    const pub = await client.GET("/games/{id}", { params: { path: { id } } });
    if (!pub.data) fail("public view", pub.error);
    if (pub.data.status === "finished") break;
    const seat = pub.data.current_seat;
    if (seat == null) fail("no seat to act", pub.data);
    const token = tokens[seat]!;
    const mine = await client.GET("/games/{id}", { params: { path: { id } }, headers: bearer(token) });
    if (!mine.data) fail("own view", mine.error);
    const acted = await client.POST("/games/{id}/actions", {
      params: { path: { id }, header: { "If-Match": `"${mine.data.version}"` } },
      headers: bearer(token),
      body: choose(mine.data, seat, moves),
    });
    if (!acted.data) fail(`move ${moves}`, acted.error);
  }
  const events = await client.GET("/games/{id}/events", { params: { path: { id } } });
  if (!events.data) fail("events", events.error);
  const last = events.data.events[events.data.events.length - 1];
  if (events.data.events.length !== moves + 1 || last?.type !== "game_over") {
    fail("the game did not end with game_over", events.data.events.slice(-2));
  }
  console.log(`typescript client: the game ended after ${moves} moves: ${last.result.score} points (${last.result.reason})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
