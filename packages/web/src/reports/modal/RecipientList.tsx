/** Who gets the report: email addresses (To, Cc, Bcc), Slack channels or webhook URLs, several of them. */
import { Button, Flex, Input, Select, Tooltip, Typography } from 'antd';
import { DeleteOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_RECIPIENT_TYPES, type ReportRecipientType } from '@rama/shared';
import { newRecipient, type DashboardSnapshot, type RecipientDraft } from '../reportForm';
import { FilterValuesToggle } from './FilterValuesToggle';
import type { SectionProps } from './fieldStatus';

/** Each channel's target: the message key of its label, and an example of what it takes. */
const TARGET: Record<ReportRecipientType, { label: string; placeholder: string }> = {
  Email: { label: 'target.email', placeholder: 'name@example.com, team@example.com' }, // i18n-ignore: example addresses
  Slack: { label: 'target.slack', placeholder: '#analytics, #alerts' }, // i18n-ignore: example channels
  Webhook: { label: 'target.webhook', placeholder: 'https://example.com/hooks/rama' }, // i18n-ignore: example URL
};

interface RecipientListProps extends SectionProps {
  /** the dashboard as the modal opened on it: recipients may get their own filter values */
  snapshot: DashboardSnapshot | null;
}

export function RecipientList({ values, onChange, errors, snapshot }: RecipientListProps) {
  const { t } = useTranslation('reports');
  const typeOptions = REPORT_RECIPIENT_TYPES.map((type) => ({ value: type, label: t('channel', { channel: type }) }));
  const { recipients } = values;
  const onDashboard = values.targetKind === 'dashboard';
  const update = (index: number, patch: Partial<RecipientDraft>) =>
    onChange({ recipients: recipients.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const remove = (index: number) => onChange({ recipients: recipients.filter((_r, i) => i !== index) });
  const add = () => onChange({ recipients: [...recipients, newRecipient(recipients.at(-1)?.type ?? 'Email')] });

  return (
    <div className="rama-report-recipients" role="group" aria-label={t('recipients')}>
      {recipients.length === 0 && (
        <Typography.Text type="secondary" className="rama-report-recipients-empty">
          <MailOutlined aria-hidden /> {t('nobodyYet')}
        </Typography.Text>
      )}
      {recipients.map((r, index) => {
        const error = errors[`recipients.${index}`];
        const number = index + 1;
        return (
          <div
            key={r.key}
            className={`rama-report-recipient${error ? ' is-invalid' : ''}`}
            role="group"
            aria-label={t('recipientN', { number })}
          >
            <Flex gap={8} align="center">
              <Select<ReportRecipientType>
                aria-label={t('recipientField', { number, field: t('recipientType') })}
                className="rama-report-recipient-type"
                value={r.type}
                options={typeOptions}
                onChange={(type) => update(index, { type })}
              />
              <Input
                aria-label={t('recipientField', { number, field: t(TARGET[r.type].label) })}
                prefix={<span className="rama-select-prefix">{t(TARGET[r.type].label)}</span>}
                placeholder={TARGET[r.type].placeholder}
                value={r.target}
                status={error ? 'error' : undefined}
                onChange={(e) => update(index, { target: e.target.value })}
              />
              <Tooltip title={t('common:remove')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('removeRecipient', { number })}
                  onClick={() => remove(index)}
                />
              </Tooltip>
            </Flex>
            {r.type === 'Email' && (
              <Flex gap={8} className="rama-report-recipient-copies">
                <Input
                  aria-label={t('recipientField', { number, field: t('cc') })}
                  prefix={<span className="rama-select-prefix">{t('cc')}</span>}
                  value={r.ccTarget}
                  onChange={(e) => update(index, { ccTarget: e.target.value })}
                />
                <Input
                  aria-label={t('recipientField', { number, field: t('bcc') })}
                  prefix={<span className="rama-select-prefix">{t('bcc')}</span>}
                  value={r.bccTarget}
                  onChange={(e) => update(index, { bccTarget: e.target.value })}
                />
              </Flex>
            )}
            {onDashboard && (snapshot || r.filterValues.kind !== 'none') && (
              <FilterValuesToggle
                control="switch"
                label={t('recipientFilterValues')}
                value={r.filterValues}
                onChange={(filterValues) => update(index, { filterValues })}
                snapshot={snapshot}
              />
            )}
            {error && (
              <Typography.Text type="danger" className="rama-report-recipient-error" role="alert">
                {error}
              </Typography.Text>
            )}
          </div>
        );
      })}
      {errors.recipients && (
        <Typography.Text type="danger" role="alert">
          {errors.recipients}
        </Typography.Text>
      )}
      <Button icon={<PlusOutlined aria-hidden />} onClick={add} className="rama-report-add-recipient">
        {t('addRecipient')}
      </Button>
    </div>
  );
}
