/**
 * Operations on column names and the index: `flatten`, `rename` and `select`. The timeseries
 * client pivots, drops the metric level with `rename({metric: null}, level 0)` when there is one
 * metric, and flattens, so its series are named 'SEA', 'SFO' rather than 'AVG(delay), SEA'.
 */
import {
  type Frame,
  type FrameColumn,
  PostProcessingError,
  dataColumns,
  requireColumns,
  resetFirstIndexLevel,
  withDataColumns,
  withKey,
} from './frame.js';
import { type ColumnKey, type Label, FLAT_COLUMN_SEPARATOR, escapeSeparator } from './labels.js';
import { type Options, optBool, optRecord, stringList } from './options.js';

/** A level given by position (negative counts from the end) or by name. */
function levelPosition(frame: Frame, level: unknown): number {
  const count = frame.levelNames.length;
  if (typeof level === 'number' && Number.isInteger(level)) {
    const pos = level < 0 ? count + level : level;
    if (pos < 0 || pos >= count) throw new PostProcessingError(`Too many levels: Index has only ${count} levels, not ${level + 1}`);
    return pos;
  }
  if (typeof level === 'string') {
    const pos = frame.levelNames.indexOf(level);
    if (pos < 0) throw new PostProcessingError(`Level ${level} not found`);
    return pos;
  }
  throw new PostProcessingError(`Invalid level: ${String(level)}`);
}

/**
 * `flatten`: multi-level names become one name, levels joined with ', ', a comma inside a level
 * escaped and a dropped (null) level left out; `drop_levels` removes levels first. With
 * reset_index (the default) the first index level becomes the first column.
 */
export function flatten(frame: Frame, options: Options): Frame {
  const resetIndex = optBool(options, 'reset_index', true);
  let result = frame;
  if (frame.levelNames.length > 1) {
    const raw = options.drop_levels;
    const dropList: unknown[] = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
    const drop = new Set(dropList.map((l) => levelPosition(frame, l)));
    if (drop.size >= frame.levelNames.length) {
      throw new PostProcessingError(`Cannot remove ${drop.size} levels from an index with ${frame.levelNames.length} levels`);
    }
    const data = dataColumns(frame).map((col): FrameColumn => {
      const parts: string[] = [];
      col.key.forEach((label, i) => {
        if (!drop.has(i) && label !== null) parts.push(escapeSeparator(label));
      });
      return withKey(col, [parts.join(FLAT_COLUMN_SEPARATOR)]);
    });
    result = withDataColumns(frame, data, [null]);
  }
  return resetIndex ? resetFirstIndexLevel(result) : result;
}

/**
 * `rename`: old → new labels, in one level or in all of them; a new label null drops that label
 * from flattened names. Renaming onto labels that all exist already is refused ('Label already exists').
 */
export function rename(frame: Frame, options: Options): Frame {
  const mapping = optRecord(options, 'columns');
  if (!mapping || Object.keys(mapping).length === 0) return frame;
  requireColumns(frame, Object.keys(mapping));
  const level = options.level;
  const target = level === undefined || level === null ? null : levelPosition(frame, level);
  // Without a level the BI server checks against the level named None: the first one here.
  const checked = new Set<Label>(dataColumns(frame).map((c) => c.key[target ?? 0]));
  const newLabels = Object.values(mapping);
  for (const v of newLabels)
    if (v !== null && typeof v !== 'string') throw new PostProcessingError('`columns` must map column names to names or null');
  if (newLabels.every((v) => checked.has(v as Label))) throw new PostProcessingError('Label already exists');
  const map = new Map<string, Label>(Object.entries(mapping) as [string, Label][]);
  const data = dataColumns(frame).map((col): FrameColumn => {
    const key = col.key.map((label, i) =>
      (target === null || i === target) && label !== null && map.has(label) ? map.get(label)! : label,
    );
    return withKey(col, key);
  });
  return withDataColumns(frame, data);
}

function renameAll(key: ColumnKey, map: Map<string, unknown>): ColumnKey {
  return key.map((label) => (label !== null && map.has(label) ? (map.get(label) as Label) : label));
}

/** `select`: keep `columns` in that order (all when none), drop `exclude`, then `rename`. */
export function select(frame: Frame, options: Options): Frame {
  const columns = stringList(options, 'columns');
  const exclude = stringList(options, 'exclude');
  const renames = optRecord(options, 'rename');
  requireColumns(frame, [...columns, ...exclude, ...Object.keys(renames ?? {})]);
  let data = dataColumns(frame);
  if (columns.length > 0) data = columns.flatMap((label) => data.filter((c) => c.key[0] === label));
  if (exclude.length > 0) {
    const missing = exclude.filter((label) => !data.some((c) => c.key[0] === label));
    if (missing.length > 0) throw new PostProcessingError(`Referenced columns not available in DataFrame: ${missing.join(', ')}`);
    data = data.filter((c) => !exclude.includes(c.key[0] as string));
  }
  if (renames) {
    const map = new Map(Object.entries(renames));
    data = data.map((c) => withKey(c, renameAll(c.key, map)));
  }
  return withDataColumns(frame, data);
}
