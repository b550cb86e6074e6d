import { describe, expect, it } from 'vitest';
import type { TabStateRecord } from '../api/sqllab.js';
import {
  preferNewerEditor,
  queryEditorFromTabState,
  tableFromServer,
  tableSchemaCreate,
  tabStateCreate,
  tabStateUpdate,
} from './tabState.js';

const d = { maxRow: 100000, defaultQueryLimit: 10000 };
const record: TabStateRecord = {
  id: 7,
  user_id: 1,
  label: 'Sales',
  active: true,
  database_id: 1,
  catalog: null,
  schema: 'main',
  sql: 'SELECT 2',
  query_limit: 1000,
  latest_query: null,
  autorun: false,
  template_params: '{"a":1}',
  hide_left_bar: true,
  saved_query: { id: 4 },
  extra_json: { updatedAt: 100, version: 1, northPercent: 30, southPercent: 70 },
  table_schemas: [],
};

describe('server tab state (§3 "Server tab state", §7 PUT payload)', () => {
  it('restores SQL, database, schema, limit, template params, left bar, saved query and the pane split', () => {
    expect(queryEditorFromTabState(record, d)).toMatchObject({
      id: '7',
      tabViewId: 7,
      remoteId: 4,
      name: 'Sales',
      sql: 'SELECT 2',
      dbId: 1,
      schema: 'main',
      queryLimit: 1000,
      templateParams: '{"a":1}',
      hideLeftBar: true,
      northPercent: 30,
      southPercent: 70,
      updatedAt: 100,
      loaded: true,
      inLocalStorage: false,
    });
  });

  it('PUT sends the spec fields with updatedAt and version in extra_json', () => {
    const body = tabStateUpdate(queryEditorFromTabState(record, d));
    expect(Object.keys(body).sort()).toEqual(
      [
        'autorun',
        'catalog',
        'database_id',
        'extra_json',
        'hide_left_bar',
        'label',
        'latest_query_id',
        'query_limit',
        'saved_query_id',
        'schema',
        'sql',
        'template_params',
      ].sort(),
    );
    expect(body.extra_json).toMatchObject({ updatedAt: 100, version: 1, northPercent: 30 });
  });

  it('POST sends the tab as queryEditor', () => {
    expect(tabStateCreate(queryEditorFromTabState(record, d)).queryEditor).toMatchObject({
      name: 'Sales',
      dbId: 1,
      sql: 'SELECT 2',
      remoteId: 4,
    });
  });

  it('edits the browser made after the server copy win; otherwise the server copy does', () => {
    const server = queryEditorFromTabState(record, d);
    expect(preferNewerEditor({ ...server, sql: 'SELECT 3', updatedAt: 200 }, server)).toMatchObject({
      localIsNewer: true,
      editor: { sql: 'SELECT 3' },
    });
    expect(preferNewerEditor({ ...server, sql: 'SELECT 3', updatedAt: 50 }, server)).toMatchObject({
      localIsNewer: false,
      editor: { sql: 'SELECT 2' },
    });
    expect(preferNewerEditor(undefined, server).editor).toBe(server);
  });

  it('table schemas round-trip their metadata through the description', () => {
    const payload = tableSchemaCreate(
      {
        id: 'a',
        remoteId: null,
        dbId: 1,
        queryEditorId: '7',
        catalog: null,
        schema: 'main',
        name: 'flights',
        expanded: true,
        dataPreviewQueryId: null,
        columns: [{ name: 'id', type: 'INT', longType: 'INT', keys: [], comment: null }],
        selectStar: 'SELECT *',
        primaryKey: null,
        foreignKeys: [],
        indexes: [],
        initialized: true,
        inLocalStorage: true,
      },
      7,
    );
    const { dbId, queryEditorId, catalog, schema, name, expanded, ...description } = payload.table;
    const back = tableFromServer(
      {
        id: 3,
        tab_state_id: queryEditorId as number,
        database_id: dbId as number,
        catalog: catalog as null,
        schema: schema as string,
        table: name as string,
        expanded: expanded as boolean,
        description,
      },
      '7',
    );
    expect(back).toMatchObject({ remoteId: 3, name: 'flights', selectStar: 'SELECT *', initialized: true, inLocalStorage: false });
    expect(back.columns).toHaveLength(1);
  });
});
