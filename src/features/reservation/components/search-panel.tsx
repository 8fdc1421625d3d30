/**
 * The trip search: by route (date, origin, destination, and optional dropping
 * point, coach type and route) or by coach code. Origin and destination must
 * differ; the message is the screen's own, under the destination field.
 */
import { SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select, type InputRef } from 'antd';
import type { RefSelectProps } from 'antd/es/select';
import { memo, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../components/date-picker';
import { enterSubmits } from '../../../components/enter-submits';
import { calendarDay, toInputDate } from '../../../lib/format';
import { PICKER_SEARCH, placeNames } from '../../../lib/search-match';
import { useAgentCities, useAgentRoutes, useCoachTypes, useStations } from '../api/lookups';
import type { TripSearch } from '../api/search-trips';
import { useStationName } from '../hooks/use-display';
import { searchErrors, type SearchError, type SearchValues } from '../model/search';

export interface SearchPanelHandle {
  focus: () => void;
}

interface Props {
  companyId: number;
  searching: boolean;
  onSearch: (search: TripSearch) => void;
  handle?: Ref<SearchPanelHandle>;
}

export function toTripSearch(companyId: number, values: SearchValues): TripSearch {
  const tripDate = toInputDate(values.tripDate ?? calendarDay());
  const coachCode = values.coachCode?.trim();
  if (coachCode) {
    return {
      by: 'code',
      companyId,
      tripDate,
      coachCode,
      originCityId: values.originCityId,
      destinationCityId: values.destinationCityId,
    };
  }
  return {
    by: 'route',
    companyId,
    tripDate,
    originCityId: values.originCityId ?? 0,
    destinationCityId: values.destinationCityId ?? 0,
    droppingPointId: values.droppingPointId,
    coachType: values.coachType || undefined,
    routeId: values.routeId,
  };
}

/** Memoised: the reservation page draws again on every seat event of the open trip, which changes no field here. */
export const SearchPanel = memo(function SearchPanel({ companyId, searching, onSearch, handle }: Props) {
  const { t, i18n } = useTranslation('reservation');
  const [form] = Form.useForm<SearchValues>();
  const stationName = useStationName();
  const originRef = useRef<RefSelectProps>(null);
  const codeRef = useRef<InputRef>(null);
  useImperativeHandle(handle, () => ({ focus: () => originRef.current?.focus() }), []);

  const destinationCityId = Form.useWatch('destinationCityId', form);
  const { data: cities = [], isLoading: citiesLoading } = useAgentCities(companyId);
  const { data: routes = [] } = useAgentRoutes(companyId);
  const { data: stations = [] } = useStations(companyId, destinationCityId);
  const { data: coachTypes = [], isLoading: coachTypesLoading } = useCoachTypes(companyId);

  // Every picker answers to both names, whatever the screen's language (lib/search-match.ts).
  const cityOptions = cities.map((c) => ({ value: c.id, label: stationName(c), search: placeNames(c) }));
  const cityNames = new Map(cities.map((c) => [c.id, placeNames(c)]));
  // The errors shown, by code: a form keeps an error as the text it was set with, so a change of language says them
  // again in the new one.
  const shownErrors = useRef<[keyof SearchValues, SearchError][]>([]);
  const showErrors = (errors: [keyof SearchValues, SearchError][]) => {
    shownErrors.current = errors;
    form.setFields(errors.map(([name, error]) => ({ name, errors: [t(`search.errors.${error}`)] })));
  };
  useEffect(() => {
    const stillShown = shownErrors.current.filter(([name]) => form.getFieldError(name).length > 0);
    if (stillShown.length) showErrors(stillShown);
    // Only the language: the errors themselves are set by submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  const submit = (values: SearchValues) => {
    const errors = Object.entries(searchErrors(values)) as [keyof SearchValues, SearchError][];
    if (errors.length) {
      showErrors(errors);
      return;
    }
    onSearch(toTripSearch(companyId, values));
  };

  return (
    <div onKeyDownCapture={enterSubmits(() => form.submit())}>
      <Form<SearchValues>
        form={form}
        name="trip-search"
        layout="vertical"
        aria-label={t('search.title')}
        initialValues={{ tripDate: calendarDay() }}
        onFinish={submit}
        onValuesChange={(changed: Partial<SearchValues>) => {
          // The dropping point belongs to the destination city; a new city clears it.
          if ('destinationCityId' in changed) form.setFieldValue('droppingPointId', undefined);
          if ('originCityId' in changed || 'destinationCityId' in changed)
            form.setFields([{ name: 'destinationCityId', errors: [] }]);
        }}
        requiredMark={false}
        size="middle"
      >
        <Row gutter={12} align="bottom">
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="tripDate" label={t('common:fields.tripDate')}>
              <DatePicker allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="originCityId" label={t('search.origin')}>
              <Select
                ref={originRef}
                options={cityOptions}
                loading={citiesLoading}
                showSearch={PICKER_SEARCH}
                allowClear
                placeholder={t('search.cityPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="destinationCityId" label={t('search.destination')}>
              <Select
                options={cityOptions}
                loading={citiesLoading}
                showSearch={PICKER_SEARCH}
                allowClear
                placeholder={t('search.cityPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="droppingPointId" label={t('search.droppingPoint')}>
              <Select
                showSearch={PICKER_SEARCH}
                options={stations.map((s) => ({ value: s.id, label: stationName(s), search: placeNames(s) }))}
                disabled={destinationCityId === undefined}
                allowClear
                placeholder={t('search.optional')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="coachType" label={t('common:fields.coachType')}>
              <Select
                showSearch={PICKER_SEARCH}
                loading={coachTypesLoading}
                options={coachTypes.map((c) => ({ value: c, label: c }))}
                allowClear
                placeholder={t('search.optional')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="routeId" label={t('common:fields.route')}>
              <Select
                options={routes.map((r) => ({
                  value: r.id,
                  label: r.name,
                  // A route answers to its name, its code and both names of the cities it calls at.
                  search: [r.name, r.code, ...r.stations.flatMap((s) => cityNames.get(s.cityId) ?? [s.cityName])],
                }))}
                showSearch={PICKER_SEARCH}
                allowClear
                placeholder={t('search.optional')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item name="coachCode" label={t('common:fields.coachCode')}>
              <Input ref={codeRef} placeholder={t('search.coachCodePlaceholder')} allowClear autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={searching} block>
                {t('common:actions.search')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </div>
  );
});
