import type { ReactNode } from 'react';
import { Alert } from 'antd';
import type { ClientError } from '@rama/shared';

/** An inline error with the spec's hints (for example the timeout issue codes) under the message. */
export function ErrorAlert({ error, title, action }: { error: ClientError; title?: string; action?: ReactNode }) {
  const description =
    error.hints.length > 0 ? (
      <ul className="rama-error-hints">
        {error.hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
    ) : undefined;
  return (
    <Alert type="error" showIcon title={title ? `${title}: ${error.message}` : error.message} description={description} action={action} />
  );
}
