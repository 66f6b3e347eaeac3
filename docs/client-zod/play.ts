// Two seats play a whole game through the client that openapi-zod-client
// generates from the server's OpenAPI document, untouched and with its
// defaults: a Zodios client over axios that checks every answer against the
// document's schemas with zod, and throws errors that Zodios types per
// status. Each seat long-polls its own view until it is to act; before they
// start, a move out of turn, a stale If-Match and a clue to oneself are each
// refused with a Problem.
//
//   npx tsx play.ts http://127.0.0.1:8080
import { isErrorFromAlias } from "@zodios/core";
import { isAxiosError } from "axios";
import type { z } from "zod";
import { createApiClient, schemas } from "./gen/api";

type GameView = z.infer<typeof schemas.GameView>;
type Action = z.infer<typeof schemas.Action>;
type Problem = z.infer<typeof schemas.Problem>;

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const api = createApiClient(`${base}/v1`);

// The transport of a polite client, on the client's own axios instance: a
// 429 is retried once the seconds its Retry-After names have passed.
api.axios.interceptors.response.use(undefined, async (error: unknown) => {
  if (isAxiosError(error) && error.response?.status === 429 && error.config) {
    await sleep(Number(error.response.headers["retry-after"] ?? "1") * 1000);
    return api.axios.request(error.config);
  }
  throw error;
});

function fail(what: string, error: unknown): never {
  const detail = isAxiosError(error)
    ? `${error.response?.status ?? error.code} ${JSON.stringify(error.response?.data)}`
    : error instanceof Error ? error.message : JSON.stringify(error);
  throw new Error(`${what}: ${detail}`);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const ifMatch = (version: number) => ({ "If-Match": `"${version}"` });

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

// refused makes a move that must fail, and reads the error as one of
// postAction's: isErrorFromAlias checks the answer against the error schema
// the document gives for its status, and narrows it to that type.
async function refused(what: string, status: 401 | 403 | 409 | 412 | 422, code: Problem["code"], move: Promise<unknown>): Promise<Problem> {
  try {
    await move;
  } catch (error: unknown) {
    if (!isErrorFromAlias(api.api, "postAction", error)) fail(what, error);
    const problem: Problem = error.response.data;
    if (error.response.status !== status || problem.status !== status || problem.code !== code) {
      fail(`${what}: want ${status} ${code}`, error);
    }
    return problem;
  }
  return fail(`${what}: the move was taken`, null);
}

// seat plays its turns until the game is over: it waits for any change
// after the version it last saw, and moves when it is to act.
async function seat(id: string, token: string, me: number): Promise<number> {
  let version = 0;
  let moves = 0;
  for (;;) {
    const view = await api.getGame({ params: { id }, queries: { since: version, wait: "2s" }, headers: bearer(token) })
      .catch((error: unknown) => fail(`seat ${me}: view`, error));
    if (view.status === "finished") return moves;
    version = view.version;
    if (view.status !== "active" || view.current_seat !== me) continue;
    const acted = await api.postAction(choose(view, me), { params: { id }, headers: { ...bearer(token), ...ifMatch(view.version) } })
      .catch((error: unknown) => fail(`seat ${me}: move at version ${view.version}`, error));
    version = acted.game.version;
    moves++;
  }
}

async function main(): Promise<void> {
  const created = await api.createGame({ variant: "basic", players: 2, seed: "zod client", name: "Alice" })
    .catch((error: unknown) => fail("create", error));
  const id = created.game.id;
  const alice = created.token;
  if (alice == null) fail("no token for Alice", created);
  const joined = await api.joinGame({ name: "Bob" }, { params: { id } }).catch((error: unknown) => fail("join", error));
  const bob = joined.token;
  if (bob == null) fail("no token for Bob", joined);
  const tokens = [alice, bob];

  // Moves the server refuses, each read as a typed Problem: without a
  // credential (401), with a seat token of another game (403), out of
  // turn, on a stale condition, against the rules.
  const view = await api.getGame({ params: { id }, headers: bearer(alice) }).catch((error: unknown) => fail("view", error));
  const turn = view.current_seat;
  if (view.status !== "active" || turn == null) fail("the game did not start", view);
  const mover = tokens[turn]!;
  const waiter = tokens[1 - turn]!;
  await refused("a move without a token", 401, "unauthorized",
    api.postAction({ type: "discard", card: 0 }, { params: { id } }));
  const other = await api.createGame({ variant: "basic", players: 2, name: "Carol" })
    .catch((error: unknown) => fail("another table", error));
  if (other.token == null) fail("no token for Carol", other);
  await refused("a seat token of another game", 403, "forbidden",
    api.postAction({ type: "discard", card: 0 }, { params: { id }, headers: bearer(other.token) }));
  await refused("a move out of turn", 409, "not_your_turn",
    api.postAction({ type: "discard", card: 0 }, { params: { id }, headers: { ...bearer(waiter), ...ifMatch(view.version) } }));
  await refused("a stale If-Match", 412, "precondition_failed",
    api.postAction({ type: "discard", card: 0 }, { params: { id }, headers: { ...bearer(mover), ...ifMatch(created.game.version) } }));
  const selfClue = await refused("a clue to oneself", 422, "illegal_action",
    api.postAction({ type: "clue", target: turn, rank: 1 }, { params: { id }, headers: { ...bearer(mover), ...ifMatch(view.version) } }));
  if (selfClue.reason !== "self_clue") fail("a clue to oneself: want reason self_clue", selfClue);

  const [a, b] = await Promise.all([seat(id, alice, 0), seat(id, bob, 1)]);
  const events = await api.getEvents({ params: { id } }).catch((error: unknown) => fail("events", error));
  const list = events.events;
  const last = list[list.length - 1];
  if (last?.type !== "game_over" || list.length !== a + b + 1) {
    fail(`the game's ${a + b} moves did not end with game_over`, list.slice(-2));
  }
  console.log(`zod client: the game ended after ${a + b} moves: ${last.result.score} points (${last.result.reason})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
