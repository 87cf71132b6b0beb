// One route cannot take the PostgreSQL pool (docs/decisions/041). Requests of one route that all wait
// on the same thing (a locked table, a slow statement) would otherwise hold every connection of the
// process, and requests of every other route would wait for one and answer 503. The requests of one
// route may hold at most a share of the pool at once; the next wait for one of them (within the
// connect time limit, then 503 like any connection not had in time). Work outside a request (the job
// worker, maintenance, health checks) is not counted.
import type pg from "pg";

import { requestScope } from "~/server/log.server";

/** The connections one route's requests may hold at once: half the pool (at least one). */
export const routeShare = (poolSize: number) => Math.max(1, Math.ceil(poolSize / 2));

/** A counting gate with a queue in order of arrival; a wait ends with an error after `waitMs`. */
class Gate {
  held = 0;
  private waiting: Array<() => void> = [];
  constructor(private readonly max: number) {}

  acquire(waitMs: number, what: string): Promise<void> {
    if (this.held < this.max) {
      this.held += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        this.held += 1;
        resolve();
      };
      // The message reads as the driver's own for a connection not had in time: a 503, not a 500.
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((entry) => entry !== take);
        // Whichever way the error travels (a transaction's start, a query), the request answers 503.
        const scope = requestScope.getStore();
        if (scope) scope.dbUnavailable = true;
        reject(new Error(`timeout exceeded when trying to connect (${what} holds its share of the pool)`));
      }, waitMs);
      this.waiting.push(take);
    });
  }

  release() {
    this.held -= 1;
    this.waiting.shift()?.();
  }

  get idle() {
    return this.held === 0 && this.waiting.length === 0;
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (error?: Error | boolean) => void,
) => void;

const holds = new WeakMap<pg.Pool, Map<string, Gate>>();

/** The places in route shares held now (every one is a connection out): 0 once all came back. */
export function routeHolds(pool: pg.Pool) {
  return [...(holds.get(pool)?.values() ?? [])].reduce((sum, gate) => sum + gate.held, 0);
}

/**
 * Makes `pool.connect` (which `pool.query` and Prisma's adapter use) wait for a place in the route's
 * share before it takes a connection, and give the place back when the connection is released.
 */
export function sharePoolByRoute(pool: pg.Pool, perRoute: number, waitMs: number) {
  const gates = new Map<string, Gate>();
  holds.set(pool, gates);
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  async function connectWithin(route: string) {
    let gate = gates.get(route);
    if (!gate) gates.set(route, (gate = new Gate(perRoute)));
    const owner = gate;
    await owner.acquire(waitMs, route);
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (error) {
      giveBack(route, owner);
      throw error;
    }
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      client.release = release;
      giveBack(route, owner);
      return release.call(client, error);
    };
    return client;
  }
  function giveBack(route: string, gate: Gate) {
    gate.release();
    if (gate.idle) gates.delete(route);
  }
  pool.connect = ((callback?: ConnectCallback) => {
    const route = requestScope.getStore()?.route;
    const got = route ? connectWithin(route) : connect();
    if (!callback) return got;
    got.then(
      // `done(error)` destroys a broken connection instead of handing it to the next caller.
      (client) => callback(undefined, client, (error) => client.release(error)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  }) as typeof pool.connect;
  return pool;
}
