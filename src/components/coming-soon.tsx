import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** A screen that a later issue builds: its title and one line on what it will do. */
export function ComingSoon({ title, line }: { title: string; line: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Card>
        <Tag icon={<ClockCircleOutlined aria-hidden />} color="processing">
          {t('comingSoon')}
        </Tag>
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>{line}</Typography.Paragraph>
      </Card>
    </>
  );
}
