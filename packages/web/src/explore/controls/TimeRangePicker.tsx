/**
 * The time range picker: Last, Previous, Custom, Advanced and No filter, with the actual bounds
 * the server will apply and its message when an expression does not parse (Apply is disabled then).
 * `TimeRangeEditor` is the panel itself (the filter editor embeds it); `TimeRangePicker` puts it
 * behind a button (the dashboard's time filter reuses it).
 */
import { CLOSED_POPOVER } from './closedPopover';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, DatePicker, Input, Popover, Radio, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CalendarOutlined } from '@ant-design/icons';
import { NO_TIME_RANGE } from '@rama/shared';
import { CustomBoundField } from './CustomBoundField';
import {
  anchoredRange,
  boundsLabel,
  customAnchor,
  isoDateTime,
  NOW_ANCHOR,
  withAnchor,
  decodeAdvancedRange,
  decodeCustomRange,
  encodeAdvancedRange,
  encodeCustomRange,
  initialValueFor,
  LAST_RANGES,
  PREVIOUS_RANGES,
  rangeLabel,
  RANGE_TYPES,
  rangeTypeLabel,
  rangeTypeOf,
  type RangeType,
} from './timeRangeModel';
import { useTimeRangeBounds, type TimeRangeBoundsState } from './useTimeRangeBounds';

/** How a time range reads on a button or chip, in the current language. */
export function timeRangeLabel(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return rangeLabel(v || NO_TIME_RANGE);
}

interface TimeRangeEditorProps {
  value: string;
  /** the column named in the bounds line */
  column?: string | null;
  onApply?: (value: string) => void;
  onCancel?: () => void;
  /** inside another editor: report each change instead of showing Apply / Cancel */
  onDraftChange?: (value: string, valid: boolean) => void;
}

/** The column's stand-in in the bounds line when none is named (`2024-05-01 ≤ col < 2024-06-01`). */
const ANY_COLUMN = 'col';

function ActualBounds({ bounds, column }: { bounds: TimeRangeBoundsState; column?: string | null }) {
  const { t } = useTranslation('explorecontrols');
  return (
    <div className="rama-time-bounds" aria-live="polite">
      <div className="rama-time-bounds-title">{t('actualTimeRange')}</div>
      {bounds.pending ? (
        <Spin size="small" />
      ) : bounds.error ? (
        <Alert type="error" showIcon title={bounds.error} />
      ) : (
        <code>{boundsLabel(bounds.since, bounds.until, column || ANY_COLUMN)}</code>
      )}
    </div>
  );
}

