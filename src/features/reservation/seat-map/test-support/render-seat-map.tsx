/**
 * Renders the seat map with its own i18next instance holding only the
 * seat-map namespace, so these tests do not depend on the app's i18n setup.
 */
import { useState, type ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import enSeatMap from '../../../../locales/en/seat-map.json';
import bnSeatMap from '../../../../locales/bn/seat-map.json';
import { SeatMap, type SeatMapProps } from '../seat-map';

export async function seatMapI18n(language: 'en' | 'bn' = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    ns: ['seat-map'],
    defaultNS: 'seat-map',
    resources: { en: { 'seat-map': enSeatMap }, bn: { 'seat-map': bnSeatMap } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

/** Holds the selection like the reservation screen does, so clicks have a visible effect. */
function StatefulSeatMap(props: Omit<SeatMapProps, 'selectedSeats'> & { initial?: string[] }): ReactElement {
  const { initial = [], onToggle, ...rest } = props;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = (name: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
    onToggle(name);
  };
  return <SeatMap {...rest} selectedSeats={selected} onToggle={toggle} />;
}

export async function renderSeatMap(
  props: Omit<SeatMapProps, 'selectedSeats'> & { initial?: string[] },
  language: 'en' | 'bn' = 'en',
): Promise<RenderResult> {
  const i18n = await seatMapI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <StatefulSeatMap {...props} />
    </I18nextProvider>,
  );
}
