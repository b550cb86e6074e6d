/**
 * An engine's driver, imported on the engine's first connection rather than at start: the registry
 * lists every engine for the UI and the API, but a server that never connects to PostgreSQL should
 * not carry pg (nor mysql2, nor the ClickHouse client) in its memory.
 */
export class LazyDriver<T> {
  private loaded: T | undefined;
  private loading: Promise<T> | undefined;

  constructor(private readonly importDriver: () => Promise<T>) {}

  /** Import the driver (once); connect awaits this before anything asks for get(). */
  load(): Promise<T> {
    this.loading ??= this.importDriver().then(
      (m) => (this.loaded = m),
      (e: unknown) => {
        // a failed import may be retried on the next connect
        this.loading = undefined;
        throw e;
      },
    );
    return this.loading;
  }

  /** The driver, once load() has finished: everything that uses it runs after a connect. */
  get(): T {
    if (this.loaded === undefined) throw new Error('The database driver is used before it was loaded.');
    return this.loaded;
  }
}
