import { useState } from 'react';
import { saToday } from '#shared/dates.ts';
import { FormField } from '../../../components/ui/form-field.tsx';

function monthsBefore(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 - count, 1)).toISOString().slice(0, 7);
}

/** The whole months a report covers (YYYY-MM, both included): the last 12 until changed. */
export function useMonthRange() {
  const [to, setTo] = useState(() => saToday().slice(0, 7));
  const [from, setFrom] = useState(() => monthsBefore(to, 11));
  return { from, to, setFrom, setTo };
}

/** The From and To month fields of a report; `id` keeps each report's fields apart. */
export function MonthRangeFields({
  id,
  range,
}: {
  id: string;
  range: ReturnType<typeof useMonthRange>;
}) {
  const { from, to, setFrom, setTo } = range;
  return (
    <>
      <FormField
        id={`${id}-from`}
        label="From"
        type="month"
        value={from}
        max={to}
        onChange={(event) => event.target.value && setFrom(event.target.value)}
      />
      <FormField
        id={`${id}-to`}
        label="To"
        type="month"
        value={to}
        min={from}
        onChange={(event) => event.target.value && setTo(event.target.value)}
      />
    </>
  );
}
