import { DateInput } from '@gama/ui/DateInput';
import { Button } from '@gama/ui/Button';
import { Filter, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './FilterBar.module.css';

/**
 * A table's filters: typed values are a draft until Apply (or Enter), so the URL and the server see one change,
 * not one per keystroke. `values` are what the URL holds now.
 */
export function useFilterDraft<F extends string>(values: Record<F, string>) {
  const [draft, setDraft] = useState(values);
  const [seen, setSeen] = useState(values);
  // The values changed (back button, a link, Clear, a default such as the market's today arriving): the fields
  // that changed follow them, adjusted during render (no effect). A field they did not change keeps what the
  // operator is typing there, which a whole-draft reset at that moment used to drop.
  if (JSON.stringify(values) !== JSON.stringify(seen)) {
    const before = seen;
    setSeen(values);
    setDraft((current) => {
      const next = { ...current };
      for (const name of Object.keys(values) as F[])
        if (values[name] !== before[name]) next[name] = values[name];
      return next;
    });
  }
  const set = (name: F, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  return { draft, set };
}

export function FilterBar({
  onApply,
  onClear,
  children,
  label = 'Filters',
  foldOnPhone = false,
}: {
  onApply: () => void;
  onClear?: () => void;
  children: ReactNode;
  label?: string;
  /** A queue: on a phone only the main search shows until the operator asks for the rest, so the first
   * request and its buttons are on the first screen. */
  foldOnPhone?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  return (
    <form
      className={[styles.bar, foldOnPhone && !expanded && styles.folded].filter(Boolean).join(' ')}
      role="search"
      aria-label={label}
      id={moreId}
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      {children}
      <div className={styles.buttons}>
        {foldOnPhone && (
          <Button
            small
            variant="outline"
            className={styles.more}
            aria-expanded={expanded}
            aria-controls={moreId}
            icon={<SlidersHorizontal size={16} aria-hidden="true" />}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Fewer filters' : 'More filters'}
          </Button>
        )}
        <Button type="submit" small icon={<Filter size={16} aria-hidden="true" />}>
          Apply
        </Button>
        {onClear && (
          <Button small variant="ghost" icon={<X size={16} aria-hidden="true" />} onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}

interface FilterInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  /** The main search box: takes the free width, and a whole row on a phone. */
  wide?: boolean;
  value: string;
  onValueChange: (value: string) => void;
}

export function FilterInput({ label, value, onValueChange, wide, className, ...rest }: FilterInputProps) {
  const id = useId();
  return (
    <div className={[styles.field, wide && styles.wide, className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {rest.type === 'date' ? (
        <DateInput {...rest} id={id} value={value} onValueChange={onValueChange} />
      ) : (
        <input {...rest} id={id} value={value} onChange={(event) => onValueChange(event.target.value)} />
      )}
    </div>
  );
}
