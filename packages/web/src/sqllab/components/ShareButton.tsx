import { useState } from 'react';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SqlLabMessage } from '@rama/shared';
import { useAppDispatch, useToasts } from '../../core/hooks';
import { copyText } from '../../components/clipboard';
import { sharedText } from '../../i18n';
import { shareQuery } from '../state/savedQueryThunks';

/** Create a permalink to the tab's query, copy it, and show it for copying by hand. */
export function ShareButton({ editorId }: { editorId: string }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const { addSuccessToast, addWarningToast } = useToasts();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const copy = async (link: string) => {
    try {
      await copyText(link);
      addSuccessToast(sharedText('messages', SqlLabMessage.LINK_COPIED));
    } catch {
      addWarningToast(sharedText('messages', SqlLabMessage.COPY_FAILED));
    }
  };
  const handleShare = async () => {
    setBusy(true);
    const link = await dispatch(shareQuery(editorId));
    setBusy(false);
    if (!link) return;
    setUrl(link);
    await copy(link);
  };
  const content = url ? (
    <Space.Compact className="rama-sqllab-share">
      <Input readOnly value={url} aria-label={t('share.permalink')} onFocus={(e) => e.target.select()} />
      <Button icon={<CopyOutlined aria-hidden />} aria-label={t('history.copyLink')} onClick={() => void copy(url)} />
    </Space.Compact>
  ) : null;

  return (
    <Popover
      open={url !== null}
      content={content}
      title={t('share.title')}
      trigger="click"
      onOpenChange={(open) => !open && setUrl(null)}
      placement="bottomRight"
    >
      <Tooltip title={t('share.tooltip')}>
        <Button size="small" icon={<ShareAltOutlined aria-hidden />} loading={busy} onClick={() => void handleShare()}>
          {t('common:share')}
        </Button>
      </Tooltip>
    </Popover>
  );
}
