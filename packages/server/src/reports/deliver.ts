/**
 * Delivery of a report's content (issue 14 part 4): email through nodemailer (the picture inline
 * and attached), Slack through its Web API, and a webhook POST with JSON. Every piece of user text
 * that goes into HTML is escaped. A webhook goes through the outbound policy (issue 24 item 9)
 * and fails with one message whatever went wrong, so the execution log is no port scanner.
 */
import { LANGUAGE_LOCALES, parseRecipients, type Language, type ReportRecipientConfig, type ReportRecipientType } from '@rama/shared';
import type { ReportsConfig } from '../config.js';
import { outboundRequest, parseAllowList } from '../net/outbound.js';
import type { ReportContent, ReportTable } from './content.js';
import { localize } from '../i18n/translate.js';

export interface ReportMessage {
  name: string;
  description: string | null;
  type: 'Report' | 'Alert';
  /** the alert's value, when it is one */
  value: number | null;
  scheduledAt: Date;
  content: ReportContent;
  /** the language of the e-mail's and Slack message's own words: the report owner's (English when absent) */
  language?: Language;
}

const WEBHOOK_TIMEOUT_MS = 30_000;
/** EMAIL_REPORTS_SUBJECT_PREFIX's default (config.ts) */
const DEFAULT_SUBJECT_PREFIX = '[Report] ';

/** The one thing a user learns of a failed webhook: refused, unreachable, timed out, reset or non-2xx alike. */
export const WEBHOOK_FAILED = 'The webhook could not be delivered.';

/** A delivery that failed: `message` is for the execution log, `detail` only for the server log. */
export class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function tableHtml(t: ReportTable, language: Language = 'en'): string {
  const head = t.columns
    .map((c) => `<th style="text-align:left;padding:4px 8px;border-bottom:1px solid #ccc">${escapeHtml(c)}</th>`)
    .join('');
  const body = t.rows
    .map(
      (r) =>
        `<tr>${r.map((v) => `<td style="padding:4px 8px;border-bottom:1px solid #eee">${escapeHtml(cellText(v))}</td>`).join('')}</tr>`,
    )
    .join('');
  const more = t.total > t.rows.length ? `<p>${escapeHtml(localize('{0} of {1} rows shown.', language, ...shownOf(t, language)))}</p>` : '';
  return `<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}`;
}

/** a number in the message's language (English as String() writes it, as before) */
const numberIn = (n: number, language: Language): string => (language === 'en' ? String(n) : n.toLocaleString(LANGUAGE_LOCALES[language]));
const shownOf = (t: ReportTable, language: Language) => [numberIn(t.rows.length, language), numberIn(t.total, language)];

/** The table as plain text (Slack, webhook, the text part of an email). */
export function tableText(t: ReportTable, language: Language = 'en'): string {
  const lines = [t.columns.join(' | '), ...t.rows.map((r) => r.map(cellText).join(' | '))];
  if (t.total > t.rows.length) lines.push(localize('({0} of {1} rows shown)', language, ...shownOf(t, language)));
  return lines.join('\n');
}

function heading(m: ReportMessage): string {
  const language = m.language ?? 'en';
  if (m.type !== 'Alert') return m.name;
  return m.value === null
    ? localize('Alert triggered: {0}', language, m.name)
    : localize('Alert triggered: {0} (value {1})', language, m.name, numberIn(m.value, language));
}

export async function sendEmail(cfg: ReportsConfig, to: ReportRecipientConfig, m: ReportMessage): Promise<void> {
  if (!cfg.smtp) throw new Error('Email is not set up on this server (SMTP_HOST is not configured).');
  const s = cfg.smtp;
  // loaded on the first email: most processes never send one
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.ssl,
    requireTLS: !s.ssl && s.starttls,
    ignoreTLS: !s.ssl && !s.starttls,
    auth: s.user ? { user: s.user, pass: s.password ?? '' } : undefined,
    connectionTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const c = m.content;
  const language = m.language ?? 'en';
  const image = c.file && c.format === 'PNG' ? c.file : null;
  const description = m.description ? `<p>${escapeHtml(m.description)}</p>` : '';
  const link = `<p><a href="${escapeHtml(c.url)}">${escapeHtml(localize('Explore in Rama', language))}</a></p>`;
  const body = c.table
    ? tableHtml(c.table, language)
    : image
      ? `<img src="cid:report-image" alt="${escapeHtml(m.name)}" style="max-width:100%">`
      : '';
  try {
    await transport.sendMail({
      from: s.from,
      to: parseRecipients(to.target).emails,
      cc: parseRecipients(to.ccTarget ?? '').emails,
      bcc: parseRecipients(to.bccTarget ?? '').emails,
      // the default prefix is Rama's own word; one the operator set is kept as it is
      subject: `${cfg.subjectPrefix === DEFAULT_SUBJECT_PREFIX ? localize(DEFAULT_SUBJECT_PREFIX, language) : cfg.subjectPrefix}${heading(m)}`,
      text: [
        heading(m),
        m.description ?? '',
        c.table ? tableText(c.table, language) : '',
        localize('Explore in Rama: {0}', language, c.url),
      ]
        .filter(Boolean)
        .join('\n\n'),
      html: `<h2 style="font-family:sans-serif">${escapeHtml(heading(m))}</h2>${description}${body}${link}`,
      attachments: [
        ...(image ? [{ filename: image.filename, content: image.data, contentType: image.contentType, cid: 'report-image' }] : []),
        ...(c.file ? [{ filename: c.file.filename, content: c.file.data, contentType: c.file.contentType }] : []),
      ],
    });
  } finally {
    transport.close();
  }
}

