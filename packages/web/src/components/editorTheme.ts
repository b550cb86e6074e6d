/**
 * The editor's look (antd-like, light or dark: its colours are the app's CSS variables, the syntax
 * colours a dark set of their own) and the SQL flavour a database's editor dialect names.
 */
import { MariaSQL, MySQL, PostgreSQL, SQLite, StandardSQL, type SQLDialect } from '@codemirror/lang-sql';
import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { ThemeMode } from '@rama/shared';
import type { EditorDialectInfo } from '@rama/shared';

/** CodeMirror's SQL flavours, by the name the server sends (`engine_information.editor_dialect.highlight`). */
const FLAVOURS: Record<string, SQLDialect> = { PostgreSQL, MySQL, MariaSQL, SQLite, StandardSQL };

/** The CodeMirror SQL flavour a database's editor dialect names; standard SQL for a name it does not know. */
export function codeMirrorDialect(dialect: Pick<EditorDialectInfo, 'highlight'> | null | undefined): SQLDialect {
  const name = dialect?.highlight ?? '';
  return Object.hasOwn(FLAVOURS, name) ? FLAVOURS[name] : StandardSQL;
}

const MONO = "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace";
const BRAND = 'var(--rama-brand)';

/** Letters in the completion list, one per option kind. */
const ICONS: Record<string, string> = {
  keyword: 'K',
  function: 'ƒ',
  schema: 'S',
  table: 'T',
  view: 'V',
  column: 'C',
  alias: 'A',
  cte: 'W',
};

const iconRules = Object.fromEntries(
  Object.entries(ICONS).map(([type, letter]) => [`.cm-completionIcon-${type}:after`, { content: `'${letter}'` }]),
);

const editorStyles: Parameters<typeof EditorView.theme>[0] = {
  '&': { fontSize: '13px', backgroundColor: 'var(--rama-surface)', color: 'var(--rama-text)', height: '100%' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: MONO, lineHeight: '1.6' },
  '.cm-content': { padding: '6px 0', caretColor: BRAND },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: BRAND, borderLeftWidth: '2px' },
  '.cm-gutters': {
    backgroundColor: 'var(--rama-surface-subtle)',
    color: 'var(--rama-text-muted)',
    borderRight: '1px solid var(--rama-border)',
  },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 10px 0 14px', minWidth: '32px' },
  '.cm-activeLine': { backgroundColor: 'rgba(31, 122, 140, 0.045)' },
  '.cm-activeLineGutter': { backgroundColor: 'rgba(31, 122, 140, 0.08)', color: 'var(--rama-text-secondary)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'rgba(31, 122, 140, 0.2) !important',
  },
  '.cm-selectionMatch': { backgroundColor: 'rgba(31, 122, 140, 0.12)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'rgba(31, 122, 140, 0.18)', outline: '1px solid rgba(31, 122, 140, 0.35)' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'rgba(207, 19, 34, 0.15)' },
  '.cm-foldGutter .cm-gutterElement': { color: 'var(--rama-text-muted)' },
  '.cm-tooltip': {
    border: '1px solid var(--rama-border)',
    borderRadius: '6px',
    boxShadow: '0 6px 16px rgba(16, 40, 48, 0.12)',
    backgroundColor: 'var(--rama-surface)',
    color: 'var(--rama-text)',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: MONO, fontSize: '12.5px', maxHeight: '16em', minWidth: '240px' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '2px 8px 2px 4px', lineHeight: '1.7' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--rama-brand-soft)', color: 'var(--rama-brand-strong)' },
  '.cm-completionDetail': { color: 'var(--rama-text-muted)', fontStyle: 'normal', marginLeft: '12px', float: 'right' },
  '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: '600', color: BRAND },
  '.cm-completionIcon': {
    width: '1.4em',
    opacity: '1',
    fontSize: '10px',
    fontWeight: '700',
    textAlign: 'center',
    color: 'var(--rama-text-muted)',
    paddingRight: '6px',
  },
  '.cm-completionIcon-column, .cm-completionIcon-alias': { color: 'var(--rama-accent)' },
  '.cm-completionIcon-table, .cm-completionIcon-view, .cm-completionIcon-cte': { color: BRAND },
  '.cm-completionIcon-function': { color: 'var(--rama-syntax-function)' },
  ...iconRules,
  '.cm-panels': { backgroundColor: 'var(--rama-surface-subtle)', color: 'var(--rama-text)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--rama-border)' },
  '.cm-panel.cm-search': { padding: '6px 10px', fontSize: '12px' },
  '.cm-panel.cm-search label': { color: 'var(--rama-text-secondary)', fontSize: '12px' },
  '.cm-textfield': {
    border: '1px solid var(--rama-border-strong)',
    backgroundColor: 'var(--rama-surface)',
    color: 'var(--rama-text)',
    borderRadius: '4px',
    padding: '2px 6px',
    fontSize: '12px',
    outline: 'none',
  },
  '.cm-textfield:focus': { borderColor: BRAND, boxShadow: '0 0 0 2px rgba(31, 122, 140, 0.15)' },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--rama-surface)',
    border: '1px solid var(--rama-border-strong)',
    borderRadius: '4px',
    padding: '2px 10px',
    fontSize: '12px',
    color: 'var(--rama-text)',
  },
  '.cm-button:hover': { borderColor: BRAND, color: BRAND },
  '.cm-searchMatch': { backgroundColor: 'rgba(250, 173, 20, 0.3)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'rgba(250, 173, 20, 0.6)' },
};

/**
 * CodeMirror's default syntax colours and their dark counterparts: the same roles (keywords purple,
 * strings warm, numbers green, comments quiet), lifted to read on the dark surface (editor.test.ts
 * checks each against it for WCAG AA).
 */
export const DARK_SYNTAX: Record<string, string> = {
  '#708': '#c792ea', // keyword
  '#219': '#82aaff', // atom, bool
  '#164': '#addb67', // number, literal
  '#a11': '#f4a06b', // string
  '#e40': '#ff9e64', // regexp, escape
  '#00f': '#82aaff', // defined variable
  '#30a': '#b4a5f0', // local variable
  '#085': '#5fd7c4', // type name
  '#167': '#6fc3d9', // class name
  '#256': '#7fb8e6', // special variable
  '#00c': '#8fb0ff', // defined property
  '#940': '#93a1a8', // comment
  '#f00': '#ff7875', // invalid
  '#404740': '#a3b0b6', // meta
};

const darkHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => {
    const color = typeof spec.color === 'string' ? spec.color.toLowerCase() : undefined;
    return color && DARK_SYNTAX[color] ? { ...spec, color: DARK_SYNTAX[color] } : spec;
  }),
  { themeType: 'dark' },
);

const LIGHT: Extension = EditorView.theme(editorStyles, { dark: false });
const DARK: Extension = [EditorView.theme(editorStyles, { dark: true }), syntaxHighlighting(darkHighlightStyle)];

/** SQL Lab's editor look for the drawn theme. */
export function editorThemeFor(mode: ThemeMode): Extension {
  return mode === 'dark' ? DARK : LIGHT;
}
