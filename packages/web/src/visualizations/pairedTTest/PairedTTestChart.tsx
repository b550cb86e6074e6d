/**
 * The paired t-test tables: one per metric, a row per group with its p-value, lift and significance
 * against the control group. A click on a row makes that group the control; a click on a header
 * sorts by the column (again: the other way). Everything is React text, never HTML.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSize } from '../types';
import { sortTTestRows, tTestRows, type TTestOptions, type TTestRow, type TTestSeries, type TTestSortKey } from './tTestTable';
import type { PairedTTestProps } from './transformProps';
import './PairedTTestChart.css';

const STATUS_CLASS: Record<string, string> = { control: 'is-control', invalid: 'is-invalid', positive: 'is-up', negative: 'is-down' };

interface TableProps extends TTestOptions {
  title: string;
  groups: string[];
  series: TTestSeries[];
}

function TTestTable({ title, groups, series, alpha, pValuePrecision, liftPrecision }: TableProps) {
  const { t } = useTranslation('visualizations');
  const [control, setControl] = useState(0);
  const [sort, setSort] = useState<{ key: TTestSortKey; reverse: boolean } | null>(null);
  const controlIndex = Math.min(control, Math.max(0, series.length - 1));
  const rows = useMemo(() => {
    const all = tTestRows(series, controlIndex, { alpha, pValuePrecision, liftPrecision }).map((r, i) => ({ ...r, index: i }));
    return sort ? (sortTTestRows(all, sort.key, sort.reverse) as (TTestRow & { index: number })[]) : all;
  }, [series, controlIndex, alpha, pValuePrecision, liftPrecision, sort]);

  const header = (label: string, key: TTestSortKey) => {
    const active = sort !== null && JSON.stringify(sort.key) === JSON.stringify(key);
    return (
      <th
        key={label + JSON.stringify(key)}
        className={active ? (sort.reverse ? 'is-sorted-desc' : 'is-sorted-asc') : undefined}
        aria-sort={active ? (sort.reverse ? 'descending' : 'ascending') : 'none'}
        onClick={() => setSort(active ? { key, reverse: !sort.reverse } : { key, reverse: false })}
      >
        {label}
      </th>
    );
  };

  return (
    <div className="rama-ttest-metric">
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            {groups.map((g, i) => header(g, { kind: 'group', index: i }))}
            {header(t('pairedTTest.pValue'), { kind: 'pValue' })}
            {header(t('pairedTTest.lift'), { kind: 'lift' })}
            {header(t('pairedTTest.significant'), { kind: 'significant' })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.index}
              className={r.isControl ? 'is-control-row' : undefined}
              onClick={() => setControl(r.index)}
              title={t('pairedTTest.useAsControl')}
            >
              {groups.map((g, j) => (
                <td key={g + j}>{r.group[j] ?? ''}</td>
              ))}
              <td className={STATUS_CLASS[r.pStatus]}>{r.isControl ? t('pairedTTest.control') : r.pValue}</td>
              <td className={STATUS_CLASS[r.liftStatus]}>{r.isControl ? t('pairedTTest.control') : r.lift}</td>
              <td className={r.significant === 'control' ? 'is-control' : r.significant ? 'is-up' : 'is-down'}>
                {r.significant === 'control' ? t('pairedTTest.control') : r.significant ? t('pairedTTest.true') : t('pairedTTest.false')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PairedTTestChart({
  tables,
  groups,
  alpha,
  pValuePrecision,
  liftPrecision,
  width,
  height,
  onRendered,
}: PairedTTestProps & ChartSize) {
  const rendered = useRef(onRendered);
  useEffect(() => {
    rendered.current = onRendered;
  }, [onRendered]);
  useEffect(() => {
    const frame = requestAnimationFrame(() => rendered.current?.());
    return () => cancelAnimationFrame(frame);
  }, [tables, groups, alpha, pValuePrecision, liftPrecision]);

  return (
    <div className="rama-ttest" style={{ width, height }}>
      {tables.map((t) => (
        <TTestTable
          key={t.metric}
          title={t.title}
          groups={groups}
          series={t.series}
          alpha={alpha}
          pValuePrecision={pValuePrecision}
          liftPrecision={liftPrecision}
        />
      ))}
    </div>
  );
}
