import { useMemo, useReducer, useState, type ReactNode } from 'react';
import { Badge, Button, Flex, Tabs, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nanoid } from '@reduxjs/toolkit';
import { hasPermission, type DatasetDetail } from '@rama/shared';
import { ErrorAlert } from '../../components/ErrorAlert';
import { toClientError } from '../../core/api';
import { useToasts } from '../../core/hooks';
import { useSession } from '../../core/session';
import { tagNames } from '../../tags/tagRules';
import { useSaveObjectTags } from '../../tags/useObjectTags';
import { describeColumnChanges, syncColumns } from '../columnSync';
import { draftOf, type ColumnFields, type DatasetFields, type MetricFields } from '../datasetDraft';
import { draftReducer } from '../draftReducer';
import { placeServerErrors, sourceChanged, toDatasetUpdate } from '../datasetPayload';
import {
  columnErrorKey,
  errorCountByTab,
  firstTabWithErrors,
  metricErrorKey,
  shownErrors,
  validateDraft,
  type DraftErrors,
  type EditorTab,
} from '../datasetValidation';
import { useLazyGetDatasetQuery, useRefreshDatasetMutation, useUpdateDatasetMutation } from '../datasetApi';
import { ColumnsTab } from './ColumnsTab';
import { ConfirmSaveModal } from './ConfirmSaveModal';
import { MetricsTab } from './MetricsTab';
import { SettingsTab } from './SettingsTab';
import { SourceTab } from './SourceTab';

function TabLabel({ text, count, problems }: { text: string; count?: number; problems: number }) {
  const { t } = useTranslation('datasets');
  return (
    <span className="rama-editor-tab">
      {text}
      {count !== undefined && <span className="rama-editor-tab-count">{count}</span>}
      {problems > 0 && (
        <>
          <Badge count={problems} size="small" aria-hidden />
          <span className="rama-sr-only">{t('editor.problems', { count: problems })}</span>
        </>
      )}
    </span>
  );
}

function without(errors: DraftErrors, keys: string[]): DraftErrors {
  if (!keys.some((key) => key in errors)) return errors;
  const rest = { ...errors };
  for (const key of keys) delete rest[key];
  return rest;
}

interface DatasetEditorProps {
  /** The stored dataset, read when the editor opened; later reads do not reset the draft. */
  detail: DatasetDetail;
  onClose: () => void;
}

