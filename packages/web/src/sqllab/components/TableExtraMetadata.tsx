import { useState, type ReactNode } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { CaretDownOutlined, CaretRightOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sqlSegments, SqlLabMessage, type EditorDialectInfo, type TableSchema } from '@rama/shared';
import { useToasts } from '../../core/hooks';
import { currentLocale, sharedText } from '../../i18n';
import { copyText } from '../../components/clipboard';
import { useGetTableExtraMetadataQuery } from '../../databases/databaseApi';

/** Read-only SQL with the dialect's keywords, strings, numbers and comments highlighted (as text, never HTML). */
export function SqlHighlight({ sql, dialect, label }: { sql: string; dialect: EditorDialectInfo; label: string }) {
  return (
    <pre className="rama-sqllab-sql-highlight" aria-label={label}>
      <code>
        {sqlSegments(sql, dialect).map((s, i) =>
          s.kind === 'plain' ? (
            s.text
          ) : (
            <span key={i} className={`rama-sql-${s.kind}`}>
              {s.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

function Section({ title, children, defaultOpen = false }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className="rama-sqllab-card-section">
      <button type="button" className="rama-sqllab-card-section-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <CaretDownOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />} {title}
      </button>
      {open && <div className="rama-sqllab-card-section-body">{children}</div>}
    </div>
  );
}

/** Partitions as the peer serves them: `{ cols, latest, partitionQuery }`. */
interface Partitions {
  cols?: string[];
  latest?: Record<string, unknown>;
  partitionQuery?: string;
}

const scalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);
const label = (key: string) => key.replace(/_/g, ' ');
const KNOWN = new Set(['view_definition', 'partitions', 'kind']);

/**
 * Below a table's columns: its indexes (from the table metadata), and what the engine adds
 * (`/table_metadata/extra/`): partitions, a view's definition, sizes and counts.
 */
export function TableExtraMetadata({ table, dialect }: { table: TableSchema; dialect: EditorDialectInfo }) {
  const { t } = useTranslation('sqllab');
  const { addSuccessToast, addWarningToast } = useToasts();
  const { data: extra } = useGetTableExtraMetadataQuery({
    databaseId: table.dbId,
    catalog: table.catalog,
    schema: table.schema ?? '',
    table: table.name,
  });
  const viewDefinition = typeof extra?.view_definition === 'string' ? extra.view_definition.trim() : '';
  const partitions = extra?.partitions && typeof extra.partitions === 'object' ? (extra.partitions as Partitions) : null;
  const facts = Object.entries(extra ?? {}).filter(([k, v]) => !KNOWN.has(k) && scalar(v));

  const handleCopy = async () => {
    try {
      await copyText(viewDefinition);
      addSuccessToast(sharedText('messages', SqlLabMessage.COPIED));
    } catch {
      addWarningToast(sharedText('messages', SqlLabMessage.COPY_FAILED));
    }
  };

  if (!table.indexes.length && !viewDefinition && !partitions && !facts.length) return null;
  return (
    <div className="rama-sqllab-card-extra" aria-label={t('table.moreAbout', { name: table.name })}>
      {table.indexes.length > 0 && (
        <Section title={t('table.indexes', { count: String(table.indexes.length) })}>
          <ul className="rama-sqllab-card-list" aria-label={t('table.indexesOf', { name: table.name })}>
            {table.indexes.map((ix, i) => (
              <li key={ix.name ?? i}>
                <span className="rama-sqllab-col-name" title={ix.name ?? undefined}>
                  {ix.name ?? t('table.unnamed')}
                </span>
                <Typography.Text type="secondary" className="rama-sqllab-card-detail">
                  ({ix.column_names.join(', ')}){ix.unique ? ` ${t('table.unique')}` : ''}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {partitions && (
        <Section title={t('table.partitions')}>
          {partitions.cols?.length ? <div>{t('table.partitionedBy', { columns: partitions.cols.join(', ') })}</div> : null}
          {partitions.latest && Object.keys(partitions.latest).length > 0 && (
            <div>
              {t('table.latest', {
                values: Object.entries(partitions.latest)
                  .map(([k, v]) => `${k}=${String(v)}`)
                  .join(', '),
              })}
            </div>
          )}
          {partitions.partitionQuery && (
            <SqlHighlight sql={partitions.partitionQuery} dialect={dialect} label={t('table.partitionQuery')} />
          )}
        </Section>
      )}
      {viewDefinition && (
        <Section title={t('table.viewDefinition')}>
          <div className="rama-sqllab-card-code">
            <Tooltip title={t('table.copyViewDefinitionTooltip')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined aria-hidden />}
                aria-label={t('table.copyViewDefinition')}
                className="rama-sqllab-card-code-copy"
                onClick={() => void handleCopy()}
              />
            </Tooltip>
            <SqlHighlight sql={viewDefinition} dialect={dialect} label={t('table.definitionOf', { name: table.name })} />
          </div>
        </Section>
      )}
      {facts.length > 0 && (
        <Section title={t('table.details')}>
          <dl className="rama-sqllab-card-facts">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt>{label(k)}</dt>
                <dd>{typeof v === 'number' ? v.toLocaleString(currentLocale()) : String(v)}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
    </div>
  );
}
