/**
 * A page number no list could reach is a 400 naming `page`, on every list endpoint, not a 500 from
 * the metadata store (SQLite read 1e20 × page_size as a float: "datatype mismatch").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
});
afterAll(async () => server?.close());

const LISTS = [
  '/api/v1/chart/',
  '/api/v1/dashboard/',
  '/api/v1/dataset/',
  '/api/v1/database/',
  '/api/v1/saved_query/',
  '/api/v1/report/',
  '/api/v1/query/',
  '/api/v1/log/',
  '/api/v1/security/users/',
];

describe('list paging bounds', () => {
  it.each(LISTS)('%s answers 400 for page 99999999999999999999', async (path) => {
    const r = await admin.get(`${path}?q=(page:99999999999999999999)`);
    expect(r.status, r.text).toBe(400);
    expect(r.body).toEqual({ message: { page: ['Must be at most 1000000.'] } });
  });

  it.each(LISTS)('%s still answers the last reachable page (empty)', async (path) => {
    const r = await admin.get(`${path}?q=(page:1000000,page_size:1000)`);
    expect(r.status, r.text).toBe(200);
  });
});
