import { useState } from 'react';
import { editorDialectOf, inProgress, NEW_TAB_SQL } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { SqlEditor } from '../external';
import { queryEditorChanged } from '../state/actions';
import { selectEditorById } from '../state/thunk';
import { formatEditorSql, runCurrentStatement, runEditorQuery, stopQuery } from '../state/queryThunks';
import { addTab, switchAdjacentTab } from '../state/tabThunks';
import { CtasModal } from './CtasModal';
import { EditorToolbar, type ToolbarModal } from './EditorToolbar';
import { SaveQueryModal } from './SaveQueryModal';
import { ScheduleQueryModal } from './ScheduleQueryModal';
import { TemplateParamsModal } from './TemplateParamsModal';
import { useEditorSchema } from './useEditorSchema';

/** The north pane: the toolbar over the SQL editor of one tab. */
export function EditorPane({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const db = useAppSelector((s) => (editor?.dbId ? s.sqlLab.databases[String(editor.dbId)] : undefined));
  const latest = useAppSelector((s) => (editor?.latestQueryId ? s.sqlLab.queries[editor.latestQueryId] : undefined));
  const [modal, setModal] = useState<ToolbarModal | null>(null);
  const [initialCursor] = useState(() => editor?.cursorPosition);
  const { schema, handleNeedColumns } = useEditorSchema(editor);
  if (!editor) return null;

  const running = Boolean(latest && inProgress(latest));
  const change = (changes: Parameters<typeof queryEditorChanged>[0]['changes']) =>
    dispatch(queryEditorChanged({ id: editorId, changes, now: Date.now() }));
  const handleRun = () => {
    if (!running) void dispatch(runEditorQuery(editorId));
  };
  const handleRunStatement = (cursor?: number) => {
    if (!running) void dispatch(runCurrentStatement(editorId, cursor));
  };
  const handleStop = () => {
    if (latest && running) void dispatch(stopQuery(latest.id));
  };

  return (
    <div className="rama-sqllab-editor-pane">
      <EditorToolbar
        editorId={editorId}
        running={running}
        onRun={handleRun}
        onRunStatement={() => handleRunStatement()}
        onStop={handleStop}
        onOpen={setModal}
      />
      <div className="rama-sqllab-editor">
        <SqlEditor
          value={editor.sql}
          onChange={(sql) => change({ sql })}
          onSelectionChange={(selectedText) => change({ selectedText })}
          onCursorChange={(cursorPosition) => change({ cursorPosition })}
          dialect={editorDialectOf(db)}
          schema={schema}
          onNeedColumns={handleNeedColumns}
          onRun={handleRun}
          onRunStatement={handleRunStatement}
          onStop={handleStop}
          onFormat={() => void dispatch(formatEditorSql(editorId))}
          onSave={() => setModal('save')}
          onNewTab={() => dispatch(addTab())}
          onNextTab={() => dispatch(switchAdjacentTab(1))}
          onPrevTab={() => dispatch(switchAdjacentTab(-1))}
          height="100%"
          autoFocus
          initialCursor={initialCursor}
          placeholder={NEW_TAB_SQL}
        />
      </div>
      {modal === 'save' && <SaveQueryModal editorId={editorId} onClose={() => setModal(null)} />}
      {modal === 'schedule' && <ScheduleQueryModal editorId={editorId} onClose={() => setModal(null)} />}
      {(modal === 'ctas' || modal === 'cvas') && (
        <CtasModal editorId={editorId} method={modal === 'cvas' ? 'VIEW' : 'TABLE'} onClose={() => setModal(null)} />
      )}
      {modal === 'params' && <TemplateParamsModal editorId={editorId} onClose={() => setModal(null)} />}
    </div>
  );
}
