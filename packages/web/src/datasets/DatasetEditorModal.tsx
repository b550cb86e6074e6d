import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Skeleton } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { HistoryDrawer } from '../versions/HistoryDrawer';
import { canRestoreVersions } from '../versions/permissions';
import { useSession } from '../core/session';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../core/api';
import { SLOT, Slotted } from '../i18n/Slotted';
import { useGetDatasetQuery } from './datasetApi';
import './datasets.css';

/**
 * Wider than MODAL_MAX_WIDTH (900 px): the metric and column tables hold seven to nine columns,
 * as in the peer's resizable dataset modal. Full width on small screens.
 */
const EDITOR_WIDTH = 'min(1180px, calc(100vw - 32px))';

// loaded when first opened: the list page does not need CodeMirror
const DatasetEditor = lazy(() => import('./editor/DatasetEditor').then((m) => ({ default: m.DatasetEditor })));
const loading = <Skeleton active paragraph={{ rows: 8 }} />;

export interface EditedDataset {
  id: number;
  table_name: string;
}

/** The editor opens on a fresh read of the dataset, never on a cached one from an earlier visit. */
function EditorLoader({ datasetId, onClose }: { datasetId: number; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const [openedAt] = useState(() => Date.now());
  const { data, error, fulfilledTimeStamp, refetch } = useGetDatasetQuery(datasetId, { refetchOnMountOrArgChange: true });
  const fresh = data !== undefined && fulfilledTimeStamp !== undefined && fulfilledTimeStamp >= openedAt;
  if (fresh) {
    return (
      <Suspense fallback={loading}>
        <DatasetEditor detail={data} onClose={onClose} />
      </Suspense>
    );
  }
  if (error) {
    return (
      <ErrorAlert
        error={toClientError(error)}
        title={t('editor.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('editor.tryAgain')}</Button>}
      />
    );
  }
  return loading;
}

/** "Edit dataset": source, metrics, columns, calculated columns and settings of one dataset. */
export function DatasetEditorModal({ dataset, onClose }: { dataset: EditedDataset | null; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const [historyOpen, setHistoryOpen] = useState(false);
  const { user, access } = useSession();
  // the editor's own read of the dataset (cached): its owners decide who is offered "Restore"
  const { data: detail } = useGetDatasetQuery(dataset?.id ?? 0, { skip: dataset === null || !historyOpen });
  return (
    <Modal
      open={dataset !== null}
      title={
        <span className="rama-editor-title">
          <EditOutlined aria-hidden />{' '}
          <Slotted text={t('editor.title', { name: SLOT })}>
            <strong>{dataset?.table_name}</strong>
          </Slotted>
          <Button size="small" type="link" icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-test="dataset-history">
            {t('editor.history')}
          </Button>
        </span>
      }
      width={EDITOR_WIDTH}
      centered
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      className="rama-dataset-editor-modal"
    >
      {dataset && <EditorLoader key={dataset.id} datasetId={dataset.id} onClose={onClose} />}
      {dataset && historyOpen && (
        <HistoryDrawer
          type="dataset"
          id={dataset.id}
          open
          onClose={() => setHistoryOpen(false)}
          // owners and admins; the server answers anyone else as if the dataset were not there
          canRestore={detail?.id === dataset.id && canRestoreVersions('dataset', access, user.id, detail.owners)}
          onRestored={() => {
            // the draft in the editor is older than the restored dataset: close it
            setHistoryOpen(false);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
