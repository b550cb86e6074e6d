import Type from 'typebox';
import type { UserRef } from './common.js';

/**
 * Reports and alerts (spec sections 3 "Report", 7 "Reports", 8 "Reports"; issue 14): the
 * `/api/v1/report/` bodies and replies, with the BI server's field names and values.
 */

export const REPORT_TYPES = ['Report', 'Alert'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** where the report was set up from: a chart's or a dashboard's menu, or the alerts page */
export const REPORT_CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export type ReportCreationMethod = (typeof REPORT_CREATION_METHODS)[number];

/** XLSX: a dashboard as one workbook, a sheet per chart (issue 30 item 2) */
export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'TEXT', 'XLSX'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_RECIPIENT_TYPES = ['Email', 'Slack', 'Webhook'] as const;
export type ReportRecipientType = (typeof REPORT_RECIPIENT_TYPES)[number];

export const REPORT_VALIDATOR_TYPES = ['not null', 'operator'] as const;
export type ReportValidatorType = (typeof REPORT_VALIDATOR_TYPES)[number];

export const REPORT_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type ReportOperator = (typeof REPORT_OPERATORS)[number];

/** The states of one run, as the BI server names them. */
export const REPORT_STATES = ['Success', 'Working', 'Error', 'Not triggered', 'On Grace'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Defaults of the BI server: 1 h working timeout, 4 h grace period, 90 days of logs. */
export const REPORT_DEFAULTS = {
  working_timeout: 3600,
  grace_period: 14_400,
  log_retention: 90,
  timezone: 'UTC',
  report_format: 'PNG' as ReportFormat,
  crontab: '0 0 * * *',
} as const;

/** custom_width bounds of a screenshot, in CSS pixels */
export const REPORT_MIN_WIDTH = 600;
export const REPORT_MAX_WIDTH = 2400;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const NullableId = Type.Union([Id, Type.Null()]);
const NullableString = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** A filter's value for one report or one recipient: the dashboard's data mask, by filter id. */
const DataMaskMap = Type.Record(
  Type.String({ maxLength: 200 }),
  Type.Object(
    {
      extraFormData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      filterState: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      ownState: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      id: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: true },
  ),
);

/**
 * `recipient_config_json`: Email `target` (comma-separated addresses), `ccTarget`, `bccTarget`;
 * Slack `target` (channel names or ids); Webhook `target` (an http(s) URL). `dataMask` is Rama's
 * per-recipient filter values for a dashboard report (beyond the peer).
 */
export const ReportRecipientConfig = Type.Object(
  {
    target: Type.String({ minLength: 1, maxLength: 4000 }),
    ccTarget: Type.Optional(Type.String({ maxLength: 4000 })),
    bccTarget: Type.Optional(Type.String({ maxLength: 4000 })),
    dataMask: Type.Optional(DataMaskMap),
  },
  { additionalProperties: false },
);
export type ReportRecipientConfig = Type.Static<typeof ReportRecipientConfig>;

export const ReportRecipientBody = Type.Object(
  {
    type: Type.Enum(REPORT_RECIPIENT_TYPES),
    recipient_config_json: ReportRecipientConfig,
  },
  { additionalProperties: false },
);
export type ReportRecipientBody = Type.Static<typeof ReportRecipientBody>;

export const ReportValidatorConfig = Type.Object(
  {
    op: Type.Optional(Type.Enum(REPORT_OPERATORS)),
    threshold: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ReportValidatorConfig = Type.Static<typeof ReportValidatorConfig>;

/** `extra`: what a dashboard capture starts from (open tabs, anchor, filter values). */
export const ReportExtra = Type.Object(
  {
    dashboard: Type.Optional(
      Type.Object(
        {
          activeTabs: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
          anchor: Type.Optional(Type.String({ maxLength: 200 })),
          dataMask: Type.Optional(DataMaskMap),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReportExtra = Type.Static<typeof ReportExtra>;

const reportFields = {
  type: Type.Enum(REPORT_TYPES),
  name: Type.String({ minLength: 1, maxLength: 150 }),
  description: Type.Optional(NullableString(4000)),
  context_markdown: Type.Optional(NullableString(10_000)),
  crontab: Type.String({ minLength: 1, maxLength: 1000 }),
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  active: Type.Optional(Type.Boolean()),
  creation_method: Type.Optional(Type.Enum(REPORT_CREATION_METHODS)),
  chart: Type.Optional(NullableId),
  dashboard: Type.Optional(NullableId),
  database: Type.Optional(NullableId),
  sql: Type.Optional(NullableString(100_000)),
  owners: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  validator_type: Type.Optional(Type.Union([Type.Enum(REPORT_VALIDATOR_TYPES), Type.Null()])),
  validator_config_json: Type.Optional(Type.Union([ReportValidatorConfig, Type.Null()])),
  log_retention: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  grace_period: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000 })),
  working_timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
  recipients: Type.Optional(Type.Array(ReportRecipientBody, { maxItems: 100 })),
  report_format: Type.Optional(Type.Enum(REPORT_FORMATS)),
  force_screenshot: Type.Optional(Type.Boolean()),
  custom_width: Type.Optional(Type.Union([Type.Integer({ minimum: REPORT_MIN_WIDTH, maximum: REPORT_MAX_WIDTH }), Type.Null()])),
  extra: Type.Optional(ReportExtra),
};

/** POST /api/v1/report/ */
export const ReportCreate = Type.Object(reportFields, { additionalProperties: false });
export type ReportCreate = Type.Static<typeof ReportCreate>;

/** PUT /api/v1/report/{id}: any of the fields (the full body from the modal, or `{active}` alone). */
export const ReportPut = Type.Partial(ReportCreate, { additionalProperties: false });
export type ReportPut = Type.Static<typeof ReportPut>;

export interface ReportRecipient {
  id: number;
  type: ReportRecipientType;
  recipient_config_json: ReportRecipientConfig;
}

/** GET /api/v1/report/{id} → result */
export interface ReportDetail {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  context_markdown: string | null;
  crontab: string;
  timezone: string;
  active: boolean;
  creation_method: ReportCreationMethod;
  chart: { id: number; slice_name: string; viz_type: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
  sql: string | null;
  owners: UserRef[];
  validator_type: ReportValidatorType | null;
  validator_config_json: ReportValidatorConfig | null;
  log_retention: number;
  grace_period: number;
  working_timeout: number;
  recipients: ReportRecipient[];
  report_format: ReportFormat;
  force_screenshot: boolean;
  custom_width: number | null;
  extra: ReportExtra;
  last_eval_dttm: number | null;
  last_state: ReportState | null;
  last_value: number | null;
}

/** GET /api/v1/report/ → result[] */
export interface ReportListItem {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  active: boolean;
  creation_method: ReportCreationMethod;
  chart_id: number | null;
  dashboard_id: number | null;
  /** the target's name, as the list shows it */
  chart: { id: number; slice_name: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  /** Rama: the saved query a scheduled query's report runs (creation_method `saved_query`), else null */
  saved_query: { id: number; label: string } | null;
  crontab: string;
  crontab_humanized: string;
  timezone: string;
  report_format: ReportFormat;
  owners: UserRef[];
  recipients: { id: number; type: ReportRecipientType }[];
  created_by: UserRef | null;
  changed_by: UserRef | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  last_eval_dttm: number | null;
  last_state: ReportState | null;
}

/** GET /api/v1/report/{id}/log/ → result[] (one per run) */
export interface ReportExecutionLog {
  id: number;
  uuid: string;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | null;
  value_row_json: string | null;
  state: ReportState;
  error_message: string | null;
}

export const REPORT_ORDER_COLUMNS = [
  'name',
  'type',
  'active',
  'crontab',
  'last_eval_dttm',
  'last_state',
  'changed_on',
  'created_on',
  'id',
] as const;
