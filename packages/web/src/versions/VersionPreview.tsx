/** One version read-only: its fields, its SQL as code, a chart's controls as JSON. */
import { Descriptions, Typography } from 'antd';
import type { VersionDetail, VersionedType } from '@rama/shared';
import { summaryText } from './summaryText';

const LONG = new Set(['sql', 'params', 'query_context', 'json_metadata', 'position_json', 'columns', 'metrics', 'css']);

function pretty(value: unknown): string {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object') return JSON.stringify(parsed, null, 2);
    } catch {
      return value;
    }
    return value;
  }
  return JSON.stringify(value, null, 2);
}

export function VersionPreview({ version }: { type: VersionedType; version: VersionDetail }) {
  const state = version.state as unknown as Record<string, unknown>;
  const short = Object.entries(state).filter(([k]) => !LONG.has(k));
  const long = Object.entries(state).filter(([k, v]) => LONG.has(k) && v !== null && v !== '');
  return (
    <div data-test="version-preview">
      <Typography.Paragraph type="secondary">{summaryText(version.summary)}</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        {short.map(([k, v]) => (
          <Descriptions.Item key={k} label={k.replace(/_/g, ' ')}>
            {v === null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {long.map(([k, v]) => (
        <section key={k}>
          <Typography.Title level={5}>{k.replace(/_/g, ' ')}</Typography.Title>
          <pre className="rama-version-code">{pretty(v)}</pre>
        </section>
      ))}
    </div>
  );
}
