/** pg, pg-cursor and pg-copy-streams, imported on the first PostgreSQL connection (see ../lazy-driver.ts). */
import { LazyDriver } from '../lazy-driver.js';

export const pgDriver = new LazyDriver(async () => {
  const [pg, cursor, copy] = await Promise.all([import('pg'), import('pg-cursor'), import('pg-copy-streams')]);
  return { pg: pg.default, Cursor: cursor.default, copyFrom: copy.from };
});
