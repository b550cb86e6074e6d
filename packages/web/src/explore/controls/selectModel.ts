/**
 * The select control's rules as pure functions: choices fixed or computed from the context,
 * antd option keys for values of any type (null, numbers, strings), free-form entry, and spec
 * section 5 "a select control without free-form entry drops values that are not among its choices".
 */
import type { ChoiceList, ControlConfig, ControlContext } from '@rama/shared';

export function resolveChoices(config: Pick<ControlConfig, 'choices'>, ctx: ControlContext): ChoiceList {
  const { choices } = config;
  if (!choices) return [];
  return typeof choices === 'function' ? choices(ctx) : choices;
}

/** A stable string key for a choice value (antd option values must be strings or numbers). */
export function optionKey(value: unknown): string {
  return JSON.stringify(value ?? null);
}

const sameValue = (a: unknown, b: unknown) => optionKey(a) === optionKey(b);

export function isAmongChoices(value: unknown, choices: ChoiceList): boolean {
  return choices.some(([v]) => sameValue(v, value));
}

/** Text typed into a free-form select: a number when the choices are numbers (row limits), else the text. */
export function parseFreeForm(text: string, choices: ChoiceList): unknown {
  const t = text.trim();
  const numeric = choices.length > 0 && choices.every(([v]) => typeof v === 'number' || v === null);
  return numeric && t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
}

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];

/** The value an antd option key stands for: a choice's value, a value already held, or newly typed text. */
export function valueOfKey(key: string, choices: ChoiceList, current?: unknown): unknown {
  const found = choices.find(([v]) => optionKey(v) === key);
  if (found) return found[0];
  const held = asList(current).find((v) => optionKey(v) === key);
  if (held !== undefined) return held;
  return parseFreeForm(key, choices);
}

export interface SelectOption {
  value: string;
  label: string;
}

/** The options to show: the choices, plus free-form values already chosen so they stay visible. */
export function selectOptions(choices: ChoiceList, value: unknown, freeForm: boolean | undefined): SelectOption[] {
  const options = choices.map(([v, label]) => ({ value: optionKey(v), label }));
  if (!freeForm) return options;
  for (const v of asList(value)) {
    if (!isAmongChoices(v, choices)) options.unshift({ value: optionKey(v), label: String(v) });
  }
  return options;
}

/**
 * Spec section 5: without free-form entry, values outside the choices are dropped (a multi select
 * keeps the rest; a single one becomes null). Free-form selects keep what they hold.
 */
export function sanitizeSelectValue(value: unknown, choices: ChoiceList, config: Pick<ControlConfig, 'freeForm' | 'multi'>): unknown {
  if (config.freeForm || value === undefined || value === null) return value;
  if (config.multi) return (Array.isArray(value) ? value : [value]).filter((v) => isAmongChoices(v, choices));
  if (Array.isArray(value)) return value.find((v) => isAmongChoices(v, choices)) ?? null;
  return isAmongChoices(value, choices) ? value : null;
}
