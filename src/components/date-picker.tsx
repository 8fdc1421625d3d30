import { DatePicker as AntDatePicker, type DatePickerProps } from 'antd';
import dayjs from 'dayjs';
import { DATE_MAX, DATE_MIN } from '../lib/contract';
import { useTranslation } from 'react-i18next';

const MIN = dayjs(DATE_MIN);
const MAX = dayjs(DATE_MAX);

/** Date pickers accept dates from 1900-01-01 to 2099-12-31 only. */
export function DatePicker(props: DatePickerProps) {
  const { t } = useTranslation();
  return <AntDatePicker placeholder={t('datePicker.placeholder')} {...props} minDate={MIN} maxDate={MAX} />;
}
