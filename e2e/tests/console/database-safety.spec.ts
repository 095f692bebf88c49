import { expect, test } from '../../support/fixtures.ts';
import { createOperator, shot, signIn } from '../../support/console.ts';
import { e2eDatabaseBase } from '../../support/databases.ts';

test('the dashboard shows the database safety nets, and says plainly when none is configured', async ({
  page,
  baseURL,
}, info) => {
  const embedded = e2eDatabaseBase() === undefined;
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The e2e servers run on the embedded database, or on a PostgreSQL server with neither a backup job reporting
  // nor a standby: not an error either way, and the panel says which.
  const panel = page.locator('section', {
    has: page.getByRole('heading', { name: 'Database safety', level: 2 }),
  });
  const backups = panel.getByRole('region', { name: 'Backups' });
  const replication = panel.getByRole('region', { name: 'Replication' });
  await expect(backups).toContainText('Not configured');
  await expect(backups).toContainText(
    embedded
      ? 'Nothing is configured: the embedded database has no backup job. Copy it with npm run backup while the server is stopped.'
      : 'Nothing is configured: backups are not tracked on this server. Set BACKUP_MAX_AGE_HOURS once the backup job reports here.',
  );
  await expect(replication).toContainText('Not configured');
  await expect(replication).toContainText(
    embedded
      ? 'Nothing is configured: the embedded database runs on one machine, with no standby.'
      : 'Nothing is configured: no standby is set up for this server (PATRONI_URL is not set).',
  );
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await shot(page, info, 'dashboard-database-safety');
});
