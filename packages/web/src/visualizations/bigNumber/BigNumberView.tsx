/**
 * The big number's text: the figure sized as a fraction of the chart's height (shrunk to fit the
 * width), the subheader or comparison under it, and room below for a trendline when there is one.
 */
import type { ReactNode } from 'react';
import { chartMessages } from '../messages';
import { DOWN_COLOR, UP_COLOR, type BigNumberProps } from './transformProps';

/**
 * Digits of a bold sans-serif are about 0.6 em wide, plain text about 0.5 em; this keeps a long
 * figure or subheader inside the chart (a narrow dashboard cell shrinks the text, not cuts it).
 */
const fitWidth = (text: string, width: number, wanted: number, em = 0.6): number =>
  Math.max(8, Math.min(wanted, (width * 0.95 - 16) / Math.max(1, text.length * em)));

/** The line's colour in the drawn look: up and down as the theme's success and error inks, the rest muted. */
function ink(color: string | null | undefined): string {
  if (color === UP_COLOR) return 'var(--rama-success)';
  if (color === DOWN_COLOR) return 'var(--rama-error)';
  return color ?? 'var(--rama-text-muted)';
}

/** The note under a figure that is not the latest (the theme's warning ink). */
const NOTE_INK = 'var(--rama-warning)';

export function textBlockHeight(props: BigNumberProps, width: number, height: number): number {
  const { header, sub } = fontSizes(props, width, height);
  const lines = [props.subheader, props.timestamp, props.note].filter(Boolean).length;
  return header * 1.15 + lines * sub * 1.3 + 8;
}

function fontSizes(props: BigNumberProps, width: number, height: number) {
  const header = fitWidth(props.headline ?? '', width, Math.max(10, props.headerFontSize * height));
  const longest = [props.subheader, props.timestamp, props.note].reduce<string>((a, t) => (t && t.length > a.length ? t : a), '');
  const sub = fitWidth(longest, width, Math.max(10, Math.min(props.subheaderFontSize * height, header * 0.6)), 0.5);
  return { header, sub };
}

export function BigNumberView({
  props,
  width,
  height,
  children,
}: {
  props: BigNumberProps;
  width: number;
  height: number;
  children?: ReactNode;
}) {
  if (props.headline === null) {
    return (
      <div style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'var(--rama-text-muted)' }}>
        {chartMessages.noResults()}
      </div>
    );
  }
  const { header, sub } = fontSizes(props, width, height);
  const line = (text: string | null, color?: string | null) =>
    text ? (
      <div
        style={{
          fontSize: sub,
          lineHeight: 1.3,
          color: ink(color),
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          maxWidth: '100%',
        }}
      >
        {text}
      </div>
    ) : null;
  return (
    <div className="rama-big-number" style={{ width, height, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <div
        style={{
          flex: children ? '0 0 auto' : '1 1 auto',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '4px 8px',
          textAlign: 'center',
        }}
      >
        <div style={{ fontSize: header, lineHeight: 1.15, fontWeight: 700, whiteSpace: 'nowrap' }} title={props.headline}>
          {props.headline}
        </div>
        {line(props.subheader, props.subheaderColor)}
        {line(props.timestamp)}
        {line(props.note, NOTE_INK)}
      </div>
      {children}
    </div>
  );
}
