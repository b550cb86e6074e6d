/**
 * A version's one-line summary in the reader's language (issue 30). The server writes summaries in
 * English (`summary.ts` in the shared package: parts joined by "; ", e.g. "layout: moved 3 charts;
 * title changed") and stores them; this translates one when it is shown. Each part is looked up by
 * its exact words or read by a pattern built once here; the names a summary quotes (columns,
 * metrics, controls) stay as they are, and a part not recognised stays in English. In English the
 * summary is returned as it is.
 */
import {
  SUMMARY_BASELINE,
  SUMMARY_CREATED,
  SUMMARY_HISTORY_STARTS,
  SUMMARY_IMPORTED,
  SUMMARY_NO_CHANGES,
  restoredDeletedSummary,
  restoredSummary,
} from '@rama/shared';
import { currentLanguage, t } from '../i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Parts written with fixed words, by the key of their message in versions.json. */
const FIXED: Readonly<Record<string, string>> = {
  [SUMMARY_CREATED]: 'summary.created',
  [SUMMARY_NO_CHANGES]: 'summary.noChanges',
  [SUMMARY_HISTORY_STARTS]: 'summary.historyStarts',
  [SUMMARY_BASELINE]: 'summary.baseline',
  [SUMMARY_IMPORTED]: 'summary.imported',
  'title changed': 'summary.titleChanged',
  'visualization type changed': 'summary.vizTypeChanged',
  'dataset changed': 'summary.datasetChanged',
  'description changed': 'summary.descriptionChanged',
  'cache timeout changed': 'summary.cacheTimeoutChanged',
  'certification changed': 'summary.certificationChanged',
  // a dashboard's metadata groups ("<label> changed"): one message each, so French can agree
  'native filters changed': 'summary.nativeFiltersChanged',
  'colors changed': 'summary.colorsChanged',
  'cross-filters changed': 'summary.crossFiltersChanged',
  'refresh frequency changed': 'summary.refreshFrequencyChanged',
  'properties changed': 'summary.propertiesChanged',
  'CSS changed': 'summary.cssChanged',
  'URL slug changed': 'summary.slugChanged',
  published: 'summary.published',
  hidden: 'summary.hidden',
  'SQL changed': 'summary.sqlChanged',
  'name changed': 'summary.nameChanged',
  'source changed': 'summary.sourceChanged',
  'settings changed': 'summary.settingsChanged',
  'database changed': 'summary.databaseChanged',
  'parameters changed': 'summary.parametersChanged',
  'layout: changed': 'summary.layoutChanged',
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pattern from a shared function of a number: its words, the number captured. */
const numbered = (write: (n: number) => string): RegExp => {
  const mark = 987654321;
  const [before, after] = write(mark).split(String(mark));
  return new RegExp(`^${escape(before)}(\\d+)${escape(after ?? '')}$`);
};

const RESTORED = numbered(restoredSummary);
const RESTORED_DELETED = numbered(restoredDeletedSummary);
const LAYOUT = /^layout: (.+)$/;
const LAYOUT_BIT = /^(moved|resized|added|removed) (\d+) charts?$/;
const CONTROLS = /^controls: (.+) changed$/;
/** "columns: c added, b removed, a changed": each kind at most once, in that order */
const LIST = /^(columns|metrics): (.+)$/;
const LIST_BITS = [
  ['added', /^(.+?) added(?:, (.+))?$/],
  ['removed', /^(.+?) removed(?:, (.+))?$/],
  ['changed', /^(.+) changed()$/],
] as const;
const MORE = /^(.+) and (\d+) more$/;
const ELLIPSIS = '…';

/** "a, b, c and 2 more" in the current language, with how many names it stands for. */
function names(list: string, tr: Translate): { names: string; count: number } {
  const more = MORE.exec(list);
  if (!more) return { names: list, count: list.split(', ').length };
  const count = more[1].split(', ').length + Number(more[2]);
  return { names: tr('versions:summary.more', { names: more[1], count: Number(more[2]) }), count };
}

function layoutPart(bits: string, tr: Translate): string | null {
  const out: string[] = [];
  for (const bit of bits.split(', ')) {
    const m = LAYOUT_BIT.exec(bit);
    if (!m) return null;
    out.push(tr(`versions:summary.layout.${m[1]}`, { count: Number(m[2]) }));
  }
  return tr('versions:summary.layout', { changes: out.join(', ') });
}

function listPart(label: string, rest: string, tr: Translate): string | null {
  const out: string[] = [];
  let left: string | undefined = rest;
  for (const [kind, pattern] of LIST_BITS) {
    if (!left) break;
    const m = pattern.exec(left);
    if (!m) continue;
    out.push(tr(`versions:summary.list.${kind}`, names(m[1], tr)));
    left = m[2] || undefined;
  }
  if (left || !out.length) return null;
  return tr('versions:summary.list', { label: tr(`versions:summary.list.${label}`), changes: out.join(', ') });
}

/** One part of a summary in the current language, or null when it is not one summary.ts writes. */
function part(text: string, tr: Translate): string | null {
  const fixed = Object.hasOwn(FIXED, text) ? FIXED[text] : undefined;
  if (fixed) return tr(`versions:${fixed}`);
  let m = RESTORED.exec(text);
  if (m) return tr('versions:summary.restored', { version: Number(m[1]) });
  m = RESTORED_DELETED.exec(text);
  if (m) return tr('versions:summary.restoredDeleted', { version: Number(m[1]) });
  m = CONTROLS.exec(text);
  if (m) return tr('versions:summary.controls', names(m[1], tr));
  m = LAYOUT.exec(text);
  if (m) return layoutPart(m[1], tr);
  m = LIST.exec(text);
  if (m) return listPart(m[1], m[2], tr);
  return null;
}

/**
 * A stored summary with the messages of `tr`: each "; "-separated part translated when it is one
 * summary.ts writes, the others (and a part the length limit cut) left as they are. Exported for
 * the test that reads every summary back with the English messages.
 */
export function translateSummary(english: string, tr: Translate): string {
  const cut = english.endsWith(ELLIPSIS);
  // a cut may fall just after a separator ("title changed;…"): that part is whole
  const end = cut ? (/;\s*…$/.exec(english)?.[0] ?? ELLIPSIS) : '';
  const body = english.slice(0, english.length - end.length);
  const parts = body.split('; ').map((p) => {
    try {
      return part(p, tr) ?? p;
    } catch {
      return p;
    }
  });
  return parts.join('; ') + end;
}

/** A version summary as the reader's language writes it; in English, the summary itself. */
export function summaryText(english: string): string {
  if (!english || currentLanguage() === 'en') return english;
  try {
    return translateSummary(english, (key, options) => t(key, options));
  } catch {
    return english;
  }
}