export function TimeRangeEditor({ value, column, onApply, onCancel, onDraftChange }: TimeRangeEditorProps) {
  const { t } = useTranslation('explorecontrols');
  const [draft, setDraft] = useState(value || NO_TIME_RANGE);
  const [type, setType] = useState<RangeType>(() => rangeTypeOf(value));
  const bounds = useTimeRangeBounds(draft);
  const valid = !bounds.pending && bounds.error === null;
  const report = useRef(onDraftChange);
  useEffect(() => {
    report.current = onDraftChange;
  });
  useEffect(() => report.current?.(draft, valid), [draft, valid]);
  const decoded = type === 'Custom' ? decodeCustomRange(draft) : null;
  const custom = decoded ? anchoredRange(decoded) : null;
  const bothRelative = custom?.since.mode === 'relative' && custom.until.mode === 'relative';
  const anchor = custom ? customAnchor(custom) : NOW_ANCHOR;
  const anchorText = (a: string | undefined) => (!a || a === NOW_ANCHOR ? t('anchorNow') : a.replace('T', ' '));
  const advanced = type === 'Advanced' ? decodeAdvancedRange(draft) : null;

  return (
    <div className="rama-time-range-editor" role="group" aria-label={t('timeRange')}>
      <label className="rama-editor-field">
        <span>{t('rangeType')}</span>
        <Select
          aria-label={t('rangeType')}
          size="small"
          value={type}
          options={RANGE_TYPES.map((r) => ({ value: r, label: rangeTypeLabel(r) }))}
          onChange={(next: RangeType) => {
            setType(next);
            setDraft(initialValueFor(next, draft));
          }}
        />
      </label>
      {type === 'Last' && (
        <Radio.Group className="rama-range-radios" value={draft} onChange={(e) => setDraft(String(e.target.value))}>
          {LAST_RANGES.map((r) => (
            <Radio key={r} value={r}>
              {rangeLabel(r)}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {type === 'Previous' && (
        <Radio.Group className="rama-range-radios" value={draft} onChange={(e) => setDraft(String(e.target.value))}>
          {PREVIOUS_RANGES.map((r) => (
            <Radio key={r} value={r}>
              {rangeLabel(r)}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {custom && (
        <div className="rama-custom-range">
          <CustomBoundField
            label={t('startInclusive')}
            bound={custom.since}
            anchorLabel={anchorText(custom.since.mode === 'relative' ? custom.since.anchor : undefined)}
            onChange={(since) => setDraft(encodeCustomRange({ ...custom, since }))}
          />
          <CustomBoundField
            label={t('endExclusive')}
            side="until"
            bound={custom.until}
            anchorLabel={anchorText(custom.until.mode === 'relative' ? custom.until.anchor : undefined)}
            onChange={(until) => setDraft(encodeCustomRange({ ...custom, until }))}
          />
          {bothRelative && (
            <fieldset className="rama-custom-bound">
              <legend>{t('anchorTo')}</legend>
              <Radio.Group
                aria-label={t('anchorTo')}
                value={anchor === NOW_ANCHOR ? 'now' : 'specific'}
                onChange={(e) => {
                  const now = new Date();
                  const midnight = isoDateTime(new Date(now.getFullYear(), now.getMonth(), now.getDate()));
                  setDraft(encodeCustomRange(withAnchor(custom, e.target.value === 'now' ? NOW_ANCHOR : midnight)));
                }}
                options={[
                  { value: 'now', label: t('boundNow') },
                  { value: 'specific', label: t('dateTime') },
                ]}
              />
              {anchor !== NOW_ANCHOR && (
                <DatePicker
                  aria-label={t('anchorDate')}
                  size="small"
                  showTime
                  allowClear={false}
                  value={dayjs(anchor, 'YYYY-MM-DDTHH:mm:ss')}
                  onChange={(d) => d && setDraft(encodeCustomRange(withAnchor(custom, d.format('YYYY-MM-DDTHH:mm:ss'))))}
                  style={{ width: '100%' }}
                />
              )}
            </fieldset>
          )}
        </div>
      )}
      {advanced && (
        <div className="rama-advanced-range">
          <label className="rama-editor-field">
            <span>{t('startInclusive')}</span>
            <Input
              size="small"
              aria-label={t('startInclusive')}
              placeholder={t('examples', { examples: 'DATEADD(DATETIME("now"), -7, day), 2024-01-01, 30 days ago' })}
              value={advanced.since}
              onChange={(e) => setDraft(encodeAdvancedRange(e.target.value, advanced.until))}
            />
          </label>
          <label className="rama-editor-field">
            <span>{t('endExclusive')}</span>
            <Input
              size="small"
              aria-label={t('endExclusive')}
              placeholder={t('examples', { examples: 'now, today, 2024-02-01' })}
              value={advanced.until}
              onChange={(e) => setDraft(encodeAdvancedRange(advanced.since, e.target.value))}
            />
          </label>
        </div>
      )}
      {type === 'No filter' && <div className="rama-editor-empty">{t('noFilterHint')}</div>}
      <ActualBounds bounds={bounds} column={column} />
      {!onDraftChange && (
        <div className="rama-editor-actions">
          {onCancel && (
            <Button size="small" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
          )}
          <Button size="small" type="primary" disabled={!valid} onClick={() => onApply?.(draft)}>
            {t('common:apply')}
          </Button>
        </div>
      )}
    </div>
  );
}

interface TimeRangePickerProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
  column?: string | null;
  id?: string;
  disabled?: boolean;
}

/** A button showing the range; it opens the editor in a popover and applies its value. */
export function TimeRangePicker({ value, onChange, column, id, disabled }: TimeRangePickerProps) {
  useTranslation('explorecontrols'); // the button's label follows the language
  const [open, setOpen] = useState(false);
  const current = value || NO_TIME_RANGE;
  return (
    <Popover
      trigger="click"
      placement="right"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={
        open ? (
          <TimeRangeEditor
            value={current}
            column={column}
            onApply={(v) => {
              onChange(v);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : (
          CLOSED_POPOVER
        )
      }
    >
      <Button id={id} className="rama-time-range-button" icon={<CalendarOutlined />} disabled={disabled} block>
        {timeRangeLabel(current)}
      </Button>
    </Popover>
  );
}
