// antd's own date library binding (antd builds its DatePicker from it); only its "now" is replaced.
import dayjsPickerConfig from '@rc-component/picker/generate/dayjs';
// eslint-disable-next-line no-restricted-imports -- the one place that builds the portal's date fields.
import { DatePicker as AntDatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_MAX, DATE_MIN } from '../lib/contract';
import { INPUT_DATE_FORMAT, INPUT_TIME_FORMAT, now, toCompanyWallTime } from '../lib/format';
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
});

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

/** A date and a time of day to the minute: yyyy-MM-dd HH:mm. */
export function DateTimePicker(props: Props) {
  const { t } = useTranslation();
  return (
    <CompanyDatePicker
      placeholder={t('datePicker.placeholder')}
      {...props}
      showTime={{ format: INPUT_TIME_FORMAT }}
      format={`${INPUT_DATE_FORMAT} ${INPUT_TIME_FORMAT}`}
      minDate={props.minDate ?? MIN}
      maxDate={props.maxDate ?? MAX}
    />
  );
}
