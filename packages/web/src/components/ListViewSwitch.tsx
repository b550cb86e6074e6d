import { Segmented } from 'antd';
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** How a list page shows its rows. */
export type ListView = 'table' | 'card';

/** The card / table switch at the end of a list page's toolbar. */
export function ListViewSwitch({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  const { t } = useTranslation('components');
  return (
    <Segmented<ListView>
      className="rama-view-switch"
      aria-label={t('list.view')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'card', icon: <AppstoreOutlined />, title: t('common:cardView') },
        { value: 'table', icon: <BarsOutlined />, title: t('common:listView') },
      ]}
    />
  );
}
