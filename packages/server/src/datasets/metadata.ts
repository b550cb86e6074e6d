import type { ExploreDatasource } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError, typedError } from '../http/errors.js';
import { MAX_ID, presentExploreDatasource } from './present.js';
import { specOf, type DatasetService } from './service.js';
import { ownersWithNames } from '../metadata/repos/owners.js';
import { columnsOf, metricsOf } from '../metadata/repos/datasets.js';

/** One answer for a bad key, a missing dataset and one the user may not see. */
export const datasourceNotFound = () => typedError(404, 'Datasource does not exist', 'OBJECT_DOES_NOT_EXIST_ERROR');

/** The dataset id of a datasource key (`7__table`); null for any other key. */
export function datasetIdOfKey(key: unknown): number | null {
  if (typeof key !== 'string') return null;
  const m = /^(\d{1,10})__table$/.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The dataset as Explore reads it, when the user may see it (404 otherwise). */
export async function loadExploreDatasource(
  ctx: AppContext,
  service: DatasetService,
  user: Principal,
  id: number,
): Promise<ExploreDatasource> {
  const db = ctx.store.db;
  let found;
  try {
    found = await service.visible(user, id);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) throw datasourceNotFound();
    throw e;
  }
  const { row, database } = found;
  const [columns, metrics, owners] = await Promise.all([
    columnsOf(db, row.id),
    metricsOf(db, row.id),
    ownersWithNames(db, 'dataset', row.id),
  ]);
  const { backend, spec } = specOf(database);
  return presentExploreDatasource({
    row,
    database: { id: database.id, database_name: database.database_name, backend },
    spec,
    columns,
    metrics,
    owners,
  });
}
