import { Segmented } from 'antd';
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';

/** How a list page shows its rows. */
export type ListView = 'table' | 'card';

/** The card / table switch at the end of a list page's toolbar. */
export function ListViewSwitch({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  return (
    <Segmented<ListView>
      className="rama-view-switch"
      aria-label="View"
      value={value}
      onChange={onChange}
      options={[
        { value: 'card', icon: <AppstoreOutlined />, title: 'Card view' },
        { value: 'table', icon: <BarsOutlined />, title: 'List view' },
      ]}
    />
  );
}
