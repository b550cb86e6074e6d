/** Test helpers: datasets on the example database's tables, made through the HTTP API. */
import type { Client, TestServer } from './server.js';

/** A physical dataset on `main.{table}` of the examples database, made by `admin`; returns its id. */
export async function examplesDataset(server: TestServer, admin: Client, table: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: table });
  if (r.status !== 201) throw new Error(`creating the dataset ${table} failed: ${r.status} ${r.text}`);
  return r.body.id;
}
