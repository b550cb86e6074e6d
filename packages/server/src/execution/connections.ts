import type { Kysely } from 'kysely';
import type { DatabaseTable, MetadataSchema, Row } from '../metadata/schema.js';
import { EngineError, type EnginePool, type EngineSpec, type ConnectionUri } from '../engines/types.js';
import { engineSpecForUri } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';
import { decryptSecret } from '../security/crypto.js';
import { databaseById } from '../metadata/repos/databases.js';

export interface OpenDatabase {
  id: number;
  name: string;
  spec: EngineSpec;
  pool: EnginePool;
  uri: ConnectionUri;
}

type DatabaseRow = Row<DatabaseTable>;

export const UNREACHABLE_MESSAGE = 'The database could not be reached. Please check its connection settings.';

/**
 * The database could not be opened or lent no connection: its settings or its server are at
 * fault, not what was asked of it (execution/errors.ts answers 422 for it, whoever asked). Keeps
 * the engine's message and type when the engine said why; anything else reads as unreachable.
 */
export class ConnectionFailedError extends EngineError {
  constructor(cause: unknown) {
    const said = cause instanceof EngineError ? cause : null;
    super(said?.message ?? UNREACHABLE_MESSAGE, said?.errorType ?? 'GENERIC_DB_ENGINE_ERROR');
    this.name = 'ConnectionFailedError';
    this.cause = cause;
  }
}

/** The full URI (with its decrypted password) of a stored database. */
export function storedUri(secretKey: string, row: Pick<DatabaseRow, 'sqlalchemy_uri' | 'password_encrypted'>): ConnectionUri {
  const uri = parseUri(row.sqlalchemy_uri);
  if (row.password_encrypted) uri.password = decryptSecret(secretKey, row.password_encrypted);
  return uri;
}

/** What a stored database's open pool is keyed on: a change of either opens a new pool. */
export const databaseVersion = (row: Pick<DatabaseRow, 'changed_on' | 'sqlalchemy_uri'>): string =>
  `${row.changed_on}|${row.sqlalchemy_uri}`;

/** how long opening a connection may take, for stored databases and tested ones alike */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * One connection pool per stored database, opened on first use and replaced when the database
 * record changes (keyed on changed_on). Data-changing statements are also refused by the SQL
 * checks; the read-only session is a second wall for databases without allow_dml.
 */
export class DatabaseConnections {
  private readonly open = new Map<number, { version: string; db: Promise<OpenDatabase> }>();

  constructor(
    private readonly metadata: Kysely<MetadataSchema>,
    private readonly secretKey: string,
    /** connections per database pool: the query slots plus room for metadata browsing */
    private readonly poolSize = 10,
  ) {}

  /**
   * The database's open pool. `seen`: its version as the caller read the row in this request (the
   * access check's read): when the open pool has that version the row is not read a second time.
   */
  async get(id: number, seen?: string): Promise<OpenDatabase> {
    const known = seen === undefined ? undefined : this.open.get(id);
    if (known && known.version === seen) return known.db;
    const row = await databaseById(this.metadata, id);
    if (!row) throw new Error(`Database ${id} does not exist`);
    const version = databaseVersion(row);
    const cached = this.open.get(id);
    if (cached && cached.version === version) return cached.db;
    if (cached) void cached.db.then((d) => d.pool.close()).catch(() => undefined);
    const db = this.connect(row);
    this.open.set(id, { version, db });
    db.catch(() => {
      if (this.open.get(id)?.db === db) this.open.delete(id);
    });
    return db;
  }

  private async connect(row: DatabaseRow): Promise<OpenDatabase> {
    try {
      const uri = storedUri(this.secretKey, row);
      const spec = engineSpecForUri(uri);
      const pool = await spec.connect({
        uri,
        // uploads write tables too (uploads/): a database that takes them is not opened read-only
        readOnly: !row.allow_dml && !row.allow_ctas && !row.allow_cvas && !row.allow_file_upload,
        disableExternalAccess: true,
        poolSize: this.poolSize,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      });
      return { id: row.id, name: row.database_name, spec, pool, uri };
    } catch (e) {
      throw new ConnectionFailedError(e);
    }
  }

  async invalidate(id: number): Promise<void> {
    const cached = this.open.get(id);
    this.open.delete(id);
    if (cached) await cached.db.then((d) => d.pool.close()).catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.keys()];
    await Promise.all(all.map((id) => this.invalidate(id)));
  }
}
