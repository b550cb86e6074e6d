import { useMemo } from 'react';
import CodeMirror, { type BasicSetupOptions } from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { editorDialect } from '@rama/shared';
import { codeMirrorDialect, editorTheme } from '../../sqllab/editor/editorTheme';

interface SqlFieldProps {
  value: string;
  onChange: (sql: string) => void;
  /** The database backend, for the SQL flavour. */
  backend: string;
  label: string;
  readOnly: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** Module constant: @uiw reconfigures the editor whenever this object's identity changes. */
const BASIC_SETUP: BasicSetupOptions = { foldGutter: false, highlightActiveLine: true, bracketMatching: true, closeBrackets: true };

/** A dataset's SQL in CodeMirror, with SQL Lab's look and the engine's SQL flavour. */
export function SqlField({ value, onChange, backend, label, readOnly, invalid = false, describedBy }: SqlFieldProps) {
  const extensions = useMemo(
    () => [
      codeMirrorDialect(editorDialect(backend)).extension,
      editorTheme,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(invalid && { 'aria-invalid': 'true' }),
        ...(describedBy && { 'aria-describedby': describedBy }),
      }),
    ],
    [backend, label, invalid, describedBy],
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
        minHeight="180px"
        maxHeight="420px"
      />
    </div>
  );
}
