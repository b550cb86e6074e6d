/**
 * Server-side check of a saved `position_json` (spec section 5 "Dashboard layout"): known types,
 * the nesting table with its depths, chart ids 1..65535, ids matching their keys, children that
 * exist and sit in one place only; and the sizes of nesting.ts (text, components, levels), so no
 * layout that is costly to read, render or export is stored. Chart existence is checked by the
 * server with chartIdsInLayout.
 */
import { toChartId } from './layout.js';
import { MAX_LAYOUT_COMPONENTS, MAX_LAYOUT_DEPTH, MAX_POSITION_JSON_LENGTH, isValidChild } from './nesting.js';
import { childDepth } from './tree.js';
import { CHART_TYPE, DASHBOARD_VERSION_KEY, LAYOUT_TYPES, MAX_CHART_ID, ROOT_ID, ROOT_TYPE } from './types.js';

export const POSITION_MESSAGES = {
  invalidJson: 'position_json is not valid JSON',
  notAnObject: 'position_json must be an object of components',
  noRoot: 'The layout has no root component (ROOT_ID)',
  rootChildren: 'The root must hold exactly one grid or tabs component',
  notAComponent: (key: string) => `${key} is not a layout component`,
  idMismatch: (key: string) => `Component ${key} must carry its own key as id`,
  unknownType: (key: string, type: string) => `Component ${key} has an unknown type "${type}"`,
  badChildren: (key: string) => `Component ${key} has children that are not a list of ids`,
  missingChild: (key: string, child: string) => `Component ${key} lists a child ${child} that does not exist`,
  badChartId: (key: string) => `Chart ${key} needs a chart id from 1 to ${MAX_CHART_ID}`,
  badNesting: (parent: string, parentType: string, child: string, childType: string) =>
    `A ${childType} (${child}) cannot be placed in a ${parentType} (${parent}) here`,
  placedTwice: (key: string) => `Component ${key} is placed more than once`,
  tooLong: `position_json is longer than ${MAX_POSITION_JSON_LENGTH / 1024 / 1024} MB, the limit`,
  tooManyComponents: `The layout has more than ${MAX_LAYOUT_COMPONENTS.toLocaleString('en-US')} components, the limit`,
  tooDeep: (key: string) => `Component ${key} is nested more than ${MAX_LAYOUT_DEPTH} levels deep, the limit`,
} as const;

/** At most this many errors are listed: a broken layout does not need thousands of lines. */
const MAX_ERRORS = 50;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reasons `value` (a JSON string or the parsed object) is not a layout to store; empty when it is. */
export function validatePositionJson(value: unknown): string[] {
  let raw: unknown = value;
  if (typeof value === 'string') {
    if (value.length > MAX_POSITION_JSON_LENGTH) return [POSITION_MESSAGES.tooLong];
    try {
      raw = JSON.parse(value);
    } catch {
      return [POSITION_MESSAGES.invalidJson];
    }
  }
  if (!isPlainObject(raw)) return [POSITION_MESSAGES.notAnObject];
  const count = Object.keys(raw).length - (Object.hasOwn(raw, DASHBOARD_VERSION_KEY) ? 1 : 0);
  if (count > MAX_LAYOUT_COMPONENTS) return [POSITION_MESSAGES.tooManyComponents];
  const errors: string[] = [];
  const components = new Map<string, { type: string; children: string[] }>();
  for (const [key, entry] of Object.entries(raw)) {
    if (key === DASHBOARD_VERSION_KEY) continue;
    if (!isPlainObject(entry)) {
      errors.push(POSITION_MESSAGES.notAComponent(key));
      continue;
    }
    if (entry.id !== key) errors.push(POSITION_MESSAGES.idMismatch(key));
    const type = entry.type;
    if (typeof type !== 'string' || !(LAYOUT_TYPES as readonly string[]).includes(type)) {
      errors.push(POSITION_MESSAGES.unknownType(key, String(type)));
      continue;
    }
    const children = entry.children ?? [];
    if (!Array.isArray(children) || children.some((c) => typeof c !== 'string')) {
      errors.push(POSITION_MESSAGES.badChildren(key));
      continue;
    }
    if (type === CHART_TYPE) {
      const chartId = isPlainObject(entry.meta) ? entry.meta.chartId : undefined;
      if (typeof chartId !== 'number' || toChartId(chartId) === null) errors.push(POSITION_MESSAGES.badChartId(key));
    }
    components.set(key, { type, children: children as string[] });
  }
  for (const [key, { children }] of components) {
    for (const child of children) if (!components.has(child)) errors.push(POSITION_MESSAGES.missingChild(key, child));
  }
  const root = components.get(ROOT_ID);
  if (!root || root.type !== ROOT_TYPE) return [...errors, POSITION_MESSAGES.noRoot].slice(0, MAX_ERRORS);
  if (root.children.length !== 1) errors.push(POSITION_MESSAGES.rootChildren);

  // the tree from the root: nesting at each depth, levels below the root, each component in one place
  const placed = new Set([ROOT_ID]);
  const stack: [string, number, number][] = [[ROOT_ID, 0, 0]];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const [id, depth, level] = stack.pop() as [string, number, number];
    const parent = components.get(id);
    if (!parent) continue;
    if (level >= MAX_LAYOUT_DEPTH && parent.children.some((c) => components.has(c))) {
      // one message for the deepest branch is enough: what hangs below is not walked
      errors.push(POSITION_MESSAGES.tooDeep(id));
      break;
    }
    for (const childId of parent.children) {
      const child = components.get(childId);
      if (!child) continue;
      if (placed.has(childId)) {
        errors.push(POSITION_MESSAGES.placedTwice(childId));
        continue;
      }
      placed.add(childId);
      if (!isValidChild({ parentType: parent.type, childType: child.type, parentDepth: depth })) {
        errors.push(POSITION_MESSAGES.badNesting(id, parent.type, childId, child.type));
      }
      stack.push([childId, childDepth(parent.type, depth), level + 1]);
    }
  }
  return errors.slice(0, MAX_ERRORS);
}
