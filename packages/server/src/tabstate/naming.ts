import { UNTITLED_QUERY_PREFIX } from '@rama/shared';

/** Spec §3: tabs are named 'Untitled Query N', where N is one above the highest existing number. */
export function nextUntitledName(existing: readonly string[]): string {
  const prefix = `${UNTITLED_QUERY_PREFIX} `;
  let highest = 0;
  for (const name of existing) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    if (/^\d{1,9}$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  return `${prefix}${highest + 1}`;
}
