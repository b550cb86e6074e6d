/**
 * The chart controls' texts the shared package declares in English (issue 30 item 4), as the
 * control panel shows them: section titles and descriptions, control labels, descriptions and
 * placeholders, the labels of select choices and the validators' messages. They are looked up by
 * their English words in `controls.json` (`sharedText('controls', english)`); `controlPanelTexts()`
 * lists every one of them, so a test can tell which a language file lacks.
 */
import {
  CURRENCY_POSITION_CHOICES,
  TIME_TABLE_COLUMN_TYPES,
  TIME_TABLE_COMPARISONS,
  VIZ_DEFINITIONS,
  sharedControls,
  type ChoiceList,
  type ControlConfig,
  type ControlContext,
  type ExploreDatasource,
  type QueryFormData,
} from '@rama/shared';
import { sharedText, t } from '../../i18n';

/** A control text as the panel shows it in the current language (the English where none is known). */
export function controlText(english: string | undefined): string {
  if (!english) return english ?? '';
  return unquoteBraces(sharedText('controls', english));
}

/**
 * The language files hold valid ICU messages, so literal braces that are no argument (a Jinja-like
 * `{{ metric }}`) are quoted there (`'{{ metric }}'`); the text shows them without the quotes.
 */
function unquoteBraces(text: string): string {
  return text.includes("'{") ? text.replace(/'([{}][^']*)'/g, '$1') : text;
}

/**
 * The validator messages built around a number (`Value cannot exceed 50000`): the pattern's English
 * with its argument, a key of `controls.json` like the fixed texts.
 */
const PATTERNED: { pattern: RegExp; english: string; argument: string }[] = [
  { pattern: /^Value cannot exceed (-?[\d.e+]+)$/, english: 'Value cannot exceed {max}', argument: 'max' },
];

/** A validator's message in the current language: a fixed text, or one of the patterns above. */
export function validatorMessage(english: string): string {
  for (const { pattern, english: key, argument } of PATTERNED) {
    const match = pattern.exec(english);
    // the key is English words: no namespace or key separator in it
    if (match) return t(key, { ns: 'controls', nsSeparator: false, keySeparator: false, [argument]: match[1] });
  }
  return controlText(english);
}

/** A column's or a metric's name (or verbose name): data, shown as it is. */
function isDataName(label: string, datasource: ExploreDatasource | null): boolean {
  if (!datasource) return false;
  return (
    datasource.columns.some((c) => c.column_name === label || c.verbose_name === label) ||
    datasource.metrics.some((m) => m.metric_name === label || m.verbose_name === label)
  );
}

/**
 * A select choice's label as shown: the shared package's words in the current language; choices
 * computed from the dataset keep its columns' and metrics' names as they are.
 */
export function choiceLabel(label: string, config: Pick<ControlConfig, 'choices'>, ctx: ControlContext): string {
  if (typeof config.choices === 'function' && isDataName(label, ctx.datasource)) return label;
  return controlText(label);
}

/** A control's validation error after its label, as the run button's tooltip says it: `Metrics: cannot be empty`. */
export function validationErrorText(label: string, message: string): string {
  return t('explorecontrols:labelledError', { label: controlText(label), message: validatorMessage(message) });
}

/** Texts of the shared package the control widgets show besides the panels' (currency position, time table columns). */
const WIDGET_TEXTS: readonly (readonly [unknown, string])[] = [
  ...CURRENCY_POSITION_CHOICES,
  ...TIME_TABLE_COLUMN_TYPES,
  ...TIME_TABLE_COMPARISONS,
];

/** A choice label worth translating: a word in it (not a format specifier such as `,.2f` or `45°`). */
const isText = (label: string) => /[A-Za-z]{2}/.test(label) && !/^%[A-Za-z]/.test(label);

/** The contexts the dynamic parts are probed with: nothing chosen yet, and a few common settings. */
function probeContexts(): ControlContext[] {
  const formData = (extra: Record<string, unknown> = {}): QueryFormData => ({ viz_type: 'table', datasource: '1__table', ...extra });
  const datasource = null as ExploreDatasource | null;
  return [
    { formData: formData(), datasource, sqlMaxRow: 100000 },
    { formData: formData({ x_axis: '_x', granularity_sqla: '_x', query_mode: 'raw' }), datasource, sqlMaxRow: 100000 },
  ];
}

/** The values a validator is probed with, to hear each of its messages. */
const PROBE_VALUES: unknown[] = [null, '', [], 'abc', -1, 0, 1.5, 1e12, '1.5', ['x'], '["x", 1]', [['x', 'y']], [{}]];

function choicesOf(config: ControlConfig, ctx: ControlContext): ChoiceList {
  try {
    return typeof config.choices === 'function' ? config.choices(ctx) : (config.choices ?? []);
  } catch {
    return [];
  }
}

/** Every text the chart types' control panels show, English, in panel order. */
export function controlPanelTexts(): string[] {
  const texts = new Set<string>();
  const add = (text: string | undefined) => {
    if (text && text.trim()) texts.add(text);
  };
  const contexts = probeContexts();
  const controlTexts = (config: ControlConfig) => {
    add(config.label);
    add(config.description);
    add(config.placeholder);
    for (const ctx of contexts) for (const [, label] of choicesOf(config, ctx)) if (typeof label === 'string' && isText(label)) add(label);
    for (const validator of config.validators ?? [])
      for (const ctx of contexts)
        for (const value of PROBE_VALUES) {
          let message: string | false = false;
          try {
            message = validator(value, ctx);
          } catch {
            message = false;
          }
          if (typeof message === 'string') add(PATTERNED.find((p) => p.pattern.test(message as string))?.english ?? message);
        }
  };
  for (const definition of VIZ_DEFINITIONS.values()) {
    const { sections, controls } = definition.controlPanel;
    for (const section of sections) {
      add(section.label);
      add(section.description);
      for (const name of section.controlSetRows.flat()) {
        const config = controls[name] ?? sharedControls[name];
        // a hidden control is never shown
        if (config && config.type !== 'HiddenControl') controlTexts(config);
      }
    }
  }
  for (const [, label] of WIDGET_TEXTS) add(label);
  return [...texts];
}
