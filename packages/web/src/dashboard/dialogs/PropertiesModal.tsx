/**
 * The edit-dashboard-properties dialog (spec section 2 "Dialogs"; issue 12 part 4: title, slug,
 * owners, roles, certification, colour scheme, JSON metadata). In edit mode "Apply" keeps the
 * changes with the other unsaved edits; opened outside edit mode it saves them at once. Tags are
 * saved through the tagging API when the dialog is confirmed, in both modes.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Collapse, Divider, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MESSAGES, dashboardPath, type DashboardMetadata, type UserRef } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { sharedText, t as translate } from '../../i18n';
import { SLOT, Slotted } from '../../i18n/Slotted';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDashboardRelatedOwnersQuery } from '../../dashboards/dashboardApi';
import { useUpdateDashboardMutation } from '../../dashboards/dashboardPageApi';
import { dashboardInfoActions } from '../state/dashboardInfoSlice';
import { dashboardStateActions } from '../state/dashboardStateSlice';
import { saveErrorMessage, useDashboardRbac } from '../edit/saveDashboard';
import { CodeField } from './CodeField';
import { ColorSchemeSelect } from './ColorSchemeSelect';
import { useDashboardRelatedRolesQuery } from './dialogsApi';
import { TagSelect } from '../../tags/TagSelect';
import { useDashboardTagsQuery } from '../../tags/tagApi';
import { useSaveObjectTags } from '../../tags/useObjectTags';
import { tagNames } from '../../tags/tagRules';
import {
  colorSchemeIn,
  metadataForEditor,
  normalizedProperties,
  propertiesPutBody,
  readEditedMetadata,
  slugUrlPreview,
  withColorScheme,
  type PropertiesValues,
} from './propertiesModel';
import './dialogs.css';

export interface PropertiesModalProps {
  open: boolean;
  onClose: () => void;
}

const personName = (u: UserRef) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || translate('dashboard:properties.user', { id: u.id });

/** A chosen user as the page shows owners (the list answers one display name). */
function userRef(id: number, name: string | undefined): UserRef {
  const [first_name = '', ...rest] = (name ?? '').split(' ');
  return { id, first_name, last_name: rest.join(' ') };
}

