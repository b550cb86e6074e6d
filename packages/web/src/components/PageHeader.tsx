import type { ReactNode } from 'react';
import { Breadcrumb, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from '../core/hooks';

export interface Crumb {
  title: string;
  to?: string;
}

interface PageHeaderProps {
  title: string;
  /** Shown after the title (a tag, a badge). */
  tags?: ReactNode;
  subtitle?: ReactNode;
  breadcrumb?: Crumb[];
  /** Buttons on the right. */
  extra?: ReactNode;
}

/** Page title with optional breadcrumb and actions; also sets the document title. */
export function PageHeader({ title, tags, subtitle, breadcrumb, extra }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="rama-page-header">
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb
          className="rama-page-breadcrumb"
          items={breadcrumb.map((crumb) => ({
            key: crumb.title,
            title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title,
          }))}
        />
      )}
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={2} className="rama-page-title">
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
      {subtitle && (
        <Typography.Paragraph type="secondary" className="rama-page-subtitle">
          {subtitle}
        </Typography.Paragraph>
      )}
    </header>
  );
}
