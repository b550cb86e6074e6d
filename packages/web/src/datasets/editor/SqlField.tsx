import { useMemo } from 'react';
import CodeMirror, { type BasicSetupOptions } from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import type { EditorDialectInfo } from '@rama/shared';
import { codeMirrorDialect, editorThemeFor } from '../../components/editorTheme';
import { useThemeMode } from '../../core/ThemeProvider';

interface SqlFieldProps {
  value: string;
  onChange: (sql: string) => void;
  /** The database's editor dialect (`engine_information.editor_dialect`), for the SQL flavour; standard SQL without one. */
  dialect: EditorDialectInfo | null | undefined;
  label: string;
  readOnly: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** Module constant: @uiw reconfigures the editor whenever this object's identity changes. */
const BASIC_SETUP: BasicSetupOptions = { foldGutter: false, highlightActiveLine: true, bracketMatching: true, closeBrackets: true };

/** A dataset's SQL in CodeMirror, with SQL Lab's look and the engine's SQL flavour. */
export function SqlField({ value, onChange, dialect, label, readOnly, invalid = false, describedBy }: SqlFieldProps) {
  const mode = useThemeMode();
  const extensions = useMemo(
    () => [
      codeMirrorDialect(dialect).extension,
      editorThemeFor(mode),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(invalid && { 'aria-invalid': 'true' }),
        ...(describedBy && { 'aria-describedby': describedBy }),
      }),
    ],
    [dialect, label, invalid, describedBy, mode],
  );
  return (
    <div className={`rama-sql-field${readOnly ? ' is-locked' : ''}${invalid ? ' is-invalid' : ''}`}>
      <CodeMirror
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        basicSetup={BASIC_SETUP}
        extensions={extensions}
        theme="none"
        minHeight="180px"
        maxHeight="420px"
      />
    </div>
  );
}
