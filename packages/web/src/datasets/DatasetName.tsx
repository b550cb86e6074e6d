import { Typography } from 'antd';
import './datasetName.css';
import type { DatasetNameParts } from './datasetName';

/** A dataset's name (its table) with its schema as quieter secondary text after it. */
export function DatasetName({ parts, className }: { parts: DatasetNameParts; className?: string }) {
  return (
    <span className={`rama-dataset-name${className ? ` ${className}` : ''}`}>
      <span className="rama-dataset-name-main">{parts.name}</span>
      {parts.secondary && (
        <Typography.Text type="secondary" className="rama-dataset-name-schema">
          {parts.secondary}
        </Typography.Text>
      )}
    </span>
  );
}
