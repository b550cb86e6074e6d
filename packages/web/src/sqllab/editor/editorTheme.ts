/** The editor's look (antd-like, light) and the SQL flavour a database's editor dialect names. */
import { MariaSQL, MySQL, PostgreSQL, SQLite, StandardSQL, type SQLDialect } from '@codemirror/lang-sql';
import { EditorView } from '@codemirror/view';
import type { EditorDialectInfo } from '@rama/shared';

/** CodeMirror's SQL flavours, by the name the server sends (`engine_information.editor_dialect.highlight`). */
const FLAVOURS: Record<string, SQLDialect> = { PostgreSQL, MySQL, MariaSQL, SQLite, StandardSQL };

/** The CodeMirror SQL flavour a database's editor dialect names; standard SQL for a name it does not know. */
export function codeMirrorDialect(dialect: Pick<EditorDialectInfo, 'highlight'> | null | undefined): SQLDialect {
  const name = dialect?.highlight ?? '';
  return Object.hasOwn(FLAVOURS, name) ? FLAVOURS[name] : StandardSQL;
}

const MONO = "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace";
const BRAND = '#1f7a8c';

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

export const editorTheme = EditorView.theme(
  {
    '&': { fontSize: '13px', backgroundColor: '#fff', color: '#1f2a30', height: '100%' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': { fontFamily: MONO, lineHeight: '1.6' },
    '.cm-content': { padding: '6px 0', caretColor: BRAND },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: BRAND, borderLeftWidth: '2px' },
    '.cm-gutters': { backgroundColor: '#fafbfc', color: '#a3adb3', borderRight: '1px solid #eef1f3' },
    '.cm-lineNumbers .cm-gutterElement': { padding: '0 10px 0 14px', minWidth: '32px' },
    '.cm-activeLine': { backgroundColor: 'rgba(31, 122, 140, 0.045)' },
    '.cm-activeLineGutter': { backgroundColor: 'rgba(31, 122, 140, 0.08)', color: '#4d5b63' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'rgba(31, 122, 140, 0.2) !important',
    },
    '.cm-selectionMatch': { backgroundColor: 'rgba(31, 122, 140, 0.12)' },
    '&.cm-focused .cm-matchingBracket': { backgroundColor: 'rgba(31, 122, 140, 0.18)', outline: '1px solid rgba(31, 122, 140, 0.35)' },
    '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'rgba(207, 19, 34, 0.15)' },
    '.cm-foldGutter .cm-gutterElement': { color: '#c0c8cd' },
    '.cm-tooltip': {
      border: '1px solid #e5e9ec',
      borderRadius: '6px',
      boxShadow: '0 6px 16px rgba(16, 40, 48, 0.12)',
      backgroundColor: '#fff',
    },
    '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: MONO, fontSize: '12.5px', maxHeight: '16em', minWidth: '240px' },
    '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '2px 8px 2px 4px', lineHeight: '1.7' },
    '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: '#e6f2f4', color: '#14525e' },
    '.cm-completionDetail': { color: '#8a969d', fontStyle: 'normal', marginLeft: '12px', float: 'right' },
    '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: '600', color: BRAND },
    '.cm-completionIcon': {
      width: '1.4em',
      opacity: '1',
      fontSize: '10px',
      fontWeight: '700',
      textAlign: 'center',
      color: '#8a969d',
      paddingRight: '6px',
    },
    '.cm-completionIcon-column, .cm-completionIcon-alias': { color: '#2f6fb0' },
    '.cm-completionIcon-table, .cm-completionIcon-view, .cm-completionIcon-cte': { color: BRAND },
    '.cm-completionIcon-function': { color: '#8a4baf' },
    ...iconRules,
    '.cm-panels': { backgroundColor: '#fafbfc', color: '#1f2a30' },
    '.cm-panels.cm-panels-bottom': { borderTop: '1px solid #e5e9ec' },
    '.cm-panel.cm-search': { padding: '6px 10px', fontSize: '12px' },
    '.cm-panel.cm-search label': { color: '#4d5b63', fontSize: '12px' },
    '.cm-textfield': { border: '1px solid #d9dee2', borderRadius: '4px', padding: '2px 6px', fontSize: '12px', outline: 'none' },
    '.cm-textfield:focus': { borderColor: BRAND, boxShadow: '0 0 0 2px rgba(31, 122, 140, 0.15)' },
    '.cm-button': {
      backgroundImage: 'none',
      backgroundColor: '#fff',
      border: '1px solid #d9dee2',
      borderRadius: '4px',
      padding: '2px 10px',
      fontSize: '12px',
      color: '#1f2a30',
    },
    '.cm-button:hover': { borderColor: BRAND, color: BRAND },
    '.cm-searchMatch': { backgroundColor: 'rgba(250, 173, 20, 0.3)' },
    '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'rgba(250, 173, 20, 0.6)' },
  },
  { dark: false },
);
