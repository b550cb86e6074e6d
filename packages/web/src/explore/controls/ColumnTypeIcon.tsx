import { ClockCircleOutlined, CodeOutlined, FunctionOutlined, QuestionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnKind } from './columns';

/** The keys of the kinds' names in explorecontrols.json. */
const TITLES = {
  numeric: 'kindNumeric',
  string: 'kindText',
  temporal: 'kindTime',
  boolean: 'kindBoolean',
  unknown: 'kindUnknown',
  expression: 'customSql',
  metric: 'kindMetric',
} as const satisfies Record<ColumnKind | 'metric', string>;

/** # numbers, abc text, a clock for dates, T/F booleans, ƒ metrics. */
export function ColumnTypeIcon({ kind }: { kind: ColumnKind | 'metric' }) {
  const { t } = useTranslation('explorecontrols');
  const title = t(TITLES[kind]);
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
