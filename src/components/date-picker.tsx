// antd's own date library binding (antd builds its DatePicker from it); only its "now" is replaced.
import dayjsPickerConfig from '@rc-component/picker/generate/dayjs';
// eslint-disable-next-line no-restricted-imports -- the one place that builds the portal's date fields.
import { DatePicker as AntDatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_MAX, DATE_MIN } from '../lib/contract';
import {
  DAY_PERIODS,
  dayPeriod,
  formatDigits,
  hourOf,
  INPUT_DATE_FORMAT,
  INPUT_TIME_FORMAT,
  now,
  toCompanyWallTime,
  type DayPeriod,
} from '../lib/format';
import { i18n } from '../lib/i18n';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const MIN = dayjs(DATE_MIN);
const MAX = dayjs(DATE_MAX);

/**
 * antd's picker on the company's clock: the day it marks as today, its Today
 * and Now buttons are the server's now in the company's zone, held as the
 * portal holds picker values (lib/format calendarDay), not the PC's date.
 */
const CompanyDatePicker = AntDatePicker.generatePicker<Dayjs>({
  ...dayjsPickerConfig,
  getNow: () => toCompanyWallTime(now()),
  locale: { ...dayjsPickerConfig.locale, format: formatField, parse: parseField },
});

/** Stands for the Bengali part of the day (সকাল, রাত, ...: contract/src/plain/day-periods.ts) in a field's format. */
const PERIOD = '{period}';

/**
 * A field's text: the part of the day where the format says so; the time panel's
 * a.m./p.m. column (antd formats it with 'A') in the language's words, so a
 * Bengali panel has no Latin AM/PM. What the open panel shows (its days, months,
 * years and header, formatted here too) is in the language's digits, like every
 * date on the screens; the typed field keeps Latin digits (see DatePicker).
 */
function formatField(locale: string, date: Dayjs, format: string): string {
  if (format === 'A') return i18n.t(date.hour() < 12 ? 'datePicker.am' : 'datePicker.pm');
  const panel = isBengali(locale) && !FIELD_FORMATS.has(format);
  // The time panel's header ('hh:mm A') in the Bengali convention: the part of the day before the time.
  const shown = panel ? format.replace(/^(.*?)\s*A$/, `${PERIOD} $1`) : format;
  const text = dayjsPickerConfig.locale.format(locale, date, shown.replace(PERIOD, `[${dayPeriod(date.hour())}]`));
  return panel ? panelDigits(text) : text;
}

/** antd's locale name of the picker ('bn_BD' in Bengali). */
const isBengali = (locale: string) => locale.startsWith('bn');
/** Latin digit runs in Bengali ones, leading zeros kept (through lib/format, as dates on the screens). */
const panelDigits = (text: string) => text.replace(/\d+/g, (digits) => formatDigits(digits, 'bn'));

/**
 * The time panel's hour and minute columns: antd writes their labels itself ("07"), not through formatField, so a
 * Bengali panel gets them here in Bengali digits ("০৭"); the a.m./p.m. column came through formatField.
 */
function timeCell(
  current: number | string | Dayjs,
  info: { type: string; subType?: string; originNode: ReactElement },
) {
  if (info.type !== 'time' || typeof current !== 'number' || i18n.language !== 'bn') return info.originNode;
  if (info.subType !== 'hour' && info.subType !== 'minute' && info.subType !== 'second') return info.originNode;
  const shown = info.subType === 'hour' ? current % 12 || 12 : current;
  return <div className="ant-picker-time-panel-cell-inner">{formatDigits(String(shown).padStart(2, '0'), 'bn')}</div>;
}

/** "2026-03-10 রাত 10:30": the date, the part of the day and a 12-hour time, read back to the hour it names. */
const BENGALI_DATE_TIME = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}) (${DAY_PERIODS.join('|')}) (\\d{1,2}):(\\d{2})$`);

function parseField(locale: string, text: string, formats: string[]): Dayjs | null {
  const withoutPeriod = formats.filter((format) => !format.includes(PERIOD));
  if (withoutPeriod.length < formats.length) {
    const match = BENGALI_DATE_TIME.exec(text.trim());
    if (match) {
      const [, date = '', period, hour12, minute] = match;
      const hour = Number(hour12) >= 1 && Number(hour12) <= 12 ? hourOf(period as DayPeriod, Number(hour12)) : null;
      const day = dayjs(date, INPUT_DATE_FORMAT, true);
      if (hour !== null && day.isValid() && Number(minute) < 60) return day.hour(hour).minute(Number(minute));
      return null;
    }
  }
  return withoutPeriod.length > 0 ? dayjsPickerConfig.locale.parse(locale, text, withoutPeriod) : null;
}

/**
 * Every date field of the portal takes one input format, yyyy-MM-dd (and
 * HH:mm for a time), in Latin digits whatever the language: what an agent
 * types is what the API and the other screens use, so there is one way to
 * write a date at the counter. Screens pass no format of their own.
 */
type Props = Omit<
  DatePickerProps,
  'format' | 'showTime' | 'picker' | 'multiple' | 'value' | 'defaultValue' | 'onChange'
> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
};

/** A date from 1900-01-01 to 2099-12-31, narrowed further by minDate/maxDate. */
export function DatePicker(props: Props) {
  const { t } = useTranslation();
  return (
    <CompanyDatePicker
      placeholder={t('datePicker.placeholder')}
      {...props}
      format={INPUT_DATE_FORMAT}
      minDate={props.minDate ?? MIN}
      maxDate={props.maxDate ?? MAX}
    />
  );
}

/**
 * The time of a date-time field in the convention the screens show times in
 * (lib/format dates.ts): English "2026-03-10 02:05 PM", Bengali
 * "2026-03-10 দুপুর 2:05", the part of the day before a 12-hour time. The
 * digits stay Latin like every date field's; a 24-hour time (14:05) is taken too.
 */
const TIME_FIELD = {
  en: { time: 'hh:mm A', dateTime: `${INPUT_DATE_FORMAT} hh:mm A` },
  bn: { time: 'hh:mm A', dateTime: `${INPUT_DATE_FORMAT} ${PERIOD} h:mm` },
} as const;

/** The typed fields' formats: their text keeps Latin digits in every language; any other is the open panel's. */
const FIELD_FORMATS = new Set<string>([
  INPUT_DATE_FORMAT,
  `${INPUT_DATE_FORMAT} ${INPUT_TIME_FORMAT}`,
  ...Object.values(TIME_FIELD).map((f) => f.dateTime),
]);

/** A date and a time of day to the minute, in the 12-hour convention of the displays. */
export function DateTimePicker(props: Props) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const field = TIME_FIELD[language === 'bn' ? 'bn' : 'en'];
  return (
    <CompanyDatePicker
      placeholder={t('datePicker.placeholder')}
      {...props}
      showTime={{ format: field.time, use12Hours: true }}
      cellRender={timeCell}
      format={[field.dateTime, `${INPUT_DATE_FORMAT} ${INPUT_TIME_FORMAT}`]}
      minDate={props.minDate ?? MIN}
      maxDate={props.maxDate ?? MAX}
    />
  );
}
