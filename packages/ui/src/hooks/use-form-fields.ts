import { useCallback, useState } from 'react';
import { useFormErrors } from './use-form-errors.ts';

/**
 * The typed values of a form's text fields with their one-at-a-time errors. `field(name)` gives a Field its
 * name, value, error and a change handler that also clears that field's error, so a player who starts fixing
 * a field sees the message go.
 */
export function useFormFields<F extends string>(initial: Readonly<Record<F, string>>) {
  const [values, setValues] = useState(initial);
  const { validate, errorFor, clearFor, show } = useFormErrors<F>();

  const setValue = useCallback(
    (name: F, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearFor(name);
    },
    [clearFor],
  );

  const field = (name: F) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => setValue(name, value),
    error: errorFor(name),
  });

  return { values, field, validate, show };
}
