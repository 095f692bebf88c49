/**
 * `npm test`: the build, the unit and API suites (Vitest), then the browser suite (Playwright), one after
 * another, stopping at the first that fails. Each stage's wall time is printed as it ends and again in a table
 * at the end, so a slower suite shows where, run by run (docs/testing.md keeps the figures).
 */
import { spawn } from 'node:child_process';

interface Stage {
  name: string;
  command: string;
  args: string[];
}

const stages: Stage[] = [
  { name: 'build (player app and console)', command: 'npm', args: ['run', 'build'] },
  { name: 'unit and API (Vitest)', command: 'npx', args: ['vitest', 'run'] },
  { name: 'browser (Playwright)', command: 'npm', args: ['test', '-w', '@gama/e2e'] },
];

function run(stage: Stage): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: Array<{ name: string; ms: number; code: number }> = [];
const start = Date.now();
for (const stage of stages) {
  console.log(`\n== ${stage.name}`);
  const began = Date.now();
  const code = await run(stage);
  results.push({ name: stage.name, ms: Date.now() - began, code });
  console.log(
    `== ${stage.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(Date.now() - began)}`,
  );
  if (code !== 0) break;
}

const width = Math.max(...stages.map((stage) => stage.name.length));
console.log('\nnpm test, wall time per stage:');
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(width)}  ${seconds(result.ms).padStart(8)}  ${result.code === 0 ? 'passed' : 'FAILED'}`,
  );
}
console.log(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - start).padStart(8)}`);
process.exitCode = results.at(-1)?.code ?? 1;
