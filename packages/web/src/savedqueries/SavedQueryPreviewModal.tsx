import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { ConsoleSqlOutlined, LeftOutlined, LinkOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH, MODAL_MAX_WIDTH, type SavedQueryRecord } from '@rama/shared';
import { CodeBlock } from '../components/CodeBlock';
import { savedQuerySqlLabPath } from './savedQueryApi';

interface SavedQueryPreviewModalProps {
  /** The rows of the page shown; Previous and Next move through them. */
  rows: SavedQueryRecord[];
  /** The previewed query; null (or a query no longer on the page) closes the modal. */
  previewId: number | null;
  onNavigate: (id: number) => void;
  onCopyLink: (query: SavedQueryRecord) => void;
  onClose: () => void;
}

/** The SQL of a saved query, read-only, with copy; steps through the saved queries of the page. */
export function SavedQueryPreviewModal({ rows, previewId, onNavigate, onCopyLink, onClose }: SavedQueryPreviewModalProps) {
  const { t } = useTranslation('savedqueries');
  const navigate = useNavigate();
  const index = rows.findIndex((row) => row.id === previewId);
  const query = index >= 0 ? rows[index] : null;
  const previous = index > 0 ? rows[index - 1] : null;
  const next = index >= 0 && index < rows.length - 1 ? rows[index + 1] : null;

  const handlePrevious = () => previous && onNavigate(previous.id);
  const handleNext = () => next && onNavigate(next.id);
  const handleCopyLink = () => query && onCopyLink(query);
  const handleOpen = () => query && navigate(savedQuerySqlLabPath(query.id));

  const footer = query && (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Flex gap={8} align="center">
        <Button icon={<LeftOutlined aria-hidden />} onClick={handlePrevious} disabled={!previous}>
          {t('common:previous')}
        </Button>
        <Button onClick={handleNext} disabled={!next}>
          {t('common:next')} <RightOutlined aria-hidden />
        </Button>
        <Typography.Text type="secondary" className="rama-nowrap">
          {t('preview.position', { index: index + 1, total: rows.length })}
        </Typography.Text>
      </Flex>
      <Flex gap={8}>
        <Button icon={<LinkOutlined aria-hidden />} onClick={handleCopyLink}>
          {t('action.copyLinkTooltip')}
        </Button>
        <Button type="primary" icon={<ConsoleSqlOutlined aria-hidden />} onClick={handleOpen}>
          {t('action.openTooltip')}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open={query !== null}
      title={query ? t('preview.titleOf', { name: query.label }) : t('preview.title')}
      width={{ xs: '100vw', md: MODAL_DEFAULT_WIDTH, lg: MODAL_MAX_WIDTH }}
      onCancel={onClose}
      footer={footer}
    >
      {query && (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'database', label: t('common:database'), children: query.database?.database_name ?? '—' },
              { key: 'schema', label: t('common:schema'), children: query.schema || '—' },
            ]}
          />
          {query.description && <Typography.Paragraph className="rama-preserve-lines">{query.description}</Typography.Paragraph>}
          <div className="rama-sql-preview">
            <CodeBlock code={query.sql} label="SQL" />
          </div>
        </Flex>
      )}
    </Modal>
  );
}
