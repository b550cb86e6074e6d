import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Result } from 'antd';
import { Link } from 'react-router';
import { MODAL_DEFAULT_WIDTH, SqlLabMessage } from '@rama/shared';
import { useAppDispatch, useToasts } from '../../app/hooks';
import { saveDataset } from '../state/savedQueryThunks';

const DATASETS_PATH = '/tablemodelview/list/';

function defaultDatasetName(tab: string): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${tab} ${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Save a query's SQL as a virtual dataset. */
export function SaveDatasetModal({ queryId, defaultName, onClose }: { queryId: string; defaultName: string; onClose(): void }) {
  const dispatch = useAppDispatch();
  const { addSuccessToast } = useToasts();
  const [name, setName] = useState(() => defaultDatasetName(defaultName));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const handleSave = async () => {
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    const failure = await dispatch(saveDataset(queryId, name));
    setBusy(false);
    if (failure) setError(failure);
    else {
      setCreated(name.trim());
      addSuccessToast(`Dataset "${name.trim()}" was created`);
    }
  };

  if (created) {
    return (
      <Modal open title="Save dataset" width={MODAL_DEFAULT_WIDTH} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <Result
          status="success"
          title="Dataset created"
          subTitle={`"${created}" can now be explored and charted.`}
          extra={
            <Link to={DATASETS_PATH} onClick={onClose}>
              Open the datasets list
            </Link>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="Save dataset"
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      onOk={() => void handleSave()}
      okText="Save"
      confirmLoading={busy}
      okButtonProps={{ disabled: !name.trim() }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void handleSave()}>
        <Form.Item label="Dataset name" required>
          <Input autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={250} aria-label="Dataset name" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={SqlLabMessage.DATASOURCE_CREATE_FAILED} description={error} />}
    </Modal>
  );
}
