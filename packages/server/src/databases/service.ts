import { randomUUID } from 'node:crypto';
import {
  DATABASE_DEFAULTS,
  parseDatabaseExtra,
  type DatabaseDetail,
  type DatabaseListItem,
  type DatabaseTestConnection,
  type DatabaseWrite,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { DatabaseTable, Row as DbRow } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import { encryptSecret } from '../security/crypto.js';
import { databasePermView } from '../security/permissions.js';
import { ensurePermissionView } from '../metadata/repos/roles.js';
import { engineSpecForUri, getEngineSpec } from '../engines/registry.js';
import { formatUri, parseUri, PASSWORD_MASK, UriError } from '../engines/uri.js';
import type { ConnectionUri } from '../engines/types.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import { unsupportedFilter } from '../http/list-filters.js';
import type { ListParams } from '../http/rison.js';
import { canAccessDatabase } from '../access/databases.js';
import { checkUri, PASSWORD_REENTRY_MESSAGE, passwordToUse } from './uri-policy.js';
import { CONNECT_TIMEOUT_MS, storedUri } from '../execution/connections.js';
import { executionHttpError } from '../execution/errors.js';
import { humanizeDelta } from '../http/time.js';
import { presentDatabaseFlags } from './present.js';
import { usersById } from '../metadata/repos/users.js';
import {
  databaseById,
  databaseByName,
  databaseNameTaken,
  databasesMatching,
  deleteDatabase,
  insertDatabase,
  renameDatabasePermissions,
  setDatabaseFields,
  type DatabaseListFilter,
  type DatabaseOrderColumn,
} from '../metadata/repos/databases.js';

type Row = DbRow<DatabaseTable>;

export const DATABASE_ORDER_COLUMNS = [
  'database_name',
  'changed_on',
  'changed_on_delta_humanized',
  'allow_run_async',
  'allow_dml',
  'allow_file_upload',
  'expose_in_sqllab',
  'id',
] as const;

function presentListItem(row: Row, users: Map<number, { id: number; first_name: string; last_name: string }>): DatabaseListItem {
  return {
    ...presentDatabaseFlags(row),
    extra: row.extra,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    created_by: row.created_by_fk !== null ? (users.get(row.created_by_fk) ?? null) : null,
  };
}

export class DatabaseService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  private async creators(rows: Row[]) {
    return usersById(
      this.db,
      rows.map((r) => r.created_by_fk),
    );
  }

  /** The row when it exists and the user may see it; otherwise 404 (the same answer for both). */
  async getVisibleRow(user: Principal, id: number): Promise<Row> {
    const row = await databaseById(this.db, id);
    if (!row || !canAccessDatabase(user, row)) throw notFound();
    return row;
  }

  async list(user: Principal, p: ListParams): Promise<{ count: number; ids: number[]; result: DatabaseListItem[] }> {
    const filters: DatabaseListFilter[] = p.filters.map((f) => {
      if (f.col === 'database_name' && typeof f.value === 'string')
        return { column: 'database_name', exact: f.opr === 'eq', value: f.value };
      if (
        ['expose_in_sqllab', 'allow_run_async', 'allow_dml', 'allow_file_upload', 'allow_ctas', 'allow_cvas'].includes(f.col) &&
        typeof f.value === 'boolean'
      )
        return { column: f.col as 'allow_dml', value: flag(f.value) };
      if (f.col === 'id' && f.opr === 'eq' && typeof f.value === 'number') return { column: 'id', value: f.value };
      throw unsupportedFilter(f.col, f.opr);
    });
    // visibility is decided per row by permission names, so filter in code (database counts are small)
    const all = (
      await databasesMatching(this.db, filters, {
        column: (p.orderColumn === 'changed_on_delta_humanized' ? 'changed_on' : (p.orderColumn ?? 'database_name')) as DatabaseOrderColumn,
        direction: p.orderDirection,
      })
    ).filter((r) => canAccessDatabase(user, r));
    const page = all.slice(p.page * p.pageSize, (p.page + 1) * p.pageSize);
    const users = await this.creators(page);
    return { count: all.length, ids: page.map((r) => r.id), result: page.map((r) => presentListItem(r, users)) };
  }

  async get(user: Principal, id: number): Promise<DatabaseDetail> {
    const row = await this.getVisibleRow(user, id);
    return this.present(row);
  }

  private async present(row: Row): Promise<DatabaseDetail> {
    const item = presentListItem(row, await this.creators([row]));
    let masked = row.sqlalchemy_uri;
    if (row.password_encrypted) {
      try {
        const uri = storedUri(this.ctx.config.secretKey, { sqlalchemy_uri: row.sqlalchemy_uri, password_encrypted: null });
        masked = formatUri(uri, PASSWORD_MASK);
      } catch {
        masked = row.sqlalchemy_uri;
      }
    }
    let supportsCatalog = false;
    try {
      supportsCatalog = getEngineSpec(item.backend).supportsCatalogs;
    } catch {
      supportsCatalog = false;
    }
    return {
      ...item,
      sqlalchemy_uri: masked,
      cache_timeout: row.cache_timeout,
      impersonate_user: Boolean(row.impersonate_user),
      is_managed_externally: false,
      engine_information: {
        ...item.engine_information,
        supports_catalog: supportsCatalog,
        disable_ssh_tunneling: true,
      },
      is_examples: Boolean(row.is_examples),
    };
  }

  /**
   * A submitted URI checked against the URI rules, with the password it may use: a masked
   * password stands for the saved one only when the destination did not change (422 otherwise).
   */
  private checkedUri(raw: string, previous: Row | null): ConnectionUri {
    let uri;
    try {
      uri = checkUri(raw, {
        store: this.ctx.store,
        allowFileUris: this.ctx.config.allowFileUris,
        trustedFile: previous?.is_examples ? parseUri(previous.sqlalchemy_uri).database : null,
      });
    } catch (e) {
      if (e instanceof UriError) throw invalidFields({ sqlalchemy_uri: [e.message] });
      throw e;
    }
    let saved: ConnectionUri | null = null;
    try {
      saved = previous ? storedUri(this.ctx.config.secretKey, previous) : null;
    } catch {
      saved = null; // a saved password that cannot be read (another secret key) must be typed again
    }
    const use = passwordToUse(uri, saved);
    if (!use) throw new HttpError(422, { message: { sqlalchemy_uri: [PASSWORD_REENTRY_MESSAGE] } });
    return { ...uri, password: use.password };
  }

  /** Split a submitted URI into the stored form (no password) and the encrypted password. */
  private prepareUri(raw: string, previous: Row | null): { uri: string; password: string | null } {
    const uri = this.checkedUri(raw, previous);
    const password = uri.password;
    return {
      uri: formatUri({ ...uri, password: null }),
      password: password !== null && password !== '' ? encryptSecret(this.ctx.config.secretKey, password) : null,
    };
  }

  private validateExtra(extra: string | undefined): void {
    if (extra === undefined) return;
    try {
      parseDatabaseExtra(extra);
    } catch (e) {
      throw invalidFields({
        extra: [e instanceof SyntaxError ? 'Field cannot be decoded by JSON: extra is not valid JSON' : (e as Error).message],
      });
    }
  }

  private async checkNameFree(name: string, exceptId: number | null): Promise<void> {
    if (await databaseNameTaken(this.db, name, exceptId))
      throw invalidFields({ database_name: ['A database with the same name already exists.'] });
  }

  async create(user: Principal | null, body: DatabaseWrite, opts: { isExamples?: boolean } = {}): Promise<DatabaseDetail> {
    const name = body.database_name.trim();
    if (!name) throw invalidFields({ database_name: ['Field cannot be empty.'] });
    this.validateExtra(body.extra);
    await this.checkNameFree(name, null);
    const { uri, password } = opts.isExamples ? { uri: body.sqlalchemy_uri, password: null } : this.prepareUri(body.sqlalchemy_uri, null);
    const now = nowIso();
    const row = await insertDatabase(this.db, {
      uuid: randomUUID(),
      database_name: name,
      sqlalchemy_uri: uri,
      password_encrypted: password,
      expose_in_sqllab: flag(body.expose_in_sqllab ?? DATABASE_DEFAULTS.expose_in_sqllab),
      allow_run_async: flag(body.allow_run_async ?? DATABASE_DEFAULTS.allow_run_async),
      allow_dml: flag(body.allow_dml ?? DATABASE_DEFAULTS.allow_dml),
      allow_ctas: flag(body.allow_ctas ?? DATABASE_DEFAULTS.allow_ctas),
      allow_cvas: flag(body.allow_cvas ?? DATABASE_DEFAULTS.allow_cvas),
      allow_file_upload: flag(body.allow_file_upload ?? DATABASE_DEFAULTS.allow_file_upload),
      impersonate_user: flag(body.impersonate_user ?? DATABASE_DEFAULTS.impersonate_user),
      is_examples: flag(opts.isExamples ?? false),
      cache_timeout: body.cache_timeout ?? null,
      force_ctas_schema: body.force_ctas_schema ?? null,
      extra: body.extra ?? DATABASE_DEFAULTS.extra,
      created_on: now,
      changed_on: now,
      created_by_fk: user?.id ?? null,
      changed_by_fk: user?.id ?? null,
    });
    await ensurePermissionView(this.db, ['database_access', databasePermView(row.database_name, row.id)]);
    return this.present(row);
  }

  async update(user: Principal, id: number, body: Partial<DatabaseWrite>): Promise<DatabaseDetail> {
    const previous = await this.getVisibleRow(user, id);
    this.validateExtra(body.extra);
    const name = body.database_name?.trim();
    if (body.database_name !== undefined && !name) throw invalidFields({ database_name: ['Field cannot be empty.'] });
    if (name) await this.checkNameFree(name, id);
    const uriChange = body.sqlalchemy_uri !== undefined ? this.prepareUri(body.sqlalchemy_uri, previous) : null;
    const set: Partial<Row> = { changed_on: nowIso(), changed_by_fk: user.id };
    if (name) set.database_name = name;
    if (uriChange) {
      set.sqlalchemy_uri = uriChange.uri;
      set.password_encrypted = uriChange.password;
    }
    for (const k of [
      'expose_in_sqllab',
      'allow_run_async',
      'allow_dml',
      'allow_ctas',
      'allow_cvas',
      'allow_file_upload',
      'impersonate_user',
    ] as const) {
      if (body[k] !== undefined) set[k] = flag(body[k]);
    }
    if (body.cache_timeout !== undefined) set.cache_timeout = body.cache_timeout;
    if (body.force_ctas_schema !== undefined) set.force_ctas_schema = body.force_ctas_schema;
    if (body.extra !== undefined) set.extra = body.extra;
    await this.db.transaction().execute(async (trx) => {
      await setDatabaseFields(trx, id, set);
      // schema grants name the database: they move along, or a new database taking the old name
      // would inherit them
      if (name && name !== previous.database_name)
        await renameDatabasePermissions(trx, {
          oldName: previous.database_name,
          newName: name,
          oldView: databasePermView(previous.database_name, id),
          newView: databasePermView(name, id),
        });
    });
    await this.ctx.connections.invalidate(id);
    return this.get(user, id);
  }

  async delete(user: Principal, id: number): Promise<void> {
    const row = await this.getVisibleRow(user, id);
    // its schema grants go too: a later database of the same name must not inherit them
    await this.db.transaction().execute((trx) => deleteDatabase(trx, id, row.database_name, databasePermView(row.database_name, id)));
    await this.ctx.connections.invalidate(id);
  }

  /**
   * Connect with the submitted URI and run a trivial query, through the executor (a slot, the
   * SQLLAB_TIMEOUT time limit, given up when the client goes away); a failure is 422 with the
   * engine's error type, as the same database answers when browsing it.
   */
  async testConnection(user: Principal, body: DatabaseTestConnection, signal?: AbortSignal): Promise<void> {
    this.validateExtra(body.extra);
    let previous: Row | null = null;
    if (body.database_name) {
      const row = await databaseByName(this.db, body.database_name);
      if (row && canAccessDatabase(user, row)) previous = row;
    }
    // checked before anything connects: a masked password never reaches a new destination
    const uri = this.checkedUri(body.sqlalchemy_uri, previous);
    const spec = engineSpecForUri(uri);
    try {
      await this.ctx.execution.testConnection(
        spec,
        { uri, readOnly: true, disableExternalAccess: true, poolSize: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS },
        { timeoutMs: this.ctx.config.sqllabTimeout * 1000, signal },
      );
    } catch (e) {
      throw executionHttpError(e);
    }
  }
}
