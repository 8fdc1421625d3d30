/** The seats chosen so far with their fares and the running total (with the coupon). */
import { Empty, Space, Tag, Typography } from 'antd';
import type { Coupon, Deck } from '@agent-portal/contract';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useValueAfterPaint } from '../hooks/after-next-paint';
import { useMoney } from '../hooks/use-display';
import { formatCount, toLanguage } from '../seat-map/format-number';
import { previewTotals, type PricedSeat } from '../model/totals';
import { useDraftStore } from '../state/draft-store';

export function pricedSeats(decks: readonly Deck[], names: Iterable<string>): PricedSeat[] {
  const fares = new Map<string, number>();
  for (const deck of decks) for (const cell of deck.cells) if (cell.seat) fares.set(cell.seat.name, cell.seat.fare);
  return [...names].sort().map((name) => ({ name, fare: fares.get(name) ?? 0 }));
}

/**
 * The summary follows the selection one painted frame behind: a click paints
 * the seat on the map first, and the summary right after.
 */
export function SelectionSummary({ decks, coupon }: { decks: readonly Deck[]; coupon: Coupon | null }) {
  const selected = useValueAfterPaint(useDraftStore((s) => s.selected));
  const pending = useValueAfterPaint(useDraftStore((s) => s.pending));
  return <SummaryView decks={decks} coupon={coupon} selected={selected} pending={pending} />;
}

interface ViewProps {
  decks: readonly Deck[];
  coupon: Coupon | null;
  selected: ReadonlySet<string>;
  pending: ReadonlySet<string>;
}

const SummaryView = memo(function SummaryView({ decks, coupon, selected, pending }: ViewProps) {
  const { t, i18n } = useTranslation('reservation');
  const money = useMoney();
  const totals = useMemo(() => previewTotals(pricedSeats(decks, selected), coupon), [decks, selected, coupon]);
  if (selected.size === 0 && pending.size === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.noSeats')} />;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space wrap size={4}>
        {totals.lines.map((line) => (
          <Tag key={line.name} color="blue">
            {line.name} · {money(line.fare)}
          </Tag>
        ))}
        {[...pending]
          .filter((name) => !selected.has(name))
          .map((name) => (
            <Tag key={name}>{t('summary.locking', { seat: name })}</Tag>
          ))}
      </Space>
      {totals.discount > 0 && (
        <Typography.Text type="secondary">
          {t('common:fields.discount')}: {money(totals.discount)}
        </Typography.Text>
      )}
      <Typography.Text strong>
        {t('summary.total', {
          count: totals.lines.length,
          n: formatCount(totals.lines.length, toLanguage(i18n.language)),
          total: money(totals.total),
        })}
      </Typography.Text>
    </Space>
  );
});