/** The dataset editor: a draft of the whole dataset, checked as it is edited, saved in one PUT. */
export function DatasetEditor({ detail, onClose }: DatasetEditorProps) {
  const { t } = useTranslation('datasets');
  const [original] = useState(() => draftOf(detail));
  const [draft, dispatch] = useReducer(draftReducer, original);
  const [tab, setTab] = useState<EditorTab>('source');
  const [saveTried, setSaveTried] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [expandedMetrics, setExpandedMetrics] = useState<string[]>([]);
  const [expandedColumns, setExpandedColumns] = useState<string[]>([]);
  const [syncReport, setSyncReport] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { addSuccessToast, addDangerToast } = useToasts();
  const [updateDataset, updateState] = useUpdateDatasetMutation();
  const [refreshDataset, refreshState] = useRefreshDatasetMutation();
  const [fetchDataset, fetchState] = useLazyGetDatasetQuery();
  const syncing = refreshState.isLoading || fetchState.isFetching;
  const { user } = useSession();
  const canTag = hasPermission(user.roles, 'can_write', 'Tag');
  const [tags, setTags] = useState(() => tagNames(detail.tags));
  const saveTags = useSaveObjectTags();

  const found = useMemo(() => validateDraft(draft), [draft]);
  const shown = useMemo(() => shownErrors(found, serverErrors, touched, saveTried), [found, serverErrors, touched, saveTried]);
  const problems = errorCountByTab(shown, draft);
  const errorOf = (key: string): string | undefined => shown[key];

  // an edited field shows its own problems from now on, and the server's message about it goes
  const touch = (keys: string[]) => {
    setTouched((before) => new Set([...before, ...keys]));
    setServerErrors((before) => without(before, keys));
  };
  const handleFieldsChange = (fields: Partial<DatasetFields>) => {
    dispatch({ type: 'fieldsChanged', fields });
    touch(Object.keys(fields));
  };
  const handleMetricChange = (key: string, fields: Partial<MetricFields>) => {
    dispatch({ type: 'metricChanged', key, fields });
    touch(['metrics', ...Object.keys(fields).map((field) => metricErrorKey(key, field as keyof MetricFields))]);
  };
  const handleColumnChange = (key: string, fields: Partial<ColumnFields>) => {
    dispatch({ type: 'columnChanged', key, fields });
    touch(['columns', ...Object.keys(fields).map((field) => columnErrorKey(key, field as keyof ColumnFields))]);
  };
  const handleMetricAdded = () => dispatch({ type: 'metricAdded', key: `new-${nanoid(8)}` });
  const handleColumnAdded = () => dispatch({ type: 'calculatedColumnAdded', key: `new-${nanoid(8)}` });
  const handleMetricRemoved = (key: string) => {
    dispatch({ type: 'metricRemoved', key });
    touch(['metrics']);
  };
  const handleColumnRemoved = (key: string) => {
    dispatch({ type: 'columnRemoved', key });
    touch(['columns']);
  };
  const handleMainDttmColChosen = (columnName: string) => {
    dispatch({ type: 'mainDttmColChosen', columnName });
    touch(['main_dttm_col']);
  };

  const handleSync = async () => {
    const refreshed = await refreshDataset(detail.id);
    if (refreshed.error) {
      addDangerToast(toClientError(refreshed.error).message);
      return;
    }
    const fresh = await fetchDataset(detail.id);
    if (!fresh.data) {
      addDangerToast(toClientError(fresh.error).message);
      return;
    }
    // the report compares with the draft as it was when the sync started; the merge uses the latest one
    setSyncReport(describeColumnChanges(syncColumns(draft.columns, fresh.data.columns).changes));
    dispatch({ type: 'columnsSynced', fresh: fresh.data.columns });
    addSuccessToast(t('editor.synced'));
  };

  const save = async (overrideColumns: boolean) => {
    const result = await updateDataset({ id: detail.id, body: toDatasetUpdate(draft, original), overrideColumns });
    setConfirming(false);
    if (result.error) {
      const failure = toClientError(result.error);
      if (failure.fieldErrors) {
        const placed = placeServerErrors(failure.fieldErrors, draft);
        setServerErrors(placed.byField);
        const first = firstTabWithErrors(placed.byField, draft);
        if (first) setTab(first);
      }
      return;
    }
    if (canTag) {
      try {
        await saveTags('dataset', detail.id, tagNames(detail.tags), tags);
      } catch (e) {
        addDangerToast(t('editor.tagsFailed', { message: toClientError(e).message }));
        return;
      }
    }
    addSuccessToast(t('editor.saved'));
    onClose();
  };

  const handleSave = () => {
    setSaveTried(true);
    const first = firstTabWithErrors(found, draft);
    if (first) {
      setTab(first);
      // a currency problem sits in the metric's details: open them
      const withCurrency = draft.metrics.filter((m) => found[metricErrorKey(m.key, 'currency')]).map((m) => m.key);
      setExpandedMetrics((before) => [...new Set([...before, ...withCurrency])]);
      return;
    }
    if (sourceChanged(draft, original)) setConfirming(true);
    else void save(false);
  };

  const physicalColumns = draft.columns.filter((c) => !c.calculated);
  const calculatedColumns = draft.columns.filter((c) => c.calculated);
  const columnsTab = (calculated: boolean): ReactNode => (
    <ColumnsTab
      calculated={calculated}
      columns={calculated ? calculatedColumns : physicalColumns}
      mainDttmCol={draft.main_dttm_col}
      onChange={handleColumnChange}
      onChooseMainDttmCol={handleMainDttmColChosen}
      errorOf={errorOf}
      expandedKeys={expandedColumns}
      onExpandedKeysChange={setExpandedColumns}
      onAdd={handleColumnAdded}
      onRemove={handleColumnRemoved}
      onSync={() => void handleSync()}
      syncing={syncing}
      syncReport={syncReport}
      onSyncReportClose={() => setSyncReport(null)}
    />
  );

  const tabs = [
    {
      key: 'source',
      label: <TabLabel text={t('tab.source')} problems={problems.source} />,
      children: <SourceTab draft={draft} detail={detail} onChange={handleFieldsChange} errorOf={errorOf} />,
    },
    {
      key: 'metrics',
      label: <TabLabel text={t('tab.metrics')} count={draft.metrics.length} problems={problems.metrics} />,
      children: (
        <MetricsTab
          metrics={draft.metrics}
          onAdd={handleMetricAdded}
          onChange={handleMetricChange}
          onRemove={handleMetricRemoved}
          errorOf={errorOf}
          expandedKeys={expandedMetrics}
          onExpandedKeysChange={setExpandedMetrics}
        />
      ),
    },
    {
      key: 'columns',
      label: <TabLabel text={t('tab.columns')} count={physicalColumns.length} problems={problems.columns} />,
      children: columnsTab(false),
    },
    {
      key: 'calculated',
      label: <TabLabel text={t('tab.calculated')} count={calculatedColumns.length} problems={problems.calculated} />,
      children: columnsTab(true),
    },
    {
      key: 'settings',
      label: <TabLabel text={t('common:settings')} problems={problems.settings} />,
      children: (
        <SettingsTab
          draft={draft}
          owners={detail.owners}
          onChange={handleFieldsChange}
          errorOf={errorOf}
          tags={canTag ? { names: tags, onChange: setTags } : undefined}
        />
      ),
    },
  ];

  const saveError = updateState.error ? toClientError(updateState.error) : null;
  const blocked = Object.keys(found).length > 0 && saveTried;
  const managedExternally = detail.is_managed_externally;

  return (
    <div className="rama-dataset-editor">
      {saveError && <ErrorAlert error={saveError} title={t('editor.saveFailed')} />}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as EditorTab)} items={tabs} className="rama-editor-tabs" />
      <Flex justify="space-between" align="center" gap={16} wrap className="rama-editor-footer">
        <Typography.Text type={blocked ? 'danger' : 'secondary'} role={blocked ? 'status' : undefined}>
          {blocked ? t('editor.fixToSave') : t('editor.changesApply')}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Tooltip title={managedExternally ? t('editor.managedExternally') : undefined}>
            <Button type="primary" onClick={handleSave} loading={updateState.isLoading} disabled={managedExternally || syncing}>
              {t('common:save')}
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
      <ConfirmSaveModal
        open={confirming}
        saving={updateState.isLoading}
        onConfirm={(overrideColumns) => void save(overrideColumns)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
