/**
 * "Add and edit filters" (issue 13 part 1; spec section 5 "Native filter form"): the dashboard's
 * native filters and dividers on the left, the selected one's form on the right. Open while
 * `state.nativeFilters.configOpen` is set; each opening starts from the saved list. Save checks
 * every filter, sends only what changed (PUT /api/v1/dashboard/{id}/filters) and puts the
 * server's list on the page.
 */
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { App, Button, Empty, Modal } from 'antd';
import { isNativeFilter, withScopeComputed } from '@rama/shared';
import { errorMessage } from '../../../core/api';
import { useAppDispatch, useAppSelector, useToasts } from '../../../core/hooks';
import { dashboardInfoActions } from '../../state/dashboardInfoSlice';
import { selectLayout } from '../../state/layoutSlice';
import { nativeFiltersActions } from '../../state/nativeFiltersSlice';
import {
  configReducer,
  hasUnsavedChanges,
  initialDraft,
  liveItems,
  saveStep,
  validateDraft,
  visibleErrors,
  withFilterConfiguration,
  type FilterField,
} from './configModel';
import { datasetIdOf, newDivider, newNativeFilter } from './filterEdits';
import { FilterList } from './FilterList';
import { useUpdateDashboardFiltersMutation } from './filtersApi';
import { ItemForm, type FilterTab } from './ItemForm';
import { useConfigDatasets } from './useConfigDatasets';
import './filtersConfig.css';

/** The modal, mounted by the dashboard page; it shows while the configuration is open. */
export function FiltersConfigModal() {
  const open = useAppSelector((s) => s.nativeFilters.configOpen);
  return open ? <FiltersConfigDialog /> : null;
}

function FiltersConfigDialog() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const { addDangerToast } = useToasts();
  const savedFilters = useAppSelector((s) => s.nativeFilters.filters);
  const focusId = useAppSelector((s) => s.nativeFilters.configFilterId);
  const layout = useAppSelector(selectLayout);
  const slices = useAppSelector((s) => s.dashboardCharts.slices);
  const info = useAppSelector((s) => s.dashboardInfo);
  const [update, { isLoading }] = useUpdateDashboardFiltersMutation();

  // the list as it was when the modal opened: what a save is compared with
  const [initial] = useState(savedFilters);
  const [draft, act] = useReducer(configReducer, null, () => initialDraft(savedFilters, focusId));
  const [tab, setTab] = useState<FilterTab>('settings');

  const live = useMemo(() => liveItems(draft), [draft]);
  const datasetIds = live.filter(isNativeFilter).flatMap((f) => datasetIdOf(f) ?? []);
  const datasets = useConfigDatasets(datasetIds);
  const ctx = useMemo(() => ({ dataset: datasets.get }), [datasets.get]);
  const errors = useMemo(() => validateDraft(draft, ctx), [draft, ctx]);
  const failing = useMemo(
    () => new Set(live.map((i) => i.id).filter((id) => Object.keys(visibleErrors(draft, errors, id)).length > 0)),
    [live, draft, errors],
  );
  const chartName = useCallback((id: number) => slices[id]?.slice_name ?? t('filterBar.chartN', { id }), [slices, t]);

  // spec 4: a removal becomes final once its undo window has passed
  useEffect(() => {
    const deadlines = Object.values(draft.removed);
    if (!deadlines.length) return;
    const wait = Math.max(0, Math.min(...deadlines) - Date.now());
    const timer = window.setTimeout(() => act({ type: 'purgeExpired', now: Date.now() }), wait);
    return () => window.clearTimeout(timer);
  }, [draft.removed]);

  const close = () => dispatch(nativeFiltersActions.closeConfig());

  const handleSave = async () => {
    const step = saveStep(initial, draft, ctx);
    if (step.kind === 'invalid') {
      act({ type: 'showErrors', focusId: step.focusId });
      setTab('settings');
      return;
    }
    if (step.kind === 'unchanged') {
      close();
      return;
    }
    try {
      const saved = await update({ id: info.id, changes: step.changes }).unwrap();
      dispatch(nativeFiltersActions.setFilters(saved.map((f) => withScopeComputed(layout, f))));
      // the list is saved on its own: a later dashboard save writes it, a discard of edit mode keeps it
      dispatch(dashboardInfoActions.update({ json_metadata: withFilterConfiguration(info.json_metadata, saved) }));
      dispatch(dashboardInfoActions.markSaved({ native_filter_configuration: saved }));
      close();
    } catch (e) {
      addDangerToast(errorMessage(e));
    }
  };

  const handleCancel = () => {
    if (!hasUnsavedChanges(initial, draft)) {
      close();
      return;
    }
    modal.confirm({
      title: t('config.discardTitle'),
      content: t('config.discardContent'),
      okText: t('edit.discard'),
      okButtonProps: { danger: true },
      cancelText: t('edit.keepEditing'),
      onOk: close,
    });
  };

  const selected = draft.items.find((i) => i.id === draft.selectedId) ?? null;
  const select = (id: string) => act({ type: 'select', id });

  return (
    <Modal
      open
      title={t('config.title')}
      width={1000}
      className="rama-fcfg-modal"
      onCancel={handleCancel}
      mask={{ closable: false }}
      modalRender={(node) => <div data-test="filters-config-modal">{node}</div>}
      footer={[
        <Button key="cancel" onClick={handleCancel}>
          {t('common:cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isLoading} onClick={() => void handleSave()}>
          {t('common:save')}
        </Button>,
      ]}
    >
      <div className="rama-fcfg">
        <FilterList
          items={draft.items}
          removed={draft.removed}
          selectedId={draft.selectedId}
          failing={failing}
          onSelect={select}
          onAddFilter={() => {
            act({ type: 'add', item: newNativeFilter(layout) });
            setTab('settings');
          }}
          onAddDivider={() => act({ type: 'add', item: newDivider() })}
          onRemove={(id) => act({ type: 'remove', id, now: Date.now() })}
          onRestore={(id) => act({ type: 'restore', id })}
          onMove={(id, overId) => act({ type: 'move', id, overId })}
        />
        <div className="rama-fcfg-pane">
          {selected ? (
            <ItemForm
              key={selected.id}
              item={selected}
              removed={draft.removed[selected.id] !== undefined}
              items={live}
              errors={visibleErrors(draft, errors, selected.id)}
              datasets={datasets}
              layout={layout}
              chartName={chartName}
              onChange={(item, fields: readonly FilterField[]) => act({ type: 'change', item, fields })}
              onRestore={() => act({ type: 'restore', id: selected.id })}
              tab={tab}
              onTabChange={setTab}
            />
          ) : (
            <Empty description={t('config.emptyHint')} />
          )}
        </div>
      </div>
    </Modal>
  );
}
