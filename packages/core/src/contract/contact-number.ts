/**
 * Contact numbers: non-digits stripped; fewer than 10 digits falls back to the placeholder (spec 01 section 5).
 * A module of its own, part of the validation rules: the contact links on every first screen need it alone.
 */
export const CONTACT_PLACEHOLDER = '9999999999';
export function contactNumber(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits : CONTACT_PLACEHOLDER;
}
