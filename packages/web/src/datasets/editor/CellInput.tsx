import { useId } from 'react';
import { Input } from 'antd';

interface CellInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name: "Label of species". */
  label: string;
  placeholder?: string;
  /** Shown under the field, which is marked invalid. */
  error?: string;
  /** SQL: monospaced, growing with its lines. */
  code?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** A field inside a table cell, with its validation message under it. */
export function CellInput({ value, onChange, label, placeholder, error, code = false, autoFocus, disabled }: CellInputProps) {
  const errorId = useId();
  const common = {
    value,
    placeholder,
    autoFocus,
    disabled,
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    status: error ? ('error' as const) : undefined,
  };
  return (
    <div className="rama-cell-field">
      {code ? (
        <Input.TextArea
          {...common}
          className="rama-mono"
          autoSize={{ minRows: 1, maxRows: 6 }}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <div id={errorId} className="rama-cell-error">
          {error}
        </div>
      )}
    </div>
  );
}
