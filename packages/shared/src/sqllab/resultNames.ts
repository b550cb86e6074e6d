/**
 * Names SQL Lab gives what it makes from a result (issue 26 item 3): both follow the tab's
 * current name, so a query saved as "Delays by origin" downloads `Delays_by_origin_….csv` and
 * offers "Delays by origin …" as its dataset name, not "Untitled Query 1".
 */

/** Dataset names are at most this long (the dataset's `table_name`). */
export const MAX_DATASET_NAME = 250;

const pad = (n: number) => String(n).padStart(2, '0');

/** "<tab name> <local date time>": a new name each second, so saving again does not collide. */
export function defaultDatasetName(tab: string | null | undefined, now: Date = new Date()): string {
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return `${tab?.trim() || 'Query'} ${stamp}`.slice(0, MAX_DATASET_NAME);
}

/** `<tab name>_<UTC yyyy-mm-ddHHMMSS>.csv`, with only safe file-name characters (as the server names it). */
export function csvFileName(tab: string | null | undefined, now: Date = new Date()): string {
  const base = (tab?.trim() || 'query').replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 200);
  return `${base}_${now.toISOString().slice(0, 19).replace(/[:T]/g, '')}.csv`;
}
