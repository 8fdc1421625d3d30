import { FileExcelOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { REPORT_FILE_MAX_ROWS, type PaperSize } from '@agent-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../../components/key-hint';
import { PageTitle } from '../../../components/page-title';
import { useScreenShortcuts } from '../../../components/screen-shortcuts';
import { toApiError } from '../../../lib/api/api-error';
import { notifyApiError } from '../../../lib/notify/notifier';
import { formatCount, formatDate } from '../../../lib/format';
import { useCompanyId } from '../../../lib/money-hooks';
import { useProfile } from '../../../lib/queries/profile';
import { BarChart } from './bar-chart';
import { defaultFilter } from './default-filter';
import { DownloadProgress } from './download-progress';
import { rememberedFilter, rememberFilter, type FilterScope } from './filter-memory';
import { reportHtml } from './print-html';
import { ReportFilters, type ReportFiltersHandle } from './report-filters';
import { ReportTable } from './report-table';
import type { ReportData, ReportDefinition, ReportFilter, ReportRequest } from './types';
import { isNumeric, useCellFormat } from './use-cell-format';
import { useReportFiles } from './use-report-files';

/** The largest page the paged reports give (for printing every row). */
const ALL_ROWS = 500;

interface Props<Row, Totals> {
  definition: ReportDefinition<Row, Totals>;
}

/** One report screen from its definition; waits for the profile (whose filters, which outlet). */
export function ReportScreen<Row, Totals>({ definition }: Props<Row, Totals>) {
  const profile = useProfile().data;
  const companyId = useCompanyId();
  if (!profile) return <Spin />;
  const scope: FilterScope = { username: profile.username, companyId, report: definition.key };
  return (
    <ReportView
      key={`${scope.username}@${companyId}`}
      definition={definition}
      scope={scope}
      outletId={profile.outlet.id}
    />
  );
}

function ReportView<Row, Totals>({
  definition,
  scope,
  outletId,
}: Props<Row, Totals> & { scope: FilterScope; outletId: number }) {
  const { t, i18n } = useTranslation('reports');
  const format = useCellFormat();
  const remembered = useState(() => rememberedFilter(scope))[0];
  const [initial] = useState<ReportFilter>(() => remembered ?? defaultFilter(definition, outletId));
  // A report left with filters runs again with them on return; a new one waits for Run.
  const [submitted, setSubmitted] = useState<ReportFilter | null>(remembered);
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const request: ReportRequest | null = submitted ? { companyId: scope.companyId, filter: submitted, ...paging } : null;

  const query = useQuery({
    queryKey: ['reports', definition.key, request],
    queryFn: ({ signal }) => definition.fetch(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  // No run (Alt+N cleared it): nothing, not the previous run's rows that keepPreviousData holds on to.
  const data: ReportData<Row, Totals> | undefined = request && !query.isError ? query.data : undefined;
  // The fetch is silent (a retry may still succeed, and print/export say their own failure): the run's final failure is
  // toasted once here.
  useEffect(() => {
    if (query.error) notifyApiError(toApiError(query.error));
  }, [query.error]);
  const rows = data?.rows ?? [];
  const totals = data ? definition.totals(data.totals) : undefined;
  const title = t(`menu:${definition.titleKey}`);

  const run = (filter: ReportFilter) => {
    rememberFilter(scope, filter);
    // The same filters again ask the server again: sales may have been made since.
    if (JSON.stringify(filter) === JSON.stringify(submitted) && paging.page === 1) void query.refetch();
    setSubmitted(filter);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const header = (d: ReportData<Row, Totals>) => [
    { label: t('common:fields.company'), value: d.header.company },
    { label: t('common:fields.outlet'), value: d.header.outlet ?? t('header.allOutlets') },
    { label: t('common:fields.agent'), value: d.header.agent },
    { label: t('common:fields.user'), value: d.header.user },
    {
      label: t('header.period'),
      value: t('header.periodValue', {
        from: formatDate(d.header.period.from, 'date'),
        to: formatDate(d.header.period.to, 'date'),
      }),
    },
    { label: t('header.generatedAt'), value: formatDate(d.header.generatedAt) },
  ];

  const printHtml = async (paper: PaperSize) => {
    const all =
      definition.paged && request ? await definition.fetch({ ...request, page: 1, pageSize: ALL_ROWS }) : data;
    if (!all) throw new Error('nothing to print');
    const figures = definition.totals(all.totals);
    return reportHtml({
      title,
      paper,
      language: i18n.language === 'bn' ? 'bn' : 'en',
      header: header(all),
      columns: definition.columns.map((c) => ({ title: t(`columns.${c.key}`), numeric: isNumeric(c.kind) })),
      rows: all.rows.map((row) => definition.columns.map((c) => format(c.kind, c.value(row)))),
      totals: definition.columns.map((c, i) => {
        const figure = figures[c.key];
        return i === 0 ? t('common:fields.total') : figure === undefined ? '' : format(c.kind, figure);
      }),
    });
  };
  const files = useReportFiles(definition, request, printHtml);
  const fileButtonsDisabled = !request || files.busy !== null;

  const filters = useRef<ReportFiltersHandle>(null);
  // The table's meanings (lib/keyboard/shortcut-table.ts): F9 runs, Ctrl+S the XLSX, Ctrl+Shift+S the PDF, Ctrl+P
  // prints (always taken, so the browser never prints the page instead).
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: () => filters.current?.focus(), text: t('shortcuts.filters') },
    { id: 'submit', run: () => filters.current?.submit(), text: t('shortcuts.run') },
    {
      id: 'new',
      run: () => {
        filters.current?.reset(defaultFilter(definition, outletId));
        setSubmitted(null);
        filters.current?.focus();
      },
      text: t('shortcuts.new'),
    },
    { id: 'refresh', run: () => request && void query.refetch(), text: t('shortcuts.refresh') },
    { id: 'exportSheet', run: () => void files.run('xlsx'), text: t('downloadXlsx') },
    { id: 'exportFile', run: () => void files.run('pdf'), text: t('downloadPdf') },
    { id: 'print', run: () => data && void files.run('print'), text: t('shortcuts.print') },
  ]);

  const actions = (
    <Space wrap>
      <Button
        icon={<FilePdfOutlined aria-hidden />}
        loading={files.busy === 'pdf'}
        disabled={fileButtonsDisabled}
        onClick={() => void files.run('pdf')}
        {...keyHintProps('exportFile')}
      >
        {t('downloadPdf')}
        <KeyHint id="exportFile" />
      </Button>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        loading={files.busy === 'xlsx'}
        disabled={fileButtonsDisabled}
        onClick={() => void files.run('xlsx')}
        {...keyHintProps('exportSheet')}
      >
        {t('downloadXlsx')}
        <KeyHint id="exportSheet" />
      </Button>
      <Button
        icon={<PrinterOutlined aria-hidden />}
        loading={files.busy === 'print'}
        disabled={fileButtonsDisabled || !data}
        onClick={() => void files.run('print')}
        {...keyHintProps('print')}
      >
        {t('common:actions.print')}
        <KeyHint id="print" />
      </Button>
      {files.busy === 'pdf' || files.busy === 'xlsx' ? (
        <DownloadProgress progress={files.progress} onCancel={files.cancel} />
      ) : null}
      {/* The server's cap on a PDF or XLSX (a paged report's file holds the first rows, others are refused
          past it). */}
      <Typography.Text type="secondary">
        {t('fileCap', { formatted: formatCount(REPORT_FILE_MAX_ROWS) })}
      </Typography.Text>
    </Space>
  );

  const chart = definition.chart;
  return (
    <>
      <PageTitle extra={actions}>{title}</PageTitle>
      <Card>
        <ReportFilters
          handle={filters}
          fields={definition.filters}
          initial={initial}
          companyId={scope.companyId}
          tripDates={definition.tripDates}
          busy={query.isFetching}
          onRun={run}
        />
        <div role="status" aria-live="polite" style={{ minHeight: 24, marginBottom: 8 }}>
          {query.isFetching ? (
            <Space>
              <Spin size="small" />
              <span>{t('running')}</span>
            </Space>
          ) : !submitted ? (
            <Typography.Text type="secondary">{t('notRun')}</Typography.Text>
          ) : null}
        </div>
        {query.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('failed')} /> : null}
        {data ? (
          <section
            aria-label={t('header.label')}
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: '4px 20px',
              marginBottom: 12,
              opacity: query.isFetching ? 0.5 : 1,
            }}
          >
            {header(data).map((h) => (
              <span key={h.label}>
                <Typography.Text type="secondary">{h.label}:</Typography.Text> {h.value}
              </span>
            ))}
          </section>
        ) : null}
        {chart && rows.length > 0 ? (
          <div style={{ opacity: query.isFetching ? 0.5 : 1 }}>
            <BarChart
              title={t(`chart.${chart.titleKey}`)}
              layout={chart.labelKind === 'date' ? 'columns' : 'rows'}
              bars={rows.map((row, index) => {
                const label = chart.label(row);
                return {
                  key: definition.rowKey(row, index),
                  label: chart.labelKind === 'date' ? formatDate(label, 'dayMonth') : label,
                  value: chart.value(row),
                  display: format('money', chart.value(row)),
                };
              })}
              describe={(bar) => t('chart.bar', { label: bar.label, value: bar.display })}
            />
          </div>
        ) : null}
        <ReportTable<Row>
          label={title}
          columns={definition.columns}
          rows={rows}
          rowKey={definition.rowKey}
          totals={totals}
          loading={query.isFetching}
          emptyText={t(submitted ? 'empty' : 'notRun')}
          paging={
            definition.paged
              ? {
                  page: paging.page,
                  pageSize: paging.pageSize,
                  total: data?.total ?? 0,
                  onChange: (page, pageSize) => setPaging({ page, pageSize }),
                }
              : undefined
          }
        />
      </Card>
      {shortcuts.help}
    </>
  );
}
