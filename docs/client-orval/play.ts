// Two seats play a whole game through the client that orval generates from
// the server's OpenAPI document, untouched and with its defaults: one
// function per operation over axios's default instance, which answers the
// typed data or throws. Each seat long-polls its own view until it is to
// act; before they start, a move out of turn, a stale If-Match and a clue to
// oneself are each refused with a Problem.
//
//   npx tsx play.ts http://127.0.0.1:8080
import axios from "axios";
import { createGame, getEvents, getGame, joinGame, postAction } from "./gen/api";
import type { Action, GameView, Problem } from "./gen/api";

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The generated functions call axios's default instance: it is where the
// server's address goes, and the transport of a polite client, which retries
// a 429 once the seconds its Retry-After names have passed.
axios.defaults.baseURL = `${base}/v1`;
axios.interceptors.response.use(undefined, async (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 429 && error.config) {
    await sleep(Number(error.response.headers["retry-after"] ?? "1") * 1000);
    return axios.request(error.config);
  }
  throw error;
});

function fail(what: string, error: unknown): never {
  const detail = axios.isAxiosError(error)
    ? `${error.response?.status ?? error.code} ${JSON.stringify(error.response?.data)}`
    : JSON.stringify(error);
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

// refused makes a move that must fail, and reads the error thrown as the
// document's Problem: the generated client types no error, so the Problem
// is named here, on axios's own error type.
async function refused(what: string, status: number, code: Problem["code"], move: Promise<unknown>): Promise<Problem> {
  try {
    await move;
  } catch (error: unknown) {
    if (!axios.isAxiosError<Problem>(error) || !error.response) fail(what, error);
    const problem = error.response.data;
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
    const { data: view } = await getGame(id, { since: version, wait: "2s" }, { headers: bearer(token) })
      .catch((error: unknown) => fail(`seat ${me}: view`, error));
    if (view.status === "finished") return moves;
    version = view.version;
    if (view.status !== "active" || view.current_seat !== me) continue;
    const { data: acted } = await postAction(id, choose(view, me), { headers: { ...bearer(token), ...ifMatch(view.version) } })
      .catch((error: unknown) => fail(`seat ${me}: move at version ${view.version}`, error));
    version = acted.game.version;
    moves++;
  }
}

async function main(): Promise<void> {
  const { data: created } = await createGame({ variant: "basic", players: 2, seed: "orval client", name: "Alice" })
    .catch((error: unknown) => fail("create", error));
  const id = created.game.id;
  const alice = created.token;
  if (alice == null) fail("no token for Alice", created);
  const { data: joined } = await joinGame(id, { name: "Bob" }).catch((error: unknown) => fail("join", error));
  const bob = joined.token;
  if (bob == null) fail("no token for Bob", joined);
  const tokens = [alice, bob];

  // Three moves the server refuses, each read as a typed Problem.
  const { data: view } = await getGame(id, undefined, { headers: bearer(alice) })
    .catch((error: unknown) => fail("view", error));
  const turn = view.current_seat;
  if (view.status !== "active" || turn == null) fail("the game did not start", view);
  const mover = tokens[turn]!;
  const waiter = tokens[1 - turn]!;
  await refused("a move out of turn", 409, "not_your_turn",
    postAction(id, { type: "discard", card: 0 }, { headers: { ...bearer(waiter), ...ifMatch(view.version) } }));
  await refused("a stale If-Match", 412, "precondition_failed",
    postAction(id, { type: "discard", card: 0 }, { headers: { ...bearer(mover), ...ifMatch(created.game.version) } }));
  const selfClue = await refused("a clue to oneself", 422, "illegal_action",
    postAction(id, { type: "clue", target: turn, rank: 1 }, { headers: { ...bearer(mover), ...ifMatch(view.version) } }));
  if (selfClue.reason !== "self_clue") fail("a clue to oneself: want reason self_clue", selfClue);

  const [a, b] = await Promise.all([seat(id, alice, 0), seat(id, bob, 1)]);
  const { data: events } = await getEvents(id).catch((error: unknown) => fail("events", error));
  const list = events.events;
  const last = list[list.length - 1];
  if (last?.type !== "game_over" || list.length !== a + b + 1) {
    fail(`the game's ${a + b} moves did not end with game_over`, list.slice(-2));
  }
  console.log(`orval client: the game ended after ${a + b} moves: ${last.result.score} points (${last.result.reason})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
