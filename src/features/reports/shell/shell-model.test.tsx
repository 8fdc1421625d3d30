import { render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { omittedTrips } from '../definitions/omitted-trips';
import { salesDetails } from '../definitions/sales-details';
import { salesSummary } from '../definitions/sales-summary';
import { BarChart } from './bar-chart';
import { defaultFilter } from './default-filter';
import { rememberedFilter, rememberFilter } from './filter-memory';
import { reportHtml } from './print-html';
import { reportFileName } from './save-file';
import { compareCells } from './use-cell-format';

const now = dayjs('2026-11-22T15:40:00');

describe('report filters', () => {
  it('start a sales report on the first of the month and end it today', () => {
    expect(defaultFilter(salesSummary, 4, now)).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-11-22',
      date: '2026-11-22',
      routeId: 0,
      outletId: 4,
    });
    expect(defaultFilter(salesDetails, undefined, now).date).toBe('2026-11-22');
  });

  it('look ahead for omitted trips, whose dates are trip dates', () => {
    const f = defaultFilter(omittedTrips, 1, now);
    expect([f.fromDate, f.toDate, f.routeId]).toEqual(['2026-11-15', '2026-12-22', 0]);
  });

  it('are remembered per user, company and report, and a damaged entry is ignored', () => {
    const scope = { username: 'agent', companyId: 1, report: 'outletSales' };
    const filter = {
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      date: '2026-10-31',
      routeId: 0,
      outletId: 2,
      pnr: 'K7Q2M9X4PA',
    };
    expect(rememberedFilter(scope)).toBeNull();
    rememberFilter(scope, filter);
    expect(rememberedFilter(scope)).toEqual({ ...filter, status: undefined, phone: undefined });
    expect(rememberedFilter({ ...scope, companyId: 2 })).toBeNull();
    expect(rememberedFilter({ ...scope, username: 'seller' })).toBeNull();
    expect(rememberedFilter({ ...scope, report: 'userSalesSummary' })).toBeNull();
    window.localStorage.setItem(
      'agent-portal.report-filters',
      JSON.stringify({ 'agent@1/outletSales': { fromDate: 'yesterday' } }),
    );
    expect(rememberedFilter(scope)).toBeNull();
    window.localStorage.setItem('agent-portal.report-filters', '{not json');
    expect(rememberedFilter(scope)).toBeNull();
  });
});

describe('report cells', () => {
  it('sort numbers by value, texts naturally, empty cells last', () => {
    expect([10, 9, 100].sort(compareCells)).toEqual([9, 10, 100]);
    expect(['A10', 'A9'].sort(compareCells)).toEqual(['A9', 'A10']);
    expect([null, 'b', 'a'].sort(compareCells)).toEqual(['a', 'b', null]);
  });

  it('name files as the server does', () => {
    expect(reportFileName('outletSales', '2026-11-01', '2026-11-22', 'pdf')).toBe(
      'outletSales-2026-11-01-2026-11-22.pdf',
    );
  });
});

describe('the bar chart', () => {
  const bars = [
    { key: 'a', label: 'Motijheel · agent', value: 300, display: '300.00' },
    { key: 'b', label: 'Uttara · rana', value: 150, display: '150.00' },
    { key: 'c', label: 'Gabtoli · mim', value: -20, display: '-20.00' },
  ];

  it('draws one named bar per value, sized to the largest, negatives empty', () => {
    for (const layout of ['columns', 'rows'] as const) {
      const { unmount } = render(
        <BarChart
          title="Net fare per outlet"
          layout={layout}
          bars={bars}
          describe={(b) => `${b.label}: ${b.display}`}
        />,
      );
      const list = screen.getByRole('list', { name: 'Net fare per outlet' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
        'Motijheel · agent: 300.00',
        'Uttara · rana: 150.00',
        'Gabtoli · mim: -20.00',
      ]);
      expect(items[0]!.querySelector('title')?.textContent).toBe('Motijheel · agent: 300.00');
      const size = (i: number) =>
        Number(items[i]!.querySelector('rect')?.getAttribute(layout === 'columns' ? 'height' : 'width'));
      expect(size(1) / size(0)).toBeCloseTo(0.5, 5);
      expect(size(2)).toBe(0);
      unmount();
    }
  });
});

describe('the printed report', () => {
  it('has the header, escaped cells, right-aligned money and the totals row', () => {
    const html = reportHtml({
      title: 'Outlet sales',
      language: 'en',
      header: [{ label: 'Company', value: 'Padma <Paribahan>' }],
      columns: [
        { title: 'Outlet', numeric: false },
        { title: 'Net fare', numeric: true },
      ],
      rows: [['<b>x</b>', '1,200.00']],
      totals: ['Total', '1,200.00'],
    });
    expect(html).toContain('size: A4 landscape');
    expect(html).toContain('Padma &lt;Paribahan&gt;');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('<td class="num" data-label="Net fare">1,200.00</td>');
    expect(html).toMatch(/<tfoot><tr><td data-label="Outlet">Total<\/td>/);
  });

  it("is laid out for the agent's roll: one block of column: value lines per row", () => {
    const html = reportHtml({
      title: 'Outlet sales',
      language: 'en',
      paper: '80mm',
      header: [{ label: 'Company', value: 'Padma' }],
      columns: [
        { title: 'Outlet', numeric: false },
        { title: 'Net fare', numeric: true },
      ],
      rows: [['Motijheel', '1,200.00']],
      totals: ['Total', '1,200.00'],
    });
    expect(html).toContain('size: 80mm auto');
    expect(html).not.toContain('A4 landscape');
    expect(html).toContain('width: 72mm');
    expect(html).toContain('content: attr(data-label)');
    expect(html).toContain('<td data-label="Outlet">Motijheel</td>');
  });
});
