/**
 * Tab names in the user's language. The spec's rules (packages/shared `nextUntitledName`,
 * `cloneName`) stay the reference: in English the names are exactly theirs ('Untitled Query 3',
 * 'Copy of Sales'). In another language a new tab is named in it ('Requête sans titre 3'), and that
 * name is what the tab keeps and the server stores: it is what the user saw at creation.
 */
import { nextUntitledName, UNTITLED_PREFIX } from '@rama/shared';
import { t } from '../../i18n';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The untitled name with number N, in the current language. */
const untitledName = (n: string) => t('sqllab:tabs.untitled', { number: n });

/**
 * The next 'Untitled Query N': N is one above the highest number of the untitled tabs, whether
 * they were named in English or in the current language.
 */
export function nextUntitledTabName(names: readonly string[]): string {
  const MARK = '\u0000';
  const [before, after = ''] = untitledName(MARK).split(MARK);
  const localized = new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`);
  const asEnglish = names.map((name) => {
    const m = localized.exec(name);
    return m ? `${UNTITLED_PREFIX} ${m[1]}` : name;
  });
  const next = nextUntitledName(asEnglish).slice(UNTITLED_PREFIX.length + 1);
  return untitledName(next);
}

/** 'Copy of {name}', in the current language. */
export const copyTabName = (name: string): string => t('sqllab:tabs.copyOf', { name });

/** The name of a tab opened from a permalink that has none. */
export const sharedQueryTabName = (): string => t('sqllab:tabs.sharedQuery');
