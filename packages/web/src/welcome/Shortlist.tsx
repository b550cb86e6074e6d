import type { ReactNode } from 'react';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { toClientError } from '../core/api';
import { ErrorAlert } from '../components/ErrorAlert';

/** How many rows a welcome-page section shows. */
export const SHORTLIST_SIZE = 6;

export interface ShortlistItem {
  key: number | string;
  to: string;
  label: string;
  /** Small secondary texts after the label (a type, a status, when it changed). */
  details: ReactNode[];
  /** A small picture before the label (the object's thumbnail). */
  picture?: ReactNode;
}

interface ShortlistProps {
  title: string;
  /** The full list: "All charts" → /chart/list/ */
  all: { label: string; to: string };
  items: ShortlistItem[];
  loading: boolean;
  error: unknown;
  /** The title of the error when the list cannot be read. */
  errorTitle: string;
  /** When there is nothing to list. */
  emptyText: string;
}

/** A welcome-page card: a short list of links, with a link to the full list. */
export function Shortlist({ title, all, items, loading, error, errorTitle, emptyText }: ShortlistProps) {
  return (
    <Card title={title} size="small" extra={<Link to={all.to}>{all.label}</Link>} className="rama-shortlist-card">
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error ? (
        <ErrorAlert error={toClientError(error)} title={errorTitle} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <ul className="rama-shortlist" aria-label={title}>
          {items.map((item) => (
            <li key={item.key}>
              {item.picture && (
                // the label is the link for keyboards and screen readers; the picture is a larger target for the mouse
                <Link to={item.to} tabIndex={-1} aria-hidden="true" className="rama-shortlist-picture">
                  {item.picture}
                </Link>
              )}
              <Link to={item.to} title={item.label}>
                {item.label}
              </Link>
              {item.details.map((detail, i) => (
                <Typography.Text key={i} type="secondary" className="rama-cell-secondary">
                  {detail}
                </Typography.Text>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