/** A Slack Web API call: JSON, or form-encoded for the methods that only read forms. */
async function slackCall(
  cfg: ReportsConfig,
  method: string,
  body: Record<string, unknown>,
  encoding: 'json' | 'form' = 'json',
): Promise<Record<string, unknown>> {
  const form = encoding === 'form';
  const res = await fetch(`${cfg.slackApiUrl}/${method}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${cfg.slackToken ?? ''}`,
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json; charset=utf-8',
    },
    body: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()
      : JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || json.ok !== true) throw new Error(`Slack ${method} failed: ${String(json.error ?? res.status)}`);
  return json;
}

/** Slack's Web API: a message per channel, with the file uploaded through the external upload flow. */
export async function sendSlack(cfg: ReportsConfig, to: ReportRecipientConfig, m: ReportMessage): Promise<void> {
  if (!cfg.slackToken) throw new Error('Slack is not set up on this server (SLACK_API_TOKEN is not configured).');
  const c = m.content;
  const language = m.language ?? 'en';
  const text = [
    `*${heading(m)}*`,
    m.description ?? '',
    c.table ? `\`\`\`\n${tableText(c.table, language)}\n\`\`\`` : '',
    `<${c.url}|${localize('Explore in Rama', language)}>`,
  ]
    .filter(Boolean)
    .join('\n');
  for (const channel of to.target.split(/[,;\s]+/).filter(Boolean)) {
    if (!c.file) {
      await slackCall(cfg, 'chat.postMessage', { channel, text });
      continue;
    }
    const upload = await slackCall(cfg, 'files.getUploadURLExternal', { filename: c.file.filename, length: c.file.data.length }, 'form');
    const put = await fetch(String(upload.upload_url), {
      method: 'POST',
      body: c.file.data,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!put.ok) throw new Error(`Slack file upload failed: ${put.status}`);
    await slackCall(cfg, 'files.completeUploadExternal', {
      files: [{ id: upload.file_id, title: c.file.filename }],
      channel_id: channel,
      initial_comment: text,
    });
  }
}

/** A JSON POST: the report's name and link, and the text or CSV inline, or the file as base64. */
export async function sendWebhook(cfg: ReportsConfig, to: ReportRecipientConfig, m: ReportMessage): Promise<void> {
  const c = m.content;
  const isText = c.format === 'CSV';
  const body = JSON.stringify({
    type: m.type,
    name: m.name,
    description: m.description,
    url: c.url,
    scheduled_dttm: m.scheduledAt.toISOString(),
    value: m.value,
    format: c.format,
    // a CSV travels as its text (a scheduled query may carry a table too: `table` has it)
    text: isText && c.file ? c.file.data.toString('utf8') : c.table ? tableText(c.table) : null,
    table: c.table ? { columns: c.table.columns, rows: c.table.rows } : null,
    file:
      c.file && !isText
        ? { filename: c.file.filename, content_type: c.file.contentType, content_base64: c.file.data.toString('base64') }
        : null,
  });
  let status: number;
  try {
    const res = await outboundRequest(
      to.target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Rama-Reports' },
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: 4096,
      },
      parseAllowList(cfg.webhookAllowedHosts),
    );
    status = res.status;
  } catch (e) {
    throw new DeliveryFailed(WEBHOOK_FAILED, e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  }
  if (status < 200 || status > 299) throw new DeliveryFailed(WEBHOOK_FAILED, `the webhook answered ${status}`);
}

export async function deliver(cfg: ReportsConfig, type: ReportRecipientType, to: ReportRecipientConfig, m: ReportMessage): Promise<void> {
  if (type === 'Email') return sendEmail(cfg, to, m);
  if (type === 'Slack') return sendSlack(cfg, to, m);
  return sendWebhook(cfg, to, m);
}
