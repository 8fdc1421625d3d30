import { Button, Progress, Space, Typography } from 'antd';
import type { ReportFileProgress } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';

interface Props {
  /** The server's last word on the download (null before its first answer). */
  progress: ReportFileProgress | null;
  onCancel: () => void;
}

/**
 * A file being made and downloaded: rows done of rows to do as the server
 * tells them (a 50,000-row file takes seconds), and Cancel, which stops the
 * download and the server's work on it.
 */
export function DownloadProgress({ progress, onCancel }: Props) {
  const { t } = useTranslation('reports');
  const total = progress?.rowsTotal ?? null;
  const done = progress?.rowsDone ?? 0;
  const percent = total ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  return (
    <Space role="status" aria-live="polite" data-testid="download-progress">
      <Progress type="circle" size={24} percent={percent} showInfo={false} aria-hidden />
      <Typography.Text>
        {total === null ? t('fileWaiting') : t('fileRows', { done: formatCount(done), total: formatCount(total) })}
      </Typography.Text>
      <Button size="small" onClick={onCancel}>
        {t('cancelDownload')}
      </Button>
    </Space>
  );
}
