import { Button, Popover, Tooltip } from 'antd';
import Icon from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EDITOR_SHORTCUTS } from './shortcuts';

/** antd has no keyboard glyph; this one follows its outlined style (1024 grid, currentColor). */
function KeyboardSvg() {
  return (
    <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <path d="M896 224H128c-35 0-64 29-64 64v448c0 35 29 64 64 64h768c35 0 64-29 64-64V288c0-35-29-64-64-64zm0 512H128V288h768v448z" />
      <path d="M208 360h80v72h-80zm144 0h80v72h-80zm144 0h80v72h-80zm144 0h80v72h-80zm144 0h80v72h-80zM208 480h80v72h-80zm144 0h80v72h-80zm144 0h80v72h-80zm144 0h80v72h-80zm144 0h80v72h-80zM304 600h416v72H304z" />
    </svg>
  );
}

function ShortcutList() {
  // re-rendered when the language changes: the descriptions are read in it
  useTranslation('sqllab');
  return (
    <table className="rama-shortcuts">
      <tbody>
        {EDITOR_SHORTCUTS.map((s) => (
          <tr key={s.keys}>
            <td className="rama-shortcuts-keys">
              {s.keys.split('+').map((k, i) => (
                <kbd key={i}>{k}</kbd>
              ))}
            </td>
            <td className="rama-shortcuts-desc">{s.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A small keyboard button that lists the editor's shortcuts. */
export function ShortcutsHelp() {
  const { t } = useTranslation('sqllab');
  return (
    <Popover title={t('shortcuts.title')} content={<ShortcutList />} trigger="click" placement="bottomRight">
      <Tooltip title={t('shortcuts.title')}>
        <Button type="text" size="small" icon={<Icon component={KeyboardSvg} />} aria-label={t('shortcuts.title')} />
      </Tooltip>
    </Popover>
  );
}
