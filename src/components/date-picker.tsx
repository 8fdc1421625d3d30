// antd's own date library binding (antd builds its DatePicker from it); only its "now" is replaced.
import dayjsPickerConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker as AntDatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_MAX, DATE_MIN } from '../lib/contract';
import { now, toCompanyWallTime } from '../lib/format';
import { useTranslation } from 'react-i18next';

const MIN = dayjs(DATE_MIN);
const MAX = dayjs(DATE_MAX);

/**
 * antd's picker on the company's clock: the day it marks as today, its Today
 * and Now buttons are the server's now in the company's zone, held as the
 * portal holds picker values (lib/format calendarDay), not the PC's date.
 */
export const CompanyDatePicker = AntDatePicker.generatePicker<Dayjs>({ ...dayjsPickerConfig, getNow: () => toCompanyWallTime(now()) });

/** Date pickers accept dates from 1900-01-01 to 2099-12-31 only. */
export function DatePicker(props: DatePickerProps) {
  const { t } = useTranslation();
  return <CompanyDatePicker placeholder={t('datePicker.placeholder')} {...props} minDate={MIN} maxDate={MAX} />;
}
