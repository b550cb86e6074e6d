/**
 * SQL Lab's editor: CodeMirror 6 with the engine's SQL flavour, schema-aware completion and the
 * SQL Lab shortcuts. The editor is created once; callbacks and the schema are read through refs
 * and the dialect sits in a compartment, so no prop change rebuilds the extensions and typing in
 * a 5,000-line script stays cheap.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CodeMirror, { ExternalChange, type BasicSetupOptions } from '@uiw/react-codemirror';
import { autocompletion, completionStatus, startCompletion } from '@codemirror/autocomplete';
import { Compartment, EditorSelection, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap, type ViewUpdate } from '@codemirror/view';
import { sqlFunctions, sqlKeywords, type EditorDialectInfo } from '@rama/shared';
import { sqlCompletionSource, type CompletionEnv, type TableName } from './completionSource';
import { codeMirrorDialect, editorThemeFor } from '../../components/editorTheme';
import { useThemeMode } from '../../core/ThemeProvider';
import { minimalChange, offsetOf } from './editorText';
import { EDITOR_BINDINGS, type EditorAction } from './shortcuts';
import type { SqlEditorSchema } from './types';
import './SqlEditor.css';

export type { SqlEditorSchema } from './types';
export { EDITOR_SHORTCUTS, actionKeys, type EditorAction } from './shortcuts';
export { ShortcutsHelp } from './ShortcutsHelp';

export interface SqlEditorProps {
  value: string;
  onChange(sql: string): void;
  onSelectionChange(selectedText: string | null): void;
  /** 0-based line and column of the cursor */
  onCursorChange?(pos: { row: number; column: number }): void;
  /** the database's editor dialect (`engine_information.editor_dialect`): highlighting, quoting, completion words */
  dialect: EditorDialectInfo;
  schema: SqlEditorSchema;
  onNeedColumns?(tables: { schema: string | null; name: string }[]): void;
  /** Ctrl/Cmd+Enter: the page runs the selection if there is one, else everything */
  onRun(): void;
  /** Ctrl/Cmd+Shift+Enter: the statement under the cursor (the page finds it; `cursor` is an offset) */
  onRunStatement?(cursor: number): void;
  /** Ctrl/Cmd+Shift+X */
  onStop(): void;
  /** Ctrl+Shift+F */
  onFormat(): void;
  /** Ctrl/Cmd+S (the browser's save is prevented) */
  onSave(): void;
  /** Ctrl+Alt+N */
  onNewTab(): void;
  /** Ctrl+Alt+] or Ctrl+Alt+PageDown */
  onNextTab(): void;
  /** Ctrl+Alt+[ or Ctrl+Alt+PageUp */
  onPrevTab(): void;
  /** default '100%' */
  height?: number | string;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** 0-based; where the cursor starts when the editor is created */
  initialCursor?: { row: number; column: number };
  /** shown while the editor is empty */
  placeholder?: string;
}

/** Module constant: @uiw reconfigures the editor whenever this object's identity changes. */
const BASIC_SETUP: BasicSetupOptions = {
  autocompletion: false, // ours below, with its own keymap
  completionKeymap: false,
  foldGutter: true,
  highlightActiveLine: true,
  highlightActiveLineGutter: true,
  bracketMatching: true,
  closeBrackets: true,
  indentOnInput: true,
  searchKeymap: true,
  highlightSelectionMatches: true,
  lintKeymap: false,
  tabSize: 2,
};

const key = (t: TableName) => `${t.schema ?? ''}.${t.name}`;

type Handlers = Pick<
  SqlEditorProps,
  | 'onChange'
  | 'onSelectionChange'
  | 'onCursorChange'
  | 'onNeedColumns'
  | 'onRun'
  | 'onRunStatement'
  | 'onStop'
  | 'onFormat'
  | 'onSave'
  | 'onNewTab'
  | 'onNextTab'
  | 'onPrevTab'
>;

const ACTION_HANDLER: Record<EditorAction, keyof Handlers> = {
  run: 'onRun',
  runStatement: 'onRunStatement',
  stop: 'onStop',
  format: 'onFormat',
  save: 'onSave',
  newTab: 'onNewTab',
  nextTab: 'onNextTab',
  prevTab: 'onPrevTab',
};

