/** A failed chart's alert: the message, and under it the hints (a timeout's issues 1000 and 1001). */
import { Alert } from 'antd';

export function ChartErrorAlert({ message, hints, className }: { message: string; hints?: readonly string[]; className?: string }) {
  const lines = hints ?? [];
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      className={className}
      description={
        lines.length > 0 ? (
          <ul className="rama-chart-alert-hints" style={{ margin: 0, paddingInlineStart: 18 }}>
            {lines.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
