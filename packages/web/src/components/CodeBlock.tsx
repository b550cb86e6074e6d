import { Typography } from 'antd';

/** Read-only code, shown as text (never as HTML), with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="rama-code-block">
      <Typography.Text className="rama-code-copy" copyable={{ text: code, tooltips: [`Copy ${label}`, 'Copied'] }} />
      <pre aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
