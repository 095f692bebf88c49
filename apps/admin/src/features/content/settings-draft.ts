/**
 * The owner settings a content tab edits, as a draft of form values: checked with the same zod fields the
 * server uses (so the operator reads the server's message before sending), turned into the smallest patch,
 * and described in words for the confirmation.
 */
import type { OwnerSettingKey, OwnerSettings } from '@gama/core/endpoints/settings/index';
import { ownerSettingsSchema, settingsProblem } from '@gama/core/endpoints/settings/index';
import { formatWholePoints } from '@gama/core/rules/money';

/** How a field is edited: one line, a paragraph, a phone number, whole points, a clock time, or a switch. */
export type FieldKind = 'line' | 'long' | 'phone' | 'points' | 'clock' | 'switch' | 'betting';

export interface FieldSpec {
  key: OwnerSettingKey;
  label: string;
  kind: FieldKind;
  hint?: string;
  placeholder?: string;
}

export type Draft = Partial<Record<OwnerSettingKey, string | boolean>>;

export function draftOf(settings: OwnerSettings, fields: readonly FieldSpec[]): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    const value = settings[field.key];
    draft[field.key] =
      field.kind === 'betting' ? value === '1' : typeof value === 'boolean' ? value : String(value);
  }
  return draft;
}

/** The value the server takes for a form value (text stays text, so zod names the field in its message). */
function valueOf(field: FieldSpec, raw: string | boolean | undefined): unknown {
  if (field.kind === 'betting') return raw === true ? '1' : '0';
  if (field.kind === 'points' && typeof raw === 'string' && /^\d{1,9}$/.test(raw)) return Number(raw);
  return raw;
}

export interface DraftCheck {
  /** Only the fields that differ from what is saved. */
  patch: Partial<OwnerSettings>;
  errors: Partial<Record<OwnerSettingKey, string>>;
  /** A rule between fields (the withdrawal window), checked on what the change would leave. */
  problem: string | null;
}

const partialSettings = ownerSettingsSchema.partial();

export function checkDraft(saved: OwnerSettings, fields: readonly FieldSpec[], draft: Draft): DraftCheck {
  const candidate = Object.fromEntries(fields.map((f) => [f.key, valueOf(f, draft[f.key])]));
  const parsed = partialSettings.safeParse(candidate);
  if (!parsed.success) {
    const errors: DraftCheck['errors'] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as OwnerSettingKey;
      errors[key] ??= issue.message;
    }
    return { patch: {}, errors, problem: null };
  }
  const patch: Partial<OwnerSettings> = {};
  for (const field of fields) {
    const value = parsed.data[field.key];
    if (value !== undefined && value !== saved[field.key]) Object.assign(patch, { [field.key]: value });
  }
  return { patch, errors: {}, problem: settingsProblem({ ...saved, ...patch }) };
}

/**
 * The settings as the player app would show them with this draft: what is valid so far, the saved value for
 * what is not yet (a half-typed number previews as the saved one).
 */
export function previewOf(saved: OwnerSettings, fields: readonly FieldSpec[], draft: Draft): OwnerSettings {
  const merged = { ...saved };
  for (const field of fields) {
    const parsed = partialSettings.safeParse({ [field.key]: valueOf(field, draft[field.key]) });
    if (parsed.success) Object.assign(merged, parsed.data);
  }
  return merged;
}

function shown(field: FieldSpec, value: unknown): string {
  if (field.kind === 'switch') return value === true ? 'on' : 'off';
  if (field.kind === 'betting') return value === '1' ? 'betting on' : 'betting off';
  if (field.kind === 'points' && typeof value === 'number') return `${formatWholePoints(value)} points`;
  return value === '' ? '(empty)' : `“${String(value)}”`;
}

/** One line per change: "WhatsApp: “9876543210” → “9123456780”"; a long text says how it changed. */
export function describeChanges(
  saved: OwnerSettings,
  fields: readonly FieldSpec[],
  patch: Partial<OwnerSettings>,
): string[] {
  return fields
    .filter((field) => patch[field.key] !== undefined)
    .map((field) => {
      const after = patch[field.key];
      if (field.kind === 'long') {
        const text = String(after);
        if (text === '') return `${field.label}: cleared`;
        return `${field.label}: ${saved[field.key] === '' ? 'written' : 'rewritten'} (${text.length.toLocaleString('en-IN')} characters)`;
      }
      return `${field.label}: ${shown(field, saved[field.key])} → ${shown(field, after)}`;
    });
}
