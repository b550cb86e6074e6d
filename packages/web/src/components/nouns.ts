/**
 * Counted nouns of the list pages in the reader's language. The pages name their rows as English
 * [one, many] pairs ("saved query", "saved queries"); a count of them is looked up in
 * components.json by the English plural ("count.saved queries": "{count, plural, one {# saved
 * query} other {# saved queries}}"), with the English pair as the fallback for a noun not there yet.
 */
import { i18n, t } from '../i18n';

export type Noun = readonly [string, string];

/** "1 chart", "12 charts"; "12 graphiques" in French. */
export function countOf(noun: Noun, count: number): string {
  const key = `components:count.${noun[1]}`;
  return i18n.exists(key) ? t(key, { count }) : `${count} ${count === 1 ? noun[0] : noun[1]}`;
}

/** "the selected datasets" in the reader's language. */
export function selectionPhrase(english: string): string {
  const key = `components:selection.${english}`;
  return i18n.exists(key) ? t(key) : english;
}
