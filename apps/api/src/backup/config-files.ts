/**
 * The deployed backup configuration (deploy/pgbackrest/pgbackrest.conf, deploy/postgresql/backup.conf) with
 * some values replaced: the restore drill's test runs these very files with only paths and ports changed.
 */
import { readFileSync } from 'node:fs';
import { deployDir } from '../paths.ts';

export const deployedPgbackrestConf = (): string =>
  readFileSync(`${deployDir}pgbackrest/pgbackrest.conf`, 'utf8');
export const deployedBackupSettings = (): string =>
  readFileSync(`${deployDir}postgresql/backup.conf`, 'utf8');

/**
 * An INI file with `key=value` lines replaced per section; a key the section lacks is added at its end.
 * Throws on a section the file lacks, so a renamed stanza cannot pass silently.
 */
export function withIniValues(text: string, values: Record<string, Record<string, string>>): string {
  const lines = text.split('\n');
  for (const [section, pairs] of Object.entries(values)) {
    const start = lines.findIndex((line) => line.trim() === `[${section}]`);
    if (start === -1) throw new Error(`no [${section}] section`);
    let end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line));
    if (end === -1) end = lines.length;
    for (const [key, value] of Object.entries(pairs)) {
      const at = lines.findIndex((line, i) => i > start && i < end && line.split('=')[0]?.trim() === key);
      if (at === -1) {
        lines.splice(end, 0, `${key}=${value}`);
        end += 1;
      } else {
        lines[at] = `${key}=${value}`;
      }
    }
  }
  return lines.join('\n');
}

/** postgresql.conf lines (`name = value`) with the named settings replaced; throws on a setting not there. */
export function withSettings(text: string, values: Record<string, string>): string {
  let out = text;
  for (const [name, value] of Object.entries(values)) {
    const pattern = new RegExp(`^${name}\\s*=.*$`, 'm');
    if (!pattern.test(out)) throw new Error(`no ${name} setting`);
    out = out.replace(pattern, () => `${name} = ${value}`);
  }
  return out;
}
