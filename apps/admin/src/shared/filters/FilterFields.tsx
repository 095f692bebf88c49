import { FilterBar, FilterInput, useFilterDraft } from '../../components/FilterBar.tsx';
import { SelectField } from '../../components/SelectField.tsx';

export interface Choice {
  value: string;
  label: string;
}

/** A choice's options from `[value, label]` pairs; the one of value '' leaves the filter unset. */
export function choices(...pairs: ReadonlyArray<readonly [string, string]>): Choice[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

/** A choice's options: "Any" (the filter not set) first, then each `[value, label]`. */
export function anyOr(...pairs: ReadonlyArray<readonly [string, string]>): Choice[] {
  return choices(['', 'Any'], ...pairs);
}

/**
 * One filter of a list, as data: the URL parameter it is kept in, its label, and how it is typed. A `text` field
 * is the main search box (the free width, a whole row on a phone); `digits` keeps only the digits typed (an id).
 */
export type FilterField<F extends string> =
  | { kind: 'text'; name: F; label: string; search?: boolean }
  | { kind: 'date'; name: F; label: string; required?: boolean }
  | { kind: 'digits'; name: F; label: string }
  | {
      kind: 'choice';
      name: F;
      label: string;
      options: readonly Choice[];
      /** What else a pick changes in the draft (a group that rules out the chosen bet type). */
      also?: (value: string, set: (name: F, value: string) => void) => void;
    };

interface FilterFieldsProps<F extends string> {
  fields: ReadonlyArray<FilterField<F>>;
  /** The values typed so far (a draft until Apply), by URL parameter. */
  draft: Partial<Record<F, string>>;
  set: (name: F, value: string) => void;
}

/** A filter bar's fields, in the order given, each bound to its draft value. */
export function FilterFields<F extends string>({ fields, draft, set }: FilterFieldsProps<F>) {
  return fields.map((field) => {
    const value = draft[field.name] ?? '';
    const change = (next: string) => set(field.name, next);
    if (field.kind === 'choice')
      return (
        <SelectField
          key={field.name}
          inline
          label={field.label}
          value={value}
          onValueChange={(v) => {
            change(v);
            field.also?.(v, set);
          }}
          options={field.options}
        />
      );
    return (
      <FilterInput
        key={field.name}
        label={field.label}
        {...inputOf(field)}
        value={value}
        onValueChange={field.kind === 'digits' ? (v) => change(v.replace(/\D/g, '')) : change}
      />
    );
  });
}

/** How an input field is typed: the search box, a date or an id. */
function inputOf(field: Exclude<FilterField<string>, { kind: 'choice' }>) {
  if (field.kind === 'text') return { type: field.search ? 'search' : undefined, wide: true };
  if (field.kind === 'date') return { type: 'date', required: field.required };
  return { inputMode: 'numeric' as const };
}

interface ListFiltersProps<F extends string> {
  /** The list's URL state (`useTableParams`): the values the URL holds, and how to change them. */
  table: { filters: Record<F, string>; setFilters: (values: Partial<Record<F, string>>) => void };
  fields: ReadonlyArray<FilterField<F>>;
  /** The search region's name for screen readers. */
  label?: string;
  foldOnPhone?: boolean;
}

/** A list's filter bar: its fields a draft until Apply; Clear empties every one of them. */
export function ListFilters<F extends string>({ table, fields, label, foldOnPhone }: ListFiltersProps<F>) {
  const { draft, set } = useFilterDraft(table.filters);
  return (
    <FilterBar
      label={label}
      foldOnPhone={foldOnPhone}
      onApply={() => table.setFilters(draft)}
      onClear={() => table.setFilters(emptied(fields))}
    >
      <FilterFields fields={fields} draft={draft} set={set} />
    </FilterBar>
  );
}

/** Every field of a bar set to nothing. */
export function emptied<F extends string>(fields: ReadonlyArray<FilterField<F>>): Partial<Record<F, string>> {
  return Object.fromEntries(fields.map((field) => [field.name, ''])) as Partial<Record<F, string>>;
}
