import { expect, test } from '../../support/fixtures.ts';
import { createOperator, shot, signIn } from '../../support/console.ts';

test('the dashboard shows the database safety nets, and says plainly when none is configured', async ({
  page,
  baseURL,
}, info) => {
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The e2e servers run on the embedded database: no backup job and no standby, which is not an error.
  const panel = page.locator('section', {
    has: page.getByRole('heading', { name: 'Database safety', level: 2 }),
  });
  const backups = panel.getByRole('region', { name: 'Backups' });
  const replication = panel.getByRole('region', { name: 'Replication' });
  await expect(backups).toContainText('Not configured');
  await expect(backups).toContainText(
    'Nothing is configured: the embedded database has no backup job. Copy it with npm run backup while the server is stopped.',
  );
  await expect(replication).toContainText('Not configured');
  await expect(replication).toContainText(
    'Nothing is configured: the embedded database runs on one machine, with no standby.',
  );
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await shot(page, info, 'dashboard-database-safety');
});
