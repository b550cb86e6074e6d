import type { AppContext } from '../context.js';
import { flag, nowIso } from '../metadata/db.js';
import { invalidFields, notFound } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { deleteTabTable, deleteTableSchema, insertTableSchema, updateTableSchema, userTableSchema } from '../metadata/repos/tab-state.js';
import { FieldReader, type Fields } from './fields.js';
import type { TableSchemaRow } from './present.js';
import type { TabStateService } from './service.js';

const NAME_MAX = 256;
/** Keys of the client table kept in columns; everything else of it is kept in `description`. */
const COLUMN_KEYS = new Set(['dbId', 'queryEditorId', 'catalog', 'schema', 'name', 'expanded']);

/** The tables shown in a tab's left bar. They belong to the tab's user; another user's is a 404. */
export class TableSchemaService {
  constructor(
    private readonly ctx: AppContext,
    private readonly tabs: TabStateService,
  ) {}

  private get db() {
    return this.ctx.store.db;
  }

  private async ownTableSchema(user: Principal, id: number): Promise<TableSchemaRow> {
    const row = await userTableSchema(this.db, user.id, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Add a client table to its tab. A table already there (same database, catalog, schema and
   * name: the spec's merge rule) is replaced, so repeated adds do not pile up.
   */
  async create(user: Principal, table: Fields): Promise<number> {
    const f = new FieldReader(table, 'table.');
    f.requireKeys('dbId', 'queryEditorId', 'name');
    const dbId = f.integer('dbId', { min: 1 });
    const tabId = f.integer('queryEditorId', { min: 1 });
    const catalog = f.name('catalog', NAME_MAX) ?? null;
    const schema = f.name('schema', NAME_MAX) ?? null;
    const name = f.string('name', { maxLength: NAME_MAX, nonEmpty: true });
    const expanded = f.boolean('expanded') ?? true;
    f.check();
    if (!dbId || !tabId || !name) throw invalidFields({ table: ['Missing data for required field.'] });
    await this.tabs.ownTab(user, tabId);
    if (!(await this.tabs.canUseDatabase(user, dbId))) throw invalidFields({ 'table.dbId': ['Database does not exist'] });
    const description = JSON.stringify(Object.fromEntries(Object.entries(table).filter(([k]) => !COLUMN_KEYS.has(k))));
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      await deleteTabTable(trx, { tabId, databaseId: dbId, catalog, schema, table: name });
      return insertTableSchema(trx, {
        tab_state_id: tabId,
        database_id: dbId,
        catalog,
        schema,
        table: name,
        description,
        expanded: flag(expanded),
        created_on: now,
        changed_on: now,
      });
    });
  }

  async setExpanded(user: Principal, id: number, fields: Fields): Promise<boolean> {
    await this.ownTableSchema(user, id);
    const f = new FieldReader(fields);
    f.requireKeys('expanded');
    const expanded = f.boolean('expanded');
    f.check();
    await updateTableSchema(this.db, id, { expanded: flag(expanded), changed_on: nowIso() });
    return Boolean(expanded);
  }

  async delete(user: Principal, id: number): Promise<void> {
    await this.ownTableSchema(user, id);
    await deleteTableSchema(this.db, id);
  }
}
