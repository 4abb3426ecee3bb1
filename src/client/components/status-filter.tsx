import { Label } from './ui/label.tsx';
import { Select } from './ui/select.tsx';
import { cn } from '../lib/cn.ts';

/**
 * The "Status" select above a back-office list: All (unless `withAll` is false), or one status by
 * its label.
 */
export function StatusFilter<Status extends string>({
  id,
  value,
  statuses,
  label,
  onChange,
  className,
  withAll = true,
}: {
  id: string;
  value: Status | '';
  statuses: readonly Status[];
  label: (status: Status) => string;
  onChange: (status: Status | '') => void;
  className?: string;
  withAll?: boolean;
}) {
  return (
    <div className={cn('grid max-w-xs gap-1.5', className)}>
      <Label htmlFor={id}>Status</Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Status | '')}
      >
        {withAll && <option value="">All</option>}
        {statuses.map((status) => (
          <option key={status} value={status}>
            {label(status)}
          </option>
        ))}
      </Select>
    </div>
  );
}
