import { hasPermission } from '@rama/shared';
import { isAnonymousUser, useSession } from '../core/session';

/** Whether the signed-in user may add, edit and delete annotation layers and annotations (`can_write` on Annotation). */
export function useCanWriteAnnotations(): boolean {
  const { user } = useSession();
  return !isAnonymousUser(user) && hasPermission(user.roles ?? {}, 'can_write', 'Annotation');
}
