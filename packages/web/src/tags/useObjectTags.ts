import { useTagObjectMutation, useUntagObjectMutation } from './tagApi';
import { tagChanges, type TagObjectType } from './tagRules';

/**
 * Save a tag select's change on one object: the new names are added (created when new) in one
 * request, each removed name is one DELETE, as the peer's tagging API takes them.
 */
export function useSaveObjectTags() {
  const [tagObject] = useTagObjectMutation();
  const [untagObject] = useUntagObjectMutation();
  return async (type: TagObjectType, id: number, before: string[], after: string[]): Promise<void> => {
    const { add, remove } = tagChanges(before, after);
    if (add.length) await tagObject({ type, id, names: add }).unwrap();
    for (const name of remove) await untagObject({ type, id, name }).unwrap();
  };
}
