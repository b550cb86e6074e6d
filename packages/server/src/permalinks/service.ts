import { PERMALINK_NAME_DEFAULT, type PermalinkPayload, type PermalinkValue } from '@rama/shared';
import type { AppContext } from '../context.js';
import { canAccessDatabase } from '../access/databases.js';
import { invalidFields, notFound } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { createEntry, getEntry } from '../metadata/repos/keyvalue.js';
import { databaseRef } from '../metadata/repos/datasources.js';

const RESOURCE = 'sqllab_permalink';
/** Keys as issued (base64url), optionally with the `kv:` prefix the web client's route carries. */
const KEY_PATTERN = /^(?:kv:)?([A-Za-z0-9_-]{16,64})$/;

const nullableString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The stored value as the client reads it; null when it is not a SQL Lab permalink value. */
function readValue(v: unknown): PermalinkValue | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.dbId !== 'number' || typeof o.sql !== 'string') return null;
  return {
    name: typeof o.name === 'string' && o.name ? o.name : PERMALINK_NAME_DEFAULT,
    dbId: o.dbId,
    catalog: nullableString(o.catalog),
    schema: nullableString(o.schema),
    autorun: o.autorun === true,
    sql: o.sql,
    templateParams: nullableString(o.templateParams),
  };
}

/** SQL Lab permalinks: a snapshot of a tab's query under an unguessable key. */
export class SqlLabPermalinkService {
  constructor(private readonly ctx: AppContext) {}

  private async canUseDatabase(user: Principal, id: number): Promise<boolean> {
    const row = await databaseRef(this.ctx.store.db, id);
    return Boolean(row && canAccessDatabase(user, row));
  }

  async create(user: Principal, body: PermalinkPayload): Promise<string> {
    // a database the user cannot see answers like one that does not exist
    if (!(await this.canUseDatabase(user, body.dbId))) throw invalidFields({ dbId: ['Database does not exist'] });
    const value: PermalinkValue = {
      name: body.name?.trim() || PERMALINK_NAME_DEFAULT,
      dbId: body.dbId,
      catalog: body.catalog ?? null,
      schema: body.schema ?? null,
      autorun: body.autorun ?? false,
      sql: body.sql,
      templateParams: body.templateParams ?? null,
    };
    return createEntry(this.ctx.store.db, RESOURCE, value, user.id);
  }

  /** The permalink's state; 404 for an unknown key and for a database the reader may not use. */
  async get(user: Principal, rawKey: string): Promise<PermalinkValue> {
    const m = KEY_PATTERN.exec(rawKey);
    if (!m) throw notFound();
    const entry = await getEntry(this.ctx.store.db, RESOURCE, m[1]);
    const value = entry ? readValue(entry.value) : null;
    if (!value || !(await this.canUseDatabase(user, value.dbId))) throw notFound();
    return value;
  }
}
