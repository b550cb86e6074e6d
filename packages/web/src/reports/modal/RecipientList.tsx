/** Who gets the report: email addresses (To, Cc, Bcc), Slack channels or webhook URLs, several of them. */
import { Button, Flex, Input, Select, Tooltip, Typography } from 'antd';
import { DeleteOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { REPORT_RECIPIENT_TYPES, type ReportRecipientType } from '@rama/shared';
import { newRecipient, type DashboardSnapshot, type RecipientDraft } from '../reportForm';
import { FilterValuesToggle } from './FilterValuesToggle';
import type { SectionProps } from './fieldStatus';

const TYPE_OPTIONS = REPORT_RECIPIENT_TYPES.map((t) => ({ value: t, label: t }));

const TARGET: Record<ReportRecipientType, { label: string; placeholder: string }> = {
  Email: { label: 'To', placeholder: 'name@example.com, team@example.com' },
  Slack: { label: 'Channels', placeholder: '#analytics, #alerts' },
  Webhook: { label: 'URL', placeholder: 'https://example.com/hooks/rama' },
};

interface RecipientListProps extends SectionProps {
  /** the dashboard as the modal opened on it: recipients may get their own filter values */
  snapshot: DashboardSnapshot | null;
}

export function RecipientList({ values, onChange, errors, snapshot }: RecipientListProps) {
  const { recipients } = values;
  const onDashboard = values.targetKind === 'dashboard';
  const update = (index: number, patch: Partial<RecipientDraft>) =>
    onChange({ recipients: recipients.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const remove = (index: number) => onChange({ recipients: recipients.filter((_r, i) => i !== index) });
  const add = () => onChange({ recipients: [...recipients, newRecipient(recipients.at(-1)?.type ?? 'Email')] });

  return (
    <div className="rama-report-recipients" role="group" aria-label="Recipients">
      {recipients.length === 0 && (
        <Typography.Text type="secondary" className="rama-report-recipients-empty">
          <MailOutlined aria-hidden /> Nobody gets this yet.
        </Typography.Text>
      )}
      {recipients.map((r, index) => {
        const error = errors[`recipients.${index}`];
        const number = index + 1;
        return (
          <div key={r.key} className={`rama-report-recipient${error ? ' is-invalid' : ''}`} role="group" aria-label={`Recipient ${number}`}>
            <Flex gap={8} align="center">
              <Select<ReportRecipientType>
                aria-label={`Recipient ${number} type`}
                className="rama-report-recipient-type"
                value={r.type}
                options={TYPE_OPTIONS}
                onChange={(type) => update(index, { type })}
              />
              <Input
                aria-label={`Recipient ${number} ${TARGET[r.type].label}`}
                prefix={<span className="rama-select-prefix">{TARGET[r.type].label}</span>}
                placeholder={TARGET[r.type].placeholder}
                value={r.target}
                status={error ? 'error' : undefined}
                onChange={(e) => update(index, { target: e.target.value })}
              />
              <Tooltip title="Remove">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove recipient ${number}`}
                  onClick={() => remove(index)}
                />
              </Tooltip>
            </Flex>
            {r.type === 'Email' && (
              <Flex gap={8} className="rama-report-recipient-copies">
                <Input
                  aria-label={`Recipient ${number} Cc`}
                  prefix={<span className="rama-select-prefix">Cc</span>}
                  value={r.ccTarget}
                  onChange={(e) => update(index, { ccTarget: e.target.value })}
                />
                <Input
                  aria-label={`Recipient ${number} Bcc`}
                  prefix={<span className="rama-select-prefix">Bcc</span>}
                  value={r.bccTarget}
                  onChange={(e) => update(index, { bccTarget: e.target.value })}
                />
              </Flex>
            )}
            {onDashboard && (snapshot || r.filterValues.kind !== 'none') && (
              <FilterValuesToggle
                control="switch"
                label="Use the current filter values for this recipient"
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
        Add recipient
      </Button>
    </div>
  );
}
