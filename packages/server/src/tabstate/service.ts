import { NEW_TAB_SQL, QUERY_ID_LENGTH, type TabStateRecord } from '@rama/shared';
import type { AppContext } from '../context.js';
import { canAccessDatabase } from '../access/databases.js';
import { nowIso, flag } from '../metadata/db.js';
import { invalidFields, notFound } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { deleteTabQuery, linkQueryToTab, unlinkTabQueries, userQueryByClientId } from '../metadata/repos/queries.js';
import { savedQueryExists } from '../metadata/repos/saved-queries.js';
import {
  deactivateUserTabs,
  deleteTab,
  deleteTabTableSchemas,
  insertTab,
  tabTableSchemas,
  updateTab,
  userTab,
  userTabLabels,
} from '../metadata/repos/tab-state.js';
import { presentQueries } from '../sqllab/present.js';
import { FieldReader, type Fields } from './fields.js';
import { nextUntitledName } from './naming.js';
import { presentTabState, type TabStateRow } from './present.js';
import { databaseById } from '../metadata/repos/databases.js';

const LABEL_MAX = 256;
const NAME_MAX = 256;
const SQL_MAX = 1_000_000;
const TEMPLATE_MAX = 100_000;
const EXTRA_MAX = 100_000;

/** The keys PUT /tabstateview/{id} accepts (spec §7); anything else is a 400 naming it. */
const UPDATABLE = new Set([
  'database_id',
  'catalog',
  'schema',
  'sql',
  'label',
  'query_limit',
  'latest_query_id',
  'template_params',
  'hide_left_bar',
  'autorun',
  'extra_json',
  'saved_query_id',
]);

