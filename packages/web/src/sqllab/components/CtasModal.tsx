import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { useGetSchemasQuery } from '../../databases/databaseApi';
import { runCtasQuery, type CtasTarget } from '../state/queryThunks';
import { selectEditorById } from '../state/thunk';

/** the metadata store's column width for table names (tmp_table_name) */
const NAME_MAX = 250;

/** The dialog's title: the SQL it runs, not words to translate. */
const STATEMENT = { VIEW: 'CREATE VIEW AS', TABLE: 'CREATE TABLE AS' } as const;

interface Props {
  editorId: string;
  method: CtasTarget['method'];
  onClose(): void;
}

/**
 * CREATE TABLE AS / CREATE VIEW AS: asks where the result of the tab's query (or its selection)
 * goes — a schema (the database's forced CTAS schema when it has one, else the tab's schema by
 * default) and a name — then runs it.
 */
export function CtasModal({ editorId, method, onClose }: Props) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const db = useAppSelector((s) => (editor?.dbId ? s.sqlLab.databases[String(editor.dbId)] : undefined));
  const forced = db?.force_ctas_schema || null;
  const [schema, setSchema] = useState<string | null>(forced ?? editor?.schema ?? null);
  const [table, setTable] = useState('');
  const [touched, setTouched] = useState(false);
  const { data: schemas, isFetching } = useGetSchemasQuery(
    { databaseId: editor?.dbId ?? 0, catalog: editor?.catalog ?? null },
    { skip: !editor?.dbId || Boolean(forced) },
  );
  if (!editor) return null;

  const what = method === 'VIEW' ? 'view' : 'table';
  const name = table.trim();
  const nameError = touched && !name ? t('ctas.nameRequired', { what }) : null;
  const handleOk = () => {
    setTouched(true);
    if (!name) return;
    void dispatch(runCtasQuery(editorId, { method, schema: forced ?? schema, table: name }));
    onClose();
  };

  return (
    <Modal open title={STATEMENT[method]} okText={t('ctas.ok', { what })} onOk={handleOk} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" onFinish={handleOk}>
        <p className="rama-sqllab-muted">{t('ctas.intro', { source: editor.selectedText?.trim() ? 'selection' : 'query', what })}</p>
        <Form.Item label={t('common:schema')} help={forced ? t('ctas.forcedSchema') : undefined}>
          <Select
            aria-label={t('ctas.targetSchema')}
            value={(forced ?? schema) || undefined}
            placeholder={t('ctas.defaultSchema')}
            disabled={Boolean(forced)}
            loading={isFetching}
            allowClear
            showSearch
            options={(forced ? [forced] : (schemas ?? [])).map((s) => ({ value: s, label: s }))}
            onChange={(s: string | undefined) => setSchema(s ?? null)}
          />
        </Form.Item>
        <Form.Item
          label={method === 'VIEW' ? t('ctas.viewName') : t('ctas.tableName')}
          required
          validateStatus={nameError ? 'error' : undefined}
          help={nameError}
        >
          <Input
            aria-label={method === 'VIEW' ? t('ctas.viewName') : t('ctas.tableName')}
            value={table}
            maxLength={NAME_MAX}
            autoFocus
            onChange={(e) => setTable(e.target.value)}
            onPressEnter={handleOk}
          />
        </Form.Item>
        {method === 'VIEW' && <Alert type="info" showIcon title={t('ctas.viewSingleSelect')} />}
      </Form>
    </Modal>
  );
}