export function SqlEditor(props: SqlEditorProps) {
  const { value, dialect, schema, height = '100%', readOnly = false, autoFocus = false, initialCursor, placeholder } = props;
  const mode = useThemeMode();
  // the editor's accessible name follows the language (the extensions are rebuilt only then)
  const { t } = useTranslation('sqllab');

  // Latest props for code that lives inside CodeMirror (created once).
  const handlers = useRef<Handlers>(props);
  const keywords = useMemo(() => sqlKeywords(dialect), [dialect]);
  const functions = useMemo(() => sqlFunctions(dialect), [dialect]);
  const env = useRef<CompletionEnv>({ schema, dialect, keywords, functions });
  useLayoutEffect(() => {
    handlers.current = props;
    env.current = { schema, dialect, keywords, functions };
  });

  const [view, setView] = useState<EditorView | null>(null);
  const lastSelection = useRef<string | null>(null);
  const lastCursor = useRef<{ row: number; column: number } | null>(null);
  /** tables already asked for (reset when the table list changes, e.g. another database) */
  const requested = useRef(new Set<string>());
  /** where completion stopped for lack of columns; reopened there when they arrive */
  const waitingAt = useRef<number | null>(null);
  const languageConf = useRef(new Compartment());

  // Created once: the initial text, dialect and cursor are read here, later changes go through effects.
  const [initial] = useState(() => ({ value, dialect, cursor: initialCursor }));
  /** the text last reported through onChange: when it comes back as `value`, nothing is to do */
  const lastEmitted = useRef(value);

  const handleMissingColumns = useCallback((tables: TableName[], pos: number) => {
    // asked for before or not: the completion here lacks them, so refresh it when they come
    waitingAt.current = pos;
    const fresh = tables.filter((t) => !requested.current.has(key(t)));
    if (fresh.length === 0) return;
    for (const t of fresh) requested.current.add(key(t));
    handlers.current.onNeedColumns?.(fresh);
  }, []);

  const extensions = useMemo<Extension[]>(() => {
    const bindings = EDITOR_BINDINGS.flatMap((b) =>
      b.keys.map((k) => ({
        key: k,
        preventDefault: true,
        run: (view: EditorView) => {
          const handler = handlers.current[ACTION_HANDLER[b.action]] as ((cursor: number) => void) | undefined;
          handler?.(view.state.selection.main.head);
          return true;
        },
      })),
    );
    const selectionListener = EditorView.updateListener.of((update: ViewUpdate) => {
      if (!update.selectionSet && !update.docChanged) return;
      const { main } = update.state.selection;
      const selected = main.empty ? null : update.state.sliceDoc(main.from, main.to);
      if (selected !== lastSelection.current) {
        lastSelection.current = selected;
        handlers.current.onSelectionChange(selected);
      }
      const line = update.state.doc.lineAt(main.head);
      const cursor = { row: line.number - 1, column: main.head - line.from };
      const prev = lastCursor.current;
      if (!prev || prev.row !== cursor.row || prev.column !== cursor.column) {
        lastCursor.current = cursor;
        handlers.current.onCursorChange?.(cursor);
      }
    });
    return [
      Prec.highest(keymap.of(bindings)),
      languageConf.current.of(codeMirrorDialect(initial.dialect).extension),
      autocompletion({
        override: [sqlCompletionSource(() => env.current, handleMissingColumns)],
        activateOnTyping: true,
        maxRenderedOptions: 200,
        icons: true,
      }),
      selectionListener,
      EditorView.contentAttributes.of({ 'aria-label': t('editor.ariaLabel') }),
    ];
  }, [initial, handleMissingColumns, t]);

  // Another engine: only the language compartment changes (the document reparses, nothing else).
  const appliedDialect = useRef(initial.dialect.highlight);
  useEffect(() => {
    if (!view || appliedDialect.current === dialect.highlight) return;
    appliedDialect.current = dialect.highlight;
    view.dispatch({ effects: languageConf.current.reconfigure(codeMirrorDialect(dialect).extension) });
  }, [dialect, view]);

  // Controlled value: only a change from outside (format, tab restore) is applied, as one minimal
  // edit, so the cursor and undo history survive. Echoes of our own onChange cost nothing.
  useEffect(() => {
    if (!view || value === lastEmitted.current) return;
    const current = view.state.doc.toString();
    lastEmitted.current = value;
    if (value === current) return;
    view.dispatch({ changes: minimalChange(current, value), annotations: [ExternalChange.of(true)] });
  }, [value, view]);

  // Another database or schema: tables asked for before may be asked for again.
  const tablesKey = `${schema.defaultSchema}|${schema.schemas.length}|${schema.tables.length}`;
  useEffect(() => {
    requested.current.clear();
  }, [tablesKey]);

  // Columns arrived while the user waits at `alias.`: show them without another keystroke.
  const columnsLoaded = Object.keys(schema.columns).length;
  useEffect(() => {
    if (!view || !view.hasFocus) return;
    const waiting = waitingAt.current !== null && waitingAt.current === view.state.selection.main.head;
    if (waiting || completionStatus(view.state) === 'active') {
      waitingAt.current = null;
      startCompletion(view);
    }
  }, [columnsLoaded, view]);

  const handleChange = useCallback((sql: string) => {
    lastEmitted.current = sql;
    handlers.current.onChange(sql);
  }, []);

  const handleCreate = useCallback(
    (created: EditorView) => {
      setView(created);
      if (initial.cursor) {
        const pos = offsetOf(created.state.doc, initial.cursor);
        created.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      }
    },
    [initial],
  );

  return (
    <div className="rama-sql-editor" style={{ height }}>
      <CodeMirror
        value={initial.value}
        onChange={handleChange}
        onCreateEditor={handleCreate}
        extensions={extensions}
        basicSetup={BASIC_SETUP}
        theme={editorThemeFor(mode)}
        height="100%"
        readOnly={readOnly}
        autoFocus={autoFocus}
        placeholder={placeholder}
        className="rama-sql-editor-cm"
      />
    </div>
  );
}
