import { Splitter, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { queryEditorChanged } from '../state/actions';
import { editorById } from '../state/thunk';
import { LeftBar } from './LeftBar';
import { EditorPane } from './EditorPane';
import { SouthPane } from './SouthPane';

const MIN_PANE = '12%';

/** One tab's workspace: the left bar beside the editor over its results (a resizable split). */
export function EditorWorkspace({ editorId }: { editorId: string }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const loaded = useAppSelector((s) => s.sqlLab.queryEditors.find((e) => e.id === editorId)?.loaded ?? false);
  const hideLeftBar = useAppSelector((s) => editorById(s, editorId)?.hideLeftBar ?? false);
  const north = useAppSelector((s) => editorById(s, editorId)?.northPercent ?? 50);

  if (!loaded) {
    return (
      <div className="rama-sqllab-workspace rama-sqllab-loading">
        <Spin />
      </div>
    );
  }

  const handleResizeEnd = (sizes: number[]) => {
    const total = sizes.reduce((a, b) => a + b, 0);
    if (!total) return;
    const northPercent = Math.round((sizes[0] / total) * 1000) / 10;
    dispatch(
      queryEditorChanged({
        id: editorId,
        changes: { northPercent, southPercent: Math.round((100 - northPercent) * 10) / 10 },
        now: Date.now(),
      }),
    );
  };

  return (
    <div className="rama-sqllab-workspace">
      {!hideLeftBar && <LeftBar editorId={editorId} />}
      <main className="rama-sqllab-main" aria-label={t('workspace.ariaLabel')}>
        <Splitter orientation="vertical" onResizeEnd={handleResizeEnd} className="rama-sqllab-split">
          <Splitter.Panel defaultSize={`${north}%`} min={MIN_PANE} className="rama-sqllab-north">
            <EditorPane editorId={editorId} />
          </Splitter.Panel>
          <Splitter.Panel min={MIN_PANE} className="rama-sqllab-south">
            <SouthPane editorId={editorId} />
          </Splitter.Panel>
        </Splitter>
      </main>
    </div>
  );
}
