/**
 * Who is offered "Restore" in the History panel: the server's rule (versions/service.ts), which
 * answers anyone else as if the object were not there. Everyone who may read the object lists,
 * previews and compares its versions.
 */
import type { VersionedType } from '@rama/shared';
import type { Access } from '../core/session';

type WriteFlag = 'canWriteChart' | 'canWriteDashboard' | 'canWriteDataset' | 'canWriteSavedQuery';

/** the write permission each type's restore route needs (`can_write` on Chart, Dashboard, …) */
const WRITE: Record<VersionedType, WriteFlag> = {
  chart: 'canWriteChart',
  dashboard: 'canWriteDashboard',
  dataset: 'canWriteDataset',
  saved_query: 'canWriteSavedQuery',
};

/**
 * The type's write permission, and being an owner of the object or an admin. `owners` null: the
 * object belongs to whoever may see it (a saved query: only its owner and admins see one).
 */
export function canRestoreVersions(
  type: VersionedType,
  access: Pick<Access, 'isAdmin' | WriteFlag>,
  userId: number,
  owners: readonly (number | { id: number })[] | null,
): boolean {
  if (!access[WRITE[type]]) return false;
  if (access.isAdmin || owners === null) return true;
  return owners.some((o) => (typeof o === 'number' ? o : o.id) === userId);
}