/** The server copy of each user's SQL Lab tabs. Tabs are private: another user's tab is a 404. */
export class TabStateService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  async ownTab(user: Principal, id: number): Promise<TabStateRow> {
    const row = await userTab(this.db, user.id, id);
    if (!row) throw notFound();
    return row;
  }

  async canUseDatabase(user: Principal, id: number): Promise<boolean> {
    const row = await databaseById(this.db, id);
    return Boolean(row && canAccessDatabase(user, row));
  }

  private async canSeeSavedQuery(user: Principal, id: number): Promise<boolean> {
    return savedQueryExists(this.db, id, user.isAdmin ? null : user.id);
  }

  /** The tab with its table schemas and its latest query (only ever the tab owner's own query). */
  async present(row: TabStateRow): Promise<TabStateRecord> {
    const tables = await tabTableSchemas(this.db, row.id);
    const latest = row.latest_query_id ? await userQueryByClientId(this.db, row.user_id, row.latest_query_id) : undefined;
    const [latestQuery] = latest ? await presentQueries(this.db, [latest]) : [null];
    return presentTabState(row, tables, latestQuery);
  }

  async get(user: Principal, id: number): Promise<TabStateRecord> {
    return this.present(await this.ownTab(user, id));
  }

  /**
   * Save a client tab (`queryEditor`) as a new server tab, which becomes the active one. References
   * the user can no longer resolve (a database or saved query gone or out of reach) are dropped, so
   * a tab kept in the browser can always be migrated.
   */
  async create(user: Principal, editor: Fields): Promise<number> {
    const f = new FieldReader(editor, 'queryEditor.');
    const name = f.string('name', { maxLength: LABEL_MAX, nullable: true });
    const dbId = f.integer('dbId', { min: 1, nullable: true });
    const catalog = f.name('catalog', NAME_MAX);
    const schema = f.name('schema', NAME_MAX);
    const sql = f.string('sql', { maxLength: SQL_MAX, nullable: true });
    const queryLimit = f.integer('queryLimit', { min: 0, nullable: true });
    const autorun = f.boolean('autorun');
    const templateParams = f.jsonText('templateParams', TEMPLATE_MAX);
    const hideLeftBar = f.boolean('hideLeftBar');
    const latestQueryId = f.string('latestQueryId', { maxLength: QUERY_ID_LENGTH, nullable: true });
    const remoteId = f.integer('remoteId', { min: 1, nullable: true });
    f.check();
    const extra: Record<string, unknown> = {};
    if (typeof editor.updatedAt === 'number' || typeof editor.updatedAt === 'string') extra.updatedAt = editor.updatedAt;
    if (typeof editor.version === 'number') extra.version = editor.version;

    const databaseId = dbId && (await this.canUseDatabase(user, dbId)) ? dbId : null;
    const savedQueryId = remoteId && (await this.canSeeSavedQuery(user, remoteId)) ? remoteId : null;
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      let label = name?.trim() ? name : null;
      if (!label) {
        label = nextUntitledName(await userTabLabels(trx, user.id));
      }
      await deactivateUserTabs(trx, user.id);
      return insertTab(trx, {
        user_id: user.id,
        label,
        active: 1,
        database_id: databaseId,
        catalog: catalog ?? null,
        schema: schema ?? null,
        sql: sql ?? NEW_TAB_SQL,
        query_limit: queryLimit ?? null,
        latest_query_id: latestQueryId ?? null,
        autorun: flag(autorun),
        template_params: templateParams ?? null,
        hide_left_bar: flag(hideLeftBar),
        saved_query_id: savedQueryId,
        extra_json: JSON.stringify(extra),
        created_on: now,
        changed_on: now,
      });
    });
  }

  /** Apply the changed keys of a tab (each optional); unknown keys and bad values are a 400 naming them. */
  async update(user: Principal, id: number, fields: Fields): Promise<void> {
    await this.ownTab(user, id);
    const unknown = Object.keys(fields).filter((k) => !UPDATABLE.has(k));
    if (unknown.length) throw invalidFields(Object.fromEntries(unknown.map((k) => [k, ['Unknown field.']])));
    const f = new FieldReader(fields);
    const set: Partial<TabStateRow> = {};
    const assign = <K extends keyof TabStateRow>(key: K, value: TabStateRow[K] | undefined) => {
      if (value !== undefined) set[key] = value;
    };
    assign('database_id', f.integer('database_id', { min: 1, nullable: true }));
    assign('catalog', f.name('catalog', NAME_MAX));
    assign('schema', f.name('schema', NAME_MAX));
    assign('sql', f.string('sql', { maxLength: SQL_MAX }) ?? undefined);
    assign('label', f.string('label', { maxLength: LABEL_MAX, nonEmpty: true }) ?? undefined);
    assign('query_limit', f.integer('query_limit', { min: 0, nullable: true }));
    assign('latest_query_id', f.string('latest_query_id', { maxLength: QUERY_ID_LENGTH, nullable: true }));
    assign('template_params', f.jsonText('template_params', TEMPLATE_MAX));
    const hideLeftBar = f.boolean('hide_left_bar');
    if (hideLeftBar !== undefined) set.hide_left_bar = flag(hideLeftBar);
    const autorun = f.boolean('autorun');
    if (autorun !== undefined) set.autorun = flag(autorun);
    assign('extra_json', f.jsonObject('extra_json', EXTRA_MAX));
    assign('saved_query_id', f.integer('saved_query_id', { min: 1, nullable: true }));
    f.check();
    if (set.database_id && !(await this.canUseDatabase(user, set.database_id)))
      throw invalidFields({ database_id: ['Database does not exist'] });
    if (set.saved_query_id && !(await this.canSeeSavedQuery(user, set.saved_query_id))) {
      throw invalidFields({ saved_query_id: ['Saved query does not exist'] });
    }
    if (!Object.keys(set).length) return;
    await updateTab(this.db, id, { ...set, changed_on: nowIso() });
  }

  /** Make this tab the user's active one (and no other). */
  async activate(user: Principal, id: number): Promise<void> {
    await this.ownTab(user, id);
    await this.db.transaction().execute(async (trx) => {
      await deactivateUserTabs(trx, user.id, id);
      await updateTab(trx, id, { active: 1 });
    });
  }

  /** Remove the tab and its table schemas; its queries stay in the history, no longer linked to it. */
  async delete(user: Principal, id: number): Promise<void> {
    await this.ownTab(user, id);
    await this.db.transaction().execute(async (trx) => {
      await deleteTabTableSchemas(trx, id);
      await unlinkTabQueries(trx, String(id));
      await deleteTab(trx, id);
    });
  }

  /** Link one of the user's queries (by client id) to this tab; another user's query is a 404. */
  async migrateQuery(user: Principal, id: number, fields: Fields): Promise<void> {
    await this.ownTab(user, id);
    const f = new FieldReader(fields);
    f.requireKeys('queryId');
    const clientId = f.string('queryId', { maxLength: QUERY_ID_LENGTH, nonEmpty: true });
    f.check();
    if (!(await linkQueryToTab(this.db, user.id, clientId ?? '', String(id)))) throw notFound();
  }

  /** Delete one of the user's queries from this tab. Idempotent: a query already gone is fine. */
  async deleteQuery(user: Principal, id: number, clientId: string): Promise<void> {
    await this.ownTab(user, id);
    await deleteTabQuery(this.db, user.id, String(id), clientId);
  }
}
