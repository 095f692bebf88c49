import { Button } from '@gama/ui/Button';
import { Download } from 'lucide-react';
import { downloadText, toCsv } from '../lib/csv.ts';
import type { Column } from './DataTable.tsx';
import styles from './ExportButton.module.css';

type ExportButtonProps<R> =
  | {
      /** The server's CSV of what the filters select (an entry with `format=csv` or its own export). */
      href: string;
      filename?: string;
    }
  | {
      /** No server export: the rows on screen, as shown. */
      rows: readonly R[] | undefined;
      columns: ReadonlyArray<Column<R>>;
      filename: string;
    };

/** CSV of what the table shows. */
export function ExportButton<R>(props: ExportButtonProps<R>) {
  const icon = <Download size={16} aria-hidden="true" />;
  if ('href' in props) {
    return (
      <a className={styles.link} href={props.href} download={props.filename ?? true}>
        {icon}
        <span>Export CSV</span>
      </a>
    );
  }
  const { rows, columns, filename } = props;
  return (
    <Button
      small
      variant="outline"
      icon={icon}
      disabled={!rows || rows.length === 0}
      onClick={() => {
        if (!rows) return;
        const exported = columns.filter((column) => column.csv);
        downloadText(
          filename,
          toCsv(
            exported.map((column) => column.header),
            rows.map((row) => exported.map((column) => column.csv?.(row) ?? null)),
          ),
        );
      }}
    >
      Export CSV
    </Button>
  );
}
