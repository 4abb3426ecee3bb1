import { useState } from 'react';
import { centsToDecimalString } from '#shared/money.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/** "1 234,50", "1234.50" or "R 1 234" to cents; null when it is not an amount. */
export function parseRand(text: string): number | null {
  const cleaned = text
    .replace(/^\s*R/i, '')
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  if (cleaned === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

const asText = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : centsToDecimalString(cents);

/** A rand amount the customer types as they like; the plan keeps integer cents. */
export function AmountInput({
  id,
  label,
  cents,
  onChange,
}: {
  id: string;
  label: string;
  cents: number;
  onChange: (cents: number) => void;
}) {
  const [text, setText] = useState(() => asText(cents));
  const invalid = parseRand(text) === null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="text-muted">
          R
        </span>
        <Input
          id={id}
          inputMode="decimal"
          value={text}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const parsed = parseRand(event.target.value);
            if (parsed !== null) onChange(parsed);
          }}
          onBlur={() => {
            const parsed = parseRand(text);
            if (parsed !== null) setText(asText(parsed));
          }}
        />
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          Enter an amount in rand, e.g. 1250 or 1 250,50
        </p>
      )}
    </div>
  );
}

/** A plain number (units, percentages) kept as a number. */
export function NumberInput({
  id,
  label,
  value,
  onChange,
  step = 1,
  suffix,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  step?: number;
  suffix?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="number"
          step={step}
          value={Number.isFinite(value) ? value : ''}
          onChange={(event) => onChange(event.target.valueAsNumber || 0)}
        />
        {suffix && (
          <span aria-hidden="true" className="text-muted">
            {suffix}
          </span>
        )}
      </div>
    </div>
  );
}
