/** The key-value repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { createEntry, deleteEntry, getEntry, newEntryKey, updateEntry } from './keyvalue.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: key-value entries', () => {
  let server: TestServer;
  let admin: number;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    admin = (await userIdByUsername(db(), 'admin')) as number;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('makes unguessable keys', () => {
    const key = newEntryKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newEntryKey()).not.toBe(key);
  });

  it('stores, reads, replaces and deletes entries of a resource', async () => {
    const key = await createEntry(db(), 'explore_permalink', { a: 1 }, admin);
    const entry = await getEntry(db(), 'explore_permalink', key);
    expect(entry).toMatchObject({ key, value: { a: 1 }, createdBy: admin });
    expect(typeof entry?.createdOn).toBe('string');
    // another resource does not see it
    expect(await getEntry(db(), 'sqllab_permalink', key)).toBeNull();
    expect(await getEntry(db(), 'explore_permalink', 'no-such-key')).toBeNull();

    expect(await updateEntry(db(), 'explore_permalink', key, { a: 2 })).toBe(true);
    expect((await getEntry(db(), 'explore_permalink', key))?.value).toEqual({ a: 2 });
    expect(await updateEntry(db(), 'explore_permalink', 'no-such-key', {})).toBe(false);

    expect(await deleteEntry(db(), 'explore_permalink', key)).toBe(true);
    expect(await deleteEntry(db(), 'explore_permalink', key)).toBe(false);
    expect(await getEntry(db(), 'explore_permalink', key)).toBeNull();
  });

  it('keeps no creator for guests, and forgets expired entries', async () => {
    const guest = await createEntry(db(), 'dashboard_filter_state', [1], 0);
    expect((await getEntry(db(), 'dashboard_filter_state', guest))?.createdBy).toBeNull();
    const anonymous = await createEntry(db(), 'dashboard_filter_state', 'x', null);
    expect((await getEntry(db(), 'dashboard_filter_state', anonymous))?.value).toBe('x');

    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    const expired = await createEntry(db(), 'explore_form_data', { b: 1 }, admin, { expiresOn: past });
    expect(await getEntry(db(), 'explore_form_data', expired)).toBeNull();
    const live = await createEntry(db(), 'explore_form_data', { b: 1 }, admin, { expiresOn: future });
    expect((await getEntry(db(), 'explore_form_data', live))?.value).toEqual({ b: 1 });
    // an update sets the expiry too
    expect(await updateEntry(db(), 'explore_form_data', live, { b: 2 }, { expiresOn: past })).toBe(true);
    expect(await getEntry(db(), 'explore_form_data', live)).toBeNull();
  });

  it('answers nothing for a stored value that is not JSON', async () => {
    const key = await createEntry(db(), 'sqllab_form', { c: 1 }, admin);
    await db().updateTable('key_value').set({ value: 'not json' }).where('key', '=', key).execute();
    expect(await getEntry(db(), 'sqllab_form', key)).toBeNull();
  });
});
