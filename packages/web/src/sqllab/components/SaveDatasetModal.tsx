import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultDatasetName, MAX_DATASET_NAME, MODAL_DEFAULT_WIDTH, SqlLabMessage, type DatasetListItem } from '@rama/shared';
import { useAppDispatch, useToasts } from '../../core/hooks';
import { sharedText } from '../../i18n';
import { useSession } from '../../core/session';
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
  const { t } = useTranslation('sqllab');
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
      .catch(() => live && setError(t('dataset.loadFailed')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [user.id, text, t]);

  return (
    <>
      <Select
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        allowClear
        aria-label={t('dataset.overwriteTarget')}
        placeholder={t('dataset.overwritePlaceholder')}
        loading={loading}
        value={value?.id}
        onChange={(id: number | undefined) => onChange(options.find((o) => o.id === id) ?? (value?.id === id ? value : null))}
        // the chosen dataset stays an option while another search is shown
        options={(value && !options.some((o) => o.id === value.id) ? [value, ...options] : options).map((o) => ({
          value: o.id,
          label: o.table_name,
        }))}
        notFoundContent={loading ? t('common:loadingEllipsis') : t('dataset.noMatch')}
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
  title,
  onClose,
}: {
  queryId: string;
  /** the tab's current name; the dataset name starts from it */
  defaultName: string;
  /** default: "Save or Overwrite Dataset" */
  title?: string;
  onClose(): void;
}) {
  const { t } = useTranslation('sqllab');
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
      setError(sharedText('messages', outcome.error));
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
      finish(await dispatch(createDatasetFromQuery(queryId, trimmed)), t('dataset.created', { name: trimmed }));
    } else if (target) {
      if (!confirming) {
        setConfirming(true);
        return;
      }
      setBusy(true);
      setError(null);
      finish(await dispatch(overwriteDatasetWithQuery(queryId, target)), t('dataset.overwritten', { name: target.table_name }));
    }
  };

  const canSave = mode === 'new' ? Boolean(name.trim()) : target !== null;
  const footer = confirming ? (
    <>
      <Button onClick={() => setConfirming(false)} disabled={busy}>
        {t('common:back')}
      </Button>
      <Button type="primary" danger loading={busy} onClick={() => void handleSave()}>
        {t('dataset.overwrite')}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>{t('common:cancel')}</Button>
      <Button type="primary" loading={busy} disabled={!canSave} onClick={() => void handleSave()}>
        {mode === 'new' ? t('dataset.saveAndExplore') : t('dataset.overwriteAndExplore')}
      </Button>
    </>
  );

  return (
    <Modal open title={title ?? t('dataset.title')} width={MODAL_DEFAULT_WIDTH} onCancel={onClose} footer={footer} destroyOnHidden>
      {confirming && target ? (
        <div className="rama-sqllab-overwrite-confirm" role="alert">
          <Typography.Paragraph strong>{t('dataset.confirmTitle')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('dataset.confirmBody', { name: target.table_name })}</Typography.Paragraph>
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
            <Radio value="new">{t('save.asNew')}</Radio>
            <Radio value="overwrite">{t('dataset.overwriteExisting')}</Radio>
          </Radio.Group>
          {mode === 'new' ? (
            <Form.Item label={t('dataset.name')} required>
              <Input
                autoFocus
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={MAX_DATASET_NAME}
                aria-label={t('dataset.name')}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('common:dataset')} required>
              <OverwriteSelect value={target} onChange={setTarget} />
            </Form.Item>
          )}
        </Form>
      )}
      {error && <Alert type="error" showIcon title={sharedText('messages', SqlLabMessage.DATASOURCE_CREATE_FAILED)} description={error} />}
    </Modal>
  );
}
