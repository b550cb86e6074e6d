/**
 * "Embed dashboard" (issue 25 part 3; shown with the EMBEDDED_SUPERSET flag to those who may edit
 * the dashboard): the domains allowed to embed it, Enable / Save changes, the embedding's uuid and
 * the three steps a host application follows, and Deactivate (after a confirmation).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Spin, Typography } from 'antd';
import { errorMessage, toClientError } from '../../app/api';
import { useToasts } from '../../app/hooks';
import { CodeBlock } from '../../components/CodeBlock';
import {
  useDeleteDashboardEmbeddingMutation,
  useGetDashboardEmbeddingQuery,
  useSaveDashboardEmbeddingMutation,
} from '../../embedded/embeddedApi';
import { embedSnippets, parseAllowedDomains } from '../../embedded/embedSetup';
import './embedDashboard.css';

export interface EmbedDashboardModalProps {
  open: boolean;
  dashboardId: number;
  onClose: () => void;
}

export function EmbedDashboardModal({ open, dashboardId, onClose }: EmbedDashboardModalProps) {
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
      addSuccessToast(current ? 'Changes saved.' : 'This dashboard can now be embedded.');
    } catch (e) {
      addDangerToast(errorMessage(e));
    }
  };

  const deactivate = async () => {
    try {
      await remove(dashboardId).unwrap();
      setTouched(false);
      setText('');
      addSuccessToast('Embedding deactivated: host applications can no longer show this dashboard.');
    } catch (e) {
      addDangerToast(errorMessage(e));
    }
  };

  const snippets = current ? embedSnippets(current.uuid, window.location.origin) : null;

  return (
    <Modal
      open={open}
      title="Embed dashboard"
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <div className="rama-embed-footer">
          {current && (
            <Popconfirm
              title="Deactivate the embedding?"
              description="Host applications that embed this dashboard will show an error instead."
              okText="Deactivate"
              okButtonProps={{ danger: true }}
              onConfirm={() => deactivate()}
            >
              <Button danger loading={removing.isLoading} disabled={busy} data-test="embed-deactivate">
                Deactivate
              </Button>
            </Popconfirm>
          )}
          <span className="rama-embed-footer-spacer" />
          <Button onClick={onClose}>Close</Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={saving.isLoading}
            disabled={busy || problems.length > 0 || (embedding.isFetching && !embedding.isError)}
            data-test="embed-save"
          >
            {current ? 'Save changes' : 'Enable embedding'}
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
          <Typography.Paragraph type="secondary">
            {current
              ? 'This dashboard can be embedded in the domains below with the embedding SDK and a guest token.'
              : 'Let another application show this dashboard with the embedding SDK and a guest token its backend asks for.'}
          </Typography.Paragraph>
          <Form.Item
            label="Allowed domains"
            extra="One origin per line, e.g. https://app.example.com. Leave empty to allow any domain."
            validateStatus={problems.length ? 'error' : undefined}
            help={problems.length ? problems.join(' ') : undefined}
          >
            <Input.TextArea
              aria-label="Allowed domains"
              value={text}
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder="https://app.example.com"
              onChange={(e) => {
                setTouched(true);
                setText(e.target.value);
              }}
            />
          </Form.Item>
          {current && snippets && (
            <div className="rama-embed-details" data-test="embed-details">
              <Form.Item label="Embedded dashboard id">
                <Typography.Text code copyable data-test="embed-uuid">
                  {current.uuid}
                </Typography.Text>
              </Form.Item>
              <Typography.Title level={5}>1. Install the embedding SDK in your application</Typography.Title>
              <CodeBlock code={snippets.install} label="the install command" />
              <Typography.Title level={5}>2. Get a guest token from your backend</Typography.Title>
              <CodeBlock code={snippets.token} label="the guest token request" />
              <Typography.Title level={5}>3. Embed the dashboard</Typography.Title>
              <CodeBlock code={snippets.embed} label="the embedding code" />
            </div>
          )}
        </Form>
      )}
    </Modal>
  );
}
