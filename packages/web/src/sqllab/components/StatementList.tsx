import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultColumn } from '@rama/shared';

export interface StatementView {
  index: number;
  sql: string;
  rowcount: number | null;
  columns: ResultColumn[];
  data: Record<string, unknown>[] | null;
  isResult: boolean;
}

const firstLine = (sql: string) => sql.trim().split('\n')[0].slice(0, 120);

/** The statements of a script, each with its rows or row count; choosing one shows its rows. */
export function StatementList({
  statements,
  selected,
  onSelect,
}: {
  statements: StatementView[];
  selected: number | null;
  onSelect(index: number): void;
}) {
  const { t } = useTranslation('sqllab');
  return (
    <ol className="rama-sqllab-statements" aria-label={t('statements.ariaLabel')}>
      {statements.map((s) => (
        <li key={s.index}>
          <button
            type="button"
            className={s.index === selected ? 'is-selected' : undefined}
            aria-pressed={s.index === selected}
            onClick={() => onSelect(s.index)}
          >
            <span className="rama-sqllab-statement-no">{s.index + 1}</span>
            <code className="rama-sqllab-statement-sql">{firstLine(s.sql)}</code>
            <Typography.Text type="secondary" className="rama-sqllab-statement-rows">
              {s.rowcount === null
                ? s.data === null
                  ? t('statements.done')
                  : ''
                : s.data === null
                  ? t('statements.affected', { count: s.rowcount })
                  : t('common:rows', { count: s.rowcount })}
              {s.isResult ? ` · ${t('statements.result')}` : ''}
            </Typography.Text>
          </button>
        </li>
      ))}
    </ol>
  );
}
