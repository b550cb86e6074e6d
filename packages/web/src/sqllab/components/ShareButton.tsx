import { useState } from 'react';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { SqlLabMessage } from '@rama/shared';
import { useAppDispatch, useToasts } from '../../app/hooks';
import { copyText } from '../../components/clipboard';
import { shareQuery } from '../state/savedQueryThunks';

/** Create a permalink to the tab's query, copy it, and show it for copying by hand. */
export function ShareButton({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const { addSuccessToast, addWarningToast } = useToasts();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const copy = async (link: string) => {
    try {
      await copyText(link);
      addSuccessToast(SqlLabMessage.LINK_COPIED);
    } catch {
      addWarningToast(SqlLabMessage.COPY_FAILED);
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
      <Input readOnly value={url} aria-label="Permalink" onFocus={(e) => e.target.select()} />
      <Button icon={<CopyOutlined aria-hidden />} aria-label="Copy link" onClick={() => void copy(url)} />
    </Space.Compact>
  ) : null;

  return (
    <Popover
      open={url !== null}
      content={content}
      title="Link to this query"
      trigger="click"
      onOpenChange={(open) => !open && setUrl(null)}
      placement="bottomRight"
    >
      <Tooltip title="Copy a link to this query">
        <Button size="small" icon={<ShareAltOutlined aria-hidden />} loading={busy} onClick={() => void handleShare()}>
          Share
        </Button>
      </Tooltip>
    </Popover>
  );
}
