import type { Rule } from '@gama/core/contract/validation';
import { useCallback, useState } from 'react';

export type FieldCheck<F extends string> = readonly [field: F, rule: Rule, value: string];

/**
 * One message at a time, as the spec shows them: the first failing field gets its message and the focus,
 * so a player on a small screen sees exactly what to fix.
 */
export function useFormErrors<F extends string>() {
  const [error, setError] = useState<{ field: F; message: string } | null>(null);

  const validate = useCallback((form: HTMLFormElement, checks: ReadonlyArray<FieldCheck<F>>): boolean => {
    for (const [field, rule, value] of checks) {
      const message = rule(value);
      if (message !== null) {
        setError({ field, message });
        const element = form.elements.namedItem(field);
        if (element instanceof HTMLElement) element.focus();
        return false;
      }
    }
    setError(null);
    return true;
  }, []);

  const errorFor = (field: F): string | undefined => (error?.field === field ? error.message : undefined);

  const clearFor = useCallback((field: F) => {
    setError((current) => (current?.field === field ? null : current));
  }, []);

  const show = useCallback((field: F, message: string) => setError({ field, message }), []);

  return { validate, errorFor, clearFor, show };
}
