import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { demoSlides } from './content.ts';

const publicDir = new URL('../../public/', import.meta.url);

describe('the demo slides', () => {
  it('show no made-up result: a player would read one as a real draw', async () => {
    for (const slide of demoSlides) {
      const svg = await readFile(new URL(slide.image_url.replace(/^\/static\//, ''), publicDir), 'utf8');
      expect(svg, slide.image_url).not.toMatch(/\d{3}-\d{2}-\d{3}|\d{3}-\d\*?-/);
    }
  });
});
