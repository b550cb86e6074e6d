import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { defaultDatasetName, MAX_DATASET_NAME, MODAL_DEFAULT_WIDTH, SqlLabMessage, type DatasetListItem } from '@rama/shared';
import { useAppDispatch, useToasts } from '../../app/hooks';
import { useSession } from '../../app/session';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { exploreUrlOf } from '../../datasets/datasetList';
import {
  createDatasetFromQuery,
  overwriteDatasetWithQuery,
  ownedVirtualDatasets,
  type DatasetSaveOutcome,
} from '../state/datasetFromQuery';

/** Explore opens on the dataset with a table chart: every column of the query is at hand. */
const DEFAULT_VIZ = 'table';

type Mode = 'new' | 'overwrite';

/** The virtual datasets the user owns, searched by name as they type. */
function OverwriteSelect({ value, onChange }: { value: DatasetListItem | null; onChange(ds: DatasetListItem | null): void }) {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search);
  const [options, setOptions] = useState<DatasetListItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    ownedVirtualDatasets(user.id, text)
      .then((found) => live && (setOptions(found), setError(null)))
      .catch(() => live && setError('The datasets could not be loaded.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [user.id, text]);

  return (
    <>
      <Select
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        allowClear
        aria-label="Dataset to overwrite"
        placeholder="Select or type dataset name"
        loading={loading}
        value={value?.id}
        onChange={(id: number | undefined) => onChange(options.find((o) => o.id === id) ?? (value?.id === id ? value : null))}
        // the chosen dataset stays an option while another search is shown
        options={(value && !options.some((o) => o.id === value.id) ? [value, ...options] : options).map((o) => ({
          value: o.id,
          label: o.table_name,
        }))}
        notFoundContent={loading ? 'Loading…' : 'No virtual dataset of yours matches'}
        className="rama-sqllab-overwrite-select"
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </>
  );
}

/**
 * Save a query as a virtual dataset, new or over one the user owns (after a confirmation), then
 * open Explore on it (the peer's "Save & Explore").
 */
export function SaveDatasetModal({
  queryId,
  defaultName,
  title = 'Save or Overwrite Dataset',
  onClose,
}: {
  queryId: string;
  /** the tab's current name; the dataset name starts from it */
  defaultName: string;
  title?: string;
  onClose(): void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { addSuccessToast } = useToasts();
  const [mode, setMode] = useState<Mode>('new');
  const [name, setName] = useState(() => defaultDatasetName(defaultName));
  const [target, setTarget] = useState<DatasetListItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = (outcome: DatasetSaveOutcome, done: string) => {
    setBusy(false);
    if ('error' in outcome) {
      setConfirming(false);
      setError(outcome.error);
      return;
    }
    addSuccessToast(done);
    onClose();
    void navigate(exploreUrlOf(outcome.id, DEFAULT_VIZ));
  };

  const handleSave = async () => {
    if (busy) return;
    if (mode === 'new') {
      const trimmed = name.trim();
      if (!trimmed) return;
      setBusy(true);
      setError(null);
      finish(await dispatch(createDatasetFromQuery(queryId, trimmed)), `Dataset "${trimmed}" was created`);
    } else if (target) {
      if (!confirming) {
        setConfirming(true);
        return;
      }
      setBusy(true);
      setError(null);
      finish(await dispatch(overwriteDatasetWithQuery(queryId, target)), `Dataset "${target.table_name}" was overwritten`);
    }
  };

  const canSave = mode === 'new' ? Boolean(name.trim()) : target !== null;
  const footer = confirming ? (
    <>
      <Button onClick={() => setConfirming(false)} disabled={busy}>
        Back
      </Button>
      <Button type="primary" danger loading={busy} onClick={() => void handleSave()}>
        Overwrite
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <Button type="primary" loading={busy} disabled={!canSave} onClick={() => void handleSave()}>
        {mode === 'new' ? 'Save & Explore' : 'Overwrite & Explore'}
      </Button>
    </>
  );

  return (
    <Modal open title={title} width={MODAL_DEFAULT_WIDTH} onCancel={onClose} footer={footer} destroyOnHidden>
      {confirming && target ? (
        <div className="rama-sqllab-overwrite-confirm" role="alert">
          <Typography.Paragraph strong>Are you sure you want to overwrite this dataset?</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            &ldquo;{target.table_name}&rdquo; takes this query&rsquo;s SQL and columns. Charts built on it use the new query.
          </Typography.Paragraph>
        </div>
      ) : (
        <Form layout="vertical" onFinish={() => void handleSave()}>
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as Mode);
              setError(null);
            }}
            className="rama-sqllab-save-mode"
            style={{ marginBottom: 16 }}
          >
            <Radio value="new">Save as new</Radio>
            <Radio value="overwrite">Overwrite existing</Radio>
          </Radio.Group>
          {mode === 'new' ? (
            <Form.Item label="Dataset name" required>
              <Input
                autoFocus
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={MAX_DATASET_NAME}
                aria-label="Dataset name"
              />
            </Form.Item>
          ) : (
            <Form.Item label="Dataset" required>
              <OverwriteSelect value={target} onChange={setTarget} />
            </Form.Item>
          )}
        </Form>
      )}
      {error && <Alert type="error" showIcon title={SqlLabMessage.DATASOURCE_CREATE_FAILED} description={error} />}
    </Modal>
  );
}
