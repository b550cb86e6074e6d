import { Button, Spin, Tag, Tooltip } from 'antd';
import {
  CaretDownOutlined,
  CaretRightOutlined,
  CloseOutlined,
  CopyOutlined,
  EyeOutlined,
  KeyOutlined,
  LinkOutlined,
  TableOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnKeyMarkers, editorDialectOf, SqlLabMessage, type TableSchema } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { copyText } from '../../components/clipboard';
import { sharedText } from '../../i18n';
import { previewTable } from '../state/queryThunks';
import { removeTable, setTableExpanded } from '../state/tableThunks';
import { TableExtraMetadata } from './TableExtraMetadata';

/** `labelKey` is a message key. */
const MARKER = {
  pk: { icon: <KeyOutlined />, labelKey: 'table.primaryKey', className: 'is-pk' },
  fk: { icon: <LinkOutlined />, labelKey: 'table.foreignKey', className: 'is-fk' },
  index: { icon: <ThunderboltOutlined />, labelKey: 'table.indexed', className: 'is-index' },
} as const;

/** A table in the left bar: its columns with types and key markers; preview, copy SELECT, remove. */
export function TableSchemaCard({ table }: { table: TableSchema }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const { addSuccessToast, addWarningToast } = useToasts();
  const previewDisabled = useAppSelector((s) => s.sqlLab.databases[String(table.dbId)]?.disable_data_preview ?? false);
  const dialect = useAppSelector((s) => editorDialectOf(s.sqlLab.databases[String(table.dbId)]));
  const previewRunning = useAppSelector((s) => {
    const q = table.dataPreviewQueryId ? s.sqlLab.queries[table.dataPreviewQueryId] : undefined;
    return q ? q.state === 'running' || q.state === 'pending' : false;
  });
  const fullName = table.schema ? `${table.schema}.${table.name}` : table.name;

  const handleCopy = async () => {
    if (!table.selectStar) return;
    try {
      await copyText(table.selectStar);
      addSuccessToast(sharedText('messages', SqlLabMessage.COPIED));
    } catch {
      addWarningToast(sharedText('messages', SqlLabMessage.COPY_FAILED));
    }
  };

  return (
    <section className="rama-sqllab-card" aria-label={t('table.ariaLabel', { name: fullName })}>
      <header className="rama-sqllab-card-head">
        <button
          type="button"
          className="rama-sqllab-card-toggle"
          aria-expanded={table.expanded}
          onClick={() => void dispatch(setTableExpanded(table, !table.expanded))}
        >
          {table.expanded ? <CaretDownOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
          <TableOutlined className="rama-sqllab-muted" aria-hidden />
          <span className="rama-sqllab-card-name" title={fullName}>
            {table.name}
          </span>
        </button>
        <span className="rama-sqllab-card-actions">
          {!previewDisabled && (
            <Tooltip title={t('table.previewTooltip')}>
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined aria-hidden />}
                aria-label={t('table.preview', { name: table.name })}
                loading={previewRunning}
                disabled={!table.selectStar}
                onClick={() => void dispatch(previewTable(table))}
              />
            </Tooltip>
          )}
          <Tooltip title={t('table.copySelectTooltip')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined aria-hidden />}
              aria-label={t('table.copySelect', { name: table.name })}
              disabled={!table.selectStar}
              onClick={() => void handleCopy()}
            />
          </Tooltip>
          <Tooltip title={t('table.removeTooltip')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('table.remove', { name: table.name })}
              onClick={() => void dispatch(removeTable(table))}
            />
          </Tooltip>
        </span>
      </header>
      {table.expanded &&
        (table.initialized ? (
          <>
            <ul className="rama-sqllab-columns" aria-label={t('table.columnsOf', { name: table.name })}>
              {table.columns.map((c) => (
                <li key={c.name} title={c.comment ?? undefined}>
                  <span className="rama-sqllab-col-name">
                    {columnKeyMarkers(table, c.name).map((m) => (
                      <Tooltip key={m} title={t(MARKER[m].labelKey)}>
                        <span className={`rama-sqllab-key ${MARKER[m].className}`} aria-label={t(MARKER[m].labelKey)}>
                          {MARKER[m].icon}
                        </span>
                      </Tooltip>
                    ))}
                    {c.name}
                  </span>
                  <Tag className="rama-sqllab-col-type" bordered={false}>
                    {c.type.toLowerCase()}
                  </Tag>
                </li>
              ))}
            </ul>
            <TableExtraMetadata table={table} dialect={dialect} />
          </>
        ) : (
          <div className="rama-sqllab-card-loading">
            <Spin size="small" />
          </div>
        ))}
    </section>
  );
}
