import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Tooltip, Typography, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { toClientError } from '../../core/api';
import { useToasts } from '../../core/hooks';
import {
  IMPORT_ACCEPT,
  importWords,
  OVERWRITE_WORD,
  confirmOverwriteMessage,
  importDoneMessage,
  importProblems,
  overwriteConfirmed,
  passwordsNeededMessage,
  type ImportProblems,
  type ImportResource,
} from './importErrors';
import { importBundle } from './transfer';
import { t } from '../../i18n';

interface ImportModalProps {
  resource: ImportResource;
  open: boolean;
  onClose: () => void;
  /** after a successful import (the toast is shown here): refresh the list */
  onImported: () => void;
}

type Secrets = Record<string, string>;

const NO_PROBLEMS: ImportProblems = {
  alreadyExists: [],
  passwordsNeeded: [],
  sshPasswordsNeeded: [],
  sshPrivateKeysNeeded: [],
  sshPrivateKeyPasswordsNeeded: [],
  terminal: [],
};

/** One secret input per file, keyed by file name. */
function SecretFields({
  files,
  label,
  values,
  onChange,
  multiline,
}: {
  files: string[];
  label: string;
  values: Secrets;
  onChange: (next: Secrets) => void;
  multiline?: boolean;
}) {
  return files.map((file) => (
    <Form.Item key={`${label}-${file}`} label={`${file} ${label}`} required>
      {multiline ? (
        <Input.TextArea
          aria-label={`${file} ${label}`}
          rows={3}
          value={values[file] ?? ''}
          onChange={(e) => onChange({ ...values, [file]: e.target.value })}
        />
      ) : (
        <Input.Password
          aria-label={`${file} ${label}`}
          autoComplete="new-password"
          value={values[file] ?? ''}
          onChange={(e) => onChange({ ...values, [file]: e.target.value })}
        />
      )}
    </Form.Item>
  ));
}

/**
 * The peer's import modal: pick a bundle, import it; when the server says some assets exist, ask to
 * type OVERWRITE and send it again with `overwrite=true`; when databases need passwords (or ssh
 * tunnel secrets), ask for them per database file.
 */
export function ImportModal({ resource, open, onClose, onImported }: ImportModalProps) {
  const words = importWords(resource);
  const { addSuccessToast } = useToasts();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [problems, setProblems] = useState<ImportProblems>(NO_PROBLEMS);
  const [passwords, setPasswords] = useState<Secrets>({});
  const [sshPasswords, setSshPasswords] = useState<Secrets>({});
  const [sshKeys, setSshKeys] = useState<Secrets>({});
  const [sshKeyPasswords, setSshKeyPasswords] = useState<Secrets>({});
  const [confirmText, setConfirmText] = useState('');
  const [importing, setImporting] = useState(false);

  const needsOverwrite = problems.alreadyExists.length > 0;
  const secretsNeeded =
    problems.passwordsNeeded.length +
      problems.sshPasswordsNeeded.length +
      problems.sshPrivateKeysNeeded.length +
      problems.sshPrivateKeyPasswordsNeeded.length >
    0;

  const reset = () => {
    setFile(null);
    setProblems(NO_PROBLEMS);
    setPasswords({});
    setSshPasswords({});
    setSshKeys({});
    setSshKeyPasswords({});
    setConfirmText('');
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const blob = file?.originFileObj;
    if (!blob) return;
    setImporting(true);
    try {
      const result = await importBundle(resource, blob, {
        overwrite: needsOverwrite && overwriteConfirmed(confirmText),
        passwords,
        sshTunnelPasswords: sshPasswords,
        sshTunnelPrivateKeys: sshKeys,
        sshTunnelPrivateKeyPasswords: sshKeyPasswords,
      });
      // a database imported under another name is worth the time to read it
      addSuccessToast(importDoneMessage(words.done, result), result?.renamed.length ? { duration: 12_000 } : undefined);
      reset();
      onImported();
      onClose();
    } catch (error) {
      setProblems(importProblems(toClientError(error)));
    } finally {
      setImporting(false);
    }
  };

  const canSubmit = Boolean(file) && !importing && (!needsOverwrite || overwriteConfirmed(confirmText));

  return (
    <Modal
      open={open}
      title={t('components:import.title', { what: words.one })}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            danger={needsOverwrite}
            disabled={!canSubmit}
            loading={importing}
            onClick={() => void submit()}
            data-test="import-submit"
          >
            {needsOverwrite ? t('components:import.overwrite') : t('components:import.import')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div" className="rama-import-form">
        <Form.Item label={t('components:import.file')} required>
          <Upload
            accept={IMPORT_ACCEPT}
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              // a new file starts over: the questions were about the previous one
              const next = fileList.at(-1) ?? null;
              reset();
              setFile(next);
            }}
            onRemove={() => reset()}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t('components:import.selectFile')}</Button>
          </Upload>
        </Form.Item>
        {problems.terminal.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="rama-import-error"
            title={t('components:import.failed', { what: words.one })}
            description={
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {problems.terminal.join('\n')}
              </Typography.Paragraph>
            }
          />
        )}
        {secretsNeeded && (
          <>
            <Typography.Title level={5}>{t('components:import.passwords')}</Typography.Title>
            <Typography.Paragraph type="secondary">{passwordsNeededMessage(words.many)}</Typography.Paragraph>
            <SecretFields
              files={problems.passwordsNeeded}
              label={t('components:import.password')}
              values={passwords}
              onChange={setPasswords}
            />
            <SecretFields
              files={problems.sshPasswordsNeeded}
              label={t('components:import.sshPassword')}
              values={sshPasswords}
              onChange={setSshPasswords}
            />
            <SecretFields
              files={problems.sshPrivateKeysNeeded}
              label={t('components:import.sshKey')}
              values={sshKeys}
              onChange={setSshKeys}
              multiline
            />
            <SecretFields
              files={problems.sshPrivateKeyPasswordsNeeded}
              label={t('components:import.sshKeyPassword')}
              values={sshKeyPasswords}
              onChange={setSshKeyPasswords}
            />
          </>
        )}
        {needsOverwrite && (
          <>
            <Alert type="warning" showIcon title={confirmOverwriteMessage(words.many)} className="rama-import-overwrite" />
            <Form.Item label={t('components:import.typeToConfirm', { word: OVERWRITE_WORD })} style={{ marginTop: 12 }}>
              <Input
                aria-label={t('components:import.typeToConfirm', { word: OVERWRITE_WORD })}
                value={confirmText}
                onChange={(e) => setConfirmText(e.target.value)}
                data-test="overwrite-confirm"
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** The import icon of a list's header (the peer's download arrow), opening the import modal. */
export function ImportButton({ resource, onImported }: { resource: ImportResource; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const tooltip = importWords(resource).tooltip;
  return (
    <>
      <Tooltip title={tooltip} placement="bottomRight">
        <Button icon={<DownloadOutlined aria-hidden />} aria-label={tooltip} onClick={() => setOpen(true)} data-test="import-button" />
      </Tooltip>
      <ImportModal resource={resource} open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
