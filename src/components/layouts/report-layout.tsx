import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The report group: a trail back to the reports, then the report. */
export function ReportLayout({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation('menu');
  return (
    <section>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: t('groups.reports') }, ...(title ? [{ title }] : [])]}
      />
      {children}
    </section>
  );
}