export function PropertiesModal({ open, onClose }: PropertiesModalProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { addSuccessToast } = useToasts();
  const info = useAppSelector((s) => s.dashboardInfo);
  const editMode = useAppSelector((s) => s.dashboardState.editMode);
  const stateScheme = useAppSelector((s) => s.dashboardState.colorScheme);
  const stateLabelColors = useAppSelector((s) => s.dashboardState.labelColors);
  const rbac = useDashboardRbac();
  const [form] = Form.useForm<PropertiesValues>();
  const [update, { isLoading }] = useUpdateDashboardMutation();
  const [error, setError] = useState<string | null>(null);
  const tags = useDashboardTagsQuery(info.id, { skip: !open });
  const savedTags = tagNames(tags.data);
  const saveTags = useSaveObjectTags();
  // the tags arrive after the form is drawn: fill the field then (it is not one of PropertiesValues)
  useEffect(() => {
    if (tags.data) form.setFieldsValue({ tags: tagNames(tags.data) } as Partial<PropertiesValues>);
  }, [tags.data, form]);

  // owners and roles: searched on the server, the current ones known by name
  const [ownerSearch, setOwnerSearch] = useState('');
  const [roleSearch, setRoleSearch] = useState('');
  const owners = useDashboardRelatedOwnersQuery(useDebouncedValue(ownerSearch, 300), { skip: !open });
  const roles = useDashboardRelatedRolesQuery(useDebouncedValue(roleSearch, 300), { skip: !open || !rbac });
  const ownerNames = useMemo(() => {
    const names = new Map(info.owners.map((o) => [o.id, personName(o)]));
    for (const u of owners.data ?? []) names.set(u.value, u.text);
    return names;
  }, [info.owners, owners.data]);
  const roleNames = useMemo(() => {
    const names = new Map(info.roles.map((r) => [r.id, r.name]));
    for (const r of roles.data ?? []) names.set(r.value, r.text);
    return names;
  }, [info.roles, roles.data]);

  // colour scheme and JSON metadata, kept in step with each other
  const [scheme, setScheme] = useState<string | null>(stateScheme);
  const [jsonText, setJsonText] = useState(() =>
    metadataForEditor({ ...info.json_metadata, color_scheme: stateScheme ?? undefined, label_colors: stateLabelColors }),
  );
  const edited = useMemo(() => readEditedMetadata(jsonText, info.json_metadata), [jsonText, info.json_metadata]);
  // stored metadata that does not validate shows at once: it is what keeps "Apply" off
  const [advancedOpen, setAdvancedOpen] = useState(() => edited.errors.length > 0);

  const changeScheme = (next: string | null) => {
    setScheme(next);
    const text = withColorScheme(jsonText, next);
    if (text !== null) setJsonText(text);
  };
  const changeJson = (text: string) => {
    setJsonText(text);
    const named = colorSchemeIn(text);
    if (named !== undefined) setScheme(named);
  };

  const slug = Form.useWatch('slug', form) ?? info.slug ?? '';

  /** The view state that follows the metadata: colours now, the refresh frequency when it changed. */
  const applyToPage = (metadata: DashboardMetadata, persist: boolean) => {
    dispatch(dashboardStateActions.setColorScheme(metadata.color_scheme ?? null));
    dispatch(dashboardStateActions.setLabelColors(metadata.label_colors ?? {}));
    const frequency = metadata.refresh_frequency ?? 0;
    if (frequency !== (info.json_metadata.refresh_frequency ?? 0))
      dispatch(dashboardStateActions.setRefreshFrequency({ frequency, persist }));
  };

  const submit = async (values: PropertiesValues) => {
    setError(null);
    if (edited.errors.length > 0) {
      setAdvancedOpen(true);
      return;
    }
    const metadata: DashboardMetadata = { ...edited.metadata, color_scheme: scheme };
    const fields = normalizedProperties(values);
    const ownerRefs = values.owners.map((id) => userRef(id, ownerNames.get(id)));
    const roleRefs = values.roles.map((id) => ({ id, name: roleNames.get(id) ?? t('properties.role', { id }) }));
    const changes = { ...fields, owners: ownerRefs, ...(rbac && { roles: roleRefs }), json_metadata: metadata };
    try {
      await saveTags('dashboard', info.id, savedTags, (form.getFieldsValue(true) as { tags?: string[] }).tags ?? savedTags);
    } catch (e) {
      setError(saveErrorMessage(e));
      return;
    }
    if (editMode) {
      dispatch(dashboardInfoActions.update(changes));
      applyToPage(metadata, true);
      dispatch(dashboardStateActions.setUnsavedChanges(true));
      onClose();
      return;
    }
    try {
      const reply = await update({ id: info.id, body: propertiesPutBody(values, metadata, rbac) }).unwrap();
      const savedSlug = reply.result.slug !== undefined ? reply.result.slug : fields.slug;
      dispatch(dashboardInfoActions.update({ ...changes, slug: savedSlug, last_modified_time: reply.last_modified_time }));
      applyToPage(metadata, false);
      addSuccessToast(sharedText('messages', DASHBOARD_MESSAGES.saved));
      if (savedSlug !== info.slug)
        void navigate(`${dashboardPath({ id: info.id, slug: savedSlug })}${location.search}${location.hash}`, { replace: true });
      onClose();
    } catch (e) {
      setError(saveErrorMessage(e));
    }
  };

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Modal
      open={open}
      title={t('properties.title')}
      width={600}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editMode ? t('common:apply') : t('common:save')}
      okButtonProps={{ disabled: edited.errors.length > 0 || tags.isLoading }}
      confirmLoading={isLoading}
      destroyOnHidden
      maskClosable={false}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<PropertiesValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          dashboard_title: info.dashboard_title,
          slug: info.slug ?? '',
          owners: info.owners.map((o) => o.id),
          roles: info.roles.map((r) => r.id),
          certified_by: info.certified_by ?? '',
          certification_details: info.certification_details ?? '',
          tags: savedTags,
        }}
        className="rama-dialog-form"
      >
        <Divider titlePlacement="start" plain className="rama-dialog-section">
          {t('properties.basic')}
        </Divider>
        <Form.Item name="dashboard_title" label={t('common:name')}>
          {/* the title the server gives an untitled dashboard, in its words */}
          {/* eslint-disable-next-line i18next/no-literal-string */}
          <Input maxLength={500} placeholder="[ untitled dashboard ]" data-test="dashboard-title-input" />
        </Form.Item>
        <Form.Item
          name="slug"
          label={t('properties.slug')}
          extra={
            <span className="rama-slug-preview">
              <Slotted text={t('properties.slugPreview', { url: SLOT })}>
                <Typography.Text code>{slugUrlPreview(origin, info.id, slug)}</Typography.Text>
              </Slotted>
            </span>
          }
        >
          <Input maxLength={255} placeholder={t('properties.slugPlaceholder')} />
        </Form.Item>

        <Divider titlePlacement="start" plain className="rama-dialog-section">
          {t('properties.access')}
        </Divider>
        <Form.Item name="owners" label={t('common:owners')} extra={t('properties.ownersHelp')}>
          <Select
            mode="multiple"
            options={[...ownerNames].map(([value, label]) => ({ value, label }))}
            showSearch={{ onSearch: setOwnerSearch, filterOption: false }}
            loading={owners.isFetching}
            placeholder={t('common:owners')}
            notFoundContent={owners.isFetching ? t('common:loadingEllipsis') : t('properties.noUsers')}
          />
        </Form.Item>
        {rbac && (
          <Form.Item name="roles" label={t('properties.roles')} extra={t('properties.rolesHelp')}>
            <Select
              mode="multiple"
              options={[...roleNames].map(([value, label]) => ({ value, label }))}
              showSearch={{ onSearch: setRoleSearch, filterOption: false }}
              loading={roles.isFetching}
              placeholder={t('properties.roles')}
              notFoundContent={roles.isError ? t('properties.rolesFailed') : t('properties.noRoles')}
            />
          </Form.Item>
        )}

        <Divider titlePlacement="start" plain className="rama-dialog-section">
          {t('properties.colors')}
        </Divider>
        <Form.Item label={t('properties.colorScheme')} extra={t('properties.colorSchemeHelp')}>
          <ColorSchemeSelect id="dashboard-color-scheme" value={scheme} onChange={changeScheme} />
        </Form.Item>

        <Divider titlePlacement="start" plain className="rama-dialog-section">
          {t('properties.certification')}
        </Divider>
        <Form.Item name="certified_by" label={t('properties.certifiedBy')} extra={t('properties.certifiedByHelp')}>
          <Input maxLength={1000} />
        </Form.Item>
        <Form.Item
          name="certification_details"
          label={t('properties.certificationDetails')}
          extra={t('properties.certificationDetailsHelp')}
        >
          <Input maxLength={10000} />
        </Form.Item>

        <Divider titlePlacement="start" plain className="rama-dialog-section">
          {t('common:tags')}
        </Divider>
        <Form.Item name="tags" label={t('common:tags')} extra={t('properties.tagsHelp')}>
          <TagSelect />
        </Form.Item>
      </Form>

      <Collapse
        size="small"
        className="rama-dialog-advanced"
        activeKey={advancedOpen ? ['advanced'] : []}
        onChange={(keys) => setAdvancedOpen((Array.isArray(keys) ? keys : [keys]).includes('advanced'))}
        items={[
          {
            key: 'advanced',
            label: t('properties.advanced'),
            children: (
              <>
                <Typography.Paragraph type="secondary" className="rama-dialog-intro" id="rama-json-metadata-help">
                  {t('properties.jsonHelp')}
                </Typography.Paragraph>
                <CodeField
                  value={jsonText}
                  onChange={changeJson}
                  language="json"
                  label={t('properties.json')}
                  invalid={edited.errors.length > 0}
                  describedBy="rama-json-metadata-help"
                  minHeight="200px"
                  maxHeight="360px"
                />
                {edited.errors.length > 0 && (
                  <Alert
                    className="rama-dialog-note"
                    type="error"
                    showIcon
                    title={t('properties.jsonInvalid')}
                    description={
                      <ul className="rama-dialog-errors">
                        {edited.errors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    }
                  />
                )}
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
