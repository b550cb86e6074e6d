import { useMemo } from 'react';
import CodeMirror, { type BasicSetupOptions } from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { editorThemeFor } from '../../components/editorTheme';
import { useThemeMode } from '../../core/ThemeProvider';
import { cssLanguage, jsonLanguage } from './editorLanguages';

/** Module constant: @uiw reconfigures the editor whenever this object's identity changes. */
const BASIC_SETUP: BasicSetupOptions = {
  foldGutter: false,
  highlightActiveLine: true,
  bracketMatching: true,
  closeBrackets: true,
  autocompletion: false,
};

const LANGUAGES = { css: cssLanguage, json: jsonLanguage };

interface CodeFieldProps {
  value: string;
  onChange: (text: string) => void;
  language: keyof typeof LANGUAGES;
  /** the accessible name of the editing area */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  minHeight?: string;
  maxHeight?: string;
  autoFocus?: boolean;
}

/** A code editor for the dashboard dialogs (CSS, JSON metadata), in SQL Lab's look. */
export function CodeField({
  value,
  onChange,
  language,
  label,
  invalid = false,
  describedBy,
  minHeight = '240px',
  maxHeight = '480px',
  autoFocus = false,
}: CodeFieldProps) {
  const mode = useThemeMode();
  const extensions = useMemo(
    () => [
      LANGUAGES[language],
      editorThemeFor(mode),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(invalid && { 'aria-invalid': 'true' }),
        ...(describedBy && { 'aria-describedby': describedBy }),
      }),
    ],
    [language, label, invalid, describedBy, mode],
  );
  return (
    <div className={`rama-code-field${invalid ? ' is-invalid' : ''}`}>
      <CodeMirror
        value={value}
        onChange={onChange}
        basicSetup={BASIC_SETUP}
        extensions={extensions}
        theme="none"
        minHeight={minHeight}
        maxHeight={maxHeight}
        autoFocus={autoFocus}
      />
    </div>
  );
}
