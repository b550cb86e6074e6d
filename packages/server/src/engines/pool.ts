/**
 * A small resource pool for the embedded engines (DuckDB connections, SQLite child processes):
 * up to `size` resources, created lazily, handed out first-come first-served.
 */
import { EngineError } from './types.js';

export class ResourcePool<T> {
  private readonly idle: T[] = [];
  private readonly waiters: Array<{ resolve: (r: T) => void; reject: (e: unknown) => void }> = [];
  private total = 0;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly create: () => Promise<T>,
    private readonly destroy: (resource: T) => void | Promise<void>,
  ) {}

  async acquire(): Promise<T> {
    if (this.closed) throw new EngineError('The connection pool is closed.', 'GENERIC_DB_ENGINE_ERROR');
    const ready = this.idle.pop();
    if (ready !== undefined) return ready;
    if (this.total < Math.max(1, this.size)) {
      this.total++;
      try {
        return await this.create();
      } catch (e) {
        this.total--;
        this.wakeCreator();
        throw e;
      }
    }
    return new Promise<T>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Give a resource back; `broken` resources are destroyed and their slot freed. */
  release(resource: T, broken = false): void {
    if (broken || this.closed) {
      this.total--;
      void Promise.resolve(this.destroy(resource)).catch(() => undefined);
      this.wakeCreator();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(resource);
    else this.idle.push(resource);
  }

  /** A slot freed up: let the first waiter create a fresh resource. */
  private wakeCreator(): void {
    if (this.closed) return;
    const waiter = this.waiters.shift();
    if (!waiter) return;
    this.acquire().then(waiter.resolve, waiter.reject);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) {
      w.reject(new EngineError('The connection pool is closed.', 'GENERIC_DB_ENGINE_ERROR'));
    }
    const idle = this.idle.splice(0);
    this.total -= idle.length;
    await Promise.all(idle.map(async (r) => this.destroy(r)));
  }
}
