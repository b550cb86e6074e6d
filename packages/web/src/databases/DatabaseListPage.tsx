import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { DatabaseListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { FlagCheck } from '../components/FlagCheck';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, SearchBox } from '../components/ListParts';
import { formatDateTime } from '../components/format';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { displayName, useSession } from '../core/session';
import { DatabaseModal } from './DatabaseModal';
import { useDeleteDatabaseMutation, useListDatabasesQuery } from './databaseApi';

interface ModalState {
  open: boolean;
  databaseId: number | null;
}

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on', orderDirection: 'desc' } as const;
const CREATE_PARAM = 'create';

export function DatabaseListPage() {
  const { t } = useTranslation('databases');
  const noun = [t('nounOne'), t('nounOther')] as const;
  const { access } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [searchParams, setSearchParams] = useSearchParams();
  const { list, handleTableChange, resetPage, pagination } = useServerList<DatabaseListItem>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [modal, setModal] = useState<ModalState>({ open: false, databaseId: null });
  const { data, error, isFetching } = useListDatabasesQuery(
    toListQuery(list, [search !== '' && { col: 'database_name', opr: 'ct', value: search }]),
  );
  const [deleteDatabase] = useDeleteDatabaseMutation();
  // The welcome page links here with ?create=1 to open the modal straight away.
  const modalOpen = modal.open || (access.canWriteDatabase && searchParams.has(CREATE_PARAM));

  const handleCreate = () => setModal({ open: true, databaseId: null });
  const handleEdit = (id: number) => setModal({ open: true, databaseId: id });
  const handleCloseModal = () => {
    setModal({ open: false, databaseId: null });
    if (searchParams.has(CREATE_PARAM)) setSearchParams({}, { replace: true });
  };
  const handleSearchChange = (value: string) => {
    setSearchText(value);
    resetPage();
  };

  const handleDelete = async (db: DatabaseListItem) => {
    const result = await deleteDatabase(db.id);
    if (result.error) addDangerToast(t('deleteFailed', { name: db.database_name, message: toClientError(result.error).message }));
    else addSuccessToast(t('deleted', { name: db.database_name }));
  };

  const columns: TableProps<DatabaseListItem>['columns'] = [
    {
      key: 'database_name',
      title: t('common:name'),
      dataIndex: 'database_name',
      sorter: true,
      sortOrder: sortOrderFor(list, 'database_name'),
      render: (_value, db) => (
        <Link to={`/database/${db.id}/`} className="rama-strong-link">
          {db.database_name}
        </Link>
      ),
    },
    { key: 'backend', title: t('backend'), dataIndex: 'backend', render: (backend: string) => <Tag>{backend}</Tag> },
    {
      key: 'allow_run_async',
      title: t('async'),
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.allow_run_async} label={t('asyncLabel')} />,
    },
    {
      key: 'allow_dml',
      title: t('dml'),
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.allow_dml} label={t('flag.allowDml')} />,
    },
    {
      key: 'allow_file_upload',
      title: t('csvUpload'),
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.allow_file_upload} label={t('csvUpload')} />,
    },
    {
      key: 'expose_in_sqllab',
      title: t('flag.exposeInSqlLab'),
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.expose_in_sqllab} label={t('flag.exposeInSqlLab')} />,
    },
    {
      key: 'created_by',
      title: t('common:createdBy'),
      render: (_v, db) =>
        db.created_by ? displayName({ ...db.created_by, username: '' }) : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'changed_on',
      title: t('common:lastModified'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on'),
      render: (_v, db) => (
        <Tooltip title={formatDateTime(db.changed_on)}>
          <span>{db.changed_on_delta_humanized}</span>
        </Tooltip>
      ),
    },
  ];

  if (access.canWriteDatabase) {
    columns.push({
      key: 'actions',
      title: <span className="rama-sr-only">{t('common:actions')}</span>,
      align: 'right',
      width: 96,
      render: (_v, db) => (
        <Flex gap={4} justify="end">
          <Tooltip title={t('common:edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('editName', { name: db.database_name })}
              onClick={() => handleEdit(db.id)}
            />
          </Tooltip>
          <DeleteRowButton name={db.database_name} description={t('deleteDescription')} onConfirm={() => handleDelete(db)} />
        </Flex>
      ),
    });
  }

  const emptyText = search ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatch', { search })} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={access.canWriteDatabase ? t('none') : t('noAccess')}>
      {access.canWriteDatabase && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleCreate}>
          {t('connectTitle')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="rama-page">
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        breadcrumb={[{ title: t('breadcrumb.data') }, { title: t('list.title') }]}
        extra={
          access.canWriteDatabase && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleCreate}>
              {t('newDatabase')}
            </Button>
          )
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap>
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder={t('searchByName')} label={t('searchDatabases')} />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        <Table<DatabaseListItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isFetching}
          onChange={handleTableChange}
          locale={{ emptyText: isFetching ? ' ' : emptyText }}
          pagination={pagination(data?.count ?? 0, noun)}
          scroll={{ x: 900 }}
        />
      </div>
      <DatabaseModal open={modalOpen} databaseId={modal.databaseId} onClose={handleCloseModal} />
    </div>
  );
}
