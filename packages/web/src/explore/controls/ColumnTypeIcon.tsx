import { ClockCircleOutlined, CodeOutlined, FunctionOutlined, QuestionOutlined } from '@ant-design/icons';
import type { ColumnKind } from './columns';

const TITLES: Record<ColumnKind | 'metric', string> = {
  numeric: 'Numeric column',
  string: 'Text column',
  temporal: 'Time column',
  boolean: 'Boolean column',
  unknown: 'Column of an unknown type',
  expression: 'Custom SQL',
  metric: 'Metric',
};

/** # numbers, abc text, a clock for dates, T/F booleans, ƒ metrics. */
export function ColumnTypeIcon({ kind }: { kind: ColumnKind | 'metric' }) {
  const title = TITLES[kind];
  const inner = (() => {
    switch (kind) {
      case 'numeric':
        return '#';
      case 'string':
        return 'abc';
      case 'boolean':
        return 'T/F';
      case 'temporal':
        return <ClockCircleOutlined />;
      case 'expression':
        return <CodeOutlined />;
      case 'metric':
        return <FunctionOutlined />;
      case 'unknown':
        return <QuestionOutlined />;
    }
  })();
  return (
    <span className={`rama-type-icon is-${kind}`} title={title} aria-label={title} role="img">
      {inner}
    </span>
  );
}
