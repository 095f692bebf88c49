import { endpoints } from '@gama/core/endpoints';
import type { OwnerSettingKey, OwnerSettings } from '@gama/core/endpoints/settings/index';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { Save, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { Toggle } from '../../components/Toggle.tsx';
import { call } from '../../lib/api-client.ts';
import { useCan } from '../../lib/session.ts';
import { SaveDialog } from '../../shared/SaveDialog.tsx';
import { qrKey, settingsKey } from './api.ts';
import { LongTextField } from '../../shared/long-text/LongTextField.tsx';
import {
  checkDraft,
  describeChanges,
  draftOf,
  previewOf,
  type Draft,
  type FieldSpec,
} from './settings-draft.ts';
import styles from './ContentScreen.module.css';

export interface FieldGroup {
  title: string;
  fields: readonly FieldSpec[];
}

/**
 * Owner settings edited in groups, with the player's view beside them following every keystroke. Saving
 * checks each field with the server's own rules, confirms the change in words and sends only what changed;
 * a refusal stays in the confirmation in the server's words. Without settings.manage it is read-only.
 */
export function SettingsForm({
  name,
  saved,
  groups,
  preview,
  after: afterForm,
}: {
  name: string;
  saved: OwnerSettings;
  groups: readonly FieldGroup[];
  /** Panels saved on their own (the QR image), below the form: a dialog's form cannot sit inside this one. */
  after?: ReactNode;
  preview: (values: OwnerSettings, focused: OwnerSettingKey | null) => ReactNode;
}) {
  const fields = groups.flatMap((group) => group.fields);
  const canChange = useCan('settings.manage');
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved, fields));
  const [errors, setErrors] = useState<Partial<Record<OwnerSettingKey, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [focused, setFocused] = useState<OwnerSettingKey | null>(null);
  const [confirming, setConfirming] = useState<Partial<OwnerSettings> | null>(null);

  const change = (key: OwnerSettingKey, value: string | boolean) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkDraft(saved, fields, draft);
    setErrors(check.errors);
    setProblem(check.problem ?? (Object.keys(check.errors).length > 0 ? null : nothingChanged(check.patch)));
    if (
      Object.keys(check.errors).length === 0 &&
      check.problem === null &&
      Object.keys(check.patch).length > 0
    )
      setConfirming(check.patch);
  };

  const input = (field: FieldSpec) => {
    const value = draft[field.key];
    const common = { onFocus: () => setFocused(field.key), disabled: !canChange };
    if (field.kind === 'switch' || field.kind === 'betting')
      return (
        <div key={field.key} onFocus={common.onFocus}>
          <Toggle
            label={field.label}
            hint={field.hint ?? ''}
            checked={value === true}
            onChange={(checked) => change(field.key, checked)}
            disabled={!canChange}
          />
        </div>
      );
    if (field.kind === 'long')
      return (
        <LongTextField
          key={field.key}
          {...common}
          name={field.key}
          label={field.label}
          hint={field.hint}
          rows={5}
          value={String(value ?? '')}
          placeholder={field.placeholder}
          onValueChange={(text) => change(field.key, text)}
          error={errors[field.key]}
        />
      );
    return (
      <div key={field.key} className={styles.lineField}>
        <TextField
          {...common}
          name={field.key}
          label={field.label}
          value={String(value ?? '')}
          placeholder={field.placeholder}
          inputMode={field.kind === 'phone' || field.kind === 'points' ? 'numeric' : undefined}
          autoComplete="off"
          onValueChange={(text) =>
            change(field.key, field.kind === 'points' ? text.replace(/\D/g, '').slice(0, 9) : text)
          }
          error={errors[field.key]}
        />
        {field.hint && <p className={styles.hint}>{field.hint}</p>}
      </div>
    );
  };

  return (
    <div className={styles.split}>
      <div className={styles.formColumn}>
        <form onSubmit={submit} noValidate aria-label={name} className={styles.form}>
          {groups.map((group) => (
            <Panel key={group.title} title={group.title}>
              <div className={styles.fields}>{group.fields.map(input)}</div>
            </Panel>
          ))}
          <FormFailure message={problem} icon={TriangleAlert} />
          {canChange ? (
            <div className={styles.saveBar}>
              <Button type="submit" icon={<Save size={18} aria-hidden="true" />}>
                Save changes
              </Button>
            </div>
          ) : (
            <p className={styles.hint}>Your role may read these settings; an owner changes them.</p>
          )}
        </form>
        {afterForm}
      </div>
      <div className={styles.previewColumn}>{preview(previewOf(saved, fields, draft), focused)}</div>
      <SaveDialog
        wording={{ title: `Save ${name.toLowerCase()}`, confirmLabel: 'Save', busyText: 'Saving' }}
        pending={confirming}
        onClose={() => setConfirming(null)}
        save={(patch) => call(endpoints.settingsUpdate, patch)}
        saved={{
          success: 'Settings saved. Players see them on their next visit to the screen.',
          refresh: [settingsKey, qrKey],
        }}
      >
        <ul className={styles.changes}>
          {describeChanges(saved, fields, confirming ?? {}).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </SaveDialog>
    </div>
  );
}

function nothingChanged(patch: Partial<OwnerSettings>): string | null {
  return Object.keys(patch).length === 0 ? 'Nothing has changed yet.' : null;
}
