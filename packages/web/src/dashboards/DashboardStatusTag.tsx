import { Tag } from 'antd';
import { statusLabel } from './dashboardList';

/** Published or Draft: drafts are seen only by their owners and admins. */
export function DashboardStatusTag({ published }: { published: boolean }) {
  return (
    <Tag color={published ? 'green' : undefined} className="rama-table-tag">
      {statusLabel(published)}
    </Tag>
  );
}
