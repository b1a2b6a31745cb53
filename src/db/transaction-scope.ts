// A transaction that one request holds open across several steps (begun in one hook, committed
// in another), and the scope that makes every `db` call of that request run on it.
//
// Services take `ctx.db` and open their own transactions with `ctx.db.transaction(...)`. The
// handle that `openDatabase` returns is scoped: inside `runInTransactionScope(held, …)` every
// call on it goes to the held transaction, so a plain query runs in it and a service's
// `transaction(...)` becomes a savepoint of it; outside any scope (or once the held transaction
// has finished) it is the ordinary database handle. Nothing changes for code that never enters
// a scope.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db.ts';

export interface HeldTransaction {
  /** The transaction itself; `tx.transaction(...)` opens a savepoint. */
  readonly tx: Db;
  /** False once commit or rollback has begun: the scope then falls back to the plain handle. */
  readonly open: boolean;
  /** COMMIT. Rejects when it failed: then nothing was committed (or, if the connection broke, its fate is unknown). */
  commit(): Promise<void>;
  /** ROLLBACK; never rejects for the rollback itself (a broken connection rolls back on its own). */
  rollback(): Promise<void>;
}

const scope = new AsyncLocalStorage<HeldTransaction>();

/** A handle that resolves to the held transaction of the current async scope, if any, at every call. */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, property) {
      const held = scope.getStore();
      const db = held?.open ? held.tx : target;
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

/** True inside a scope whose held transaction is still open: the scoped handle runs on it. */
export function isInTransactionScope(): boolean {
  return scope.getStore()?.open === true;
}

/** Runs `fn`, and everything it starts, with `held` as the transaction behind the scoped handle. */
export function runInTransactionScope<T>(held: HeldTransaction, fn: () => T): T {
  return scope.run(held, fn);
}

/** Thrown inside drizzle's transaction callback to make it roll back; never leaves this module. */
const ROLLBACK = Symbol('rollback');

/**
 * BEGINs a transaction on `db` (a pooled connection is taken from the pool for it; on PGlite
 * the single connection is held exclusively) and keeps it open until commit() or rollback().
 * Exactly one of them must be called, or the connection is never given back.
 */
export function holdTransaction(db: Db): Promise<HeldTransaction> {
  if (scope.getStore()?.open) throw new Error('holdTransaction inside a held transaction');
  return new Promise((resolve, reject) => {
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((settle) => (decide = settle));
    let begun = false;
    let open = true;
    const outcome = db.transaction(async (tx) => {
      begun = true;
      resolve(held(tx as unknown as Db));
      if (!(await decision)) throw ROLLBACK;
    });
    // BEGIN itself failed (no connection): the caller gets the error. Later failures are
    // reported by commit(); the outcome is always observed, so it never rejects unhandled.
    outcome.catch((error: unknown) => {
      if (!begun) reject(error);
    });

    function held(tx: Db): HeldTransaction {
      return {
        tx,
        get open() {
          return open;
        },
        async commit() {
          if (!open) throw new Error('the held transaction has already finished');
          open = false;
          decide(true);
          await outcome;
        },
        async rollback() {
          if (!open) return;
          open = false;
          decide(false);
          await outcome.catch(() => {});
        },
      };
    }
  });
}
