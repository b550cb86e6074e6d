import { LazyTooltip } from './LazyTooltip';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { t } from '../i18n';

/** "Certified by {by}: {details}", as the certification badge's tooltip and label say it. */
export function certificationText(by: string, details: string | null | undefined): string {
  return details ? t('components:certifiedWithDetails', { by, details }) : t('components:certified', { by });
}

/** The certification badge of a certified object (a chart, a dashboard), who certified it on hover. */
export function CertifiedMark({ by, details }: { by: string; details?: string | null }) {
  const text = certificationText(by, details);
  return (
    <LazyTooltip title={text}>
      <SafetyCertificateOutlined className="rama-certified" aria-label={text} />
    </LazyTooltip>
  );
}
