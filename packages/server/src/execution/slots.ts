/**
 * Query slots: how many statements may run at once, per database and, for drivers that hold one
 * of Node's libuv threads while they run (DuckDB), across the whole process. The process-wide cap
 * stays below the thread pool size (`rama start` sets UV_THREADPOOL_SIZE), so file reads, password
 * hashing and DNS lookups always find a free thread however many queries wait.
 */

/** A counting semaphore whose waiters can give up (a stopped query, a client that left). */
export class Semaphore {
  private active = 0;
  private readonly waiting: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  constructor(private readonly max: number) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = { resolve, reject };
      this.waiting.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            reject(signal.reason);
          }
        },
        { once: true },
      );
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.resolve();
    else this.active--;
  }
}

/** Threads Node's pool should have: the capped thread-pool queries plus room for everything else. */
export function threadPoolSize(threadPoolQueries: number): number {
  return threadPoolQueries + 8;
}

/** The thread-pool queries a process may run at once, given the pool it has. */
export function threadPoolQueryCap(poolSize: number, wanted: number): number {
  return Math.max(1, Math.min(wanted, poolSize - 4));
}

export class QuerySlots {
  private readonly perDatabase = new Map<number, Semaphore>();
  private readonly threadPool: Semaphore;

  constructor(
    private readonly perDatabaseLimit: number,
    threadPoolLimit: number,
  ) {
    this.threadPool = new Semaphore(threadPoolLimit);
  }

  private database(id: number): Semaphore {
    let s = this.perDatabase.get(id);
    if (!s) this.perDatabase.set(id, (s = new Semaphore(this.perDatabaseLimit)));
    return s;
  }

  /** Wait for a slot; the returned function frees it. */
  async take(databaseId: number, usesThreadPool: boolean, signal?: AbortSignal): Promise<() => void> {
    const db = this.database(databaseId);
    await db.acquire(signal);
    if (usesThreadPool) {
      try {
        await this.threadPool.acquire(signal);
      } catch (e) {
        db.release();
        throw e;
      }
    }
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      if (usesThreadPool) this.threadPool.release();
      db.release();
    };
  }
}
