/**
 * "Embed dashboard" (issue 25 part 3; shown with the EMBEDDED_SUPERSET flag to those who may edit
 * the dashboard): the domains allowed to embed it, Enable / Save changes, the embedding's uuid and
 * the three steps a host application follows, and Deactivate (after a confirmation).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, toClientError } from '../../core/api';
import { useToasts } from '../../core/hooks';
import { CodeBlock } from '../../components/CodeBlock';
import {
  useDeleteDashboardEmbeddingMutation,
  useGetDashboardEmbeddingQuery,
  useSaveDashboardEmbeddingMutation,
} from '../embedded/embeddedApi';
import { embedSnippets, parseAllowedDomains } from '../embedded/embedSetup';
import './embedDashboard.css';

export interface EmbedDashboardModalProps {
  open: boolean;
  dashboardId: number;
  onClose: () => void;
}

export function EmbedDashboardModal({ open, dashboardId, onClose }: EmbedDashboardModalProps) {
  const { t } = useTranslation('dashboard');
  const { addSuccessToast, addDangerToast } = useToasts();
  const embedding = useGetDashboardEmbeddingQuery(dashboardId, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveDashboardEmbeddingMutation();
  const [remove, removing] = useDeleteDashboardEmbeddingMutation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  // a dashboard that is not embedded answers 404: that is "not yet", not a failure
  const notEmbedded = embedding.isError && toClientError(embedding.error).status === 404;
  const loadFailed = embedding.isError && !notEmbedded;
  const current = embedding.isError ? null : (embedding.data ?? null);

  useEffect(() => {
    if (!touched) setText(current ? current.allowed_domains.join('\n') : '');
  }, [current, touched]);

  const { domains, problems } = parseAllowedDomains(text);
  const busy = saving.isLoading || removing.isLoading;

  const submit = async () => {
    if (problems.length) return;
    try {
      await save({ id: dashboardId, body: { allowed_domains: domains } }).unwrap();
      setTouched(false);
      addSuccessToast(current ? t('embed.changesSaved') : t('embed.enabled'));
    } catch (e) {
      addDangerToast(errorMessage(e));
    }
  };

  const deactivate = async () => {
    try {
      await remove(dashboardId).unwrap();
      setTouched(false);
      setText('');
      addSuccessToast(t('embed.deactivated'));
    } catch (e) {
      addDangerToast(errorMessage(e));
    }
  };

  const snippets = current ? embedSnippets(current.uuid, window.location.origin) : null;

  return (
    <Modal
      open={open}
      title={t('embed.title')}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <div className="rama-embed-footer">
          {current && (
            <Popconfirm
              title={t('embed.deactivateTitle')}
              description={t('embed.deactivateDescription')}
              okText={t('embed.deactivate')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deactivate()}
            >
              <Button danger loading={removing.isLoading} disabled={busy} data-test="embed-deactivate">
                {t('embed.deactivate')}
              </Button>
            </Popconfirm>
          )}
          <span className="rama-embed-footer-spacer" />
          <Button onClick={onClose}>{t('common:close')}</Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={saving.isLoading}
            disabled={busy || problems.length > 0 || (embedding.isFetching && !embedding.isError)}
            data-test="embed-save"
          >
            {current ? t('embed.saveChanges') : t('embed.enable')}
          </Button>
        </div>
      }
    >
      {embedding.isLoading ? (
        <Spin />
      ) : loadFailed ? (
        <Alert type="error" showIcon title={errorMessage(embedding.error)} />
      ) : (
        <Form layout="vertical" className="rama-embed-form" onFinish={() => void submit()}>
          <Typography.Paragraph type="secondary">{current ? t('embed.introEnabled') : t('embed.introDisabled')}</Typography.Paragraph>
          <Form.Item
            label={t('embed.allowedDomains')}
            extra={t('embed.allowedDomainsHelp', { example: 'https://app.example.com' })}
            validateStatus={problems.length ? 'error' : undefined}
            help={problems.length ? problems.join(' ') : undefined}
          >
            <Input.TextArea
              aria-label={t('embed.allowedDomains')}
              value={text}
              autoSize={{ minRows: 2, maxRows: 8 }}
              // eslint-disable-next-line i18next/no-literal-string -- an example origin, the same in every language
              placeholder="https://app.example.com"
              onChange={(e) => {
                setTouched(true);
                setText(e.target.value);
              }}
            />
          </Form.Item>
          {current && snippets && (
            <div className="rama-embed-details" data-test="embed-details">
              <Form.Item label={t('embed.uuid')}>
                <Typography.Text code copyable data-test="embed-uuid">
                  {current.uuid}
                </Typography.Text>
              </Form.Item>
              <Typography.Title level={5}>{t('embed.step1')}</Typography.Title>
              <CodeBlock code={snippets.install} label={t('embed.step1Label')} />
              <Typography.Title level={5}>{t('embed.step2')}</Typography.Title>
              <CodeBlock code={snippets.token} label={t('embed.step2Label')} />
              <Typography.Title level={5}>{t('embed.step3')}</Typography.Title>
              <CodeBlock code={snippets.embed} label={t('embed.step3Label')} />
            </div>
          )}
        </Form>
      )}
    </Modal>
  );
}
